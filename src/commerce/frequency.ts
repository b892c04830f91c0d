// Subscription frequencies: `<n>d`, `<n>w`, `<n>m`, `<n>y` with n ≥ 1, and `.5m` (twice a month),
// and the dates of a subscription's periods.
import { Decimal } from 'decimal.js';
import type { ValuesOf } from '../data/codec.js';

/** The one accepted form of a frequency: a zero period would renew on every scheduler tick. */
export const FREQUENCY_PATTERN = /^([1-9]\d{0,3}[dwmy]|\.5m)$/;

export function addFrequency(date: string, frequency: string, times = 1): string {
  const d = new Date(`${date}T00:00:00Z`);
  const m = FREQUENCY_PATTERN.test(frequency) ? /^(\d+|\.5)([dwmy])$/.exec(frequency) : null;
  if (!m || Number.isNaN(d.getTime())) throw new Error(`bad frequency ${frequency} or date ${date}`);
  const n = m[1] === '.5' ? 0.5 : Number(m[1]);
  const unit = m[2];
  if (unit === 'd') d.setUTCDate(d.getUTCDate() + n * times);
  else if (unit === 'w') d.setUTCDate(d.getUTCDate() + 7 * n * times);
  else if (n === 0.5) d.setUTCDate(d.getUTCDate() + 15 * times);
  else {
    const months = unit === 'm' ? n * times : 12 * n * times;
    const day = d.getUTCDate();
    d.setUTCDate(1);
    d.setUTCMonth(d.getUTCMonth() + months);
    // Clamp to the last day of a shorter month (Jan 31 + 1m = Feb 28/29).
    const last = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0)).getUTCDate();
    d.setUTCDate(Math.min(day, last));
  }
  return d.toISOString().slice(0, 10);
}

/** Monthly value of a charge of 1 every `frequency`, for MRR: an exact decimal (division at 20 digits). */
export function monthlyFactor(frequency: string): Decimal {
  const m = /^(\d+|\.5)([dwmy])$/.exec(frequency);
  if (!m || !FREQUENCY_PATTERN.test(frequency)) return new Decimal(0);
  const n = new Decimal(m[1] === '.5' ? '0.5' : m[1]);
  const per = { d: new Decimal(30).dividedBy(n), w: new Decimal(30).dividedBy(n.times(7)), m: new Decimal(1).dividedBy(n), y: new Decimal(1).dividedBy(n.times(12)) };
  return per[m[2] as 'd' | 'w' | 'm' | 'y'];
}

/**
 * The first period boundary of a subscription anchored at `anchor` that lies after `today`. Each
 * boundary is counted from the anchor (not from the previous boundary), so month-end clamping
 * does not drift; missed boundaries are skipped, never billed.
 */
export function nextAfter(anchor: string, frequency: string, today: string): string {
  for (let k = 1; ; k++) {
    const d = addFrequency(anchor, frequency, k);
    if (d > today) return d;
  }
}

type SubscriptionItem = Pick<ValuesOf<'item'>, 'subscription_frequency' | 'subscription_start_date' | 'subscription_next_transaction_date' | 'subscription_end_date'>;

/**
 * The dates a subscription item starts with at checkout on `today`. A start date in the past is the
 * anchor of the periods, not a debt: the first renewal is the first boundary after today, and no
 * missed period is billed. A next date the item named that has passed since is moved on the same way.
 */
export function subscriptionDates(item: SubscriptionItem, today: string): { start_date: string; next_transaction_date: string; end_date: string | null } {
  const frequency = String(item.subscription_frequency);
  const start = item.subscription_start_date ?? today;
  const named = item.subscription_next_transaction_date;
  const next = named ? (named > today ? named : nextAfter(named, frequency, today)) : nextAfter(start, frequency, today);
  return { start_date: start, next_transaction_date: next, end_date: item.subscription_end_date ?? null };
}
