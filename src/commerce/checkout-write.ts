// The single database transaction of a checkout: the transaction row with its snapshot and
// totals, the items moved onto it, applied taxes, transaction logs, subscriptions, and the events
// of all of them; the cart goes. It commits only while the checkout still holds its claim on the cart.
import { markEffect } from '../services/idempotency-store.js';
import type { CompiledQuery } from 'kysely';
import { decodeRow, encodeRow, type Row } from '../data/codec.js';
import { appendEvents, type NewEvent } from '../events/log.js';
import { isUniqueViolation } from '../services/unique.js';
import type { Values } from '../data/codec.js';
import { executeIn, inTransaction, pipelined, type Tx } from '../db/database.js';
import { insertQueries, insertRows } from '../data/cached-insert.js';
import { recordChange } from '../events/record.js';
import type { ServiceContext } from '../services/context.js';
import type { CheckoutData } from './checkout-data.js';
import type { FraudLog } from './fraud.js';
import type { AppliedTaxLine } from './taxes.js';
import { subscriptionDates } from './frequency.js';
import { claimLost, type CartClaim } from './cart-claim.js';
import { moveItemsQuery, planShipments } from './shipments.js';
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
  /**
   * The transaction's id, reserved by the claim (PostgreSQL, cart-claim.ts): the transaction's row
   * then goes with the rows under it. An id reserved by a checkout that then wrote nothing is a gap,
   * as a rolled-back insert leaves. Otherwise (SQLite) the insert gives it.
   */
  transactionId?: number;
}

const ADDRESS = ['first_name', 'last_name', 'company', 'address1', 'address2', 'city', 'region', 'postal_code', 'country', 'phone'];

/** A transaction's log rows, encoded for the database. */
function logRows(ctx: ServiceContext, txn: Values, logs: FraudLog[], amount: string | null, now: string): Row[] {
  const r = ctx.registry.resource('transaction_log');
  return logs.map((log) => encodeRow(r, {
    store_id: txn.store_id, transaction_id: txn.id, action: log.action, status: log.status, amount,
    message: log.message, details: log.details === undefined ? null : JSON.stringify(log.details), date_created: now, date_modified: now,
  }));
}

/** The statements inserting a transaction's logs (their rows answered, for recordLogs). */
export function logQueries(tx: Tx, ctx: ServiceContext, txn: Values, logs: FraudLog[], amount: string | null, now: string): CompiledQuery[] {
  return insertQueries(tx, ctx.registry.resource('transaction_log').table, logRows(ctx, txn, logs, amount, now), '*');
}

/** The written logs' events, in the order written (RETURNING promises none). */
export async function recordLogs(tx: Tx, ctx: ServiceContext, written: Row[], batch?: NewEvent[]): Promise<void> {
  const r = ctx.registry.resource('transaction_log');
  for (const row of written.map((x) => decodeRow(r, x)).sort((a, b) => a.id - b.id)) await recordChange(tx, ctx, r, 'created', undefined, row, { batch });
}

export async function insertLogs(tx: Tx, ctx: ServiceContext, txn: Values, logs: FraudLog[], amount: string | null, now: string,
  batch?: NewEvent[]): Promise<void> {
  if (!logs.length) return;
  await recordLogs(tx, ctx, await insertRows(tx, ctx.registry.resource('transaction_log').table, logRows(ctx, txn, logs, amount, now), '*'), batch);
}

/** Every subscription item of an authorized checkout starts its own subscription, linked to this transaction. */
async function createSubscriptions(tx: Tx, ctx: ServiceContext, d: TransactionDraft, txn: Values, batch: NewEvent[]): Promise<number | null> {
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
    await recordChange(tx, ctx, r, 'created', undefined, sub, { batch });
    first ??= sub.id;
  }
  return first;
}

/** Whether a write failed on the unique transactions.cart_id (index transactions_cart_id_uq; SQLite names the column). */
function cartTaken(err: unknown): boolean {
  return isUniqueViolation(err) && /transactions_cart_id_uq|transactions\.cart_id/.test(String((err as Error).message));
}

/** What writeUnder's statements answered. */
interface Written {
  /** The results of the caller's `lead` statements, in order. */
  lead: Array<{ rows: Row[] }>;
  /** The logs' rows, as written. */
  logged: Row[];
  /** Whether the cart's deletion found it still claimed by this checkout. */
  kept: boolean;
}

/**
 * The writes under the transaction `txnId`, after the caller's `lead` statements (the transaction's
 * own insert when its id was reserved), in this order: taxes applied, shipments, the items moved
 * onto both, logs, and last the cart's deletion under the claim. One round trip on PostgreSQL
 * (pipelined); two when the cart ships to several addresses (the shipments' ids come back first,
 * moveItemsQuery). A long insert is split (cached-insert.ts, MAX_PARAMETERS).
 */
