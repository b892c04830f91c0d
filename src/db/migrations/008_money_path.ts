// The money path's invariants, held by the data rather than by checks in code:
// - a cart is claimed by one checkout at a time (checkout_claim, with a lease so a crashed instance
//   does not hold it forever), and a cart becomes at most one transaction (unique transactions.cart_id;
//   the id of a deleted cart is never reused on either engine);
// - a subscription is renewed at most once per due date (unique subscription_id + renewal_date);
// - a checkout that starts several subscriptions links each of them (subscriptions.original_transaction_id).
import type { Db, Dialect } from '../database.js';
import { index } from '../columns.js';

export async function up(db: Db, dialect: Dialect): Promise<void> {
  const int = dialect === 'postgres' ? 'bigint' : 'integer';
  await db.schema.alterTable('carts').addColumn('checkout_claim', 'text').execute();
  await db.schema.alterTable('carts').addColumn('checkout_claimed_until', 'text').execute();
  // No foreign key: the cart is deleted by the checkout that fills this column.
  await db.schema.alterTable('transactions').addColumn('cart_id', int).execute();
  await db.schema.alterTable('transactions').addColumn('renewal_date', 'text').execute();
  await index(db, 'transactions', ['cart_id'], true);
  await index(db, 'transactions', ['subscription_id', 'renewal_date'], true);
  await db.schema.alterTable('subscriptions')
    .addColumn('original_transaction_id', int, (c) => c.references('transactions.id').onDelete('set null')).execute();
  await index(db, 'subscriptions', ['original_transaction_id']);
}
