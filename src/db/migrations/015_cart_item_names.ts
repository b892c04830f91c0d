// A cart's items by name (issue 20): a create of a cart item first looks for an identical item of
// the same name in the cart to fold it into (resources/item.ts `absorbKey`). With only the cart_id
// index that look-up read every item of the cart, so adding an item cost more the fuller the cart
// (REST POST /carts/:id/items went from 0.54 to 1.28 ms of CPU on carts of ~4,000 items). The
// cart_id index stays: it keeps a cart's items in id order for the pages that list them.
import type { Db, Dialect } from '../database.js';
import { index } from '../columns.js';

export async function up(db: Db, _dialect: Dialect): Promise<void> {
  await index(db, 'items', ['cart_id', 'name']);
}
