// Payment actions on a transaction: capture and void an authorized payment, refund a captured
// one. Each moves the status, logs the step and announces `transaction/<captured|voided|refunded>`.
import { markEffect } from '../services/idempotency-store.js';
import type { Row, Values } from '../data/codec.js';
import { inTransaction, pipelined } from '../db/database.js';
import { appendEvents, type NewEvent } from '../events/log.js';
import { recordChange } from '../events/record.js';
import type { ServiceContext } from '../services/context.js';
import { getRow } from '../services/resource-service.js';
import { formatTimestamp } from '../services/clock.js';
import { logQueries, recordLogs } from './checkout-write.js';
import { downloadsRevoked, revokeDownloadsQuery } from '../services/downloads.js';
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
  const database = dataOf(ctx).database;
  let dispatch = false;
  const updated = await inTransaction(database, async (tx) => {
    await markEffect(tx, ctx);
    const after = { ...existing, status: t.to, date_modified: now };
    // The status change, its log and (void, refund) the downloads' revocation need nothing from
    // each other's answers: one round trip on PostgreSQL (pipelined). The status condition makes
    // two concurrent captures race safely: one wins, one sees 0 rows and rolls all of it back.
    const logs = logQueries(tx, ctx, after, [{ action, status: t.to, message: `${action} of ${String(existing.total_order)} with the test gateway` }],
      String(existing.total_order), now);
    const revoke = revokeDownloadsQuery(tx, ctx, after);
    const [moved, ...rest] = await pipelined<Row>(tx, [
      tx.updateTable('transactions').set({ status: t.to, date_modified: now }).where('id', '=', id).where('status', '=', t.from).returning('id').compile(),
      ...logs, ...(revoke ? [revoke] : []),
    ]);
    if (!moved.rows.length) throw apiError('TRANSITION_RACED', { from: t.from });
    // The events in the order of the story, appended at the end with the COMMIT (PostgreSQL).
    const batch: NewEvent[] = [];
    await recordChange(tx, ctx, r, 'modified', existing, after, { event: t.event, batch });
    await recordLogs(tx, ctx, rest.slice(0, logs.length).flatMap((x) => x.rows), batch);
    if (revoke) await downloadsRevoked(tx, ctx, after, rest[logs.length].rows, batch);
    dispatch = await appendEvents(tx, batch, database.dialect === 'postgres');
    return after;
  });
  ctx.bus.publish(Number(existing.store_id), dispatch);
  return updated;
}
