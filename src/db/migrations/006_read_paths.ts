// Indexes for hot read paths the benchmarks showed: expiring cart items are found by `expires`
// instead of walking a store's items.
import type { Db, Dialect } from '../database.js';
import { index } from '../columns.js';

export async function up(db: Db, _dialect: Dialect): Promise<void> {
  await index(db, 'items', ['expires']);
}
