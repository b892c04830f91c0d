// Migration 022 (issue 20): no index on events that no read uses, and the items and renewal
// indexes hold only the rows whose column is set, while every look-up that names a value is still
// answered by them (each engine's plan; PostgreSQL with sequential scans off) and the renewal's
// uniqueness still holds. On SQLite a checkout and an item added to a cart write fewer pages.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import type { Database } from '../../src/db/database.js';
import { migrate, migrations } from '../../src/db/migrate.js';
import { engines } from '../helpers/app.js';
import { scratchDatabases, twoStores } from '../helpers/scratch-db.js';
import { planOf } from '../helpers/query-plan.js';
import { indexes, type Index } from '../helpers/indexes.js';
import { isUniqueViolation } from '../../src/services/unique.js';

const stamp = '2026-01-01T00:00:00+0000';

/** Each partial index, and a look-up of the service's that it must answer. */
const LOOKUPS: Array<[string, ReturnType<typeof sql>]> = [
  ['items_cart_id_ix', sql`select id from items where cart_id = ${7} order by id`],
  ['items_cart_id_name_ix', sql`select 1 from items where cart_id = ${7} and name = ${'Widget'}`],
  ['items_shipment_id_ix', sql`select id from items where shipment_id = ${5}`],
  ['items_subscription_id_ix', sql`select id from items where subscription_id = ${9} and transaction_id is not null order by id`],
  ['transactions_subscription_id_renewal_date_uq', sql`select id from transactions where subscription_id = ${9} and renewal_date = ${'2026-02-01'}`],
];

describe.each(engines())('migration 022 (fewer index entries) on %s', (engine) => {
  const scratch = scratchDatabases(engine, 'fewer_ix');
  let d: Database;
  let all: Index[];
  beforeAll(async () => {
    d = await scratch.open();
    await migrate(d);
    all = await indexes(d);
  });
  afterAll(() => scratch.closeAll());

  it('keeps no index on events that no read of the log uses', () => {
    const events = all.filter((i) => i.table === 'events');
    expect(events.filter((i) => i.columns[0] === 'resource_type').map((i) => i.name)).toEqual([]);
    // Those the reads use stay: the feed, the resend since a time (in time order since 023), the store's sequence.
    for (const kept of ['store_id,id', 'store_id,occurred_at,id,resource_type', 'store_id,sequence']) {
      expect(events.map((i) => i.columns.join(','))).toContain(kept);
    }
  });

  it('indexes the items and renewal columns only where they are set, under the same names', () => {
    for (const [name] of LOOKUPS) {
      const ix = all.find((i) => i.name === name);
      expect(ix, name).toBeDefined();
      expect(ix!.partial, name).toBe(true);
    }
    expect(all.find((i) => i.name === 'transactions_subscription_id_renewal_date_uq')!.unique).toBe(true);
    // Whole, for the tools that read foreign keys with their indexes (the migration says why).
    expect(all.find((i) => i.name === 'items_transaction_id_ix')!.partial).toBe(false);
  });

  it.each(LOOKUPS)('answers the look-up by %s with that index', async (name, lookup) => {
    // PostgreSQL's B-tree on cart_id keeps no id order, so either of the cart's two indexes serves
    // its page there (and a sort follows either way); SQLite's holds the rowid in order (015).
    const expected = engine === 'postgres' && name === 'items_cart_id_ix' ? /items_cart_id_(name_)?ix/ : new RegExp(name);
    expect(await planOf(d, lookup)).toMatch(expected);
  });

  it('still refuses a second renewal of one subscription on one date, and takes any number without a subscription', async () => {
    const [store] = await twoStores(d);
    const sub = Number((await d.db.insertInto('subscriptions').values({
      store_id: store, start_date: '2026-01-01', frequency: 'monthly', is_active: 1, past_due_amount: '0', date_created: stamp, date_modified: stamp,
    } as never).returning('id').executeTakeFirstOrThrow()).id);
    const txn = (subscriptionId: number | null, renewal: string | null) => d.db.insertInto('transactions').values({
      store_id: store, status: 'authorized', is_test: 1, currency_code: 'USD', subscription_id: subscriptionId, renewal_date: renewal,
      total_item_price: '1', total_tax: '0', total_shipping: '0', total_order: '1', hide_transaction: 0, data_is_fed: 0,
      date_created: stamp, date_modified: stamp,
    } as never).execute();
    await txn(sub, '2026-02-01');
    const second = await txn(sub, '2026-02-01').then(() => undefined, (err: unknown) => err);
    expect(isUniqueViolation(second), String(second)).toBe(true);
    await txn(sub, '2026-03-01');
    for (let k = 0; k < 3; k++) await txn(null, '2026-02-01');
    await txn(null, null);
    const n = await sql<{ n: number }>`select count(*) as n from transactions where store_id = ${store}`.execute(d.db);
    expect(Number(n.rows[0].n)).toBe(6);
  });

  it('upgrades a database with rows: the items and renewals stay, and the look-ups still find them', async () => {
    const u = await scratch.open();
    const at = migrations.findIndex((m) => m.name === '022_fewer_index_entries');
    for (const m of migrations.slice(0, at)) await m.up(u.db, u.dialect);
    const [store] = await twoStores(u);
    const cart = Number((await u.db.insertInto('carts').values({ store_id: store, date_created: stamp, date_modified: stamp } as never)
      .returning('id').executeTakeFirstOrThrow()).id);
    const txn = Number((await u.db.insertInto('transactions').values({
      store_id: store, status: 'authorized', is_test: 1, currency_code: 'USD', total_item_price: '1', total_tax: '0', total_shipping: '0',
      total_order: '1', hide_transaction: 0, data_is_fed: 0, date_created: stamp, date_modified: stamp,
    } as never).returning('id').executeTakeFirstOrThrow()).id);
    const item = (where: { cart_id?: number; transaction_id?: number }, name: string) => u.db.insertInto('items')
      .values({ store_id: store, name, price: '1', quantity: 1, date_created: stamp, date_modified: stamp, ...where } as never).execute();
    for (let k = 0; k < 3; k++) await item({ cart_id: cart }, `in cart ${k}`);
    for (let k = 0; k < 4; k++) await item({ transaction_id: txn }, `sold ${k}`);
    await migrations[at].up(u.db, u.dialect);
    const count = async (q: ReturnType<typeof sql>) => Number(((await q.execute(u.db)).rows[0] as { n: number }).n);
    expect(await count(sql`select count(*) as n from items where store_id = ${store}`)).toBe(7);
    expect(await count(sql`select count(*) as n from items where cart_id = ${cart}`)).toBe(3);
    expect(await count(sql`select count(*) as n from items where cart_id = ${cart} and name = ${'in cart 1'}`)).toBe(1);
    expect(await count(sql`select count(*) as n from items where transaction_id = ${txn}`)).toBe(4);
    expect((await indexes(u)).filter((i) => LOOKUPS.some(([name]) => name === i.name)).every((i) => i.partial)).toBe(true);
  });
});
