// A webhook's statuses and logs, counted per webhook since migration 024 (parent_counts) and read
// in id order from an index under the webhook: neither is ever pruned, and their first page read
// them all (34–71 ms at 300,000 rows, docs/perf-notes/growth.md). The counts are exact through
// multi-row inserts, concurrent writers, deletions, a webhook's deletion and the backfill of rows
// written before the migration; a filtered page still counts its rows.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { inTransaction, type Database } from '../../src/db/database.js';
import { migrations } from '../../src/db/migrate.js';
import { Repository } from '../../src/data/repository.js';
import { buildRegistry } from '../../src/model/registry.js';
import { emptyQuery, type ListQuery } from '../../src/data/query.js';
import { engines } from '../helpers/app.js';
import { openTwoStores, scratchDatabases, twoStores } from '../helpers/scratch-db.js';

const registry = buildRegistry();
const webhook = registry.resource('webhook');
const stamp = '2026-01-01T00:00:00+0000';
let resourceId = 0;

describe.each(engines())('kept webhook page counts on %s', (engine) => {
  const scratch = scratchDatabases(engine, 'whcounts');
  let database: Database;
  let repo: Repository;
  let storeA: number;
  let storeB: number;

  const newWebhook = async (d: Database, storeId: number) => Number((await d.db.insertInto('webhooks')
    .values({ store_id: storeId, name: 'w', format: 'json', url: 'https://hooks.example/w', date_created: stamp, date_modified: stamp } as never)
    .returning('id').executeTakeFirstOrThrow()).id);
  const statuses = (storeId: number, webhookId: number, n: number) => Array.from({ length: n }, () => ({
    store_id: storeId, webhook_id: webhookId, resource_type: 'customer', resource_id: ++resourceId, event: 'customer/created',
    status: 'successful', attempts: 1, date_created: stamp, date_modified: stamp,
  }));
  const logs = (storeId: number, webhookId: number, n: number) => Array.from({ length: n }, () => ({
    store_id: storeId, webhook_id: webhookId, resource_type: 'customer', resource_id: ++resourceId, event: 'customer/created',
    response_code: 200, duration: 5, date_created: stamp, date_modified: stamp,
  }));
  const exact = async (d: Database, table: 'webhook_statuses' | 'webhook_logs', webhookId: number) =>
    Number((await d.db.selectFrom(table).select(sql<number>`count(*)`.as('n')).where('webhook_id', '=', webhookId).executeTakeFirstOrThrow()).n);
  const totals = async (r: Repository, rel: 'statuses' | 'logs', webhookId: number, storeId: number, q: ListQuery = emptyQuery(2)) => {
    const relDef = webhook.relsByName.get(rel)!;
    const child = registry.resource(relDef.target);
    const page = await r.listChildren(relDef, child, [webhookId], q, { storeId }, { total: true });
    const counted = await r.countChildren(relDef, child, [webhookId], q, { storeId });
    return [page.total ?? 0, counted.get(webhookId) ?? 0];
  };

  beforeAll(async () => {
    ({ database, repo, storeA, storeB } = await openTwoStores(scratch));
  });
  afterAll(() => scratch.closeAll());

  it('counts statuses and logs per webhook exactly, through concurrent writers, deletions and a webhook\'s deletion', async () => {
    const [w1, w2] = [await newWebhook(database, storeA), await newWebhook(database, storeA)];
    await database.db.insertInto('webhook_statuses').values(statuses(storeA, w1, 7)).execute();
    await database.db.insertInto('webhook_logs').values(logs(storeA, w1, 5)).execute();
    await Promise.all(Array.from({ length: 12 }, (_, i) => inTransaction(database, async (tx) => {
      await tx.insertInto('webhook_statuses').values(statuses(storeA, i % 2 ? w1 : w2, 3)).execute();
      await tx.insertInto('webhook_logs').values(logs(storeA, i % 3 ? w1 : w2, 2)).execute();
    })));
    await database.db.deleteFrom('webhook_logs').where('webhook_id', '=', w1).where('id', 'in',
      database.db.selectFrom('webhook_logs').select('id').where('webhook_id', '=', w1).orderBy('id').limit(4)).execute();
    for (const w of [w1, w2]) {
      expect(await totals(repo, 'statuses', w, storeA)).toEqual(Array(2).fill(await exact(database, 'webhook_statuses', w)));
      expect(await totals(repo, 'logs', w, storeA)).toEqual(Array(2).fill(await exact(database, 'webhook_logs', w)));
    }
    expect(await exact(database, 'webhook_statuses', w1)).toBe(7 + 18);
    // Read from the kept count: a count moved by hand moves the total; a filtered page counts rows.
    await database.db.insertInto('parent_counts').values({ table_name: 'webhook_statuses', parent_id: w1, shard: 999, n: 1000 }).execute();
    try {
      expect(await totals(repo, 'statuses', w1, storeA)).toEqual([1025, 1025]);
      const failed: ListQuery = { ...emptyQuery(2), filters: [{ field: 'status', op: 'eq', value: 'successful' }] };
      expect(await totals(repo, 'statuses', w1, storeA, failed)).toEqual([25, 25]);
    } finally {
      await database.db.deleteFrom('parent_counts').where('shard', '=', 999).execute();
    }
    // A webhook's deletion takes its statuses and logs (the foreign keys' cascade), and their counts, with it.
    await database.db.deleteFrom('webhooks').where('id', '=', w2).execute();
    expect(await exact(database, 'webhook_statuses', w2)).toBe(0);
    const left = await database.db.selectFrom('parent_counts').select(sql<number>`coalesce(sum(n), 0)`.as('n')).where('parent_id', '=', w2).executeTakeFirstOrThrow();
    expect(Number(left.n)).toBe(0);
  });

  it('counts nothing of another store\'s webhook, and counts rows for a caller without a store', async () => {
    const other = await newWebhook(database, storeB);
    await database.db.insertInto('webhook_statuses').values(statuses(storeB, other, 4)).execute();
    // Store A's caller, handed store B's webhook: no rows and no count, kept or not.
    expect(await totals(repo, 'statuses', other, storeA)).toEqual([0, 0]);
    expect(await totals(repo, 'statuses', other, storeB)).toEqual([4, 4]);
    const relDef = webhook.relsByName.get('statuses')!;
    const counted = await repo.countChildren(relDef, registry.resource(relDef.target), [other], emptyQuery(2));
    expect(counted.get(other)).toBe(4);
  });

  it('reads a webhook\'s page in id order from an index, without sorting its rows', async () => {
    for (const table of ['webhook_statuses', 'webhook_logs']) {
      const query = sql`select * from ${sql.table(table)} t where t.webhook_id = ${1} order by t.id limit ${100}`;
      const plan = engine === 'sqlite'
        ? (await sql`EXPLAIN QUERY PLAN ${query}`.execute(database.db)).rows.map((r) => String((r as { detail: string }).detail)).join('; ')
        : await database.db.transaction().execute(async (tx) => {
          await sql`set local enable_seqscan = off`.execute(tx);
          await sql`set local enable_sort = off`.execute(tx);
          return (await sql`EXPLAIN ${query}`.execute(tx)).rows.map((r) => String(Object.values(r as object)[0])).join('; ');
        });
      expect(plan, table).toMatch(/webhook_id/);
      expect(plan, table).not.toMatch(/TEMP B-TREE|Sort\s+\(cost/);
    }
  });

  it('counts the statuses and logs written before the migration', async () => {
    const d = await scratch.open();
    const at = migrations.findIndex((m) => m.name === '024_webhook_page_counts');
    for (const m of migrations.slice(0, at)) await m.up(d.db, d.dialect);
    const [a] = await twoStores(d);
    const w = await newWebhook(d, a);
    await d.db.insertInto('webhook_statuses').values(statuses(a, w, 4)).execute();
    await d.db.insertInto('webhook_logs').values(logs(a, w, 3)).execute();
    for (const m of migrations.slice(at)) await m.up(d.db, d.dialect);
    await d.db.insertInto('webhook_logs').values(logs(a, w, 1)).execute();
    const r = new Repository(d);
    expect(await totals(r, 'statuses', w, a)).toEqual([4, 4]);
    expect(await totals(r, 'logs', w, a)).toEqual([4, 4]);
  });
});
