// One delivery attempt of one event to one webhook: render the payload, seal it (signatures, JWE),
// POST it through the SSRF-safe client outside any transaction, then record the attempt (a
// webhook_log row), the delivery's next state (retry schedule) and the webhook's failure streak
// (switching it off after too many, or at once on 410 Gone) in one transaction.
import { performance } from 'node:perf_hooks';
import { inTransaction, type Database, type Tx } from '../db/database.js';
import type { Registry } from '../model/types.js';
import type { Repository } from '../data/repository.js';
import type { Principal } from '../auth/principal.js';
import type { ServiceContext } from '../services/context.js';
import type { Clock } from '../services/clock.js';
import { formatTimestamp } from '../services/clock.js';
import { OutboundBlocked, postOutbound } from '../net/outbound.js';
import { buildPayload, PayloadError, storePrincipal, type PayloadRenderer } from './payload.js';
import { messageId, seal } from './signing.js';
import { recordChange } from './record.js';
import { claimIn } from './queue.js';

export interface DeliveryDeps {
  database: Database;
  registry: Registry;
  repo: Repository;
  clock: Clock;
  context(principal: Principal, requestId: string): ServiceContext;
  renderer: PayloadRenderer;
  allowPrivate: boolean;
  timeoutMs: number;
  /** Seconds before each retry; its length is the number of retries. */
  retrySchedule: number[];
  disableAfter: number;
  /** How long a claimed attempt stays leased (longer than the timeout). */
  leaseMs: number;
  log?: { error(obj: unknown, msg?: string): void };
}

/** A claimed delivery (a webhook_statuses row), `attempts` already counting this attempt. */
export interface Claim {
  id: number;
  store_id: number;
  webhook_id: number;
  event_id: number | null;
  resource_type: string;
  resource_id: number;
  event: string;
  attempts: number;
  refeed: number;
}

interface Outcome {
  ok: boolean;
  /** Nothing was sent because the webhook's filters exclude the resource. */
  skipped?: boolean;
  gone?: boolean;
  code: number | null;
  body: string | null;
  error: string | null;
  duration: number;
  headers: Record<string, string>;
}

const MAX_LOGGED_BODY = 2000;

function describeError(err: unknown, timeoutMs: number): string {
  const e = err as { code?: string; name?: string; message?: string; cause?: unknown };
  const cause = e.cause as { code?: string } | undefined;
  if (err instanceof OutboundBlocked || e.code === 'OUTBOUND_BLOCKED' || cause?.code === 'OUTBOUND_BLOCKED') {
    return `blocked: ${err instanceof OutboundBlocked ? err.message : (e.cause as Error)?.message ?? e.message}`;
  }
  if (e.name === 'TimeoutError' || e.name === 'AbortError' || /TIMEOUT/.test(e.code ?? '')) return `timeout: no answer within ${timeoutMs} ms`;
  if (e.code === 'ECONNREFUSED' || cause?.code === 'ECONNREFUSED') return 'connection refused';
  const code = e.code ?? cause?.code;
  return `${code ? `${code}: ` : ''}${e.message ?? String(err)}`.slice(0, 500);
}

/** The webhook and the event of a claimed delivery, read together. */
interface Target {
  url: string | null;
  format: string;
  query: string | null;
  encryption_key: string | null;
  event_id: number | null;
  payload: string | null;
  webhook_ids: string | null;
}

async function send(deps: DeliveryDeps, ctx: ServiceContext, claim: Claim, hook: Target): Promise<Outcome> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  const fail = (error: string, headers: Record<string, string> = {}): Outcome => ({ ok: false, code: null, body: null, error, duration: elapsed(), headers });
  if (hook.event_id === null) return fail('the event is no longer in the log');
  if (!hook.url) return fail('the webhook has no url');
  let json: string | null;
  try {
    json = await buildPayload(ctx, deps.renderer,
      { store_id: claim.store_id, resource_type: claim.resource_type, resource_id: claim.resource_id, payload: hook.payload }, hook.query);
  } catch (err) {
    if (err instanceof PayloadError) return fail(err.message);
    // Counted as a failed attempt (so it backs off); the details stay in the service log.
    deps.log?.error({ err, status: claim.id }, 'webhook payload could not be built');
    return fail('the payload could not be built (internal error)');
  }
  if (json === null) return { ok: true, skipped: true, code: null, body: null, error: 'not sent: the resource does not match the webhook query', duration: 0, headers: {} };
  const { body, headers } = await seal({
    json, format: hook.format, url: hook.url, key: hook.encryption_key || null,
    id: messageId(Number(hook.event_id), claim.webhook_id),
    // Replay protection is judged by the receiver's real clock, so this is wall time, not ctx.clock.
    timestamp: Math.floor(Date.now() / 1000),
    headers: {
      'service-webhook-event': claim.event, 'service-webhook-refeed': String(claim.refeed === 1 || !!hook.webhook_ids),
      'service-store-id': String(claim.store_id), 'user-agent': 'commerce-api-webhooks/1',
    },
  });
  try {
    const res = await postOutbound(hook.url, body, headers, { allowPrivate: deps.allowPrivate, timeoutMs: deps.timeoutMs, maxBodyBytes: MAX_LOGGED_BODY });
    const ok = res.status >= 200 && res.status < 300;
    return { ok, gone: res.status === 410, code: res.status, body: res.body.slice(0, MAX_LOGGED_BODY), error: null, duration: elapsed(), headers };
  } catch (err) {
    return fail(describeError(err, deps.timeoutMs), headers);
  }
}

