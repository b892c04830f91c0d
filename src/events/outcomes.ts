// Records finished delivery attempts, a batch at a time in the caller's transaction: one
// webhook_logs row per attempt, each delivery's next state (retry schedule), and each webhook's
// failure streak (switching it off after too many, or at once on 410 Gone). Batching is what lets
// SQLite keep up: a commit (an fsync with synchronous=FULL) per attempt capped throughput, and the
// statements are the same few whether the batch holds one attempt or a hundred.
import type { Tx } from '../db/database.js';
import { formatTimestamp } from '../services/clock.js';
import type { ServiceContext } from '../services/context.js';
import { recordChange } from './record.js';
import { storePrincipal } from './payload.js';
import type { Claim, DeliveryDeps, Outcome } from './delivery.js';

export interface Attempted {
  claim: Claim;
  outcome: Outcome;
}

/**
 * At most this many attempts per batch: their status updates are one OR of (id, attempts) pairs,
 * and SQLite caps the depth of an expression at 1,000.
 */
export const MAX_BATCH = 100;

interface NextState { status: string; next_attempt_at: string | null }

function nextState(deps: DeliveryDeps, a: Attempted, now: Date): NextState {
  if (a.outcome.ok) return { status: 'successful', next_attempt_at: null };
  const retryIn = deps.retrySchedule[a.claim.attempts - 1];
  return retryIn === undefined ? { status: 'failed', next_attempt_at: null }
    : { status: 'pending', next_attempt_at: formatTimestamp(new Date(now.getTime() + retryIn * 1000)) };
}

/** Switches the webhook off, recording why in the changelog (announced as changelog/created). */
async function disable(deps: DeliveryDeps, tx: Tx, ctx: ServiceContext, webhookId: number, message: string, now: string): Promise<boolean> {
  const r = deps.registry.resource('webhook');
  const before = await deps.repo.findById(r, { storeId: ctx.principal.storeId }, webhookId, tx);
  if (!before || !before.is_active) return false;
  await tx.updateTable('webhooks').set({ is_active: 0, consecutive_failures: 0, date_modified: now }).where('id', '=', webhookId).execute();
  await recordChange(tx, ctx, r, 'modified', before, { ...before, is_active: false, date_modified: now }, { message });
  return true;
}

/** Records the attempts; returns the stores whose log grew because a webhook was switched off. */
export async function recordAttempts(deps: DeliveryDeps, tx: Tx, done: Attempted[], now: Date): Promise<number[]> {
  const stamp = formatTimestamp(now);
  await tx.insertInto('webhook_logs').values(done.map(({ claim: c, outcome: o }) => ({
    store_id: c.store_id, webhook_id: c.webhook_id, webhook_status_id: c.id, resource_type: c.resource_type,
    resource_id: c.resource_id, event: c.event, request_headers: JSON.stringify(o.headers), response_code: o.code,
    response_body: o.body, error: o.error, duration: o.duration, date_created: stamp, date_modified: stamp,
  }))).execute();

  // One update per distinct next state. Only the holder of an attempt may settle it: a resend or
  // an expired lease re-queued it meanwhile when `attempts` moved on.
  const groups = new Map<string, { next: NextState; claims: Claim[] }>();
  for (const a of done) {
    const next = nextState(deps, a, now);
    const key = `${next.status} ${next.next_attempt_at}`;
    const g = groups.get(key) ?? { next, claims: [] };
    g.claims.push(a.claim);
    groups.set(key, g);
  }
  for (const { next, claims } of groups.values()) {
    await tx.updateTable('webhook_statuses').set({ ...next, lease_until: null, date_modified: stamp }).where('status', '=', 'pending')
      .where((eb) => eb.or(claims.map((c) => eb.and([eb('id', '=', c.id), eb('attempts', '=', c.attempts)])))).execute();
  }

  // A skipped delivery (filtered out) says nothing about the endpoint, so it leaves the streak alone.
  const reached = [...new Set(done.filter((a) => a.outcome.ok && !a.outcome.skipped).map((a) => a.claim.webhook_id))];
  if (reached.length) {
    await tx.updateTable('webhooks').set({ consecutive_failures: 0 }).where('id', 'in', reached).where('consecutive_failures', '<>', 0).execute();
  }
  const grew: number[] = [];
  for (const { claim, outcome: o } of done) {
    if (o.ok) continue;
    const streak = await tx.updateTable('webhooks').set((eb) => ({ consecutive_failures: eb('consecutive_failures', '+', 1) }))
      .where('id', '=', claim.webhook_id).returning(['consecutive_failures']).executeTakeFirst();
    const failures = Number(streak?.consecutive_failures ?? 0);
    const why = o.gone ? 'the endpoint answered 410 Gone'
      : failures >= deps.disableAfter ? `${failures} consecutive delivery attempts failed (last: ${o.code ? `HTTP ${o.code}` : o.error})` : undefined;
    if (!why) continue;
    const ctx = deps.context(storePrincipal(claim.store_id), `webhook-${claim.id}-${claim.attempts}`);
    if (await disable(deps, tx, ctx, claim.webhook_id, `webhook switched off: ${why}`, stamp)) grew.push(claim.store_id);
  }
  return grew;
}
