// Subscriptions bill exactly once per period: frequencies of at least one period, dates in the
// future, no back-billing of missed periods (a past start date, a clock that jumps), and at most one
// renewal per subscription and due date with two scheduler instances (two app instances sharing
// PostgreSQL; two concurrent ticks on one SQLite database) or a scheduler that acts on a stale read.
import { containerOf } from '../../src/app.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engines, makeApp, type TestApp } from '../helpers/app.js';
import { call, errorFields, json, link, tokenChain, type Chain } from '../helpers/rest.js';
import { fillCart, openShop, type Shop } from '../helpers/shop.js';
import { gql } from '../graphql/helpers.js';
import { ManualClock } from '../../src/services/clock.js';
import { tick } from '../../src/commerce/scheduler.js';
import { renew } from '../../src/commerce/renewals.js';
import { ANONYMOUS } from '../../src/auth/principal.js';

describe.each(engines())('subscription billing on %s', (engine) => {
  let t: TestApp;
  let second: TestApp;
  let chain: Chain;
  let shop: Shop;
  const clock = new ManualClock(new Date('2026-03-01T09:00:00Z'));
  beforeAll(async () => {
    t = await makeApp({ engine, clock, config: { accessTokenTtl: 365 * 24 * 3600 } });
    // A second instance: on PostgreSQL another app (own pool) on the same schema; SQLite's driver is
    // synchronous, so a second connection in this process would block the first: there the second
    // scheduler is the same app ticking concurrently.
    second = engine === 'postgres' ? await makeApp({ engine, clock, reuseSchema: t.config.databaseSchema }) : t;
    chain = await tokenChain(t.app);
    shop = await openShop(t.app, chain, { name: 'None', type: 'country', country: 'FR', rate: 5 });
  });
  afterAll(async () => { if (second !== t) await second?.close(); await t?.close(); });

  const schedulerA = () => tick(t.app.container.context(ANONYMOUS, 'scheduler-a'));
  const schedulerB = () => tick(second.app.container.context(ANONYMOUS, 'scheduler-b'));
  const get = async (href: string) => json(await call(t.app, href, { token: chain.storeToken }));
  const db = () => containerOf(t.app).database.db;
  const idOf = (body: any) => Number(link(body, 'self').split('/').pop());

  async function subscribe(item: Record<string, unknown>) {
    const cart = await fillCart(t.app, chain, shop, [{ name: 'Club', price: '20', subscription_frequency: '1m', ...item }], { shipping_country: 'US', customer_email: 'fan@example.com' });
    const res = await call(t.app, link(cart, 'svc:checkout'), { method: 'POST', token: chain.storeToken });
    expect(res.statusCode).toBe(201);
    return get(link(json(res), 'svc:subscription'));
  }

  const renewals = async (subId: number) => db().selectFrom('transactions').select(['renewal_date', 'status'])
    .where('subscription_id', '=', subId).where('renewal_date', 'is not', null).orderBy('id').execute();

  it('refuses a zero frequency on items (REST and GraphQL) and subscriptions', async () => {
    const cart = await fillCart(t.app, chain, shop, []);
    for (const frequency of ['0d', '0w', '00m', '0y']) {
      const res = await call(t.app, link(cart, 'svc:items'), { method: 'POST', token: chain.storeToken, body: { name: 'Free lunch', price: '1', subscription_frequency: frequency } });
      expect(res.statusCode).toBe(400);
      expect(errorFields(json(res))).toEqual(['subscription_frequency']);
    }
    const g = await gql(t.app, 'mutation($id: ID!) { createItem(cartId: $id, input: { name: "x", price: "1", subscriptionFrequency: "0d" }) { item { id } userErrors { field code } } }',
      { token: chain.storeToken, variables: { id: String(idOf(cart)) } });
    expect(g.body.data.createItem.userErrors).toEqual([{ field: 'subscriptionFrequency', code: 'invalid_format' }]);
    const sub = await subscribe({});
    const patch = await call(t.app, link(sub, 'self'), { method: 'PATCH', token: chain.storeToken, body: { frequency: '0d', next_transaction_date: '2026-02-01' } });
    expect(patch.statusCode).toBe(400);
    expect(errorFields(json(patch))).toEqual(['frequency', 'next_transaction_date']);
  });

  it('never back-bills a start date in the past', async () => {
    clock.set(new Date('2026-03-01T09:00:00Z'));
    const sub = await subscribe({ subscription_start_date: '2025-11-15' });
    // The periods are anchored at the start date; the first renewal is the first boundary after today.
    expect(sub).toMatchObject({ start_date: '2025-11-15', next_transaction_date: '2026-03-15' });
    await schedulerA();
    await schedulerA();
    expect(await renewals(idOf(sub))).toEqual([]);
  });

  it('bills one renewal after a clock jump, not one per missed period', async () => {
    clock.set(new Date('2026-03-01T09:00:00Z'));
    const sub = await subscribe({});
    expect(sub.next_transaction_date).toBe('2026-04-01');
    clock.set(new Date('2026-09-10T09:00:00Z'));
    for (let i = 0; i < 4; i++) await schedulerA();
    expect(await renewals(idOf(sub))).toEqual([{ renewal_date: '2026-04-01', status: 'authorized' }]);
    expect(await get(link(sub, 'self'))).toMatchObject({ next_transaction_date: '2026-10-01', is_active: true });
    // The clock jumps back: nothing is due, nothing is billed again.
    clock.set(new Date('2026-04-01T09:00:00Z'));
    await schedulerA();
    expect(await renewals(idOf(sub))).toHaveLength(1);
  });

  it('renews each subscription once per due date with two schedulers', async () => {
    clock.set(new Date('2026-03-01T09:00:00Z'));
    const subs = [];
    for (let i = 0; i < 8; i++) subs.push(await subscribe({ subscription_frequency: i % 2 ? '1w' : '1m' }));
    for (const day of ['2026-03-08', '2026-03-15', '2026-04-01', '2026-04-05']) {
      clock.set(new Date(`${day}T09:00:00Z`));
      await Promise.all([schedulerA(), schedulerB(), schedulerA(), schedulerB()]);
    }
    for (const [i, sub] of subs.entries()) {
      const dates = (await renewals(idOf(sub))).map((r) => r.renewal_date);
      // Weekly: 03-22 was missed until 04-01 and is billed once; 03-29 is skipped, not back-billed.
      expect(dates).toEqual(i % 2 ? ['2026-03-08', '2026-03-15', '2026-03-22', '2026-04-05'] : ['2026-04-01']);
      expect(new Set(dates).size).toBe(dates.length);
      const successes = await db().selectFrom('subscription_events').select('id').where('subscription_id', '=', idOf(sub)).where('type', '=', 'billing_success').execute();
      expect(successes).toHaveLength(dates.length);
    }
    const snapshots = await db().selectFrom('subscription_mrr_snapshots').select(['snapshot_date']).where('store_id', '=', idOf(shop.store)).execute();
    expect(new Set(snapshots.map((s) => s.snapshot_date)).size).toBe(snapshots.length);
  });

  it('holds the rule in the data: a stale scheduler and a second row for one due date are refused', async () => {
    clock.set(new Date('2026-03-01T09:00:00Z'));
    const sub = await subscribe({});
    const stale = await db().selectFrom('subscriptions').selectAll().where('id', '=', idOf(sub)).executeTakeFirstOrThrow();
    clock.set(new Date('2026-04-01T09:00:00Z'));
    await schedulerA();
    // A scheduler that read the subscription before that renewal (a pause, a crash and restart) acts late.
    const ctx = second.app.container.context(ANONYMOUS, 'late');
    expect(await renew(ctx, { ...stale, id: Number(stale.id) }, '2026-04-01', '2026-04-01T09:00:01+0000')).toBe(false);
    expect(await renewals(idOf(sub))).toHaveLength(1);
    const copy = await db().selectFrom('transactions').selectAll().where('subscription_id', '=', idOf(sub)).where('renewal_date', '=', '2026-04-01').executeTakeFirstOrThrow();
    const { id: _id, ...columns } = copy;
    await expect(db().insertInto('transactions').values(columns).execute()).rejects.toThrow(/unique|UNIQUE/);
  });
});
