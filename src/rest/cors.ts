// CORS for browser front ends (DESIGN §4): an origin is allowed when it is the
// `javascript_origin_uri` of a registered client. Preflights are answered here, before routing
// reaches the resource's own OPTIONS, so a browser can send the API's headers.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isRegisteredOrigin, normaliseOrigin as normalise } from '../auth/clients.js';
import { ANONYMOUS } from '../auth/principal.js';

const allowHeaders = (versionHeader: string) =>
  `Authorization, Content-Type, ${versionHeader}, Idempotency-Key, If-Match, If-None-Match, X-HTTP-Method-Override`;
const EXPOSE_HEADERS = 'Location, Content-Location, ETag, Allow, Retry-After, RateLimit-Limit, RateLimit-Remaining, RateLimit-Reset, Request-Cost, X-Request-Id';
const METHODS = 'GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS';
/** Registered origins change rarely; a short cache keeps the lookup off the hot path. */
const CACHE_MS = 30_000;

export function registerCors(app: FastifyInstance): void {
  const cache = new Map<string, { allowed: boolean; at: number }>();
  const ALLOW_HEADERS = allowHeaders(app.container.config.versionHeader);
  async function allowed(req: FastifyRequest, origin: string): Promise<boolean> {
    const hit = cache.get(origin);
    if (hit && Date.now() - hit.at < CACHE_MS) return hit.allowed;
    const ok = await isRegisteredOrigin(app.container.context(ANONYMOUS, req.id), origin);
    if (cache.size > 10_000) cache.clear();
    cache.set(origin, { allowed: ok, at: Date.now() });
    return ok;
  }

  async function answer(req: FastifyRequest, reply: FastifyReply, raw: string): Promise<boolean> {
    const origin = normalise(raw);
    if (!origin || !(await allowed(req, origin))) return false;
    reply.header('access-control-allow-origin', origin).header('vary', 'Origin')
      .header('access-control-expose-headers', EXPOSE_HEADERS);
    if (req.method === 'OPTIONS' && req.headers['access-control-request-method']) {
      reply.code(204).header('access-control-allow-methods', METHODS)
        .header('access-control-allow-headers', ALLOW_HEADERS).header('access-control-max-age', '600').send();
      return true;
    }
    return false;
  }

  // A callback hook: most requests carry no Origin and should not pay for a promise. A preflight
  // answered here does not call done, so routing goes no further.
  app.addHook('onRequest', (req: FastifyRequest, reply: FastifyReply, done) => {
    const raw = req.headers.origin;
    if (typeof raw !== 'string') return done();
    answer(req, reply, raw).then((answered) => { if (!answered) done(); }, done);
  });
}
