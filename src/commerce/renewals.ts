// Bills one subscription renewal: a transaction for the subscription's items at today's prices,
// charged with the test gateway, outside of a cart. Success moves next_transaction_date on;
// failure adds to past_due_amount, retries tomorrow (dunning) and cancels after three failures.
// A renewal is one database transaction that first takes the due date with a conditional update
// (next_transaction_date still the date this scheduler saw), and the renewal transaction carries
// that date under a unique (subscription_id, renewal_date) key: two schedulers, a retried tick or
// a crash between them bill a due date at most once. Missed periods (the scheduler was down, the
// clock jumped) are not billed one by one: the next date is the first boundary after today.
import { Decimal } from 'decimal.js';
import type { Values } from '../data/codec.js';
import { inTransaction, type Tx } from '../db/database.js';
import { recordChange } from '../events/record.js';
import type { ServiceContext } from '../services/context.js';
import { insertLogs } from './checkout-write.js';
import { addFrequency, nextAfter } from './frequency.js';
import { isUniqueViolation } from '../services/unique.js';
import { dataOf } from '../services/data-access.js';

export const MAX_FAILED_RENEWALS = 3;

/** The test gateway declines renewals of customers whose email says so (`…decline…@…`). */
export function testGatewayApproves(email: string | null | undefined): boolean {
  return !/decline/i.test(String(email ?? '').split('@')[0] ?? '');
}

async function subscriptionEvent(tx: Tx, ctx: ServiceContext, sub: Values, type: string, message: string, amount: string | null,
  transactionId: number | null, now: string): Promise<void> {
  const r = ctx.registry.resource('subscription_event');
  const row = await dataOf(ctx).repo.insert(r, {
    store_id: sub.store_id, subscription_id: sub.id, transaction_id: transactionId, type, message, amount,
    currency_code: 'USD', date_created: now, date_modified: now,
  }, tx);
  await recordChange(tx, ctx, r, 'created', undefined, row);
}

async function failuresInARow(tx: Tx, subId: number): Promise<number> {
  const rows = await tx.selectFrom('subscription_events').select('type').where('subscription_id', '=', subId)
    .where('type', 'in', ['billing_success', 'billing_failure']).orderBy('id', 'desc').limit(MAX_FAILED_RENEWALS).execute();
  let n = 0;
  for (const r of rows) { if (r.type !== 'billing_failure') break; n++; }
  return n;
}

/** Ends an active subscription; false when it was not active any more (another scheduler ended it). */
export async function endSubscription(tx: Tx, ctx: ServiceContext, sub: Values, message: string, now: string): Promise<boolean> {
  const r = ctx.registry.resource('subscription');
  const still = await tx.updateTable('subscriptions').set({ is_active: 0 }).where('id', '=', sub.id).where('is_active', '=', 1)
    .returning('id').executeTakeFirst();
  if (!still) return false;
  const after = (await dataOf(ctx).repo.update(r, sub.id, { is_active: false, next_transaction_date: null, date_modified: now }, tx))!;
  await subscriptionEvent(tx, ctx, sub, 'cancellation', message, null, null, now);
  await recordChange(tx, ctx, r, 'modified', sub, after, { event: 'subscription/cancelled' });
  return true;
}

