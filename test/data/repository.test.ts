// The generic repository over the real engines: every filter operator of the query AST, order,
// paging, keyset cursors, per-parent limits on children, tenancy, and statement counts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openDatabase, type Database } from '../../src/db/database.js';
import { migrate } from '../../src/db/migrate.js';
import { Repository } from '../../src/data/repository.js';
import { buildRegistry } from '../../src/model/registry.js';
import { emptyQuery, type ListQuery } from '../../src/data/query.js';
import { engines, PG_URL } from '../helpers/app.js';

const registry = buildRegistry();
const tax = registry.resource('tax');
const category = registry.resource('item_category');
const link = registry.resource('tax_item_category');
const stamp = '2026-01-01T00:00:00+0000';

const q = (patch: Partial<ListQuery>): ListQuery => ({ ...emptyQuery(50), ...patch });

describe.each(engines())('repository on %s', (engine) => {
  let database: Database;
  let repo: Repository;
  let schema: string | undefined;
  let storeA: number;
  let storeB: number;
  const taxIds: number[] = [];
  const catIds: number[] = [];

  beforeAll(async () => {
    schema = engine === 'postgres' ? `repo_${randomBytes(4).toString('hex')}` : undefined;
    database = await openDatabase({ url: engine === 'postgres' ? PG_URL! : ':memory:', schema });
    await migrate(database);
    repo = new Repository(database);
    const db = database.db;
    const user = await db.insertInto('users').values({ first_name: 'A', last_name: 'B', email: 'a@b.c', date_created: stamp, date_modified: stamp }).returning('id').executeTakeFirstOrThrow();
    const store = (domain: string) => db.insertInto('stores').values({
      user_id: user.id, store_name: domain, store_domain: domain, store_url: 'https://x.y', store_email: 'x@y.z', postal_code: '1',
      region: 'R', country: 'US', date_created: stamp, date_modified: stamp,
    }).returning('id').executeTakeFirstOrThrow();
    storeA = Number((await store('a')).id);
    storeB = Number((await store('b')).id);
    for (let i = 0; i < 12; i++) {
      const row = await repo.insert(tax, {
        store_id: storeA, name: i % 3 === 0 ? `Alpha ${i}` : `Beta ${i}`, type: i % 2 ? 'global' : 'country',
        country: i % 4 === 0 ? null : 'US', rate: String(i + 0.5), is_live: i % 5 === 0, date_created: `2026-01-${String(i + 1).padStart(2, '0')}T00:00:00+0000`, date_modified: stamp,
      });
      taxIds.push(row.id);
    }
    await repo.insert(tax, { store_id: storeB, name: 'Other store', type: 'global', rate: '99', date_created: stamp, date_modified: stamp });
    for (let i = 0; i < 3; i++) {
      catIds.push((await repo.insert(category, { store_id: storeA, code: `C${i}`, name: `Cat ${i}`, date_created: stamp, date_modified: stamp })).id);
    }
    // Each tax links to 1..3 categories.
    for (const [n, taxId] of taxIds.entries()) {
      for (let j = 0; j <= n % 3; j++) {
        await repo.insert(link, { store_id: storeA, tax_id: taxId, item_category_id: catIds[j], date_created: stamp, date_modified: stamp });
      }
    }
  });
  afterAll(async () => {
    await database?.close();
    if (schema) {
      const c = new pg.Client({ connectionString: PG_URL });
      await c.connect();
      await c.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
      await c.end();
    }
  });

  const names = async (query: ListQuery) => (await repo.list(tax, { storeId: storeA }, query)).rows.map((r) => r.name);
  const rates = async (query: ListQuery) => (await repo.list(tax, { storeId: storeA }, query)).rows.map((r) => Number(r.rate));

  it('keeps every store to its own rows', async () => {
    expect((await repo.list(tax, { storeId: storeA }, q({}))).total).toBe(12);
    expect((await repo.list(tax, { storeId: storeB }, q({}))).rows.map((r) => r.name)).toEqual(['Other store']);
    expect((await repo.list(tax, {}, q({}))).rows).toEqual([]);
    expect(await repo.findById(tax, { storeId: storeB }, taxIds[0])).toBeUndefined();
    expect((await repo.findById(tax, { storeId: storeA }, taxIds[0]))?.name).toBe('Alpha 0');
  });

  it('applies every filter operator', async () => {
    expect(await rates(q({ filters: [{ field: 'type', op: 'eq', value: 'global' }] }))).toEqual([1.5, 3.5, 5.5, 7.5, 9.5, 11.5]);
    expect((await rates(q({ filters: [{ field: 'type', op: 'not', value: 'global' }] }))).length).toBe(6);
    expect(await rates(q({ filters: [{ field: 'id', op: 'in', value: [String(taxIds[0]), String(taxIds[3])] }] }))).toEqual([0.5, 3.5]);
    expect((await rates(q({ filters: [{ field: 'country', op: 'isdefined', value: false }] })))).toEqual([0.5, 4.5, 8.5]);
    expect((await rates(q({ filters: [{ field: 'country', op: 'isdefined', value: true }] }))).length).toBe(9);
    expect(await rates(q({ filters: [{ field: 'rate', op: 'gt', value: '10' }] }))).toEqual([10.5, 11.5]);
    expect(await rates(q({ filters: [{ field: 'rate', op: 'gte', value: '10.5' }] }))).toEqual([10.5, 11.5]);
    expect(await rates(q({ filters: [{ field: 'rate', op: 'lt', value: '2' }] }))).toEqual([0.5, 1.5]);
    expect(await rates(q({ filters: [{ field: 'rate', op: 'lte', value: '1.5' }] }))).toEqual([0.5, 1.5]);
    expect(await rates(q({ filters: [{ field: 'rate', op: 'between', value: ['2', '4'] }] }))).toEqual([2.5, 3.5]);
    expect(await names(q({ filters: [{ field: 'name', op: 'eq', value: 'Alpha*' }] }))).toEqual(['Alpha 0', 'Alpha 3', 'Alpha 6', 'Alpha 9']);
    expect(await names(q({ filters: [{ field: 'name', op: 'like', value: '*a 1*' }] }))).toEqual(['Beta 1', 'Beta 10', 'Beta 11']);
    expect(await rates(q({ filters: [{ field: 'is_live', op: 'eq', value: 'true' }] }))).toEqual([0.5, 5.5, 10.5]);
    expect(await rates(q({ filters: [{ field: 'date_created', op: 'lt', value: '2026-01-03' }] }))).toEqual([0.5, 1.5]);
    // Decimal comparisons are numeric, not textual ("10.5" > "9.5").
    expect(await rates(q({ filters: [{ field: 'rate', op: 'gt', value: '9' }] }))).toEqual([9.5, 10.5, 11.5]);
  });

  it('refuses unknown properties and mistyped values instead of reaching SQL', async () => {
    await expect(repo.list(tax, { storeId: storeA }, q({ filters: [{ field: 'nope', op: 'eq', value: 'x' }] }))).rejects.toThrow(/no property/);
    await expect(repo.list(tax, { storeId: storeA }, q({ filters: [{ field: 'rate', op: 'gt', value: '1; drop table taxes' }] }))).rejects.toThrow(/number/);
    await expect(repo.list(tax, { storeId: storeA }, q({ order: [{ field: 'password_hash', dir: 'asc' }] }))).rejects.toThrow(/no property/);
  });

  it('orders by several keys, pages with limit/offset and counts the whole collection', async () => {
    const page = await repo.list(tax, { storeId: storeA }, q({ order: [{ field: 'type', dir: 'asc' }, { field: 'rate', dir: 'desc' }], limit: 4, offset: 2 }));
    expect(page.rows.map((r) => Number(r.rate))).toEqual([6.5, 4.5, 2.5, 0.5]);
    expect(page.total).toBe(12);
  });

  it('walks keyset cursors forwards through ties', async () => {
    const order = [{ field: 'type', dir: 'asc' as const }];
    const seen: number[] = [];
    let after: ListQuery['after'];
    for (let i = 0; i < 5; i++) {
      const page = await repo.list(tax, { storeId: storeA }, q({ order, limit: 5, after }));
      seen.push(...page.rows.map((r) => r.id));
      if (page.rows.length < 5) break;
      const last = page.rows[page.rows.length - 1];
      after = { values: [last.type], id: last.id };
    }
    expect(new Set(seen).size).toBe(12);
    expect(seen.length).toBe(12);
  });

  it('loads children of many parents in one statement, with per-parent limits and filters', async () => {
    const rel = tax.relsByName.get('tax_item_categories')!;
    const before = database.stats.statements;
    const { byParent } = await repo.listChildren(rel, link, taxIds, q({ limit: 2, order: [{ field: 'id', dir: 'desc' }] }));
    expect(database.stats.statements - before).toBe(1);
    expect(taxIds.map((id) => byParent.get(id)!.length)).toEqual(taxIds.map((_, n) => Math.min(2, (n % 3) + 1)));
    const counts = await repo.countChildren(rel, link, taxIds, q({}));
    expect(taxIds.map((id) => counts.get(id))).toEqual(taxIds.map((_, n) => (n % 3) + 1));
    const filtered = await repo.listChildren(rel, link, taxIds, q({ filters: [{ field: 'id', op: 'gt', value: '0' }], offset: 1, limit: 1 }));
    expect(filtered.byParent.get(taxIds[0])).toEqual([]);
    expect(filtered.byParent.get(taxIds[2])!.length).toBe(1);
  });

  it('pages children per parent alike whether they fit one plain read or need the window query', async () => {
    const rel = tax.relsByName.get('tax_item_categories')!;
    const full = (await repo.listChildren(rel, link, taxIds, q({}))).byParent;
    // Parents have 1 to 3 children: when they hold more than parents × (offset + limit) in all, the
    // plain read overflows and the window query answers (2 statements); otherwise one statement.
    const total = [...full.values()].reduce((n, list) => n + list.length, 0);
    for (const limit of [1, 2, 3]) {
      for (const offset of [0, 1]) {
        for (const dir of ['asc', 'desc'] as const) {
          for (const fromEnd of [false, true]) {
            const before = database.stats.statements;
            const { byParent } = await repo.listChildren(rel, link, taxIds, q({ limit, offset, fromEnd, order: [{ field: 'id', dir }] }));
            const statements = database.stats.statements - before;
            for (const id of taxIds) {
              const all = full.get(id)!.map((r) => r.id).sort((x, y) => (dir === 'asc' ? x - y : y - x));
              const walk = fromEnd ? [...all].reverse() : all;
              const page = walk.slice(offset, offset + limit);
              expect(byParent.get(id)!.map((r) => r.id), `limit ${limit} offset ${offset} ${dir} fromEnd ${fromEnd}`)
                .toEqual(fromEnd ? page.reverse() : page);
            }
            expect(statements).toBe(total > taxIds.length * (limit + offset) ? 2 : 1);
          }
        }
      }
    }
  });

  it('runs the same number of statements for 3 and 12 parents', async () => {
    const rel = tax.relsByName.get('tax_item_categories')!;
    const run = async (ids: number[]) => {
      const before = database.stats.statements;
      const { byParent } = await repo.listChildren(rel, link, ids, q({}));
      const catIdsNeeded = [...byParent.values()].flat().map((r) => Number(r.item_category_id));
      await repo.findByIds(category, catIdsNeeded);
      return database.stats.statements - before;
    };
    expect(await run(taxIds.slice(0, 3))).toBe(await run(taxIds));
  });

  it('filters by attributes', async () => {
    const db = database.db;
    await db.insertInto('attributes').values({ store_id: storeA, parent_type: 'store', parent_id: storeA, name: 'color', value: 'red', visibility: 'private', date_created: stamp, date_modified: stamp }).execute();
    const store = registry.resource('store');
    const hit = await repo.list(store, { userId: 1 }, q({ attributeFilters: [{ rel: 'attributes', name: 'color', op: 'eq', value: 'red' }] }));
    expect(hit.rows.map((r) => r.id)).toEqual([storeA]);
    const miss = await repo.list(store, { userId: 1 }, q({ attributeFilters: [{ rel: 'attributes', name: 'color', op: 'eq', value: 'blue' }] }));
    expect(miss.rows).toEqual([]);
  });
});
