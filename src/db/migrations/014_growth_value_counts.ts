// Growth, continued (issue 20): rows per store and value of a few enumerated columns
// (COUNTED_VALUES, src/db/row-counts.ts), kept by triggers in the writing transaction like the
// row counts of 012, so a collection filtered by such a value (`status=captured`) has an exact
// total that does not grow with the store; the event log's rows per store counted as 012 counts
// transactions (its first page's total_items counted the whole log); and an index for a
// webhook's resend since a time.
import { sql } from 'kysely';
import type { Db, Dialect } from '../database.js';
import { index } from '../columns.js';
import { COUNTED_VALUES, COUNT_SHARDS } from '../row-counts.js';
import { countRowsOf } from './012_growth_counts.js';

export async function up(db: Db, dialect: Dialect): Promise<void> {
  const int = dialect === 'postgres' ? 'bigint' : 'integer';
  await db.schema.createTable('value_counts')
    .addColumn('table_name', 'text', (c) => c.notNull())
    .addColumn('column_name', 'text', (c) => c.notNull())
    .addColumn('store_id', int, (c) => c.notNull())
    // As text on both engines: an enum's stored name, a flag's 0 or 1.
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('shard', 'integer', (c) => c.notNull())
    .addColumn('n', int, (c) => c.notNull())
    .addPrimaryKeyConstraint('value_counts_pk', ['table_name', 'column_name', 'store_id', 'value', 'shard'])
    .execute();
  for (const [table, columns] of Object.entries(COUNTED_VALUES)) {
    for (const column of columns) {
      if (dialect === 'postgres') await postgresCounter(db, table, column);
      else await sqliteCounter(db, table, column);
      await sql.raw(`INSERT INTO value_counts (table_name, column_name, store_id, value, shard, n)
        SELECT '${table}', '${column}', store_id, CAST(${column} AS TEXT), 0, count(*) FROM ${table}
        WHERE store_id IS NOT NULL AND ${column} IS NOT NULL GROUP BY store_id, ${column}`).execute(db);
      // A store's page filtered by one value, in id order, as the ids of an index-only scan (the
      // repository's deferred join): without it PostgreSQL walked the primary key past the rows of
      // every store before this one (653 ms for a 100,000 store after a 1,000,000 one). SQLite's
      // store_id index already ends with the rowid, and it never walked past other stores.
      if (dialect === 'postgres') await index(db, table, ['store_id', column, 'id']);
    }
  }
  // Every write appends events and takes its store row's lock to number them (src/events/log.ts):
  // the counter row adds no waiting of its own.
  await countRowsOf(db, dialect, 'events');
  // A store's page of its log in id order (the REST feed's first page) had no index in that order:
  // PostgreSQL walked the primary key past every other store's events (as transactions did before
  // 012, see there), SQLite sorted all of the store's events. Both read it through (store_id, id)
  // now (on PostgreSQL as the repository's deferred join). The unique (store_id, sequence) stays.
  await index(db, 'events', ['store_id', 'id']);
  // A webhook's resend since a time (src/events/resend.ts) reads the store's events of one resource
  // from that time on, in (occurred_at, id) order: with this index it starts there instead of
  // walking the store's whole log (a store's catch-up after downtime cost its history's size).
  await index(db, 'events', ['store_id', 'resource_type', 'occurred_at', 'id']);
}

const UPSERT = `ON CONFLICT (table_name, column_name, store_id, value, shard) DO UPDATE SET n = value_counts.n + EXCLUDED.n`;

/**
 * PostgreSQL: inserts and deletes are counted once per statement from the transition tables, over
 * the same per-connection shards as row_counts; a row whose value (or store) changes is counted by
 * a row trigger that fires only then. Rows are taken in (store, value) order within a statement.
 */
async function postgresCounter(db: Db, table: string, column: string): Promise<void> {
  const shard = `pg_backend_pid() % ${COUNT_SHARDS}`;
  const name = `value_counts_${table}_${column}`;
  const add = (rows: string, sign: string) => `INSERT INTO value_counts (table_name, column_name, store_id, value, shard, n)
    SELECT '${table}', '${column}', store_id, CAST(${column} AS TEXT), ${shard}, ${sign}count(*) FROM ${rows}
    WHERE store_id IS NOT NULL AND ${column} IS NOT NULL GROUP BY store_id, ${column} ORDER BY 3, 4 ${UPSERT};`;
  await sql.raw(`CREATE FUNCTION ${name}_ins() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN ${add('new_rows', '')} RETURN NULL; END $$`).execute(db);
  await sql.raw(`CREATE FUNCTION ${name}_del() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN ${add('old_rows', '-')} RETURN NULL; END $$`).execute(db);
  await sql.raw(`CREATE FUNCTION ${name}_upd() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN
    INSERT INTO value_counts (table_name, column_name, store_id, value, shard, n)
      SELECT '${table}', '${column}', s, v, ${shard}, d FROM (VALUES (OLD.store_id, CAST(OLD.${column} AS TEXT), -1), (NEW.store_id, CAST(NEW.${column} AS TEXT), 1)) AS x(s, v, d)
      WHERE s IS NOT NULL AND v IS NOT NULL ORDER BY s, v ${UPSERT};
    RETURN NULL; END $$`).execute(db);
  await sql.raw(`CREATE TRIGGER ${table}_${column}_vcount_ins AFTER INSERT ON ${table} REFERENCING NEW TABLE AS new_rows
    FOR EACH STATEMENT EXECUTE FUNCTION ${name}_ins()`).execute(db);
  await sql.raw(`CREATE TRIGGER ${table}_${column}_vcount_del AFTER DELETE ON ${table} REFERENCING OLD TABLE AS old_rows
    FOR EACH STATEMENT EXECUTE FUNCTION ${name}_del()`).execute(db);
  await sql.raw(`CREATE TRIGGER ${table}_${column}_vcount_upd AFTER UPDATE OF ${column}, store_id ON ${table} FOR EACH ROW
    WHEN (OLD.${column} IS DISTINCT FROM NEW.${column} OR OLD.store_id IS DISTINCT FROM NEW.store_id) EXECUTE FUNCTION ${name}_upd()`).execute(db);
}

/** SQLite has one writer at a time: one counter row per store and value, counted per row. */
async function sqliteCounter(db: Db, table: string, column: string): Promise<void> {
  const bump = (ref: 'NEW' | 'OLD', delta: number) => `INSERT INTO value_counts (table_name, column_name, store_id, value, shard, n)
      SELECT '${table}', '${column}', ${ref}.store_id, CAST(${ref}.${column} AS TEXT), 0, ${delta}
      WHERE ${ref}.store_id IS NOT NULL AND ${ref}.${column} IS NOT NULL ${UPSERT};`;
  await sql.raw(`CREATE TRIGGER ${table}_${column}_vcount_ins AFTER INSERT ON ${table} BEGIN ${bump('NEW', 1)} END`).execute(db);
  await sql.raw(`CREATE TRIGGER ${table}_${column}_vcount_del AFTER DELETE ON ${table} BEGIN ${bump('OLD', -1)} END`).execute(db);
  await sql.raw(`CREATE TRIGGER ${table}_${column}_vcount_upd AFTER UPDATE OF ${column}, store_id ON ${table}
    WHEN OLD.${column} IS NOT NEW.${column} OR OLD.store_id IS NOT NEW.store_id BEGIN ${bump('OLD', -1)} ${bump('NEW', 1)} END`).execute(db);
}
