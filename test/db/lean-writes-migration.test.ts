// Migration 020 (issue 20): no index only repeats the leading columns of another (each is work in
// every write), and SQLite's row-count triggers are one upsert per counted row. A database whose
// rows were counted by the old triggers keeps exact counts through the migration and after it.
import { afterAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import type { Database } from '../../src/db/database.js';
import { migrate, migrations } from '../../src/db/migrate.js';
import { engines } from '../helpers/app.js';
import { scratchDatabases, twoStores } from '../helpers/scratch-db.js';
import { indexes } from '../helpers/indexes.js';

const stamp = '2026-01-01T00:00:00+0000';

/** A cart's page reads items(cart_id) in id order without sorting the cart (migration 015; partial since 022). */
const KEPT_PREFIXES = ['items_cart_id_ix'];

async function oldSqliteTriggers(d: Database, table: string): Promise<void> {
  const bump = (ref: string, delta: number) => `INSERT OR IGNORE INTO row_counts (table_name, store_id, shard, n) VALUES ('${table}', ${ref}.store_id, 0, 0);
    UPDATE row_counts SET n = n + ${delta} WHERE table_name = '${table}' AND store_id = ${ref}.store_id AND shard = 0;`;
  for (const kind of ['ins', 'del', 'move']) await sql.raw(`DROP TRIGGER ${table}_count_${kind}`).execute(d.db);
  await sql.raw(`CREATE TRIGGER ${table}_count_ins AFTER INSERT ON ${table} WHEN NEW.store_id IS NOT NULL BEGIN ${bump('NEW', 1)} END`).execute(d.db);
  await sql.raw(`CREATE TRIGGER ${table}_count_del AFTER DELETE ON ${table} WHEN OLD.store_id IS NOT NULL BEGIN ${bump('OLD', -1)} END`).execute(d.db);
  await sql.raw(`CREATE TRIGGER ${table}_count_move AFTER UPDATE OF store_id ON ${table} WHEN OLD.store_id IS NOT NEW.store_id BEGIN
    ${bump('OLD', -1)} ${bump('NEW', 1)} END`).execute(d.db);
}

describe.each(engines())('migration 020 (leaner writes) on %s', (engine) => {
  const scratch = scratchDatabases(engine, 'lean_writes');
  afterAll(() => scratch.closeAll());

  it('leaves no index that only repeats the leading columns of another', async () => {
    const d = await scratch.open();
    await migrate(d);
    const all = await indexes(d);
    // Partial indexes are compared with partial ones (those of one table here share their predicate:
    // the first column set, migration 022), full ones with full ones.
    const repeats = all.filter((a) => !a.unique && all.some((b) => b !== a && b.table === a.table && b.partial === a.partial
      && b.columns.length >= a.columns.length && a.columns.every((c, k) => b.columns[k] === c)));
    expect(repeats.map((r) => r.name).sort()).toEqual(KEPT_PREFIXES);
    expect(all.some((i) => i.name === 'transactions_subscription_id_renewal_date_uq')).toBe(true);
  });

  it('keeps counts exact across the migration, on rows counted by the old triggers', async () => {
    const d = await scratch.open();
    const at = migrations.findIndex((m) => m.name === '020_leaner_writes');
    for (const m of migrations.slice(0, at)) await m.up(d.db, d.dialect);
    const [a, b] = await twoStores(d);
    let n = 0;
    const add = async (storeId: number) => Number((await d.db.insertInto('customers').values({
      store_id: storeId, first_name: 'C', last_name: 'D', email: `c${++n}@example.com`, date_created: stamp, date_modified: stamp,
    }).returning('id').executeTakeFirstOrThrow()).id);
    // On SQLite, the triggers as 012 made them before 020 (two statements per counted row).
    if (engine === 'sqlite') await oldSqliteTriggers(d, 'customers');
    const before = [await add(a), await add(a), await add(a)];
    await d.db.deleteFrom('customers').where('id', '=', before[0]).execute();
    await migrations[at].up(d.db, d.dialect);
    await add(a);
    await add(b);
    await d.db.updateTable('customers').set({ store_id: b }).where('id', '=', before[1]).execute();
    await d.db.deleteFrom('customers').where('id', '=', before[2]).execute();
    const kept = async (storeId: number) => Number((await sql<{ n: number }>`select coalesce(sum(n), 0) as n from row_counts
      where table_name = 'customers' and store_id = ${storeId}`.execute(d.db)).rows[0].n);
    const exact = async (storeId: number) => Number((await sql<{ n: number }>`select count(*) as n from customers where store_id = ${storeId}`.execute(d.db)).rows[0].n);
    expect([await kept(a), await kept(b)]).toEqual([await exact(a), await exact(b)]);
    expect([await exact(a), await exact(b)]).toEqual([1, 2]);
    if (engine === 'sqlite') {
      // One statement per counted row: no INSERT OR IGNORE before an UPDATE left in any count trigger.
      const triggers = (await sql<{ name: string; sql: string }>`select name, sql from sqlite_master where type = 'trigger' and name like '%_count_%'`.execute(d.db)).rows;
      expect(triggers.length).toBeGreaterThan(0);
      expect(triggers.filter((t) => /INSERT OR IGNORE/i.test(t.sql)).map((t) => t.name)).toEqual([]);
    }
  });
});
