// Payment actions on a transaction: capture and void an authorized payment, refund a captured
// one. Each moves the status, logs the step and announces `transaction/<captured|voided|refunded>`.
import type { Values } from '../data/codec.js';
import { inTransaction } from '../db/database.js';
import { recordChange } from '../events/record.js';
import type { ServiceContext } from '../services/context.js';
import { getRow } from '../services/resource-service.js';
import { formatTimestamp } from '../services/clock.js';
import { insertLogs } from './checkout-write.js';
import { revokeDownloads } from '../services/downloads.js';
import { dataOf } from '../services/data-access.js';
import { apiError } from '../services/error-catalog.js';

export type PaymentAction = 'capture' | 'void' | 'refund';

/** From which status each action is possible, and where it leads. */
export const TRANSITIONS: Record<PaymentAction, { from: string; to: string; event: string }> = {
  capture: { from: 'authorized', to: 'captured', event: 'transaction/captured' },
  void: { from: 'authorized', to: 'voided', event: 'transaction/voided' },
  refund: { from: 'captured', to: 'refunded', event: 'transaction/refunded' },
};

export async function transition(ctx: ServiceContext, id: number, action: PaymentAction): Promise<Values> {
  const r = ctx.registry.resource('transaction');
  const existing = await getRow(ctx, r, id, 'write');
  const t = TRANSITIONS[action];
  if (existing.status !== t.from) {
    throw apiError('INVALID_TRANSITION', { status: String(existing.status), to: t.to, action, from: t.from });
  }
  const now = formatTimestamp(ctx.clock.now());
  const updated = await inTransaction(dataOf(ctx).database, async (tx) => {
    // The status condition makes two concurrent captures race safely: one wins, one sees 0 rows.
    const row = await tx.updateTable('transactions').set({ status: t.to, date_modified: now })
      .where('id', '=', id).where('status', '=', t.from).returningAll().executeTakeFirst();
    if (!row) throw apiError('TRANSITION_RACED', { from: t.from });
    const after = { ...existing, status: t.to, date_modified: now };
    await recordChange(tx, ctx, r, 'modified', existing, after, { event: t.event });
    await insertLogs(tx, ctx, after, [{ action, status: t.to, message: `${action} of ${String(existing.total_order)} with the test gateway` }],
      String(existing.total_order), now);
    await revokeDownloads(tx, ctx, after);
    return after;
  });
  ctx.bus.publish(Number(existing.store_id));
  return updated;
}
