// The subscription scheduler under a manual clock: a checkout with a subscription item, renewals
// on next_transaction_date, a customer whose renewals fail until dunning cancels, an end date, and
// one MRR snapshot per day, each announced in the event log.
import { containerOf } from '../../src/app.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engines, makeApp, type TestApp } from '../helpers/app.js';
import { call, json, link, tokenChain, type Chain } from '../helpers/rest.js';
import { fillCart, openShop, type Shop } from '../helpers/shop.js';
import { ManualClock } from '../../src/services/clock.js';
import { tick } from '../../src/commerce/scheduler.js';
import { ANONYMOUS } from '../../src/auth/principal.js';

const DAY = 24 * 3600 * 1000;

describe.each(engines())('subscription scheduler on %s', (engine) => {
  let t: TestApp;
  let chain: Chain;
  let shop: Shop;
  const clock = new ManualClock(new Date('2026-03-01T09:00:00Z'));
  beforeAll(async () => {
    t = await makeApp({ engine, clock, config: { accessTokenTtl: 365 * 24 * 3600 } });
    chain = await tokenChain(t.app);
    shop = await openShop(t.app, chain, { name: 'None', type: 'country', country: 'FR', rate: 5 });
  });
  afterAll(async () => t?.close());

  const run = () => tick(t.app.container.context(ANONYMOUS, 'test'));
  const get = async (href: string) => json(await call(t.app, href, { token: chain.storeToken }));
  const eventNames = async (after: number) => (await get(`${link(shop.store, 'svc:events')}?after=${after}&limit=300`))._embedded['svc:events'].map((e: any) => e.name);
  const lastSeq = async () => (await get(`${link(shop.store, 'svc:events')}?limit=1&order=sequence%20desc`))._embedded['svc:events'][0]?.sequence ?? 0;

  async function subscribe(email: string, item: Record<string, unknown>) {
    const cart = await fillCart(t.app, chain, shop, [{ name: 'Coffee club', price: '20', quantity: 1, subscription_frequency: '1m', ...item }],
      { shipping_country: 'US', customer_email: email });
    const txn = json(await call(t.app, link(cart, 'svc:checkout'), { method: 'POST', token: chain.storeToken }));
    expect(txn.status).toBe('authorized');
    return get(link(txn, 'svc:subscription'));
  }

  it('renews, fails and dunns, ends, and snapshots MRR daily', async () => {
    const good = await subscribe('fan@example.com', { subscription_end_date: '2026-05-15' });
    expect(good).toMatchObject({ start_date: '2026-03-01', next_transaction_date: '2026-04-01', frequency: '1m', is_active: true });
    const bad = await subscribe('decline.me@example.com', {});

    await run(); // day 1: nothing due, first snapshot
    let seq = await lastSeq();
    const snapshots = () => containerOf(t.app).database.db.selectFrom('subscription_mrr_snapshots').selectAll().orderBy('snapshot_date').execute();
    expect((await snapshots()).map((s) => [s.snapshot_date, String(Number(s.mrr)), Number(s.active_subscriptions)])).toEqual([['2026-03-01', '40', 2]]);
    await run(); // same day again: no second snapshot
    expect(await eventNames(seq)).toEqual([]);

    clock.set(new Date('2026-04-01T09:00:00Z'));
    await run();
    const april = await eventNames(seq);
    expect(april.filter((n: string) => n === 'transaction/created').length).toBe(2);
    expect(april).toContain('subscription_event/created');
    expect(april).toContain('subscription_mrr_snapshot/created');
    const goodNow = await get(link(good, 'self'));
    expect(goodNow).toMatchObject({ next_transaction_date: '2026-05-01', past_due_amount: 0, is_active: true });
    const badNow = await get(link(bad, 'self'));
    expect(badNow).toMatchObject({ next_transaction_date: '2026-04-02', past_due_amount: 20, is_active: true });
    const badEvents = (await get(`${link(bad, 'svc:subscription_events')}?order=id`))._embedded['svc:subscription_events'].map((e: any) => e.type);
    expect(badEvents).toEqual(['billing_failure', 'dunning']);

    // Two more failed retries cancel the failing subscription.
    for (const day of ['2026-04-02', '2026-04-03']) {
      clock.set(new Date(`${day}T09:00:00Z`));
      seq = await lastSeq();
      await run();
    }
    expect(await eventNames(seq)).toContain('subscription/cancelled');
    expect(await get(link(bad, 'self'))).toMatchObject({ is_active: false, past_due_amount: 60 });
    const finalBad = (await get(`${link(bad, 'svc:subscription_events')}?order=id`))._embedded['svc:subscription_events'].map((e: any) => e.type);
    expect(finalBad).toEqual(['billing_failure', 'dunning', 'billing_failure', 'dunning', 'billing_failure', 'cancellation']);

    // The good one renews on May 1st; its next renewal would pass the end date, so it ends.
    clock.set(new Date('2026-05-01T09:00:00Z'));
    seq = await lastSeq();
    await run();
    const may = await eventNames(seq);
    expect(may).toEqual(expect.arrayContaining(['transaction/created', 'subscription/modified', 'subscription/cancelled', 'subscription_mrr_snapshot/created']));
    expect(await get(link(good, 'self'))).toMatchObject({ is_active: false, next_transaction_date: null });
    const transactions = (await get(link(good, 'svc:transactions')))._embedded['svc:transactions'];
    expect(transactions.map((x: any) => x.status)).toEqual(['authorized', 'authorized', 'authorized']);

    const days = (await snapshots()).map((s) => [s.snapshot_date, Number(s.active_subscriptions)]);
    expect(days).toEqual([['2026-03-01', 2], ['2026-04-01', 2], ['2026-04-02', 2], ['2026-04-03', 1], ['2026-05-01', 0]]);
    clock.advance(DAY);
  });

  it('announces a cancellation by the caller as subscription/cancelled', async () => {
    const sub = await subscribe('again@example.com', {});
    const seq = await lastSeq();
    const res = await call(t.app, link(sub, 'self'), { method: 'PATCH', token: chain.storeToken, body: { is_active: false } });
    expect(res.statusCode).toBe(200);
    expect(await eventNames(seq)).toEqual(['subscription/cancelled']);
  });
});
