// The single database transaction of a checkout: the transaction row with its snapshot and
// totals, the items moved onto it, applied taxes, transaction logs, subscriptions, and the events
// of all of them; the cart goes. It commits only while the checkout still holds its claim on the cart.
import type { Tx } from '../db/database.js';
import type { Values } from '../data/codec.js';
import { inTransaction } from '../db/database.js';
import { recordChange } from '../events/record.js';
import type { ServiceContext } from '../services/context.js';
import type { CheckoutData } from './checkout-data.js';
import type { FraudLog } from './fraud.js';
import type { AppliedTaxLine } from './taxes.js';
import { subscriptionDates } from './frequency.js';
import { claimHeld, type CartClaim } from './cart-claim.js';
import { createShipments } from './shipments.js';
import { createDownloadsForTransaction } from '../services/downloads.js';
import { provisionGiftCards } from './gift-cards.js';
import { dataOf } from '../services/data-access.js';

export interface TransactionDraft {
  cart: Values;
  data: CheckoutData;
  status: string;
  now: string;
  isTest: boolean;
  logs: FraudLog[];
  applied: AppliedTaxLine[];
  totals: { item: string; tax: string; shipping: string; order: string };
  amount: string;
  /** The checkout's claim on the cart, checked again inside the transaction. */
  claim: CartClaim;
}

const ADDRESS = ['first_name', 'last_name', 'company', 'address1', 'address2', 'city', 'region', 'postal_code', 'country', 'phone'];

export async function insertLogs(tx: Tx, ctx: ServiceContext, txn: Values, logs: FraudLog[], amount: string | null, now: string): Promise<void> {
  const r = ctx.registry.resource('transaction_log');
  for (const log of logs) {
    const row = await dataOf(ctx).repo.insert(r, {
      store_id: txn.store_id, transaction_id: txn.id, action: log.action, status: log.status, amount,
      message: log.message, details: log.details === undefined ? null : JSON.stringify(log.details), date_created: now, date_modified: now,
    }, tx);
    await recordChange(tx, ctx, r, 'created', undefined, row);
  }
}

/** Every subscription item of an authorized checkout starts its own subscription, linked to this transaction. */
async function createSubscriptions(tx: Tx, ctx: ServiceContext, d: TransactionDraft, txn: Values): Promise<number | null> {
  if (d.status !== 'authorized') return null;
  const r = ctx.registry.resource('subscription');
  const today = d.now.slice(0, 10);
  let first: number | null = null;
  for (const { item } of d.data.lines) {
    const frequency = item.subscription_frequency;
    if (!frequency) continue;
    const dates = subscriptionDates(item, today);
    const sub = await dataOf(ctx).repo.insert(r, {
      store_id: txn.store_id, customer_id: txn.customer_id ?? null, frequency, ...dates, original_transaction_id: txn.id,
      is_active: true, past_due_amount: '0', date_created: d.now, date_modified: d.now,
    }, tx);
    await tx.updateTable('items').set({ subscription_id: sub.id }).where('id', '=', item.id).execute();
    await recordChange(tx, ctx, r, 'created', undefined, sub);
    first ??= sub.id;
  }
  return first;
}

export async function writeTransaction(ctx: ServiceContext, d: TransactionDraft): Promise<Values> {
  const { cart } = d;
  const txR = ctx.registry.resource('transaction');
  const customer = d.data.customer;
  const snapshot: Record<string, unknown> = {
    store_id: cart.store_id, customer_id: cart.customer_id ?? null, cart_id: cart.id, status: d.status, is_test: d.isTest,
    currency_code: d.data.store.currency_code ?? 'USD',
    customer_first_name: customer?.first_name ?? cart.billing_first_name ?? null,
    customer_last_name: customer?.last_name ?? cart.billing_last_name ?? null,
    customer_email: cart.customer_email ?? customer?.email ?? null, customer_tax_id: customer?.tax_id ?? null,
    total_item_price: d.totals.item, total_tax: d.totals.tax, total_shipping: d.totals.shipping, total_order: d.totals.order,
    hide_transaction: false, data_is_fed: false, date_created: d.now, date_modified: d.now,
  };
  for (const side of ['billing', 'shipping']) for (const f of ADDRESS) snapshot[`${side}_${f}`] = cart[`${side}_${f}`] ?? null;
  const result = await inTransaction(dataOf(ctx).database, async (tx) => {
    await claimHeld(tx, d.claim);
    // transactions.cart_id is unique: a second transaction for this cart cannot commit.
    const txn = await dataOf(ctx).repo.insert(txR, snapshot, tx);
    await tx.updateTable('items').set({ transaction_id: txn.id, cart_id: null }).where('cart_id', '=', cart.id).execute();
    const appliedR = ctx.registry.resource('applied_tax');
    for (const a of d.applied) {
      await dataOf(ctx).repo.insert(appliedR, {
        store_id: cart.store_id, transaction_id: txn.id, tax_id: a.taxId, name: a.name, rate: a.rate, amount: a.amount,
        apply_to_shipping: a.applyToShipping, shipto: a.shipto, date_created: d.now, date_modified: d.now,
      }, tx);
    }
    await createShipments(tx, ctx, txn, cart, d.data.lines, d.applied, d.now);
    await createDownloadsForTransaction(tx, ctx, txn);
    await provisionGiftCards(tx, ctx, txn, d.data.lines, d.now);
    const subscriptionId = await createSubscriptions(tx, ctx, d, txn);
    const final = subscriptionId ? (await dataOf(ctx).repo.update(txR, txn.id, { subscription_id: subscriptionId }, tx))! : txn;
    await recordChange(tx, ctx, txR, 'created', undefined, final);
    await insertLogs(tx, ctx, final, d.logs, d.amount, d.now);
    const cartR = ctx.registry.resource('cart');
    await dataOf(ctx).repo.delete(cartR, cart.id, tx);
    await recordChange(tx, ctx, cartR, 'deleted', cart, undefined);
    return final;
  });
  ctx.bus.publish(Number(cart.store_id));
  return result;
}
