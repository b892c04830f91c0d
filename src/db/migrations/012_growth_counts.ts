// Row counts per store and table (see src/db/row-counts.ts), kept by triggers in the transaction of
// every write, so they are exact and every writer (the service, a bulk import, a cascade) keeps
// them. PostgreSQL counts once per statement from its transition tables and spreads each store
// over COUNT_SHARDS rows by connection; SQLite has one writer at a time and counts per row.
import { sql } from 'kysely';
import type { Db, Dialect } from '../database.js';
import { index } from '../columns.js';
import { COUNTED_BY_012, COUNT_SHARDS } from '../row-counts.js';

export async function up(db: Db, dialect: Dialect): Promise<void> {
  const int = dialect === 'postgres' ? 'bigint' : 'integer';
  await db.schema.createTable('row_counts')
    .addColumn('table_name', 'text', (c) => c.notNull())
    .addColumn('store_id', int, (c) => c.notNull())
    .addColumn('shard', 'integer', (c) => c.notNull())
    .addColumn('n', int, (c) => c.notNull())
    .addPrimaryKeyConstraint('row_counts_pk', ['table_name', 'store_id', 'shard'])
    .execute();
  if (dialect === 'postgres') await postgresCounters(db);
  for (const table of COUNTED_BY_012) {
    await countRowsOf(db, dialect, table);
    if (dialect === 'postgres') await storeOrderIndex(db, table);
  }
}

/** Keeps `table`'s rows per store counted from now on, and counts those already there. */
export async function countRowsOf(db: Db, dialect: Dialect, table: string): Promise<void> {
  if (dialect === 'sqlite') await sqliteCounters(db, table);
  else {
    await sql.raw(`CREATE TRIGGER ${table}_count_ins AFTER INSERT ON ${table} REFERENCING NEW TABLE AS new_rows
      FOR EACH STATEMENT EXECUTE FUNCTION row_counts_ins()`).execute(db);
    await sql.raw(`CREATE TRIGGER ${table}_count_del AFTER DELETE ON ${table} REFERENCING OLD TABLE AS old_rows
      FOR EACH STATEMENT EXECUTE FUNCTION row_counts_del()`).execute(db);
    // Rows almost never change store; only those that do pay for this one.
    await sql.raw(`CREATE TRIGGER ${table}_count_move AFTER UPDATE OF store_id ON ${table}
      FOR EACH ROW WHEN (OLD.store_id IS DISTINCT FROM NEW.store_id) EXECUTE FUNCTION row_counts_move()`).execute(db);
  }
  await sql.raw(`INSERT INTO row_counts (table_name, store_id, shard, n)
    SELECT '${table}', store_id, 0, count(*) FROM ${table} WHERE store_id IS NOT NULL GROUP BY store_id`).execute(db);
}

/**
 * A page of a store's collection is ordered by id: PostgreSQL's index on store_id alone keeps equal
 * keys in heap order, so it sorted the whole store for every page (and every keyset or offset page);
 * (store_id, id) reads just the page and replaces it. SQLite's index already ends with the rowid (id).
 */
async function storeOrderIndex(db: Db, table: string): Promise<void> {
  await index(db, table, ['store_id', 'id']);
  await db.schema.dropIndex(`${table}_store_id_ix`).ifExists().execute();
}

async function postgresCounters(db: Db): Promise<void> {
  const shard = `pg_backend_pid() % ${COUNT_SHARDS}`;
  const add = (rows: string, sign: string) => `INSERT INTO row_counts (table_name, store_id, shard, n)
    SELECT TG_TABLE_NAME, store_id, ${shard}, ${sign}count(*) FROM ${rows} WHERE store_id IS NOT NULL GROUP BY store_id
    ON CONFLICT (table_name, store_id, shard) DO UPDATE SET n = row_counts.n + EXCLUDED.n;`;
  await sql.raw(`CREATE FUNCTION row_counts_ins() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN ${add('new_rows', '')} RETURN NULL; END $$`).execute(db);
  await sql.raw(`CREATE FUNCTION row_counts_del() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN ${add('old_rows', '-')} RETURN NULL; END $$`).execute(db);
  await sql.raw(`CREATE FUNCTION row_counts_move() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN
    INSERT INTO row_counts (table_name, store_id, shard, n) VALUES (TG_TABLE_NAME, OLD.store_id, ${shard}, -1), (TG_TABLE_NAME, NEW.store_id, ${shard}, 1)
      ON CONFLICT (table_name, store_id, shard) DO UPDATE SET n = row_counts.n + EXCLUDED.n;
    RETURN NULL; END $$`).execute(db);
}

/** SQLite counts per row, one upsert of the store's counter row each (the form since 020). */
export async function sqliteCounters(db: Db, table: string): Promise<void> {
  const bump = (ref: 'NEW' | 'OLD', delta: number) => `INSERT INTO row_counts (table_name, store_id, shard, n) VALUES ('${table}', ${ref}.store_id, 0, ${delta})
      ON CONFLICT (table_name, store_id, shard) DO UPDATE SET n = row_counts.n + EXCLUDED.n;`;
  await sql.raw(`CREATE TRIGGER ${table}_count_ins AFTER INSERT ON ${table} WHEN NEW.store_id IS NOT NULL BEGIN ${bump('NEW', 1)} END`).execute(db);
  await sql.raw(`CREATE TRIGGER ${table}_count_del AFTER DELETE ON ${table} WHEN OLD.store_id IS NOT NULL BEGIN ${bump('OLD', -1)} END`).execute(db);
  await sql.raw(`CREATE TRIGGER ${table}_count_move AFTER UPDATE OF store_id ON ${table} WHEN OLD.store_id IS NOT NEW.store_id BEGIN
      ${bump('OLD', -1)} ${bump('NEW', 1)} END`).execute(db);
}
