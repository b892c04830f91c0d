// Spending downloads under concurrency, on both engines: parallel GETs of one URL never exceed
// its limit (the conditional update decides, not a check in code), and a transfer cut off by the
// client over a real socket gives its download back, so only completed downloads count.
import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { engines, makeApp, type TestApp } from '../helpers/app.js';
import { call, json, link } from '../helpers/rest.js';
import { buy, downloadsOf, errorCode, fetchUrl, openSeller } from './setup.js';

describe.each(engines())('downloads under concurrency (%s)', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await makeApp({ engine });
  });
  afterAll(async () => t?.close());

  it('30 parallel downloads of a 3-download purchase: exactly 3 files, 27 answers 410', async () => {
    const s = await openSeller(t.app, { max: 3, hours: 24 });
    const [d] = await downloadsOf(t.app, await buy(t.app, s), s.token);
    const answers = await Promise.all(Array.from({ length: 30 }, () => fetchUrl(t.app, d.download_url)));
    const ok = answers.filter((r) => r.statusCode === 200);
    expect(ok).toHaveLength(3);
    expect(ok.every((r) => r.body === 'the bytes of the book')).toBe(true);
    const refused = answers.filter((r) => r.statusCode !== 200);
    expect(refused.map((r) => [r.statusCode, errorCode(r)])).toEqual(Array(27).fill([410, 'download_exhausted']));
    expect(json(await call(t.app, link(d, 'self'), { token: s.token }))).toMatchObject({ downloads_remaining: 0, status: 'exhausted' });
    await vi.waitFor(async () => {
      const logs = json(await call(t.app, `${link(d, 'svc:transaction')}/transaction_logs?action=download`, { token: s.token }));
      expect(logs.total_items).toBe('3');
    });
  });

  it('a transfer the client cuts off is not a download: it is given back and not logged', async () => {
    const big = Buffer.alloc(24 * 1024 * 1024, 7);
    const s = await openSeller(t.app, { max: 1, hours: 24, content: big });
    const [d] = await downloadsOf(t.app, await buy(t.app, s), s.token);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    const status = await new Promise<number>((resolve, reject) => {
      const req = request({ host: '127.0.0.1', port, path: new URL(d.download_url).pathname }, (res) => {
        res.once('data', () => {
          // The first bytes arrived: the customer's connection drops.
          res.pause();
          req.destroy();
          resolve(res.statusCode ?? 0);
        });
      });
      req.on('error', (err) => { if (!req.destroyed) reject(err); });
      req.end();
    });
    expect(status).toBe(200);
    await vi.waitFor(async () => {
      expect(json(await call(t.app, link(d, 'self'), { token: s.token }))).toMatchObject({ downloads_remaining: 1, status: 'active' });
    }, { timeout: 10_000 });
    const logs = json(await call(t.app, `${link(d, 'svc:transaction')}/transaction_logs?action=download`, { token: s.token }));
    expect(logs.total_items).toBe('0');
    // The download it gave back is still there to be made, once.
    const whole = await fetchUrl(t.app, d.download_url);
    expect([whole.statusCode, whole.rawPayload.length]).toEqual([200, big.length]);
    expect((await fetchUrl(t.app, d.download_url)).statusCode).toBe(410);
  });
});
