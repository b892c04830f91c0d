// The kept row counts of migration 012_growth_counts on both engines: a store's unfiltered
// collection total comes from row_counts (so it stays flat as the store grows) and is exact through
// single and multi-row inserts, deletes, moves between stores, concurrent writers and the backfill
// of rows that existed before the migration; filtered totals and other stores still count rows.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { type Database } from '../../src/db/database.js';
import { migrations } from '../../src/db/migrate.js';
import { Repository } from '../../src/data/repository.js';
import { buildRegistry } from '../../src/model/registry.js';
import { emptyQuery, type ListQuery } from '../../src/data/query.js';
import { engines } from '../helpers/app.js';
import { openTwoStores, scratchDatabases, twoStores } from '../helpers/scratch-db.js';

const registry = buildRegistry();
const store = registry.resource('store');
const customer = registry.resource('customer');
const rel = store.relsByName.get('customers')!;
const stamp = '2026-01-01T00:00:00+0000';
let seq = 0;

describe.each(engines())('kept row counts on %s', (engine) => {
  const scratch = scratchDatabases(engine, 'rowcounts');
  let database: Database;
  let repo: Repository;
  let storeA: number;
  let storeB: number;

  const row = (storeId: number, extra: Record<string, unknown> = {}) => ({
    store_id: storeId, first_name: 'C', last_name: 'D', email: `c${++seq}@example.com`, date_created: stamp, date_modified: stamp, ...extra,
  });
  const exact = async (d: Database, storeId: number) =>
    Number((await d.db.selectFrom('customers').select(sql<number>`count(*)`.as('n')).where('store_id', '=', storeId).executeTakeFirstOrThrow()).n);
  /** The total a page of one row reports, as REST's total_items and GraphQL's page read it. */
  const total = async (r: Repository, storeId: number, q: ListQuery = emptyQuery(1)) =>
    (await r.listChildren(rel, customer, [storeId], q, { storeId }, { total: true })).total;
  const counted = async (r: Repository, storeId: number, q: ListQuery = emptyQuery(1)) =>
    (await r.countChildren(rel, customer, [storeId], q, { storeId })).get(storeId);

  beforeAll(async () => {
    ({ database, repo, storeA, storeB } = await openTwoStores(scratch));
  });
  afterAll(() => scratch.closeAll());

  async function expectExact(): Promise<void> {
    for (const id of [storeA, storeB]) {
      const n = await exact(database, id);
      if (n > 0) expect(await total(repo, id)).toBe(n);
      expect(await counted(repo, id)).toBe(n);
    }
  }

  it('stays exact through inserts, a multi-row insert over two stores, deletes and a move', async () => {
    for (let i = 0; i < 5; i++) await repo.insert(customer, row(storeA));
    await expectExact();
    await database.db.insertInto('customers').values([row(storeA), row(storeB), row(storeA), row(storeB), row(storeB), row(storeA), row(storeA)]).execute();
    await expectExact();
    expect(await exact(database, storeA)).toBe(9);
    const ids = (await database.db.selectFrom('customers').select('id').where('store_id', '=', storeA).orderBy('id').execute()).map((r) => Number(r.id));
    await database.db.deleteFrom('customers').where('id', 'in', ids.slice(0, 2)).execute();
    await expectExact();
    await database.db.updateTable('customers').set({ store_id: storeB }).where('id', '=', ids[2]).execute();
    await database.db.updateTable('customers').set({ first_name: 'Renamed' }).where('store_id', '=', storeB).execute();
    await expectExact();
    expect(await exact(database, storeB)).toBe(4);
  });

  it('answers the unfiltered total from the kept count and filtered totals from the rows', async () => {
    const before = await exact(database, storeA);
    // Skewing the kept count shows which source each total is read from.
    await database.db.insertInto('row_counts').values({ table_name: 'customers', store_id: storeA, shard: 999, n: 1000 }).execute();
    try {
      expect(await total(repo, storeA)).toBe(before + 1000);
      expect(await counted(repo, storeA)).toBe(before + 1000);
      const filtered: ListQuery = { ...emptyQuery(1), filters: [{ field: 'first_name', op: 'eq', value: 'C' }] };
      expect(await total(repo, storeA, filtered)).toBe(before);
      expect(await counted(repo, storeA, filtered)).toBe(before);
      // Another store's token reaching store A's collection counts nothing, kept or not.
      expect((await repo.countChildren(rel, customer, [storeA], emptyQuery(1), { storeId: storeB })).get(storeA)).toBe(0);
      expect((await repo.listChildren(rel, customer, [storeA], emptyQuery(1), { storeId: storeB }, { total: true })).byParent.get(storeA)).toEqual([]);
    } finally {
      await database.db.deleteFrom('row_counts').where('shard', '=', 999).execute();
    }
  });

  it('stays exact under concurrent writers of one store', async () => {
    await Promise.all(Array.from({ length: 24 }, (_, i) => (i % 4 === 3
      ? database.db.deleteFrom('customers').where('id', '=', database.db.selectFrom('customers').select(sql<number>`max(id)`.as('m')).where('store_id', '=', storeA)).execute()
      : repo.insert(customer, row(storeA)))));
    await expectExact();
  });

  it('pages a store\'s collection in id order through offsets, cursors and from the end, as a plain query does', async () => {
    const all = (await database.db.selectFrom('customers').select('id').where('store_id', '=', storeA).orderBy('id').execute()).map((r) => Number(r.id));
    expect(all.length).toBeGreaterThan(10);
    const page = async (patch: Partial<ListQuery>) => {
      const r = await repo.listChildren(rel, customer, [storeA], { ...emptyQuery(4), ...patch }, { storeId: storeA }, { total: true });
      return { ids: r.byParent.get(storeA)!.map((c) => c.id), total: r.total };
    };
    expect(await page({})).toEqual({ ids: all.slice(0, 4), total: all.length });
    expect(await page({ offset: 5 })).toEqual({ ids: all.slice(5, 9), total: all.length });
    expect((await page({ order: [{ field: 'id', dir: 'desc' }], offset: 1 })).ids).toEqual([...all].reverse().slice(1, 5));
    expect((await page({ after: { values: [], id: all[2] } })).ids).toEqual(all.slice(3, 7));
    expect((await page({ fromEnd: true })).ids).toEqual(all.slice(-4));
    expect((await page({ before: { values: [], id: all[6] }, fromEnd: true })).ids).toEqual(all.slice(2, 6));
    expect((await page({ filters: [{ field: 'id', op: 'gt', value: String(all[1]) }] })).ids).toEqual(all.slice(2, 6));
    expect(await page({ offset: all.length })).toEqual({ ids: [], total: undefined });
  });

  it('counts the rows that existed before the migration', async () => {
    const d = await scratch.open();
    const last = migrations.findIndex((m) => m.name === '012_growth_counts');
    for (const m of migrations.slice(0, last)) await m.up(d.db, d.dialect);
    const [a, b] = await twoStores(d);
    await d.db.insertInto('customers').values([row(a), row(a), row(b)]).execute();
    await migrations[last].up(d.db, d.dialect);
    for (const m of migrations.slice(last + 1)) await m.up(d.db, d.dialect);
    await d.db.insertInto('customers').values(row(a)).execute();
    const r = new Repository(d);
    expect(await total(r, a)).toBe(3);
    expect(await counted(r, b)).toBe(1);
  });
});
