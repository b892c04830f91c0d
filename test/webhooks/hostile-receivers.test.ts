// One store, six webhooks on real loopback receivers, all at once: one never answers (each attempt
// runs into WEBHOOK_TIMEOUT_MS), one drops the connection, one answers slowly but within the
// timeout, one flaps (fails and succeeds alternately) and two are healthy. The background
// dispatcher delivers N events to them with fewer slots than webhooks. The healthy and slow
// receivers get every event exactly once, in order, without waiting for the hanging one (counts
// compared at the moments the hanging attempt starts and ends); the flapping one gets every event
// exactly once as a success after retries driven by the manual clock; every failed attempt is
// logged; every event × webhook has a status row; attempts in flight never exceed the limit. The
// clock runs far ahead while a hanging attempt waits out its timeout, so that attempt outlives its
// lease: it must still not be made a second time alongside (the hanging receiver counts requests).
import { containerOf } from '../../src/app.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engines } from '../helpers/app.js';
import { call, json, link } from '../helpers/rest.js';
import { startReceiver, type Receiver } from '../helpers/receiver.js';
import { createCustomer, idOf, KEY, makeWorld, openDelivery, type World } from './world.js';

const N = 200;
const TIMEOUT_MS = 2000;
const RETRY_S = 30;
const DISABLE_AFTER = 4;
const SLOTS = 4;

/** Waits for a condition the dispatcher brings about; the suite's timeout bounds the wait. */
async function until(check: () => boolean | Promise<boolean>): Promise<void> {
  while (!await check()) await new Promise((r) => setTimeout(r, 10));
}

const eventOf = (r: { headers: Record<string, unknown> }) => Number(String(r.headers['webhook-id']).split('_')[1]);
const sorted = (xs: number[]) => [...xs].sort((a, b) => a - b);

