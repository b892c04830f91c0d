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
import { verifyAccessToken } from '../auth/jwt.js';
import type { ApiError } from '../services/errors.js';
import { apiError, CATALOG, formatMessage } from '../services/error-catalog.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The callers' budget; undefined when RATE_LIMIT_MAX is 0 (no limiting). */
    budget?: Budget;
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
  const m = /^Bearer\s+([A-Za-z0-9._~+/=-]+)\s*$/i.exec(req.headers.authorization ?? '');
  const tokens = app.container?.tokens;
  const claims = m && tokens ? verifyAccessToken(tokens.opts.keys, tokens.opts.issuer, m[1], tokens.nowSec()) : null;
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
  constructor(private readonly limiter: RateLimiterAbstract, private readonly credentialLimiter: RateLimiterAbstract,
    readonly limit: number, readonly credentialLimit: number, readonly windowSeconds: number, readonly costPerPoint: number) {}

  /** Units a request or operation of this calculated cost spends beyond its first one. */
  surcharge(cost: number): number {
    return Math.floor(Math.max(0, cost) / this.costPerPoint);
  }

  spend(key: string, units: number): Promise<Spent> {
    return consume(this.limiter, this.limit, this.windowSeconds, key, units);
  }

  spendCredential(ip: string): Promise<Spent> {
    return consume(this.credentialLimiter, this.credentialLimit, this.windowSeconds, `credentials:${ip}`, 1);
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

async function consume(limiter: RateLimiterAbstract, limit: number, windowSeconds: number, key: string, units: number): Promise<Spent> {
  const state = (r: RateLimiterRes, allowed: boolean): Spent => ({
    allowed, limit, remaining: Math.max(0, r.remainingPoints), reset: Math.max(1, Math.ceil(r.msBeforeNext / 1000)),
  });
  try {
    return state(await limiter.consume(key, units), true);
  } catch (err) {
    if (err instanceof RateLimiterRes) return state(err, false);
    // Neither Redis nor the stand-in could count: let the call through rather than fail it.
    return { allowed: true, limit, remaining: limit, reset: windowSeconds };
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

  // Added before the bearer hook of app.ts (requestKey verifies the token's signature itself).
  app.addHook('onRequest', async (req, reply) => {
    if (reply.sent || EXEMPT_ROUTES.has(req.routeOptions.url ?? '')) return;
    // A WebSocket upgrade spends nothing itself: each operation on the socket does (ws.ts).
    if (req.headers.upgrade?.toLowerCase() === 'websocket') return;
    const s = isCredentialRequest(req) ? await budget.spendCredential(req.ip) : await budget.spend(requestKey(app, req), 1);
    setRateLimitHeaders(reply, s);
    if (s.allowed) return;
    if (req.routeOptions.url === '/graphql') {
      // GraphQL clients read errors in GraphQL's shape, as the cost surcharge refusal answers (limits.ts).
      return reply.code(429).header('retry-after', String(s.reset)).type('application/json').send({
        errors: [{ message: budget.message(s), extensions: { code: 'RATE_LIMITED', retryAfter: s.reset, limit: s.limit, remaining: s.remaining } }],
      });
    }
    return sendErrors(req, reply, 429, [{ code: 'rate_limited', message: budget.message(s) }], { 'retry-after': String(s.reset) });
  });
}
