// Webhooks cannot be aimed at the service's own network: with OUTBOUND_ALLOW_PRIVATE off, every
// loopback, private, link-local or metadata address (in any spelling, or behind a name) is
// refused after resolution, the attempt is logged as blocked, and 0 requests reach loopback
// canaries. Redirects are never followed, even when private addresses are allowed.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, link } from '../helpers/rest.js';
import { startReceiver, type Receiver } from '../helpers/receiver.js';
import { collection, createCustomer, makeWorld, type World } from './world.js';

/** A listener on [::1] (null where the host has no IPv6 loopback). */
async function ipv6Canary(hits: { n: number }): Promise<{ port: number; server: Server } | null> {
  const server = createServer((_req, res) => { hits.n++; res.end('reached'); });
  try {
    await new Promise<void>((resolve, reject) => { server.once('error', reject); server.listen(0, '::1', resolve); });
  } catch {
    return null;
  }
  return { port: (server.address() as AddressInfo).port, server };
}

describe('outbound address policy for webhooks', () => {
  let w: World;
  let canary: Receiver;
  const v6hits = { n: 0 };
  let v6: Awaited<ReturnType<typeof ipv6Canary>>;
  beforeAll(async () => {
    w = await makeWorld('sqlite', { outboundAllowPrivate: false, webhookTimeoutMs: 1000 });
    canary = await startReceiver();
    v6 = await ipv6Canary(v6hits);
  });
  afterAll(async () => {
    await canary?.close();
    await new Promise((resolve) => (v6 ? v6.server.close(resolve) : resolve(undefined)));
    await w?.close();
  });

  it('blocks every private or loopback target, logs the attempt as blocked, and nothing reaches the canaries', async () => {
    const port = new URL(canary.url).port;
    const hostile = [
      `http://127.0.0.1:${port}/`, `http://localhost:${port}/`, `http://LOCALHOST:${port}/`, `http://127.000.000.001:${port}/`, `http://0177.0.0.1:${port}/`,
      `http://2130706433:${port}/`, `http://0x7f000001:${port}/`, `http://017700000001:${port}/`, `http://127.1:${port}/`,
      `http://127.0.0.2:${port}/`, `http://0.0.0.0:${port}/`, `http://[::ffff:127.0.0.1]:${port}/`, `http://[0:0:0:0:0:ffff:7f00:1]:${port}/`,
      `http://[::1]:${v6?.port ?? port}/`, `http://[::]:${port}/`, `https://127.0.0.1:${port}/`,
      'http://10.0.0.1/', 'http://172.16.0.1/', 'http://192.168.1.1/', 'http://100.64.0.1/', 'http://169.254.169.254/latest/meta-data/',
      'http://[fe80::1]/', 'http://[fc00::1]/', 'http://[fd00:ec2::254]/', 'http://[::ffff:a9fe:a9fe]/', 'http://[64:ff9b::7f00:1]/',
      `http://[::7f00:1]:${port}/`, `http://[::ffff:0:7f00:1]:${port}/`, 'http://[2002:7f00:1::]/', 'http://[64:ff9b:1::7f00:1]/',
      'http://[2001::7f00:1]/', 'http://198.18.0.1/', 'http://224.0.0.1/', 'http://255.255.255.255/', 'http://192.0.0.1/',
    ];
    const hooks = [];
    for (const url of hostile) {
      const res = await call(w.app, link(w.store, 'svc:webhooks'), {
        method: 'POST', token: w.chain.storeToken, body: { name: 'hostile', format: 'vendor_a', event_resource: 'customer', url },
      });
      expect(res.statusCode, `${url}: ${res.body}`).toBe(201);
      hooks.push({ url, hook: JSON.parse(res.body) });
    }
    await createCustomer(w, 'ssrf@example.com');
    await w.run();
    const unblocked: string[] = [];
    for (const { url, hook } of hooks) {
      const logs = await collection(w, link(hook, 'svc:logs'), 'logs');
      if (logs.length !== 1 || logs[0].response_code !== null || !/^blocked: /.test(logs[0].error)) unblocked.push(`${url} → ${JSON.stringify(logs)}`);
    }
    console.log(`[ssrf] ${hostile.length} hostile webhook URLs: ${hostile.length - unblocked.length} blocked; IPv6 canary ${v6 ? 'listening' : 'unavailable'}`);
    expect(unblocked).toEqual([]);
    expect(canary.received).toHaveLength(0);
    expect(v6hits.n).toBe(0);
  });
});

describe('redirects', () => {
  let w: World;
  let canary: Receiver;
  let redirector: Receiver;
  beforeAll(async () => {
    // Private addresses allowed, so only the no-redirect rule stands between the hook and the canary.
    w = await makeWorld('sqlite', { outboundAllowPrivate: true });
    canary = await startReceiver();
    redirector = await startReceiver(() => ({ status: 302, headers: { location: `${canary.url}/internal` } }));
  });
  afterAll(async () => { await canary?.close(); await redirector?.close(); await w?.close(); });

  it('are not followed: the attempt fails with the 3xx and the target is never called', async () => {
    const hook = await w.createWebhook({ url: `${redirector.url}/hook`, format: 'vendor_b' });
    await createCustomer(w, 'redirect@example.com');
    await w.run();
    expect(redirector.received).toHaveLength(1);
    expect(canary.received).toHaveLength(0);
    const [log] = await collection(w, link(hook, 'svc:logs'), 'logs');
    expect(log).toMatchObject({ response_code: 302, error: null });
    const [status] = await collection(w, link(hook, 'svc:statuses'), 'statuses');
    expect([status.status, status.attempts]).toEqual(['pending', 1]);
  });
});