/** Switches the webhook off, recording why in the changelog (announced as changelog/created). */
async function disable(deps: DeliveryDeps, tx: Tx, ctx: ServiceContext, webhookId: number, message: string, now: string): Promise<void> {
  const r = deps.registry.resource('webhook');
  const before = await deps.repo.findById(r, { storeId: ctx.principal.storeId }, webhookId, tx);
  if (!before || !before.is_active) return;
  await tx.updateTable('webhooks').set({ is_active: 0, consecutive_failures: 0, date_modified: now }).where('id', '=', webhookId).execute();
  await recordChange(tx, ctx, r, 'modified', before, { ...before, is_active: false, date_modified: now }, { message });
}

export interface Delivered {
  /** The webhook was switched off (its store's log grew by a changelog event). */
  disabled: boolean;
  /** The same webhook's next delivery, claimed in the same transaction because it is due now. */
  next?: Claim;
}

async function record(deps: DeliveryDeps, ctx: ServiceContext, claim: Claim, o: Outcome, chain: boolean): Promise<Delivered> {
  const now = deps.clock.now();
  const stamp = formatTimestamp(now);
  const retryIn = deps.retrySchedule[claim.attempts - 1];
  const next = o.ok ? { status: 'successful', next_attempt_at: null }
    : retryIn === undefined ? { status: 'failed', next_attempt_at: null }
      : { status: 'pending', next_attempt_at: formatTimestamp(new Date(now.getTime() + retryIn * 1000)) };
  return inTransaction(deps.database, async (tx) => {
    await tx.insertInto('webhook_logs').values({
      store_id: claim.store_id, webhook_id: claim.webhook_id, webhook_status_id: claim.id, resource_type: claim.resource_type,
      resource_id: claim.resource_id, event: claim.event, request_headers: JSON.stringify(o.headers), response_code: o.code,
      response_body: o.body, error: o.error, duration: o.duration, date_created: stamp, date_modified: stamp,
    }).execute();
    // Only the holder of this attempt may settle it: a resend or an expired lease re-queued it meanwhile.
    await tx.updateTable('webhook_statuses').set({ ...next, date_modified: stamp })
      .where('id', '=', claim.id).where('attempts', '=', claim.attempts).where('status', '=', 'pending').execute();
    const following = async (): Promise<Delivered> => {
      if (!chain) return { disabled: false };
      const lease = { now: stamp, leaseUntil: formatTimestamp(new Date(now.getTime() + deps.leaseMs)) };
      const [nextClaim] = await claimIn(tx, deps.database.dialect, lease, 1, claim.webhook_id);
      return { disabled: false, next: nextClaim };
    };
    if (o.skipped) return following();
    if (o.ok) {
      await tx.updateTable('webhooks').set({ consecutive_failures: 0 }).where('id', '=', claim.webhook_id).where('consecutive_failures', '<>', 0).execute();
      return following();
    }
    const streak = await tx.updateTable('webhooks').set((eb) => ({ consecutive_failures: eb('consecutive_failures', '+', 1) }))
      .where('id', '=', claim.webhook_id).returning(['consecutive_failures']).executeTakeFirst();
    const failures = Number(streak?.consecutive_failures ?? 0);
    const why = o.gone ? 'the endpoint answered 410 Gone'
      : failures >= deps.disableAfter ? `${failures} consecutive delivery attempts failed (last: ${o.code ? `HTTP ${o.code}` : o.error})` : undefined;
    if (!why) return following();
    await disable(deps, tx, ctx, claim.webhook_id, `webhook switched off: ${why}`, stamp);
    return { disabled: true };
  });
}

/**
 * Makes the claimed attempt and records it. With `chain`, the webhook's next delivery is claimed
 * in the recording transaction when it is due, so a backlog drains without a dispatcher pass each.
 */
export async function deliver(deps: DeliveryDeps, claim: Claim, chain: boolean): Promise<Delivered> {
  const ctx = deps.context(storePrincipal(claim.store_id), `webhook-${claim.id}-${claim.attempts}`);
  const hook = await deps.database.db.selectFrom('webhook_statuses as s')
    .innerJoin('webhooks as w', 'w.id', 's.webhook_id').leftJoin('events as e', 'e.id', 's.event_id')
    .select(['w.url', 'w.format', 'w.query', 'w.encryption_key', 'e.id as event_id', 'e.payload', 'e.webhook_ids'])
    .where('s.id', '=', claim.id).executeTakeFirst() as Target | undefined;
  if (!hook) return { disabled: false }; // the webhook was deleted meanwhile, and its deliveries with it
  const outcome = await send(deps, ctx, claim, hook);
  return record(deps, ctx, claim, outcome, chain);
}