/** Bills the due date `sub.next_transaction_date`; false when another scheduler already did. */
export async function renew(ctx: ServiceContext, sub: Values, today: string, now: string): Promise<boolean> {
  const due = String(sub.next_transaction_date);
  const db = dataOf(ctx).database.db;
  const items = await db.selectFrom('items').selectAll().where('subscription_id', '=', sub.id).where('transaction_id', 'is not', null).orderBy('id').execute();
  const firstTxn = items.length ? Number(items[0].transaction_id) : undefined;
  const origin = firstTxn ? await db.selectFrom('transactions').selectAll().where('id', '=', firstTxn).executeTakeFirst() : undefined;
  const seen = new Set<string>();
  const lines = items.filter((i) => {
    // Renew each subscribed product once: the first transaction's items define the subscription.
    const key = `${i.name}|${i.code}|${i.price}`;
    if (seen.has(key) || Number(i.transaction_id) !== firstTxn) return false;
    seen.add(key);
    return true;
  });
  const amount = lines.reduce((s, i) => s.plus(new Decimal(String(i.price)).times(Number(i.quantity ?? 1))), new Decimal(0)).toFixed(2);
  const approved = testGatewayApproves(origin?.customer_email);
  const txR = ctx.registry.resource('transaction');
  const subR = ctx.registry.resource('subscription');
  const billed = await inTransaction(dataOf(ctx).database, async (tx) => {
    // Take the due date: the row lock (PostgreSQL) or the write lock (SQLite) makes a second
    // scheduler wait here and then find the date moved on.
    const taken = await tx.updateTable('subscriptions').set({ date_modified: now }).where('id', '=', sub.id)
      .where('is_active', '=', 1).where('next_transaction_date', '=', due).returning('id').executeTakeFirst();
    if (!taken) return false;
    const txn = await dataOf(ctx).repo.insert(txR, {
      store_id: sub.store_id, customer_id: sub.customer_id ?? null, subscription_id: sub.id, renewal_date: due, status: approved ? 'authorized' : 'declined',
      is_test: true, currency_code: origin?.currency_code ?? 'USD', customer_email: origin?.customer_email ?? null,
      customer_first_name: origin?.customer_first_name ?? null, customer_last_name: origin?.customer_last_name ?? null,
      total_item_price: amount, total_tax: '0.00', total_shipping: '0.00', total_order: amount,
      hide_transaction: false, data_is_fed: false, date_created: now, date_modified: now,
    }, tx);
    await recordChange(tx, ctx, txR, 'created', undefined, txn);
    await insertLogs(tx, ctx, txn, [{ action: 'renewal', status: txn.status, message: `renewal of subscription ${sub.id}` }], amount, now);
    if (approved) {
      const next = nextAfter(due, String(sub.frequency), today);
      const endsBefore = sub.end_date && next >= String(sub.end_date);
      const after = (await dataOf(ctx).repo.update(subR, sub.id, { next_transaction_date: endsBefore ? null : next, past_due_amount: '0', date_modified: now }, tx))!;
      await subscriptionEvent(tx, ctx, sub, 'billing_success', `renewal charged ${amount}`, amount, txn.id, now);
      await recordChange(tx, ctx, subR, 'modified', sub, after);
      if (endsBefore) await endSubscription(tx, ctx, after, `ended: the next renewal would fall on or after end_date ${String(sub.end_date)}`, now);
      return true;
    }
    const pastDue = new Decimal(String(sub.past_due_amount ?? '0')).plus(amount).toFixed(2);
    const retry = addFrequency(today, '1d');
    const after = (await dataOf(ctx).repo.update(subR, sub.id, { past_due_amount: pastDue, next_transaction_date: retry, date_modified: now }, tx))!;
    await subscriptionEvent(tx, ctx, sub, 'billing_failure', 'the test gateway declined the renewal', amount, txn.id, now);
    await recordChange(tx, ctx, subR, 'modified', sub, after);
    if (await failuresInARow(tx, sub.id) >= MAX_FAILED_RENEWALS) {
      await endSubscription(tx, ctx, after, `cancelled after ${MAX_FAILED_RENEWALS} failed renewals`, now);
    } else {
      await subscriptionEvent(tx, ctx, sub, 'dunning', `retrying on ${retry}`, pastDue, txn.id, now);
    }
    return true;
  }).catch((err) => {
    // The unique renewal key: another scheduler committed this due date first.
    if (isUniqueViolation(err)) return false;
    throw err;
  });
  if (billed) ctx.bus.publish(Number(sub.store_id));
  return billed;
}
