// Delivery attempts of one batch of claims: read every claim's webhook and event in one statement,
// render each distinct payload once (deliveries of the same event with the same webhook query get
// the same bytes), seal it per webhook (signatures, JWE) and POST it through the SSRF-safe client
// outside any transaction. Recording the outcomes is outcomes.ts's job, for many attempts at once.
import { performance } from 'node:perf_hooks';
import type { SigningKey } from '../auth/keys.js';
import { openColumn } from '../auth/sealing.js';
import type { Selectable } from 'kysely';
import type { Database } from '../db/database.js';
import type { WebhookStatusesTable } from '../db/__generated__/db-types.js';
import type { Registry } from '../model/types.js';
import type { Repository } from '../data/repository.js';
import type { Principal } from '../auth/principal.js';
import type { ServiceContext } from '../services/context.js';
import type { Clock } from '../services/clock.js';
import { OutboundBlocked, type Outbound } from '../net/outbound.js';
import { buildPayload, PayloadError, webhookPrincipal, webhookScopes, type PayloadRenderer } from './payload.js';
import { messageId, seal } from './signing.js';

export interface DeliveryDeps {
  database: Database;
  registry: Registry;
  repo: Repository;
  clock: Clock;
  context(principal: Principal, requestId: string): ServiceContext;
  renderer: PayloadRenderer;
  outbound: Outbound;
  timeoutMs: number;
  /** Prefix of our own webhook headers (webhookHeaderPrefix of the version header); `service` when unset. */
  headerPrefix?: string;
  /** Seconds before each retry; its length is the number of retries. */
  retrySchedule: number[];
  disableAfter: number;
  /** How long a claimed attempt stays leased (longer than the timeout plus the wait to be recorded). */
  leaseMs: number;
  /** The JWT keys, from which the key sealing webhooks' encryption_key is derived. */
  keys: SigningKey[];
  log?: { error(obj: unknown, msg?: string): void };
}

/** A claimed delivery (a webhook_statuses row), `attempts` already counting this attempt. */
export type Claim = Pick<Selectable<WebhookStatusesTable>,
  'id' | 'store_id' | 'webhook_id' | 'event_id' | 'resource_type' | 'resource_id' | 'event' | 'attempts' | 'refeed'>;

/** What one attempt came to, as recorded in its webhook_logs row. */
export interface Outcome {
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
  // The URL's host name did not resolve (resolve.ts): say so, not "timeout" of the webhook's call.
  const dns = e as { hostname?: string; syscall?: string };
  if (dns.hostname && dns.syscall?.startsWith('query')) return `dns: ${e.code ?? 'error'} ${dns.hostname}`;
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
  access_scopes: string | null;
  event_id: number | null;
  payload: string | null;
  webhook_ids: string | null;
}

async function loadTargets(database: Database, keys: SigningKey[], claims: Claim[]): Promise<Map<number, Target>> {
  const rows = await database.db.selectFrom('webhook_statuses as s')
    .innerJoin('webhooks as w', 'w.id', 's.webhook_id').leftJoin('events as e', 'e.id', 's.event_id')
    .select(['s.id', 'w.url', 'w.format', 'w.query', 'w.encryption_key', 'w.access_scopes', 'e.id as event_id', 'e.payload', 'e.webhook_ids'])
    .where('s.id', 'in', claims.map((c) => c.id)).execute();
  return new Map(rows.map((r) => [Number(r.id), { ...r, encryption_key: openColumn(keys, 'encryption_key', r.encryption_key) } as Target]));
}

async function send(deps: DeliveryDeps, claim: Claim, hook: Target, payload: () => Promise<string | null>): Promise<Outcome> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  const fail = (error: string, headers: Record<string, string> = {}): Outcome => ({ ok: false, code: null, body: null, error, duration: elapsed(), headers });
  if (hook.event_id === null) return fail('the event is no longer in the log');
  if (!hook.url) return fail('the webhook has no url');
  let json: string | null;
  try {
    json = await payload();
  } catch (err) {
    if (err instanceof PayloadError) return fail(err.message);
    // Counted as a failed attempt (so it backs off); the details stay in the service log.
    deps.log?.error({ err, status: claim.id }, 'webhook payload could not be built');
    return fail('the payload could not be built (internal error)');
  }
  if (json === null) return { ok: true, skipped: true, code: null, body: null, error: 'not sent: the resource does not match the webhook query', duration: 0, headers: {} };
  const p = deps.headerPrefix ?? 'service';
  const { body, headers } = await seal({
    json, format: hook.format, url: hook.url, key: hook.encryption_key || null,
    id: messageId(Number(hook.event_id), claim.webhook_id),
    // Replay protection is judged by the receiver's real clock, so this is wall time, not ctx.clock.
    timestamp: Math.floor(Date.now() / 1000),
    headerPrefix: p,
    headers: {
      [`${p}-webhook-event`]: claim.event, [`${p}-webhook-refeed`]: String(claim.refeed === 1 || !!hook.webhook_ids),
      [`${p}-store-id`]: String(claim.store_id), 'user-agent': 'commerce-api-webhooks/1',
    },
  });
  try {
    const res = await deps.outbound.post(hook.url, body, headers, { timeoutMs: deps.timeoutMs, maxBodyBytes: MAX_LOGGED_BODY });
    const ok = res.status >= 200 && res.status < 300;
    return { ok, gone: res.status === 410, code: res.status, body: res.body.slice(0, MAX_LOGGED_BODY), error: null, duration: elapsed(), headers };
  } catch (err) {
    return fail(describeError(err, deps.timeoutMs), headers);
  }
}

/**
 * Makes the claimed attempts, one promise each: its outcome, or `null` when there is nothing to
 * record (the webhook was deleted meanwhile, and its deliveries with it). A rejection means the
 * attempt could not even be prepared (database unreachable); its lease brings it back later.
 */
export function attemptAll(deps: DeliveryDeps, claims: Claim[]): Promise<Outcome | null>[] {
  const targets = loadTargets(deps.database, deps.keys, claims);
  const contexts = new Map<string, ServiceContext>();
  const rendered = new Map<string, Promise<string | null>>();
  // Rendered at the same moment from the same rows, the payloads of one event for two webhooks
  // with the same query are the same bytes: build them once.
  const payloadOf = (claim: Claim, hook: Target) => () => {
    const scopes = webhookScopes(hook.access_scopes).sort();
    const who = `${claim.store_id}\n${scopes.join(' ')}`;
    const key = `${who}\n${hook.event_id}\n${claim.resource_type}\n${claim.resource_id}\n${hook.query ?? ''}`;
    let p = rendered.get(key);
    if (!p) {
      let ctx = contexts.get(who);
      if (!ctx) contexts.set(who, ctx = deps.context(webhookPrincipal(claim.store_id, scopes), `webhooks-${claim.id}-${claim.attempts}`));
      p = buildPayload(ctx, deps.renderer,
        { store_id: claim.store_id, resource_type: claim.resource_type, resource_id: claim.resource_id, payload: hook.payload }, hook.query);
      // Each attempt handles the failure itself; this copy must not count as unhandled.
      p.catch(() => undefined);
      rendered.set(key, p);
    }
    return p;
  };
  return claims.map(async (claim) => {
    const hook = (await targets).get(claim.id);
    return hook ? send(deps, claim, hook, payloadOf(claim, hook)) : null;
  });
}
