// Two instances over one PostgreSQL schema share the delivery queue: 1,000 events go to one
// receiver exactly once each (counted by webhook-id), in event order, although both instances
// queue and claim concurrently (advisory-locked fan-out, FOR UPDATE SKIP LOCKED claims).
import { containerOf } from '../../src/app.js';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { makeApp, PG_URL, type TestApp } from '../helpers/app.js';
import { call, json, link, tokenChain, type Chain } from '../helpers/rest.js';
import { startReceiver, type Receiver } from '../helpers/receiver.js';
import { KEY, openDelivery } from './world.js';

const EVENTS = 1000;
// One webhook delivers in order, one attempt at a time: 1,000 sequential deliveries take about 7 s
// alone and several times that while other suites load both cores, so these tests wait longer than
// the suite's default 30 s (their own loops stop at 120 s and 60 s).
const SLOW = 180_000;
if (!PG_URL) console.log('[skip] two instances on one PostgreSQL: TEST_DATABASE_URL is not set');

describe.skipIf(!PG_URL)('two instances on one PostgreSQL', () => {
  let a: TestApp;
  let b: TestApp;
  let chain: Chain;
  let rx: Receiver;
  beforeAll(async () => {
    // Fewer slots per instance than the second test has webhooks, so that both instances claim:
    // with room to spare, the instance recording an attempt claims the webhook's next delivery in
    // the same transaction and the other never sees it due.
    const config = { outboundAllowPrivate: true, webhookPollMs: 50, webhookConcurrency: 4 };
    a = await makeApp({ engine: 'postgres', config, dispatcher: true });
    b = await makeApp({ engine: 'postgres', config, dispatcher: true, reuseSchema: a.config.databaseSchema });
    await Promise.all([a.app.ready(), b.app.ready()]);
    chain = await tokenChain(a.app);
    rx = await startReceiver();
  });
  afterAll(async () => { await rx?.close(); await b?.close(); await a?.close(); });

  it(`delivers ${EVENTS} events exactly once each, in order`, async () => {
    const store = json(await call(a.app, chain.storeHref, { token: chain.storeToken }));
    const hook = json(await call(a.app, link(store, 'svc:webhooks'), {
      method: 'POST', token: chain.storeToken,
      body: { name: 'shared', format: 'vendor_b', encryption_key: KEY, event_resource: 'customer', url: `${rx.url}/shared` },
    }));
    // Gone whatever this test finds, so that the next one counts only its own deliveries.
    onTestFinished(async () => { await call(a.app, link(hook, 'self'), { method: 'DELETE', token: chain.storeToken }); });
    const started = Date.now();
    // Writes arrive through both instances, ten at a time.
    for (let i = 0; i < EVENTS; i += 10) {
      await Promise.all(Array.from({ length: 10 }, (_, j) => {
        const app = (i + j) % 2 ? b.app : a.app;
        return call(app, link(store, 'svc:customers'), { method: 'POST', token: chain.storeToken, body: { email: `c${i + j}@example.com` } })
          .then((res) => { if (res.statusCode !== 201) throw new Error(res.body); });
      }));
    }
    const wrote = Date.now();
    while (rx.received.length < EVENTS && Date.now() - started < 120_000) await new Promise((r) => setTimeout(r, 100));
    await Promise.all([a.app.dispatcher!.runOnce(), b.app.dispatcher!.runOnce()]);
    await new Promise((r) => setTimeout(r, 300));
    const done = Date.now();
    const ids = rx.received.map((r) => String(r.headers['webhook-id']));
    console.log(`[instances] ${EVENTS} events written in ${wrote - started} ms, all delivered after ${done - started} ms; ` +
      `attempts by instance A ${a.app.dispatcher!.stats.attempts}, B ${b.app.dispatcher!.stats.attempts}; ` +
      `queued by A ${a.app.dispatcher!.stats.queued}, B ${b.app.dispatcher!.stats.queued}`);
    expect(rx.received).toHaveLength(EVENTS);
    expect(new Set(ids).size).toBe(EVENTS);
    const eventIds = ids.map((id) => Number(id.split('_')[1]));
    expect(eventIds).toEqual([...eventIds].sort((x, y) => x - y));
    for (const r of rx.received.slice(0, 50)) await openDelivery(r, KEY);
    const rows = await containerOf(a.app).database.db.selectFrom('webhook_statuses').select(['status', 'attempts'])
      .where('webhook_id', '=', Number(link(hook, 'self').split('/').pop())).execute();
    expect(rows).toHaveLength(EVENTS);
    expect(rows.filter((s) => s.status !== 'successful' || Number(s.attempts) !== 1)).toEqual([]);
    expect(a.app.dispatcher!.stats.attempts + b.app.dispatcher!.stats.attempts).toBe(EVENTS);
  }, SLOW);

  it('splits many webhooks between the instances without doubling or reordering any delivery', async () => {
    const store = json(await call(a.app, chain.storeHref, { token: chain.storeToken }));
    const HOOKS = 10;
    const PER_HOOK = 50;
    for (let i = 0; i < HOOKS; i++) {
      await call(b.app, link(store, 'svc:webhooks'), {
        method: 'POST', token: chain.storeToken, body: { name: `h${i}`, format: 'vendor_a', event_resource: 'customer', url: `${rx.url}/h${i}` },
      });
    }
    // Only this test's webhooks count (/h0 … /h9): a late delivery of the first test's must not.
    const mine = () => rx.received.filter((r) => /^\/h\d+$/.test(r.url));
    const before = [a, b].map((x) => x.app.dispatcher!.stats.attempts);
    for (let i = 0; i < PER_HOOK; i += 5) {
      await Promise.all(Array.from({ length: 5 }, (_, j) => call((i + j) % 2 ? b.app : a.app, link(store, 'svc:customers'), {
        method: 'POST', token: chain.storeToken, body: { email: `split${i + j}@example.com` },
      })));
    }
    const started = Date.now();
    while (mine().length < HOOKS * PER_HOOK && Date.now() - started < 60_000) await new Promise((r) => setTimeout(r, 100));
    await Promise.all([a.app.dispatcher!.runOnce(), b.app.dispatcher!.runOnce()]);
    const received = mine();
    const ids = received.map((r) => String(r.headers['webhook-id']));
    const [byA, byB] = [a, b].map((x, i) => x.app.dispatcher!.stats.attempts - before[i]);
    console.log(`[instances] ${HOOKS} webhooks × ${PER_HOOK} events: attempts by A ${byA}, B ${byB}`);
    expect(received).toHaveLength(HOOKS * PER_HOOK);
    expect(new Set(ids).size).toBe(HOOKS * PER_HOOK);
    expect(byA + byB).toBe(HOOKS * PER_HOOK);
    for (let i = 0; i < HOOKS; i++) {
      const seq = received.filter((r) => r.url === `/h${i}`).map((r) => Number(String(r.headers['webhook-id']).split('_')[1]));
      expect(seq).toHaveLength(PER_HOOK);
      expect(seq).toEqual([...seq].sort((x, y) => x - y));
    }
  }, SLOW);
});
