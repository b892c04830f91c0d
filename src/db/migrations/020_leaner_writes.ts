// Less for every write to keep up (issue 20): each index and each trigger statement is work in the
// writing transaction (on SQLite a page more in the WAL at COMMIT), so one that adds nothing goes.
// - transactions(subscription_id) is the first column of the unique (subscription_id,
//   renewal_date) of 008, which serves every look-up by subscription (the foreign key's SET NULL
//   included): the single-column index was one more B-tree insert per transaction, checkout's
//   included. A subscription's transactions are one per renewal, so listing them in id order sorts
//   a handful of rows. items(cart_id) stays beside items(cart_id, name): a cart's page in id order
//   reads it without sorting the cart, and carts of thousands of items exist (015).
// - SQLite's per-row count triggers (012) ran two statements per counted row, an INSERT OR IGNORE
//   of the counter row and an UPDATE of it; one upsert does both, as value_counts' triggers (014)
//   and PostgreSQL's already do. They are dropped and made again in that form (012's
//   sqliteCounters, which new databases get too).
import { sql } from 'kysely';
import type { Db, Dialect } from '../database.js';
import { COUNTED_TABLES } from '../row-counts.js';
import { sqliteCounters } from './012_growth_counts.js';

export async function up(db: Db, dialect: Dialect): Promise<void> {
  await db.schema.dropIndex('transactions_subscription_id_ix').ifExists().execute();
  if (dialect !== 'sqlite') return;
  for (const table of COUNTED_TABLES) {
    for (const kind of ['ins', 'del', 'move']) await sql.raw(`DROP TRIGGER IF EXISTS ${table}_count_${kind}`).execute(db);
    await sqliteCounters(db, table);
  }
}
