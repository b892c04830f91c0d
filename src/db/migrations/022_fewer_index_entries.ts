// Fewer index entries per write (issue 20): every entry is a B-tree insert in the writing
// transaction and, on SQLite, often a page more in the WAL at COMMIT and at the next checkpoint.
// - events(resource_type, resource_id) (002) serves no query: every read of the log names its
//   store first (log-pages.ts, queue.ts, resend.ts, each with an index of its own), and no foreign
//   key points at events. It was one more entry per event, three or more per checkout.
// - The items columns that are empty for a whole class of rows are indexed only where they are
//   set: cart_id is empty for every item sold (all but the open carts' items), shipment_id for
//   every item still in a cart, subscription_id for every item not sold on a subscription. Their full indexes held one entry per such row (a NULL range that grows with the
//   catalogue of sales) and were written twice by a checkout moving an item out of its cart (an
//   entry removed, a NULL entry added). Every look-up names a value (`= ?`, `in (...)`, the
//   foreign keys' checks), which both engines' planners know implies IS NOT NULL, so the partial
//   indexes serve the same statements; migration 015's reason for items(cart_id) beside
//   (cart_id, name) holds for the partial pair alike. items(transaction_id) stays whole: its empty
//   range is only the open carts' items, and tools that derive a schema from the database's
//   foreign keys take only a whole index as one (PostGraphile 5's default, the benchmark's peer,
//   drops transactions' items without it).
// - transactions(subscription_id, renewal_date) is unique only among renewals (NULLs never
//   collide), so a transaction without a subscription needs no entry in it.
// Same names as before, so nothing that names an index (a unique violation's message) changes.
// Measured in the WAL of SQLite (BENCHMARKS.md round 24): a checkout 40.4 → 34.9 pages, a cart
// and its first item 20.7 → 17.6.
import { sql } from 'kysely';
import type { Db } from '../database.js';

/** The items indexes made partial: name → columns, each on rows where its first column is set. */
const PARTIAL_ITEMS: Record<string, string[]> = {
  items_cart_id_ix: ['cart_id'],
  items_cart_id_name_ix: ['cart_id', 'name'],
  items_shipment_id_ix: ['shipment_id'],
  items_subscription_id_ix: ['subscription_id'],
};

async function partial(db: Db, name: string, table: string, columns: string[], unique = false): Promise<void> {
  await db.schema.dropIndex(name).execute();
  let b = db.schema.createIndex(name).on(table).columns(columns).where(sql.ref(columns[0]), 'is not', null);
  if (unique) b = b.unique();
  await b.execute();
}

export async function up(db: Db): Promise<void> {
  await db.schema.dropIndex('events_resource_type_resource_id_ix').execute();
  for (const [name, columns] of Object.entries(PARTIAL_ITEMS)) await partial(db, name, 'items', columns);
  await partial(db, 'transactions_subscription_id_renewal_date_uq', 'transactions', ['subscription_id', 'renewal_date'], true);
}
