// Exact row counts per store, kept by the database in the writing transaction (migration
// 012_growth_counts), so an unfiltered collection's total_items reads a few rows instead of
// counting the whole store: its cost stays flat as the store grows. The same holds, per value, for
// a collection narrowed to values of one enumerated column (value_counts).
import { sql, type RawBuilder } from 'kysely';

/** The tables migration 012 counts. */
export const COUNTED_BY_012: readonly string[] = ['transactions', 'customers', 'subscriptions'];

/**
 * Tables whose rows per store are counted: the collections that grow without bound with trade, and
 * (since 014) the event log, which grows with every write. Each has a (store_id, id) index on
 * PostgreSQL, through which the repository reads a store's page in id order.
 */
export const COUNTED_TABLES: readonly string[] = [...COUNTED_BY_012, 'events'];

/**
 * PostgreSQL spreads one store's count over this many rows (chosen by the writing connection), so
 * concurrent writes of one store rarely wait on each other's counter row until commit.
 */
export const COUNT_SHARDS = 16;

/**
 * Tables whose rows per parent are counted (parent_counts, migration 024), by the parent's column:
 * collections under a parent other than the store that grow without bound (a webhook's statuses,
 * one per event it takes, and logs, one per attempt; neither is pruned).
 */
export const COUNTED_BY_PARENT: Readonly<Record<string, { column: string; parentTable: string }>> = {
  webhook_statuses: { column: 'webhook_id', parentTable: 'webhooks' },
  webhook_logs: { column: 'webhook_id', parentTable: 'webhooks' },
};

/**
 * The kept counts of `table` under `parentIds`, counted only for parents of the store `storeId`:
 * parent_counts knows no store, and a parent of another store counts nothing (as its rows would
 * not, filtered by the store's tenancy), whoever passed its id.
 */
export function parentCounts(table: string, parentIds: readonly number[], storeId: number): RawBuilder<{ p: number; n: number }> {
  const parents = sql.table(COUNTED_BY_PARENT[table].parentTable);
  return sql`SELECT pc.parent_id AS p, sum(pc.n) AS n FROM parent_counts pc
    WHERE pc.table_name = ${table} AND pc.parent_id IN (${sql.join([...parentIds])})
      AND pc.parent_id IN (SELECT o.id FROM ${parents} o WHERE o.store_id = ${storeId}) GROUP BY pc.parent_id`;
}

/** The exact number of `table` rows under one parent of the store `storeId`, as a scalar subquery. */
export function parentRowCount(table: string, parentId: number, storeId: number): RawBuilder<number> {
  return sql<number>`(SELECT coalesce(sum(q.n), 0) FROM (${parentCounts(table, [parentId], storeId)}) q)`;
}

/** The exact number of `table` rows of one store, as a scalar subquery. */
export function storeRowCount(table: string, storeId: number): RawBuilder<number> {
  return sql<number>`(SELECT coalesce(sum(rc.n), 0) FROM row_counts rc WHERE rc.table_name = ${table} AND rc.store_id = ${storeId})`;
}

/**
 * Enumerated columns whose rows per store and value are counted too (value_counts, migration
 * 014_growth_value_counts): the filters a store's collection is commonly narrowed by (a status, a
 * flag), so `status=captured` reads its total from a few rows as the unfiltered collection does.
 * Only columns with a handful of values belong here: each value of each store is a counter row.
 */
export const COUNTED_VALUES: Readonly<Record<string, readonly string[]>> = {
  transactions: ['status'],
  subscriptions: ['is_active'],
};

/** The exact number of `table` rows of one store whose `column` holds one of `values`, as a scalar subquery. */
export function storeValueCount(table: string, column: string, storeId: number, values: readonly string[]): RawBuilder<number> {
  return sql<number>`(SELECT coalesce(sum(vc.n), 0) FROM value_counts vc WHERE vc.table_name = ${table} AND vc.column_name = ${column}
    AND vc.store_id = ${storeId} AND vc.value IN (${sql.join([...values])}))`;
}

/**
 * Logs numbered per store without gaps: the store row's counter holds the last number given, every
 * row from 1 to it exists (numbers are drawn under the store row's lock in the appending
 * transaction, which a rollback takes back with them; no row of the log is ever deleted but with
 * its store), so the rows after a position are counted by one subtraction. The events feed after
 * a position counted its backlog (a consumer catching up read it again on every page: 22.7 ms a
 * page 900,000 behind on SQLite, BENCHMARKS.md round 31).
 */
export const SEQUENCED_LOGS: Readonly<Record<string, { column: string; counter: string }>> = {
  events: { column: 'sequence', counter: 'event_sequence' },
};

/** The number of rows of the sequenced log `table` after position `after`, over a store row `s`. */
export function countAfter(table: string, after: number): RawBuilder<number> {
  const counter = sql.ref(`s.${SEQUENCED_LOGS[table].counter}`);
  return sql<number>`CASE WHEN ${counter} > ${after} THEN ${counter} - ${after} ELSE 0 END`;
}

/** The exact number of rows of the sequenced log `table` of one store after position `after`, as a scalar subquery. */
export function storeCountAfter(table: string, storeId: number, after: number): RawBuilder<number> {
  return sql<number>`(SELECT ${countAfter(table, after)} FROM stores s WHERE s.id = ${storeId})`;
}
