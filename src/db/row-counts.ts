// Exact row counts per store, kept by the database in the writing transaction (migration
// 012_growth_counts), so an unfiltered collection's total_items reads a few rows instead of
// counting the whole store: its cost stays flat as the store grows.
import { sql, type RawBuilder } from 'kysely';

/** Tables whose rows per store are counted: the collections that grow without bound with trade. */
export const COUNTED_TABLES: readonly string[] = ['transactions', 'customers', 'subscriptions'];

/**
 * PostgreSQL spreads one store's count over this many rows (chosen by the writing connection), so
 * concurrent writes of one store rarely wait on each other's counter row until commit.
 */
export const COUNT_SHARDS = 16;

/** The exact number of `table` rows of one store, as a scalar subquery. */
export function storeRowCount(table: string, storeId: number): RawBuilder<number> {
  return sql<number>`(SELECT coalesce(sum(rc.n), 0) FROM row_counts rc WHERE rc.table_name = ${table} AND rc.store_id = ${storeId})`;
}
