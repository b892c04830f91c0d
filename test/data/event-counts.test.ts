// The event log's rows per store, counted since migration 014 like transactions since 012: the
// store's events collection (REST svc:events, GraphQL store.events) reads its total_items and
// totalCount from row_counts, exact through appends by the log's own code (single events and runs),
// concurrent writers, a store's deletion and the backfill of the events already logged.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { inTransaction, type Database } from '../../src/db/database.js';
import { migrations } from '../../src/db/migrate.js';
import { Repository } from '../../src/data/repository.js';
import { buildRegistry } from '../../src/model/registry.js';
import { emptyQuery, type ListQuery } from '../../src/data/query.js';
import { appendEvents, type NewEvent } from '../../src/events/log.js';
import { engines } from '../helpers/app.js';
import { openTwoStores, scratchDatabases, twoStores } from '../helpers/scratch-db.js';

const registry = buildRegistry();
const store = registry.resource('store');
const event = registry.resource('event');
const rel = store.relsByName.get('events')!;
const stamp = '2026-01-01T00:00:00+0000';

describe.each(engines())('kept event counts on %s', (engine) => {
  const scratch = scratchDatabases(engine, 'eventcounts');
  let database: Database;
  let repo: Repository;
  let storeA: number;
  let storeB: number;

  const ev = (storeId: number, i: number): NewEvent => ({ storeId, name: 'customer/created', resourceType: 'customer', resourceId: i, occurredAt: stamp, payload: { i } });
  const append = (d: Database, events: NewEvent[]) => inTransaction(d, (tx) => appendEvents(tx, events));
  const exact = async (d: Database, storeId: number) =>
    Number((await d.db.selectFrom('events').select(sql<number>`count(*)`.as('n')).where('store_id', '=', storeId).executeTakeFirstOrThrow()).n);
  const total = async (r: Repository, storeId: number) => (await r.listChildren(rel, event, [storeId], emptyQuery(1), { storeId }, { total: true })).total;
  const counted = async (r: Repository, storeId: number) => (await r.countChildren(rel, event, [storeId], emptyQuery(1), { storeId })).get(storeId);

  beforeAll(async () => {
    ({ database, repo, storeA, storeB } = await openTwoStores(scratch));
  });
  afterAll(() => scratch.closeAll());

  it('counts single events, runs over two stores and concurrent writers exactly, and reads the count for the collection', async () => {
    await append(database, [ev(storeA, 1)]);
    await append(database, [ev(storeA, 2), ev(storeA, 3), ev(storeB, 4), ev(storeA, 5)]);
    await Promise.all(Array.from({ length: 16 }, (_, i) => append(database, [ev(i % 2 ? storeA : storeB, 10 + i), ev(storeA, 100 + i)])));
    for (const id of [storeA, storeB]) {
      const n = await exact(database, id);
      expect(await total(repo, id)).toBe(n);
      expect(await counted(repo, id)).toBe(n);
    }
    expect(await exact(database, storeA)).toBe(4 + 8 + 16);
    // The store's page in id order (read through (store_id, id) on PostgreSQL) is the plain query's.
    const all = (await database.db.selectFrom('events').select('id').where('store_id', '=', storeA).orderBy('id').execute()).map((r) => Number(r.id));
    const page = await repo.listChildren(rel, event, [storeA], { ...emptyQuery(4), offset: 2 }, { storeId: storeA }, { total: true });
    expect(page.byParent.get(storeA)!.map((e) => e.id)).toEqual(all.slice(2, 6));
    expect(page.total).toBe(all.length);
    // Skewing the kept count shows that the total is read from it.
    await database.db.insertInto('row_counts').values({ table_name: 'events', store_id: storeA, shard: 999, n: 1000 }).execute();
    try {
      expect(await total(repo, storeA)).toBe(1028);
      expect(await counted(repo, storeA)).toBe(1028);
    } finally {
      await database.db.deleteFrom('row_counts').where('shard', '=', 999).execute();
    }
  });

  it('counts the events after a position from the store\'s counter, exactly, through runs, concurrent and rolled-back appends', async () => {
    const after = (p: number | string, extra: ListQuery['filters'] = []): ListQuery => ({ ...emptyQuery(3), filters: [{ field: 'sequence', op: 'gt', value: String(p) }, ...extra] });
    const exactAfter = async (storeId: number, p: number, name?: string) => {
      let q = database.db.selectFrom('events').select(sql<number>`count(*)`.as('n')).where('store_id', '=', storeId).where('sequence', '>', p);
      if (name) q = q.where('name', '=', name);
      return Number((await q.executeTakeFirstOrThrow()).n);
    };
    await append(database, [ev(storeA, 200), ev(storeA, 201), ev(storeB, 202)]);
    await Promise.all(Array.from({ length: 12 }, (_, i) => append(database, [ev(i % 3 ? storeA : storeB, 300 + i)])));
    // A rolled-back append gives back the numbers it drew: no gap for the subtraction to miss.
    await inTransaction(database, async (tx) => {
      await appendEvents(tx, [ev(storeA, 400), ev(storeA, 401)]);
      throw new Error('rolled back');
    }).catch(() => undefined);
    await append(database, [{ ...ev(storeA, 402), name: 'customer/deleted' }]);
    for (const id of [storeA, storeB]) {
      const last = Number((await database.db.selectFrom('events').select(sql<number>`max(sequence)`.as('m')).where('store_id', '=', id).executeTakeFirstOrThrow()).m);
      for (const p of [0, 1, Math.floor(last / 2), last - 1, last, last + 5]) {
        const n = await exactAfter(id, p);
        expect((await repo.listChildren(rel, event, [id], after(p), { storeId: id }, { total: true })).total ?? 0, `store ${id} after ${p}`).toBe(n);
        expect(await repo.countChildren(rel, event, [id], after(p), { storeId: id })).toEqual(new Map([[id, n]]));
      }
    }
    // The total is the counter's: a counter moved by hand moves it; with a second filter the rows are counted.
    const last = Number((await database.db.selectFrom('stores').select('event_sequence').where('id', '=', storeA).executeTakeFirstOrThrow()).event_sequence);
    await database.db.updateTable('stores').set({ event_sequence: last + 1000 }).where('id', '=', storeA).execute();
    try {
      expect((await repo.listChildren(rel, event, [storeA], after(2), { storeId: storeA }, { total: true })).total).toBe(last + 1000 - 2);
      const named = after(2, [{ field: 'name', op: 'eq', value: 'customer/deleted' }]);
      expect((await repo.listChildren(rel, event, [storeA], named, { storeId: storeA }, { total: true })).total).toBe(await exactAfter(storeA, 2, 'customer/deleted'));
    } finally {
      await database.db.updateTable('stores').set({ event_sequence: last }).where('id', '=', storeA).execute();
    }
  });

  // Only on sqlite: the plan it checks is that engine's (no silent skip on the other).
  if (engine === 'sqlite') it('reads a store\'s log in id order, and from a time on for one resource, by an index in that order', async () => {
    const plan = async (query: ReturnType<typeof sql>) => (await query.execute(database.db)).rows.map((r) => String((r as { detail: string }).detail)).join('; ');
    const page = await plan(sql`EXPLAIN QUERY PLAN SELECT * FROM events t WHERE t.store_id IN (${storeA}) AND +t.store_id = ${storeA} ORDER BY t.id LIMIT 100`);
    expect(page).toContain('events_store_id_id_ix');
    expect(page).not.toContain('TEMP B-TREE');
    // The shape of a webhook's resend (src/events/resend.ts).
    const resend = await plan(sql`EXPLAIN QUERY PLAN SELECT id, resource_type FROM events WHERE store_id = ${storeA}
      AND (occurred_at, id) > (${stamp}, 0) ORDER BY occurred_at, id LIMIT 500`);
    expect(resend).toContain('events_store_id_occurred_at_id_resource_type_ix');
    expect(resend).not.toContain('TEMP B-TREE');
  });

  it('counts the events logged before the migration', async () => {
    const d = await scratch.open();
    const at = migrations.findIndex((m) => m.name === '014_growth_value_counts');
    for (const m of migrations.slice(0, at)) await m.up(d.db, d.dialect);
    const [a, b] = await twoStores(d);
    // Rows as the log wrote them then (today's log code needs the later migrations' columns).
    await d.db.insertInto('events').values([[a, 1], [a, 2], [b, 1]].map(([storeId, sequence], i) => ({
      store_id: storeId, sequence, name: 'customer/created', resource_type: 'customer', resource_id: i + 1, occurred_at: stamp,
      payload: '{}', date_created: stamp, date_modified: stamp,
    }))).execute();
    await d.db.updateTable('stores').set({ event_sequence: sql`case when id = ${a} then 2 else 1 end` }).where('id', 'in', [a, b]).execute();
    for (const m of migrations.slice(at)) await m.up(d.db, d.dialect);
    await append(d, [ev(a, 4)]);
    const r = new Repository(d);
    expect(await total(r, a)).toBe(3);
    expect(await counted(r, b)).toBe(1);
  });
});
