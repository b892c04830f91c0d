// Leases decide who delivers, and they are judged by the database clock (issue 15 item 4): with a
// second instance whose own clock runs 10 minutes ahead, no webhook-id is delivered twice (before,
// that instance saw every lease of the other one as run out and made the attempt again).
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../src/services/clock.js';
import { engines, makeApp, type TestApp } from '../helpers/app.js';
import { call, json, link, tokenChain, type Chain } from '../helpers/rest.js';
import { startReceiver, type Receiver } from '../helpers/receiver.js';

describe.each(engines())('two instances, one clock 10 minutes ahead, on %s', (engine) => {
  let a: TestApp;
  let b: TestApp;
  let chain: Chain;
  let rx: Receiver;
  beforeAll(async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'skew-')), 'db.sqlite');
    const config = { outboundAllowPrivate: true, webhookPollMs: 40, ...(engine === 'sqlite' ? { databaseUrl: file } : {}) };
    a = await makeApp({ engine, config, dispatcher: true });
    b = await makeApp({
      engine, config, dispatcher: true, clock: new ManualClock(new Date(Date.now() + 10 * 60_000)),
      ...(engine === 'postgres' ? { reuseSchema: a.config.databaseSchema } : {}),
    });
    await Promise.all([a.app.ready(), b.app.ready()]);
    chain = await tokenChain(a.app);
    // Slow answers keep attempts in flight while the other instance polls.
    rx = await startReceiver(() => ({ status: 200, body: { ok: true }, delayMs: 250 }));
  });
  afterAll(async () => { await rx?.close(); await b?.close(); await a?.close(); });

  it('delivers each webhook-id once', async () => {
    const store = json(await call(a.app, chain.storeHref, { token: chain.storeToken }));
    const HOOKS = 4;
    const EVENTS = 5;
    for (let h = 0; h < HOOKS; h++) {
      const res = await call(a.app, link(store, 'svc:webhooks'), {
        method: 'POST', token: chain.storeToken, body: { name: `h${h}`, format: 'vendor_a', event_resource: 'customer', url: `${rx.url}/h${h}` },
      });
      expect(res.statusCode).toBe(201);
    }
    for (let i = 0; i < EVENTS; i++) {
      expect((await call(a.app, link(store, 'svc:customers'), { method: 'POST', token: chain.storeToken, body: { email: `skew${i}@example.com` } })).statusCode).toBe(201);
    }
    const want = HOOKS * EVENTS;
    for (let i = 0; i < 300 && rx.received.length < want; i++) await new Promise((r) => setTimeout(r, 100));
    // A little longer: a duplicate would arrive after the originals.
    await new Promise((r) => setTimeout(r, 1000));
    const ids = rx.received.map((r) => String(r.headers['webhook-id']));
    const stats = `attempts by A ${a.app.dispatcher!.stats.attempts}, by the fast B ${b.app.dispatcher!.stats.attempts}`;
    console.log(`[clock skew ${engine}] ${ids.length} deliveries, ${new Set(ids).size} webhook-ids; ${stats}`);
    expect(new Set(ids).size).toBe(want);
    expect(ids, stats).toHaveLength(want);
  });
});
