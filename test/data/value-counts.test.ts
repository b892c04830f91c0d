// The kept counts per value of migration 014_growth_value_counts on both engines: a store's
// collection filtered by one value set of a counted column (transactions `status=captured`, or a
// list of statuses) reads its total from value_counts, which stays exact through inserts, deletes,
// status changes, moves between stores, concurrent writers and the backfill of older rows; any
// other filter still counts rows.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { type Database } from '../../src/db/database.js';
import { migrate, migrations } from '../../src/db/migrate.js';
import { Repository } from '../../src/data/repository.js';
import { buildRegistry } from '../../src/model/registry.js';
import { emptyQuery, type Filter, type ListQuery } from '../../src/data/query.js';
import { engines } from '../helpers/app.js';
import { openTwoStores, scratchDatabases, twoStores } from '../helpers/scratch-db.js';

const registry = buildRegistry();
const store = registry.resource('store');
const transaction = registry.resource('transaction');
const rel = store.relsByName.get('transactions')!;
const stamp = '2026-01-01T00:00:00+0000';
const STATUSES = ['authorized', 'captured', 'refunded', 'voided'];

describe.each(engines())('kept counts per value on %s', (engine) => {
  const scratch = scratchDatabases(engine, 'valuecounts');
  let database: Database;
  let repo: Repository;
  let storeA: number;
  let storeB: number;

  const row = (storeId: number, status: string) => ({ store_id: storeId, status, currency_code: 'USD', date_created: stamp, date_modified: stamp });
  const statusFilter = (value: string | string[]): ListQuery =>
    ({ ...emptyQuery(1), filters: [{ field: 'status', op: Array.isArray(value) ? 'in' : 'eq', value } as Filter] });
  const exact = async (d: Database, storeId: number, statuses: string[]) =>
    Number((await d.db.selectFrom('transactions').select(sql<number>`count(*)`.as('n'))
      .where('store_id', '=', storeId).where('status', 'in', statuses).executeTakeFirstOrThrow()).n);
  /** The total a page of one row reports (REST total_items), and GraphQL's totalCount. */
  const total = async (r: Repository, storeId: number, q: ListQuery) =>
    (await r.listChildren(rel, transaction, [storeId], q, { storeId }, { total: true })).total;
  const counted = async (r: Repository, storeId: number, q: ListQuery) =>
    (await r.countChildren(rel, transaction, [storeId], q, { storeId })).get(storeId);

  beforeAll(async () => {
    ({ database, repo, storeA, storeB } = await openTwoStores(scratch));
  });
  afterAll(() => scratch.closeAll());

  async function expectExact(): Promise<void> {
    for (const id of [storeA, storeB]) {
      for (const statuses of [...STATUSES.map((s) => [s]), ['captured', 'refunded']]) {
        const n = await exact(database, id, statuses);
        const q = statusFilter(statuses.length === 1 ? statuses[0] : statuses);
        if (n > 0) expect(await total(repo, id, q)).toBe(n);
        expect(await counted(repo, id, q)).toBe(n);
      }
    }
  }

  it('stays exact through inserts, a multi-row insert over two stores, status changes, deletes and a move', async () => {
    for (let i = 0; i < 4; i++) await repo.insert(transaction, row(storeA, 'authorized'));
    await database.db.insertInto('transactions').values([row(storeA, 'captured'), row(storeB, 'captured'), row(storeA, 'captured'),
      row(storeB, 'authorized'), row(storeA, 'refunded')]).execute();
    await expectExact();
    const ids = (await database.db.selectFrom('transactions').select('id').where('store_id', '=', storeA).orderBy('id').execute()).map((r) => Number(r.id));
    await database.db.updateTable('transactions').set({ status: 'captured' }).where('id', 'in', ids.slice(0, 3)).execute();
    await database.db.updateTable('transactions').set({ status: 'captured', currency_code: 'EUR' }).where('id', '=', ids[0]).execute();
    await database.db.updateTable('transactions').set({ currency_code: 'GBP' }).where('store_id', '=', storeA).execute();
    await expectExact();
    await database.db.deleteFrom('transactions').where('id', '=', ids[1]).execute();
    await database.db.updateTable('transactions').set({ store_id: storeB, status: 'voided' }).where('id', '=', ids[2]).execute();
    await database.db.updateTable('transactions').set({ store_id: storeB }).where('id', '=', ids[3]).execute();
    await expectExact();
    expect(await exact(database, storeA, ['captured'])).toBe(3);
    expect(await exact(database, storeB, ['voided'])).toBe(1);
  });

  it('answers an equality or list filter on status from the kept counts and any other filter from the rows', async () => {
    const captured = await exact(database, storeA, ['captured']);
    const refunded = await exact(database, storeA, ['refunded']);
    // Skewing the kept count shows which source each total is read from.
    await database.db.insertInto('value_counts').values({ table_name: 'transactions', column_name: 'status', store_id: storeA, value: 'captured', shard: 999, n: 1000 }).execute();
    try {
      expect(await total(repo, storeA, statusFilter('captured'))).toBe(captured + 1000);
      expect(await counted(repo, storeA, statusFilter('captured'))).toBe(captured + 1000);
      expect(await counted(repo, storeA, statusFilter(['captured', 'refunded', 'captured']))).toBe(captured + refunded + 1000);
      const rows = (q: ListQuery) => counted(repo, storeA, q);
      expect(await rows({ ...emptyQuery(1), filters: [{ field: 'status', op: 'eq', value: 'capt*' }] })).toBe(captured);
      expect(await rows({ ...emptyQuery(1), filters: [{ field: 'status', op: 'not', value: 'authorized' }] })).toBe(await exact(database, storeA, ['captured', 'refunded', 'voided']));
      expect(await rows({ ...emptyQuery(1), filters: [{ field: 'status', op: 'eq', value: 'captured' }, { field: 'currency_code', op: 'eq', value: 'GBP' }] })).toBe(captured);
      expect(await total(repo, storeA, { ...statusFilter('captured'), attributeFilters: [{ rel: 'attributes', name: 'x', op: 'eq', value: '*' }] })).toBeUndefined();
      // Another store's token reaching store A's collection counts nothing, kept or not.
      expect((await repo.countChildren(rel, transaction, [storeA], statusFilter('captured'), { storeId: storeB })).get(storeA)).toBe(0);
    } finally {
      await database.db.deleteFrom('value_counts').where('shard', '=', 999).execute();
    }
  });

  it('stays exact under concurrent writers of one store', async () => {
    const ids = (await Promise.all(Array.from({ length: 12 }, () => repo.insert(transaction, row(storeA, 'authorized'))))).map((t) => t.id);
    await Promise.all(ids.flatMap((id, i) => [
      database.db.updateTable('transactions').set({ status: STATUSES[i % 4] }).where('id', '=', id).execute(),
      database.db.updateTable('transactions').set({ status: STATUSES[(i + 1) % 4] }).where('id', '=', id).execute(),
      i % 3 === 0 ? database.db.deleteFrom('transactions').where('id', '=', id).execute() : repo.insert(transaction, row(storeA, STATUSES[i % 4])),
    ]));
    await expectExact();
  });

  // Only on postgres: the plan it checks is that engine's (no silent skip on the other).
  if (engine === 'postgres') it('reads a store\'s page filtered by a counted value from an index in id order, not by walking other stores\' rows', async () => {
    // A large store first, then a small one: the small store's rows all come after the large one's.
    const d = await scratch.open();
    await migrate(d);
    const r = new Repository(d);
    const [big, small] = await twoStores(d);
    const copy = (storeId: number, n: number) => sql`INSERT INTO transactions (store_id, status, currency_code, date_created, date_modified)
      SELECT ${storeId}, CASE WHEN g % 10 < 6 THEN 'captured' ELSE 'authorized' END, 'USD', ${stamp}, ${stamp} FROM generate_series(1, ${n}) g`.execute(d.db);
    await copy(big, 30_000);
    await copy(small, 3_000);
    await sql`ANALYZE transactions`.execute(d.db);
    // The statement the repository runs for `?status=captured` (its deferred join's ids).
    const plan = (await sql<{ 'QUERY PLAN': string }>`EXPLAIN SELECT t.id FROM transactions t WHERE t.store_id IN (${small}) AND t.store_id = ${small}
      AND t.status = 'captured' ORDER BY t.id LIMIT 100`.execute(d.db)).rows.map((r) => r['QUERY PLAN']).join('\n');
    expect(plan).toContain('Index Only Scan using transactions_store_id_status_id_ix');
    const page = await r.listChildren(rel, transaction, [small], { ...statusFilter('captured'), limit: 5 }, { storeId: small }, { total: true });
    const all = (await d.db.selectFrom('transactions').select('id').where('store_id', '=', small).where('status', '=', 'captured').orderBy('id').limit(5).execute()).map((r) => Number(r.id));
    expect(page.byParent.get(small)!.map((t) => t.id)).toEqual(all);
    expect(page.total).toBe(1_800);
  });

  it('counts the rows that existed before the migration', async () => {
    const d = await scratch.open();
    const last = migrations.findIndex((m) => m.name === '014_growth_value_counts');
    for (const m of migrations.slice(0, last)) await m.up(d.db, d.dialect);
    const [a, b] = await twoStores(d);
    await d.db.insertInto('transactions').values([row(a, 'captured'), row(a, 'captured'), row(a, 'authorized'), row(b, 'captured')]).execute();
    await migrations[last].up(d.db, d.dialect);
    for (const m of migrations.slice(last + 1)) await m.up(d.db, d.dialect);
    await d.db.insertInto('transactions').values(row(a, 'captured')).execute();
    const r = new Repository(d);
    expect(await total(r, a, statusFilter('captured'))).toBe(3);
    expect(await counted(r, b, statusFilter('captured'))).toBe(1);
    expect(await counted(r, a, statusFilter('authorized'))).toBe(1);
  });
});
