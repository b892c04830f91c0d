// Resending (DESIGN §8; scope webhooks_resend or store_full_access, checked against the webhook
// resource, whose SDL declares it): a transaction's svc:send_webhooks appends a `transaction/refeed`
// event aimed at the chosen webhooks; a webhook's resend queues again every event of its resource
// since a time (its own deliveries keep their webhook-id, so receivers can tell a resend of what
// they have). Both are delivered with Service-Webhook-Refeed: true.
import { sql, type SqlBool } from 'kysely';
import { inTransaction } from '../db/database.js';
import type { Values } from '../data/codec.js';
import { tenantScope } from '../auth/principal.js';
import { authorize } from '../services/resource-service.js';
import { ApiError, type FieldError } from '../services/errors.js';
import type { ServiceContext } from '../services/context.js';
import { formatTimestamp } from '../services/clock.js';
import { idFromHref } from '../services/refs.js';
import { appendEventReturning } from './log.js';
import { snapshot } from './record.js';
import { insertStatuses, statusRow, takes } from './queue.js';
import { dataOf } from '../services/data-access.js';
import { apiError } from '../services/error-catalog.js';

const BATCH = 500;

function webhookIds(ctx: ServiceContext, raw: unknown): number[] | undefined {
  const hook = ctx.registry.resource('webhook');
  const entries = typeof raw === 'string' ? raw.split(',').map((s) => s.trim()).filter(Boolean) : Array.isArray(raw) ? raw : [raw];
  const ids = entries.map((v) => {
    if (typeof v === 'number' && Number.isSafeInteger(v) && v > 0) return v;
    if (typeof v === 'string' && /^[1-9]\d{0,15}$/.test(v)) return Number(v);
    return typeof v === 'string' ? idFromHref(ctx.baseUrl, hook, v) : undefined;
  });
  return ids.length && ids.every((x) => x !== undefined) ? [...new Set(ids as number[])] : undefined;
}

/** The most webhooks one refeed names. */
export const REFEED_MAX = 1000;

/** Appends a `transaction/refeed` event for the webhooks in `refeed_hooks` (ids or self links). */
export async function refeedTransaction(ctx: ServiceContext, transactionId: number, input: Record<string, unknown>): Promise<Values> {
  authorize(ctx, ctx.registry.resource('webhook'), 'resend');
  const r = ctx.registry.resource('transaction');
  const txn = await dataOf(ctx).repo.findById(r, tenantScope(ctx.principal), transactionId);
  if (!txn) throw apiError('NO_SUCH', { what: 'transaction' });
  const errors: FieldError[] = [];
  if (input.event !== undefined && input.event !== 'refeed') {
    errors.push({ field: 'event', code: 'invalid_value', message: 'event must be "refeed"' });
  }
  const ids = input.refeed_hooks === undefined || input.refeed_hooks === null ? undefined : webhookIds(ctx, input.refeed_hooks);
  if (ids && ids.length > REFEED_MAX) {
    // Each is a statement parameter: 70,000 through a GraphQL variable were past what the engines take.
    errors.push({ field: 'refeed_hooks', code: 'invalid_value', message: `refeed_hooks lists at most ${REFEED_MAX} webhooks` });
  } else if (!ids) {
    errors.push({ field: 'refeed_hooks', code: input.refeed_hooks == null ? 'required' : 'invalid_value', message: 'refeed_hooks must list the ids (or self links) of the webhooks to send to' });
  } else {
    const hooks = await dataOf(ctx).database.db.selectFrom('webhooks').select(['id', 'event_resource'])
      .where('store_id', '=', ctx.principal.storeId!).where('id', 'in', ids).execute();
    const found = new Map(hooks.map((h) => [Number(h.id), String(h.event_resource)]));
    for (const id of ids) {
      const resource = found.get(id);
      if (!resource) errors.push({ field: 'refeed_hooks', code: 'invalid_reference', message: `there is no webhook ${id} in this store` });
      else if (resource !== 'transaction') errors.push({ field: 'refeed_hooks', code: 'invalid_reference', message: `webhook ${id} takes ${resource} events, not transaction events` });
    }
  }
  if (errors.length) throw ApiError.invalid(errors);
  const now = formatTimestamp(ctx.clock.now());
  const event = await inTransaction(dataOf(ctx).database, (tx) => appendEventReturning(tx, {
    storeId: Number(txn.store_id), name: 'transaction/refeed', resourceType: 'transaction', resourceId: txn.id, occurredAt: now,
    payload: snapshot(r, txn), webhookIds: ids,
  }));
  ctx.bus.publish(Number(txn.store_id));
  return event;
}

