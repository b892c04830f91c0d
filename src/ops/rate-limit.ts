// One budget per caller (DESIGN §3: 429 with Retry-After and the draft IETF RateLimit-* headers).
// Authenticated calls spend the token's budget (its `jti`), anonymous ones their address's; every
// front door spends the same budget: an HTTP request 1 unit, a GraphQL operation over WebSocket 1,
// and any request or operation 1 more per `RATE_LIMIT_COST_PER_POINT` of its calculated cost
// (src/data/cost.ts), so one expensive query spends what many cheap ones do. The endpoints that
// take credentials or create accounts have their own, lower budget per address so guessing
// passwords costs time. Counting is rate-limiter-flexible's: in Redis when REDIS_URL is set (every
// instance shares the count), in memory otherwise; while Redis is unreachable (also at start) the
// in-memory limiter stands in, so each instance still limits on its own.
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import type { Redis } from 'ioredis';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config.js';
import type { Principal } from '../auth/principal.js';
import type { SendErrors } from './error-reply.js';
import type { VerifiedAccess } from '../auth/jwt.js';
import { ConnectionHold } from './connection-hold.js';
import { FairShare } from './fair-share.js';
import type { ApiError } from '../services/errors.js';
import { apiError, CATALOG, formatMessage } from '../services/error-catalog.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The budget key the request was admitted under (its fair turn's caller), once admitted. */
    budgetKey?: string;
    /**
     * The claims of the request's bearer token as requestKey verified them (null: not a valid
     * access token), so the bearer hook of app.ts does not parse and verify it again; undefined
     * when nothing verified it yet.
     */
    accessClaims?: VerifiedAccess | null;
  }
  interface FastifyInstance {
    /** The callers' budget; undefined when RATE_LIMIT_MAX is 0 (no limiting). */
    budget?: Budget;
    /**
     * Whether more than one caller is active on this instance (fair-share.ts): large answers are
     * then written in slices (services/pace.ts). Undefined when there are no fair turns.
     */
    loopShared?: () => boolean;
  }
}

/** POSTs that check a password or secret, or create an account, wherever they are mounted. */
const CREDENTIAL_ROUTES = new Set(['/clients', '/token', '/revoke', '/introspect', '/authorize', '/login']);

/** Probes and scrapes are never limited: an orchestrator must always learn the truth. */
const EXEMPT_ROUTES = new Set(['/healthz', '/readyz', '/metrics']);

export function isCredentialRequest(req: FastifyRequest): boolean {
  const route = req.routeOptions.url ?? '';
  return req.method === 'POST' && (CREDENTIAL_ROUTES.has(route) || route.startsWith('/admin'));
}

/** Whose budget a call spends: the token's, or the address's when anonymous. */
export function budgetKey(p: Principal | undefined, ip: string): string {
  if (p && p.kind !== 'anonymous') return `token:${p.tokenId ?? `${p.kind}:${p.clientId}`}`;
  return `ip:${ip}`;
}

/**
 * The key of a request before the bearer hook runs: a validly signed, unexpired access token's
 * `jti` (the principal's tokenId), checked without the database, so a flood over budget costs no
 * statement; anything else is anonymous and spends its address's budget.
 */
function requestKey(app: FastifyInstance, req: FastifyRequest): string {
  const tokens = app.container?.tokens;
  const claims = tokens ? tokens.bearerClaims(req.headers.authorization) : null;
  if (tokens) req.accessClaims = claims;
  return claims?.jti ? `token:${claims.jti}` : `ip:${req.ip}`;
}

/** What a spend left: RateLimit-Limit, -Remaining, -Reset, and whether the call may go ahead. */
export interface Spent {
  allowed: boolean;
  limit: number;
  remaining: number;
  /** Seconds until the window resets (Retry-After when refused). */
  reset: number;
}

export class Budget {
  private readonly main: Counter;
  private readonly credentials: Counter;

