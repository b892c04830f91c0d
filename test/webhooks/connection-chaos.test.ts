// Webhook delivery while PostgreSQL terminates the service's connections (a failover, an
// operator's pg_terminate_backend): the dispatcher's fan-out, claims and attempt records all run
// in transactions that may die at any statement. Every event of the log reaches the receiver, in
// the log's order for the webhook (a delivery whose record was lost may come again, with the same
// webhook-id, as at-least-once allows), and the dispatcher is still working afterwards.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { containerOf } from '../../src/app.js';
import { PG_URL, type TestApp } from '../helpers/app.js';
import { call, json, link, tokenChain, type Chain } from '../helpers/rest.js';
import { startReceiver, type Receiver } from '../helpers/receiver.js';
import type { Proxy } from '../reliability/support/tcp-proxy.js';
import { proxiedApp, terminateBackends } from '../reliability/support/proxied-app.js';

const WRITES = 80;
if (!PG_URL) console.log('[skip] webhooks while connections are terminated: TEST_DATABASE_URL is not set');

describe.skipIf(!PG_URL)('webhook delivery while PostgreSQL terminates the connections', () => {
  let t: TestApp;
  let proxy: Proxy;
  let chain: Chain;
  let rx: Receiver;
  beforeAll(async () => {
    ({ t, proxy } = await proxiedApp({ dispatcher: true, config: { outboundAllowPrivate: true, webhookPollMs: 50, rateLimitMax: 1_000_000 } }));
    chain = await tokenChain(t.app);
    rx = await startReceiver();
  });
  afterAll(async () => {
    await rx?.close();
    await t?.close();
    await proxy?.close();
  });

  it('delivers every event of the log, in order, and keeps delivering', async () => {
    const token = chain.storeToken;
    const store = json(await call(t.app, chain.storeHref, { token }));
    const hook = await call(t.app, link(store, 'svc:webhooks'), {
      method: 'POST', token, body: { name: 'chaos', format: 'vendor_a', event_resource: 'customer', url: `${rx.url}/chaos` },
    });
    expect(hook.statusCode, hook.body).toBe(201);
    const killer = await terminateBackends(proxy, 5, 25);
    for (let i = 0; i < WRITES; i += 4) {
      await Promise.all(Array.from({ length: 4 }, async (_, j) => {
        const res = await call(t.app, link(store, 'svc:customers'), { method: 'POST', token, body: { email: `w${i + j}@x.io` } });
        expect([201, 503]).toContain(res.statusCode);
      }));
    }
    const terminated = await killer.stop();
    await call(t.app, link(store, 'svc:customers'), { method: 'POST', token, body: { email: 'after@x.io' } });
    const db = containerOf(t.app).database.db;
    const logged = (await db.selectFrom('events').select('id').where('name', '=', 'customer/created').orderBy('sequence').execute()).map((e) => Number(e.id));
    const ids = () => rx.received.filter((r) => r.url === '/chaos').map((r) => Number(String(r.headers['webhook-id']).split('_')[1]));
    const started = Date.now();
    while (new Set(ids()).size < logged.length && Date.now() - started < 60_000) await new Promise((r) => setTimeout(r, 100));
    const got = ids();
    // Repeats (a delivery whose record died with its connection) come right after themselves.
    const firsts = got.filter((id, i) => got.indexOf(id) === i);
    console.log(`[figures] webhook-chaos postgres: ${WRITES} creates, ${logged.length} events in the log, ${terminated} backends terminated, ${got.length} deliveries (${got.length - firsts.length} repeated)`);
    expect(terminated).toBeGreaterThan(0);
    expect(firsts).toEqual(logged);
  }, 120_000);
});