describe.each(engines())('hostile webhook receivers on %s', (engine) => {
  let w: World;
  const rx: Record<string, Receiver> = {};
  const hooks: Record<string, number> = {};
  /** What the flapping receiver answered, request by request. */
  const flapAnswers: number[] = [];
  beforeAll(async () => {
    w = await makeWorld(engine, {
      webhookTimeoutMs: TIMEOUT_MS, webhookRetrySchedule: Array(8).fill(RETRY_S), webhookDisableAfter: DISABLE_AFTER,
      webhookConcurrency: SLOTS, webhookPollMs: 20,
    });
    rx.hanging = await startReceiver(() => 'hang');
    rx.reset = await startReceiver(() => 'reset');
    // The first answer takes a good part of the timeout, the rest a little.
    rx.slow = await startReceiver(() => ({ status: 200, delayMs: rx.slow.received.length === 1 ? TIMEOUT_MS * 0.3 : 15 }));
    rx.flapping = await startReceiver(() => {
      flapAnswers.push(rx.flapping.received.length % 2 ? 503 : 200);
      return { status: flapAnswers.at(-1)! };
    });
    rx.healthy1 = await startReceiver();
    rx.healthy2 = await startReceiver();
    // Created in this order, the bad ones are claimed first.
    for (const name of ['hanging', 'reset', 'slow', 'flapping', 'healthy1', 'healthy2']) {
      hooks[name] = idOf(link(await w.createWebhook({ name, url: `${rx[name].url}/${name}` }), 'self'));
    }
  });
  afterAll(async () => {
    await w?.close();
    for (const r of Object.values(rx)) await r.close();
  });

  const db = () => containerOf(w.app).database.db;
  const logs = (name: string) => db().selectFrom('webhook_logs').select(['response_code', 'error'])
    .where('webhook_id', '=', hooks[name]).orderBy('id').execute();
  const statuses = (name: string) => db().selectFrom('webhook_statuses').select(['event_id', 'status', 'attempts'])
    .where('webhook_id', '=', hooks[name]).orderBy('event_id').execute();
  const active = async (name: string) => !!Number((await db().selectFrom('webhooks').select('is_active').where('id', '=', hooks[name]).executeTakeFirst())?.is_active);
  /** Every request the receiver got is logged: its webhook has nothing in flight. */
  const settled = async (name: string) => (await logs(name)).length === rx[name].received.length;
  /** The webhook's first pending delivery, with how many of its attempts are logged (one statement, one snapshot). */
  const head = async (name: string) => {
    const row = await db().selectFrom('webhook_statuses as s').where('s.webhook_id', '=', hooks[name]).where('s.status', '=', 'pending')
      .select((eb) => ['s.id', 's.attempts', eb.selectFrom('webhook_logs as l').whereRef('l.webhook_status_id', '=', 's.id').select((e) => e.fn.countAll().as('n')).as('logged')])
      .orderBy('s.event_id').orderBy('s.id').limit(1).executeTakeFirst();
    return row && { id: Number(row.id), attempts: Number(row.attempts), logged: Number(row.logged) };
  };
  /**
   * Moves the manual clock on by one retry interval each time the webhook's first pending delivery
   * has all its attempts recorded (claiming counts an attempt before it is sent, so an attempt in
   * flight shows as attempts > logged), then waits for that retry; while `more()` says so.
   */
  const driveRetries = async (name: string, more: () => Promise<boolean>) => {
    while (await more()) {
      const h = await head(name);
      if (!h) return;
      if (h.logged < h.attempts) {
        await new Promise((r) => setTimeout(r, 10));
        continue;
      }
      w.clock.advance(RETRY_S * 1000);
      await until(async () => {
        const now = await head(name);
        return !now || now.id !== h.id || now.attempts !== h.attempts || !await more();
      });
    }
  };

  it(`delivers ${N} events to the healthy receivers without waiting for the bad ones, and loses nothing`, async () => {
    const healthy = () => Math.min(rx.healthy1.received.length, rx.healthy2.received.length);
    let atHangStart = -1;
    let atHangEnd = -1;
    rx.hanging.respond = () => { atHangStart = atHangStart < 0 ? healthy() : atHangStart; return 'hang'; };
    rx.hanging.onAbandon = () => { atHangEnd = atHangEnd < 0 ? healthy() : atHangEnd; };

    for (let i = 0; i < N; i += 10) {
      await Promise.all(Array.from({ length: 10 }, (_, j) => createCustomer(w, `hostile${i + j}@example.com`)));
    }
    await until(() => healthy() === N);
    // The moment the healthy receivers have everything, the bad ones have had one attempt each at
    // most: with the clock standing still no retry is due, and nothing waits for them.
    expect(rx.hanging.received.length).toBeLessThanOrEqual(1);
    expect(rx.reset.received.length).toBeLessThanOrEqual(1);
    expect(rx.flapping.received.length).toBeLessThanOrEqual(1);
    // While the hanging receiver held its first request, the healthy ones carried on.
    await until(() => atHangEnd >= 0);
    expect(atHangEnd).toBeGreaterThan(atHangStart);
    await until(() => settled('hanging'));
    expect((await logs('hanging'))[0]).toEqual({ response_code: null, error: `timeout: no answer within ${TIMEOUT_MS} ms` });
    await until(() => rx.slow.received.length === N);

    // Retries, driven by the manual clock: the flapping webhook's until every delivery succeeded
    // (the hanging and reset ones retry alongside), then the others' until they are switched off.
    await driveRetries('flapping', async () => true);
    for (const name of ['hanging', 'reset']) await driveRetries(name, () => active(name));
    await w.run();

    // Healthy and slow: every event exactly once, in event order, delivered on the first attempt.
    const events = (await db().selectFrom('events').select('id').where('store_id', '=', idOf(link(w.store, 'self')))
      .where('resource_type', '=', 'customer').orderBy('id').execute()).map((e) => Number(e.id));
    expect(events).toHaveLength(N);
    for (const name of ['healthy1', 'healthy2', 'slow']) {
      expect(rx[name].received.map(eventOf), name).toEqual(events);
      expect((await statuses(name)).map((s) => [s.status, Number(s.attempts)])).toEqual(Array(N).fill(['successful', 1]));
      expect((await logs(name)).map((l) => l.response_code)).toEqual(Array(N).fill(200));
    }
    const opened = await openDelivery(rx.healthy2.received[N - 1], KEY);
    expect(opened.payload.email).toMatch(/^hostile\d+@example\.com$/);

    // Flapping: each event succeeded exactly once, in order, after the failures it met; every
    // attempt is logged with what the receiver answered.
    const successes = rx.flapping.received.filter((_, i) => flapAnswers[i] === 200).map(eventOf);
    expect(successes).toEqual(events);
    expect(sorted([...new Set(rx.flapping.received.map(eventOf))])).toEqual(events);
    expect((await logs('flapping')).map((l) => l.response_code)).toEqual(flapAnswers);
    expect(flapAnswers.filter((s) => s === 503)).toHaveLength(N);
    expect((await statuses('flapping')).map((s) => [s.status, Number(s.attempts)])).toEqual(Array(N).fill(['successful', 2]));

    // Hanging and reset: every attempt failed and was logged, then the webhook was switched off
    // with the first delivery still pending and the rest never tried, but queued.
    for (const name of ['hanging', 'reset']) {
      const tried = await logs(name);
      expect(tried, name).toHaveLength(DISABLE_AFTER);
      expect(rx[name].received, name).toHaveLength(DISABLE_AFTER);
      expect(tried.every((l) => l.response_code === null && l.error), name).toBe(true);
      const [first, ...rest] = await statuses(name);
      expect([first.status, Number(first.attempts)]).toEqual(['pending', DISABLE_AFTER]);
      expect(rest.every((s) => s.status === 'pending' && Number(s.attempts) === 0)).toBe(true);
      const hook = json(await call(w.app, `/webhooks/${hooks[name]}`, { token: w.chain.storeToken }));
      expect(hook.is_active).toBe(0);
    }
    expect((await logs('hanging')).every((l) => l.error === `timeout: no answer within ${TIMEOUT_MS} ms`)).toBe(true);
    expect((await logs('reset')).every((l) => /socket|closed|reset/i.test(l.error!))).toBe(true);

    // Nothing lost: every event × webhook has its status row.
    for (const name of Object.keys(hooks)) expect((await statuses(name)).map((s) => Number(s.event_id)), name).toEqual(events);

    // Bounded: never more attempts in flight (being made or waiting to be recorded) than the limit,
    // which the six webhooks did reach; nothing is left over.
    const stats = w.app.dispatcher!.stats;
    expect(stats.limit).toBe(SLOTS);
    expect(stats.peakInFlight).toBe(SLOTS);
    expect(stats.inFlight).toBe(0);
  }, 180_000);
});
