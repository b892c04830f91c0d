// The subscription scheduler: on each tick it bills renewals that are due, ends subscriptions that
// reached their end_date, and writes one MRR snapshot per store and day. Time comes from the
// injectable clock, so tests drive it by advancing the clock and calling tick(). Several instances
// may tick at once: renewals, endings and snapshots are each claimed in the data (renewals.ts).
import { Decimal } from 'decimal.js';
import type { Values } from '../data/codec.js';
import { inTransaction } from '../db/database.js';
import { recordChange } from '../events/record.js';
import type { ServiceContext } from '../services/context.js';
import { formatTimestamp } from '../services/clock.js';
import { endSubscription, renew } from './renewals.js';
import { monthlyFactor } from './frequency.js';
import { isUniqueViolation } from '../services/unique.js';
import { dataOf } from '../services/data-access.js';

async function snapshot(ctx: ServiceContext, storeId: number, day: string, now: string): Promise<void> {
  const db = dataOf(ctx).database.db;
  const exists = await db.selectFrom('subscription_mrr_snapshots').select('id').where('store_id', '=', storeId).where('snapshot_date', '=', day).executeTakeFirst();
  if (exists) return;
  const subs = await db.selectFrom('subscriptions').selectAll().where('store_id', '=', storeId).execute();
  const active = subs.filter((s) => s.is_active === 1);
  const amounts = active.length ? await db.selectFrom('items').select(['subscription_id', 'price', 'quantity', 'transaction_id'])
    .where('subscription_id', 'in', active.map((s) => s.id)).execute() : [];
  let mrr = new Decimal(0);
  for (const s of active) {
    const own = amounts.filter((i) => Number(i.subscription_id) === Number(s.id));
    const firstTxn = Math.min(...own.map((i) => Number(i.transaction_id)));
    const charge = own.filter((i) => Number(i.transaction_id) === firstTxn)
      .reduce((sum, i) => sum.plus(new Decimal(String(i.price)).times(Number(i.quantity ?? 1))), new Decimal(0));
    mrr = mrr.plus(charge.times(monthlyFactor(String(s.frequency))));
  }
  const r = ctx.registry.resource('subscription_mrr_snapshot');
  // The unique (store_id, snapshot_date) index settles a race with another scheduler instance.
  const written = await inTransaction(dataOf(ctx).database, async (tx) => {
    const row = await dataOf(ctx).repo.insert(r, {
      store_id: storeId, snapshot_date: day, currency_code: 'USD', mrr: mrr.toDecimalPlaces(2).toFixed(2),
      active_subscriptions: active.length, new_subscriptions: subs.filter((s) => String(s.date_created).slice(0, 10) === day).length,
      cancelled_subscriptions: subs.filter((s) => s.is_active !== 1 && String(s.date_modified).slice(0, 10) === day).length,
      date_created: now, date_modified: now,
    }, tx);
    await recordChange(tx, ctx, r, 'created', undefined, row);
    return true;
  }).catch((err) => {
    if (isUniqueViolation(err)) return false;
    throw err;
  });
  if (written) ctx.bus.publish(storeId);
}

/** One pass of the scheduler over every store. Idempotent for a given day. */
export async function tick(ctx: ServiceContext): Promise<void> {
  const now = formatTimestamp(ctx.clock.now());
  const today = now.slice(0, 10);
  const db = dataOf(ctx).database.db;
  const due = await db.selectFrom('subscriptions').selectAll().where('is_active', '=', 1)
    .where('next_transaction_date', '<=', today).orderBy('id').execute();
  for (const raw of due) {
    const sub = { ...raw, id: Number(raw.id) } as Values;
    if (sub.end_date && String(sub.end_date) <= today) {
      const ended = await inTransaction(dataOf(ctx).database, (tx) => endSubscription(tx, ctx, sub, `ended on end_date ${String(sub.end_date)}`, now));
      if (ended) ctx.bus.publish(Number(sub.store_id));
      continue;
    }
    await renew(ctx, sub, today, now);
  }
  const stores = await db.selectFrom('subscriptions').select('store_id').distinct().execute();
  for (const s of stores) await snapshot(ctx, Number(s.store_id), today, now);
}
