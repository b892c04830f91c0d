// A receiver that answers 200 and then never stops sending its body: the attempt keeps what the
// log stores (its first 2,000 bytes), then lets go of the connection, instead of reading until the
// webhook's timeout (the bytes were read and thrown away: 10 s of a fast sender's data per attempt).
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { link } from '../helpers/rest.js';
import { collection, createCustomer, makeWorld, type World } from './world.js';

describe('a webhook receiver whose answer never ends', () => {
  let w: World;
  let server: Server;
  let sent = 0;
  let closed = false;
  beforeAll(async () => {
    server = createServer((req, res) => {
      req.resume();
      req.on('end', () => {
        res.writeHead(200, { 'content-type': 'text/plain' });
        const chunk = Buffer.alloc(16 * 1024, 'x');
        // As fast as the reader takes it, for ever.
        const pump = () => {
          while (!res.destroyed) {
            sent += chunk.length;
            if (!res.write(chunk)) return;
          }
        };
        res.on('drain', pump);
        res.on('close', () => { closed = true; });
        pump();
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    // A timeout far beyond the test's: only letting go of the body ends the attempt.
    w = await makeWorld('sqlite', { webhookTimeoutMs: 600_000 });
  });
  afterAll(async () => { await w?.close(); server?.closeAllConnections(); await new Promise((r) => server?.close(r)); });

  it('is logged with the start of its body, and its connection is let go', async () => {
    const hook = await w.createWebhook({ url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/endless`, format: 'vendor_a' });
    await createCustomer(w, 'endless@example.com');
    await w.run();
    const [log] = await collection(w, link(hook, 'svc:logs'), 'logs');
    expect(log).toMatchObject({ response_code: 200, error: null });
    expect(log.response_body).toBe('x'.repeat(2000));
    for (let waited = 0; !closed && waited < 5000; waited += 10) await new Promise((r) => setTimeout(r, 10));
    expect(closed).toBe(true);
    console.log(`[endless answer] ${sent} bytes written before the connection was let go`);
  }, 15_000);
});
