// A webhook's statuses and logs, paged and counted without reading them all (issue 20, session 52).
// Neither is ever pruned: a webhook gets a status per event it takes and a log per attempt, and
// the first page of either read them all, 34–71 ms at 300,000 rows (docs/perf-notes/growth.md):
// `total_items` was a count(*), and on PostgreSQL (on SQLite for statuses) no index gave the id
// order under the webhook, so the page sorted every row. Here:
// - an index in id order under the webhook: (webhook_id, id) for statuses, and on PostgreSQL for
//   logs too, where it replaces (webhook_id) and serves every look-up that did (SQLite's logs
//   (webhook_id) already ends with the rowid);
// - parent_counts: rows per table and parent, kept by triggers in the writing transaction as 012's
//   row_counts are per store (PostgreSQL once per statement from its transition tables, spread over
//   COUNT_SHARDS rows by connection, so deliveries to one webhook do not queue on one counter row;
//   SQLite one upsert per row), and counted from what is there.
import { sql } from 'kysely';
import type { Db, Dialect } from '../database.js';
import { index } from '../columns.js';
import { COUNT_SHARDS } from '../row-counts.js';

/** The tables this migration counts and their parent's column (row-counts.ts COUNTED_BY_PARENT names them since). */
const COUNTED_BY_024: ReadonlyArray<[table: string, parent: string]> = [['webhook_statuses', 'webhook_id'], ['webhook_logs', 'webhook_id']];

export async function up(db: Db, dialect: Dialect): Promise<void> {
  const int = dialect === 'postgres' ? 'bigint' : 'integer';
  await db.schema.createTable('parent_counts')
    .addColumn('table_name', 'text', (c) => c.notNull())
    .addColumn('parent_id', int, (c) => c.notNull())
    .addColumn('shard', 'integer', (c) => c.notNull())
    .addColumn('n', int, (c) => c.notNull())
    .addPrimaryKeyConstraint('parent_counts_pk', ['table_name', 'parent_id', 'shard'])
    .execute();
  // (webhook_id, id) on both engines for statuses: (webhook_id) alone would repeat the leading
  // column of the unique (webhook_id, event_id), which 020 allows no index to do.
  await index(db, 'webhook_statuses', ['webhook_id', 'id']);
  if (dialect === 'postgres') {
    await index(db, 'webhook_logs', ['webhook_id', 'id']);
    await db.schema.dropIndex('webhook_logs_webhook_id_ix').execute();
  }
  for (const [table, parent] of COUNTED_BY_024) {
    if (dialect === 'postgres') await postgresCounters(db, table, parent);
    else await sqliteCounters(db, table, parent);
    await sql.raw(`INSERT INTO parent_counts (table_name, parent_id, shard, n)
      SELECT '${table}', ${parent}, 0, count(*) FROM ${table} WHERE ${parent} IS NOT NULL GROUP BY ${parent}`).execute(db);
  }
}

async function postgresCounters(db: Db, table: string, parent: string): Promise<void> {
  const add = (rows: string, sign: string) => `INSERT INTO parent_counts (table_name, parent_id, shard, n)
    SELECT TG_TABLE_NAME, ${parent}, pg_backend_pid() % ${COUNT_SHARDS}, ${sign}count(*) FROM ${rows} WHERE ${parent} IS NOT NULL GROUP BY ${parent}
    ON CONFLICT (table_name, parent_id, shard) DO UPDATE SET n = parent_counts.n + EXCLUDED.n;`;
  await sql.raw(`CREATE FUNCTION ${table}_parent_count_ins() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN ${add('new_rows', '')} RETURN NULL; END $$`).execute(db);
  await sql.raw(`CREATE FUNCTION ${table}_parent_count_del() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN ${add('old_rows', '-')} RETURN NULL; END $$`).execute(db);
  await sql.raw(`CREATE TRIGGER ${table}_parent_count_ins AFTER INSERT ON ${table} REFERENCING NEW TABLE AS new_rows
    FOR EACH STATEMENT EXECUTE FUNCTION ${table}_parent_count_ins()`).execute(db);
  await sql.raw(`CREATE TRIGGER ${table}_parent_count_del AFTER DELETE ON ${table} REFERENCING OLD TABLE AS old_rows
    FOR EACH STATEMENT EXECUTE FUNCTION ${table}_parent_count_del()`).execute(db);
  // A row never changes webhook; one that did would pay for this.
  await sql.raw(`CREATE FUNCTION ${table}_parent_count_move() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN
    INSERT INTO parent_counts (table_name, parent_id, shard, n) VALUES (TG_TABLE_NAME, OLD.${parent}, pg_backend_pid() % ${COUNT_SHARDS}, -1),
      (TG_TABLE_NAME, NEW.${parent}, pg_backend_pid() % ${COUNT_SHARDS}, 1)
      ON CONFLICT (table_name, parent_id, shard) DO UPDATE SET n = parent_counts.n + EXCLUDED.n;
    RETURN NULL; END $$`).execute(db);
  await sql.raw(`CREATE TRIGGER ${table}_parent_count_move AFTER UPDATE OF ${parent} ON ${table}
    FOR EACH ROW WHEN (OLD.${parent} IS DISTINCT FROM NEW.${parent}) EXECUTE FUNCTION ${table}_parent_count_move()`).execute(db);
}

async function sqliteCounters(db: Db, table: string, parent: string): Promise<void> {
  const bump = (ref: 'NEW' | 'OLD', delta: number) => `INSERT INTO parent_counts (table_name, parent_id, shard, n) VALUES ('${table}', ${ref}.${parent}, 0, ${delta})
      ON CONFLICT (table_name, parent_id, shard) DO UPDATE SET n = parent_counts.n + EXCLUDED.n;`;
  await sql.raw(`CREATE TRIGGER ${table}_parent_count_ins AFTER INSERT ON ${table} WHEN NEW.${parent} IS NOT NULL BEGIN ${bump('NEW', 1)} END`).execute(db);
  await sql.raw(`CREATE TRIGGER ${table}_parent_count_del AFTER DELETE ON ${table} WHEN OLD.${parent} IS NOT NULL BEGIN ${bump('OLD', -1)} END`).execute(db);
  await sql.raw(`CREATE TRIGGER ${table}_parent_count_move AFTER UPDATE OF ${parent} ON ${table} WHEN OLD.${parent} IS NOT NEW.${parent} BEGIN
      ${bump('OLD', -1)} ${bump('NEW', 1)} END`).execute(db);
}