async function writeUnder(tx: Tx, ctx: ServiceContext, d: TransactionDraft, txnId: number, lead: CompiledQuery[]): Promise<Written> {
  const { cart } = d;
  const { templates } = dataOf(ctx).database;
  const head = { id: txnId, store_id: cart.store_id };
  const appliedR = ctx.registry.resource('applied_tax');
  const plan = planShipments(ctx, head, cart, d.data.lines, d.applied, d.now);
  const byName = plan.rows.length <= 1;
  const shipments = insertQueries(tx, ctx.registry.resource('shipment').table, plan.rows, byName ? '' : 'id,address_name');
  const first: CompiledQuery[] = [
    ...lead,
    ...insertQueries(tx, appliedR.table, d.applied.map((a) => encodeRow(appliedR, {
      store_id: cart.store_id, transaction_id: txnId, tax_id: a.taxId, name: a.name, rate: a.rate, amount: a.amount,
      apply_to_shipping: a.applyToShipping, shipto: a.shipto, date_created: d.now, date_modified: d.now,
    }))),
    ...shipments,
  ];
  const logs = logQueries(tx, ctx, head, d.logs, d.amount, d.now);
  const rest = (idOf?: Map<string, number>): CompiledQuery[] => [
    // The items move onto the transaction and into their shipments in one statement.
    moveItemsQuery(tx, templates, txnId, cart.id, plan.nameOf, idOf),
    ...logs,
    // The cart goes only while this checkout still holds it: the claim is checked (and on
    // PostgreSQL the row locked) by the deletion itself, and anything written here rolls back.
    templates.bind(tx, 'checkout delete cart', [cart.id, d.claim.token],
      ([id, claim]) => tx.deleteFrom('carts').where('id', '=', id as number).where('checkout_claim', '=', claim as string).returning('id')),
  ];
  let results: Array<{ rows: Row[] }>;
  if (byName) {
    results = await pipelined<Row>(tx, [...first, ...rest()]);
  } else {
    const written = await pipelined<Row>(tx, first);
    const idOf = new Map(written.slice(first.length - shipments.length).flatMap((r) => r.rows).map((w) => [String(w.address_name), Number(w.id)]));
    results = [...written, ...await pipelined<Row>(tx, rest(idOf))];
  }
  const logsFrom = first.length + 1;
  return {
    lead: results.slice(0, lead.length),
    logged: results.slice(logsFrom, logsFrom + logs.length).flatMap((r) => r.rows),
    kept: results[results.length - 1].rows.length > 0,
  };
}

/** What a checkout wrote: its transaction, and whether the dispatcher has its events to queue (EventBus.publish). */
export interface CheckoutWritten {
  row: Values;
  dispatch: boolean;
}

/** The checkout's writes inside the caller's transaction `tx`; the caller publishes the store's events after commit. */
export async function writeRows(tx: Tx, ctx: ServiceContext, d: TransactionDraft): Promise<CheckoutWritten> {
  await markEffect(tx, ctx);
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
  // Every event of the checkout is appended at the end, in one run of the store's sequence.
  const batch: NewEvent[] = [];
  // transactions.cart_id is unique: a second transaction for this cart cannot commit (and one that
  // a checkout which took the claim over has written means this one lost it). With its id reserved
  // (PostgreSQL), the transaction row goes in the same round trip as the rows under it.
  const [insertTxn] = insertQueries(tx, txR.table, [encodeRow(txR, d.transactionId === undefined ? snapshot : { id: d.transactionId, ...snapshot })], '*');
  let txn: Values;
  let written: Written;
  try {
    if (d.transactionId !== undefined) {
      written = await writeUnder(tx, ctx, d, d.transactionId, [insertTxn]);
      txn = decodeRow(txR, written.lead[0].rows[0]);
    } else {
      txn = decodeRow(txR, (await executeIn(tx, insertTxn)).rows[0]);
      written = await writeUnder(tx, ctx, d, txn.id, []);
    }
  } catch (err) {
    throw cartTaken(err) ? claimLost() : err;
  }
  if (!written.kept) throw claimLost();
  const logged = written.logged;
  // The look-ups below run only when a line can need them (known from the checkout's load).
  if (d.data.lines.some((l) => l.deliveryType === 'downloaded')) await createDownloadsForTransaction(tx, ctx, txn);
  if (d.data.lines.some((l) => l.giftCardSku)) await provisionGiftCards(tx, ctx, txn, d.data.lines, d.now, batch);
  const subscriptionId = await createSubscriptions(tx, ctx, d, txn, batch);
  const final = subscriptionId ? (await dataOf(ctx).repo.update(txR, txn.id, { subscription_id: subscriptionId }, tx))! : txn;
  // Events in the order of the story: the transaction, its logs, the cart gone.
  await recordChange(tx, ctx, txR, 'created', undefined, final, { batch });
  await recordLogs(tx, ctx, logged, batch);
  await recordChange(tx, ctx, ctx.registry.resource('cart'), 'deleted', cart, undefined, { batch });
  // The transaction's last statement: on PostgreSQL its COMMIT goes along (db/database.ts).
  const dispatch = await appendEvents(tx, batch, dataOf(ctx).database.dialect === 'postgres');
  return { row: final, dispatch };
}

/** The write in a transaction of its own, after outbound calls made under a committed claim. */
export async function writeTransaction(ctx: ServiceContext, d: TransactionDraft): Promise<Values> {
  const { row, dispatch } = await inTransaction(dataOf(ctx).database, (tx) => writeRows(tx, ctx, d));
  ctx.bus.publish(Number(d.cart.store_id), dispatch);
  return row;
}