  constructor(limiter: RateLimiterAbstract, credentialLimiter: RateLimiterAbstract,
    readonly limit: number, readonly credentialLimit: number, readonly windowSeconds: number, readonly costPerPoint: number) {
    this.main = new Counter(limiter, limit, windowSeconds);
    this.credentials = new Counter(credentialLimiter, credentialLimit, windowSeconds);
  }

  /** Units a request or operation of this calculated cost spends beyond its first one. */
  surcharge(cost: number): number {
    return Math.floor(Math.max(0, cost) / this.costPerPoint);
  }

  spend(key: string, units: number): Promise<Spent> {
    return this.main.consume(key, units);
  }

  /** The refusal a spend by `key` would get now, known without spending: its budget is spent until its window ends. */
  spentFor(key: string): Spent | undefined {
    return this.main.known(key);
  }

  spendCredential(ip: string): Promise<Spent> {
    return this.credentials.consume(`credentials:${ip}`, 1);
  }

  message(s: Spent): string {
    return formatMessage(CATALOG.BUDGET_SPENT.message, { limit: s.limit, window: this.windowSeconds, costPerPoint: this.costPerPoint, reset: s.reset });
  }

  /** The 429 to throw once the budget is spent. */
  refusal(s: Spent): ApiError {
    return apiError('BUDGET_SPENT', { limit: s.limit, window: this.windowSeconds, costPerPoint: this.costPerPoint, reset: s.reset },
      { details: { retryAfter: s.reset } });
  }
}

/** Bounds the keys remembered as spent, like the token cache. */
const REFUSED_MAX = 10_000;

/** One limiter, and the keys it has refused until the end of their window. */
class Counter {
  /**
   * Keys whose budget is spent, with the end of their window (ms since the epoch). The windows are
   * fixed (a key's count starts at its first spend and expires with its window) and a refused spend
   * still counts, so a key refused with nothing left is refused until then whatever it spends:
   * asking the limiter again (a Redis round trip with REDIS_URL) would change nothing a caller is
   * told. A flood over budget costs a map look-up here.
   */
  private readonly refusedUntil = new Map<string, number>();

  constructor(private readonly limiter: RateLimiterAbstract, private readonly limit: number, private readonly windowSeconds: number) {}

  /** The refusal of a key known to be spent, or undefined. */
  known(key: string): Spent | undefined {
    const until = this.refusedUntil.get(key);
    if (until === undefined) return undefined;
    const left = until - Date.now();
    if (left > 0) return this.state(left, 0, false);
    this.refusedUntil.delete(key);
    return undefined;
  }

  async consume(key: string, units: number): Promise<Spent> {
    const refused = this.known(key);
    if (refused) return refused;
    try {
      const r = await this.limiter.consume(key, units);
      return this.state(r.msBeforeNext, r.remainingPoints, true);
    } catch (err) {
      if (err instanceof RateLimiterRes) {
        if (err.remainingPoints <= 0 && err.msBeforeNext > 0) {
          if (this.refusedUntil.size >= REFUSED_MAX) this.refusedUntil.clear();
          this.refusedUntil.set(key, Date.now() + err.msBeforeNext);
        }
        return this.state(err.msBeforeNext, err.remainingPoints, false);
      }
      // Neither Redis nor the stand-in could count: let the call through rather than fail it.
      return { allowed: true, limit: this.limit, remaining: this.limit, reset: this.windowSeconds };
    }
  }

  private state(msBeforeNext: number, remaining: number, allowed: boolean): Spent {
    return { allowed, limit: this.limit, remaining: Math.max(0, remaining), reset: Math.max(1, Math.ceil(msBeforeNext / 1000)) };
  }
}

export function setRateLimitHeaders(reply: FastifyReply, s: Spent): void {
  reply.header('ratelimit-limit', s.limit).header('ratelimit-remaining', s.remaining).header('ratelimit-reset', s.reset);
}

