// Request rate limits (DESIGN §3: 429 with Retry-After and the draft IETF RateLimit-* headers).
// Authenticated calls count per token; anonymous calls per client address; the endpoints that take
// credentials or create accounts (registration, token, log-in and consent forms) have their own,
// lower budget per address so guessing passwords costs time. Counters live in Redis when REDIS_URL
// is set, so every instance shares them, and in memory otherwise.
import rateLimit from '@fastify/rate-limit';
import { fallbackStore } from './rate-limit-store.js';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Config } from '../config.js';
import { sendErrors } from '../rest/http.js';

/** POSTs that check a password or secret, or create an account, wherever they are mounted. */
const CREDENTIAL_ROUTES = new Set(['/clients', '/token', '/revoke', '/introspect', '/authorize', '/login']);

/** Probes and scrapes are never limited: an orchestrator must always learn the truth. */
const EXEMPT_ROUTES = new Set(['/healthz', '/readyz', '/metrics']);

export function isCredentialRequest(req: FastifyRequest): boolean {
  const route = req.routeOptions.url ?? '';
  return req.method === 'POST' && (CREDENTIAL_ROUTES.has(route) || route.startsWith('/admin'));
}

function tokenKey(req: FastifyRequest): string {
  const p = req.principal;
  if (p && p.kind !== 'anonymous') return `token:${p.tokenId ?? `${p.kind}:${p.clientId}`}`;
  return `ip:${req.ip}`;
}

export async function registerRateLimit(app: FastifyInstance, config: Config): Promise<void> {
  if (config.rateLimitMax <= 0) return;
  // Redis when it is there, memory while it is not (src/ops/rate-limit-store.ts): never needed to start.
  const redis = app.container.redis.client('rate-limit');
  await app.register(rateLimit, {
    global: false,
    enableDraftSpec: true,
    skipOnError: true,
    ...(redis ? { store: fallbackStore(redis, `${config.redisPrefix}ratelimit:`) } : {}),
  });
  const timeWindow = config.rateLimitWindowMs;
  const api = app.createRateLimit({ max: config.rateLimitMax, timeWindow, keyGenerator: tokenKey });
  const credentials = app.createRateLimit({
    max: config.rateLimitCredentialsMax, timeWindow, keyGenerator: (req: FastifyRequest) => `credentials:${req.ip}`,
  });

  // Added after the bearer hook of app.ts, so the principal is known when the key is chosen.
  app.addHook('onRequest', async (req, reply) => {
    if (reply.sent || EXEMPT_ROUTES.has(req.routeOptions.url ?? '')) return;
    const r = await (isCredentialRequest(req) ? credentials : api)(req);
    if (r.isAllowed) return;
    reply.header('ratelimit-limit', r.max).header('ratelimit-remaining', r.remaining).header('ratelimit-reset', r.ttlInSeconds);
    if (!r.isExceeded) return;
    const after = String(Math.max(1, r.ttlInSeconds));
    return sendErrors(req, reply, 429, [{
      code: 'rate_limited', message: `Too many requests; at most ${r.max} per ${Math.round(timeWindow / 1000)} s. Retry in ${after} s.`,
    }], { 'retry-after': after });
  });
}