/** `since` as the log's timestamp text: a date, or a date-time with `Z` or an offset. */
export function parseSince(raw: unknown): string | undefined {
  if (typeof raw !== 'string') return undefined;
  const m = /^(\d{4}-\d{2}-\d{2})(?:[T ](\d{2}:\d{2}(?::\d{2}(?:\.\d{1,6})?)?)(Z|[+-]\d{2}:?\d{2}))?$/.exec(raw.trim());
  if (!m) return undefined;
  const zone = !m[3] || m[3] === 'Z' ? 'Z' : `${m[3].slice(0, 3)}:${m[3].slice(-2)}`;
  const t = Date.parse(`${m[1]}T${m[2] ?? '00:00:00'}${zone}`);
  return Number.isFinite(t) ? formatTimestamp(new Date(t)) : undefined;
}

/** Queues again every event of the webhook's resource since `since`; returns how many. */
export async function resendSince(ctx: ServiceContext, webhookId: number, input: Record<string, unknown>): Promise<{ since: string; queued: number }> {
  const def = ctx.registry.resource('webhook');
  authorize(ctx, def, 'resend');
  const hook = await dataOf(ctx).repo.findById(def, tenantScope(ctx.principal), webhookId);
  if (!hook) throw apiError('NO_SUCH', { what: 'webhook' });
  const since = parseSince(input.since);
  if (!since) throw apiError(input.since == null ? 'SINCE_REQUIRED' : 'SINCE_INVALID', {}, { field: 'since' });
  const row = { id: hook.id, store_id: Number(hook.store_id), event_resource: String(hook.event_resource), events: JSON.stringify(hook.events ?? []), is_active: 1 };
  let queued = 0;
  let after: { at: string; id: number } | undefined;
  // Batches keep each transaction short: on SQLite every writer waits for it. They follow the
  // index (store_id, occurred_at, id, …) from `since` on (migration 023), every kind of event, and
  // keep the webhook's own kind here: a batch reads at most BATCH rows however few of them are of
  // that kind (a filter in the statement would read on until it found BATCH, the store's whole log
  // since `since` in one transaction). The cost is the store's events since that time, not its
  // whole log; deliveries still go in event order (claims order by event).
  for (;;) {
    const n = await inTransaction(dataOf(ctx).database, async (tx) => {
      let sel = tx.selectFrom('events').select(['id', 'store_id', 'name', 'resource_type', 'resource_id', 'webhook_ids', 'occurred_at'])
        .where('store_id', '=', row.store_id);
      sel = after ? sel.where(sql<SqlBool>`(occurred_at, id) > (${after.at}, ${after.id})`) : sel.where('occurred_at', '>=', since);
      const events = await sel.orderBy('occurred_at').orderBy('id').limit(BATCH).execute();
      if (!events.length) return 0;
      const last = events[events.length - 1];
      after = { at: String(last.occurred_at), id: Number(last.id) };
      const chosen = events.filter((e) => e.resource_type === row.event_resource && takes(row, e));
      if (!chosen.length) return events.length;
      const now = formatTimestamp(ctx.clock.now());
      const ids = chosen.map((e) => Number(e.id));
      // Delivered or given up: due again, counted afresh. Still pending: it goes out anyway.
      await tx.updateTable('webhook_statuses').set({ status: 'pending', attempts: 0, next_attempt_at: now, refeed: 1, date_modified: now })
        .where('webhook_id', '=', hook.id).where('event_id', 'in', ids).where('status', '<>', 'pending').execute();
      await insertStatuses(tx, chosen.map((e) => statusRow(row, e, true, now)));
      queued += chosen.length;
      return events.length;
    });
    if (n < BATCH) break;
  }
  ctx.bus.publish(row.store_id);
  return { since, queued };
}