function limiters(config: Config, redis: Redis | undefined, name: string, points: number, duration: number): RateLimiterAbstract {
  const memory = new RateLimiterMemory({ points, duration, keyPrefix: name });
  if (!redis) return memory;
  return new RateLimiterRedis({
    storeClient: redis, points, duration, keyPrefix: `${config.redisPrefix}ratelimit:${name}`,
    rejectIfRedisNotReady: true, insuranceLimiter: memory,
  });
}

export async function registerRateLimit(app: FastifyInstance, config: Config, sendErrors: SendErrors): Promise<void> {
  if (config.rateLimitMax <= 0) return;
  // Redis when it is there, memory while it is not (rate-limiter-flexible's insurance limiter, and
  // src/ops/redis.ts's client that connects in the background): never needed to start.
  const redis = app.container.redis.client('rate-limit');
  const windowSeconds = Math.max(1, Math.round(config.rateLimitWindowMs / 1000));
  const budget = new Budget(
    limiters(config, redis, 'api:', config.rateLimitMax, windowSeconds),
    limiters(config, redis, 'cred:', config.rateLimitCredentialsMax, windowSeconds),
    config.rateLimitMax, config.rateLimitCredentialsMax, windowSeconds, config.rateLimitCostPerPoint,
  );
  app.decorate('budget', budget);
  const fair = new FairShare(config.rateLimitFairShare);
  app.decorate('loopShared', () => fair.shared());
  // On the request, declared so every request keeps one shape: a WeakMap entry per request cost
  // its set and the scavenger's tracing of an ephemeron whose key dies young (round 23's perf).
  app.decorateRequest('budgetKey', undefined);
  app.decorateRequest('accessClaims', undefined);
  // While other callers are active, a caller's requests take turns with theirs: once the body is in
  // (preHandler), until the answer is built (onSend).
  if (config.rateLimitFairShare > 0) {
    app.addHook('preHandler', async (req, reply) => {
      const key = req.budgetKey;
      const turn = key === undefined ? undefined : fair.enter(key, reply.raw);
      if (turn) await turn;
    });
    app.addHook('onSend', async (_req, reply, payload) => {
      fair.leave(reply.raw);
      return payload;
    });
  }
  const hold = new ConnectionHold({
    after: config.rateLimitPauseAfter, maxMs: config.httpIdleTimeoutMs, max: config.rateLimitPausedMax,
    perAddress: config.rateLimitPausedPerAddress, keepAliveMs: config.httpKeepAliveTimeoutMs,
  });

  // Added before the bearer hook of app.ts (requestKey verifies the token's signature itself).
  app.addHook('onRequest', async (req, reply) => {
    if (reply.sent || EXEMPT_ROUTES.has(req.routeOptions.url ?? '')) return;
    // A WebSocket upgrade spends nothing itself: each operation on the socket does (ws.ts).
    if (req.headers.upgrade?.toLowerCase() === 'websocket') return;
    const credential = isCredentialRequest(req);
    const key = credential ? `credentials:${req.ip}` : requestKey(app, req);
    const s = credential ? await budget.spendCredential(req.ip) : await budget.spend(key, 1);
    setRateLimitHeaders(reply, s);
    // A caller that keeps sending on this connection after being refused is not read from until its Retry-After.
    hold.note(reply.raw, key, s.allowed, s.reset);
    if (s.allowed) {
      req.budgetKey = key;
      return;
    }
    if (req.routeOptions.url === '/graphql') {
      // GraphQL clients read errors in GraphQL's shape, as the cost surcharge refusal answers (limits.ts).
      return reply.code(429).header('retry-after', String(s.reset)).type('application/json').send({
        errors: [{ message: budget.message(s), extensions: { code: 'RATE_LIMITED', retryAfter: s.reset, limit: s.limit, remaining: s.remaining } }],
      });
    }
    return sendErrors(req, reply, 429, [{ code: 'rate_limited', message: budget.message(s) }], { 'retry-after': String(s.reset) });
  });
}
