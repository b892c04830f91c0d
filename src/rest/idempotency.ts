// `Idempotency-Key` on POST: the first request with a key does the work and its answer is stored;
// a retry with the same key and body gets that answer again; the same key with another body is
// refused (422); a retry while the first is still running gets 409. The key row is claimed by a
// unique index, so of many concurrent requests exactly one does the work.
//
// Credentials (issue 15): keys belong to the exact credential that sent them (the grant, i.e. the
// refresh-token family, and the token's scopes; a client_credentials token's client), so other
// tokens of the same store never see each other's answers. Stored answers are sealed (AES-GCM,
// key derived from the JWT keys, bound to the row's owner and key), so a database dump holds no
// answer in clear. An anonymous request whose answer is `Cache-Control: no-store` (registration:
// it carries a client secret and tokens) is never replayed: anyone on the same address could send
// the same key and body, so a retry learns where the created resource is, not its credentials.
//
// Crashes (issue 16): the claim is a lease judged by the database clock and renewed while the
// request runs; a key whose owner died is taken over once its lease has run out.
//
// The rows (claim, lease, sealed answers) are services/idempotency-store.ts's; this file is the
// HTTP part: which requests carry a key, the owner of a request, error bodies, replaying a reply.
import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { HeldKey } from '../services/idempotency-store.js';
import { sendErrors } from './http.js';
import { CATALOG, type ErrorCode } from '../services/error-catalog.js';

declare module 'fastify' {
  interface FastifyRequest {
    idempotency?: HeldKey & { heartbeat: NodeJS.Timeout };
    /** The request failed with its COMMIT's outcome unknown (set by the error handler, app.ts). */
    commitInDoubt?: boolean;
  }
}

/** How long a claim holds without renewal; renewed every third of it while the request runs. */
export const DEFAULT_LEASE_MS = 30_000;
const REPLAYED_HEADERS = ['content-type', 'location', 'content-location', 'etag', 'cache-control'];

export function ownerOf(req: FastifyRequest): string {
  const p = req.principal;
  if (p.kind === 'anonymous') return `anonymous:${req.ip}`;
  const scopes = [...p.scopes].sort().join(' ');
  return p.grantId ? `grant:${p.grantId}:${scopes}` : `client:${p.clientId}:${scopes}`;
}

function bodyHash(req: FastifyRequest): string {
  return createHash('sha256').update(`${req.method} ${req.url}\n${JSON.stringify(req.body ?? null)}`).digest('base64url');
}

function keyError(req: FastifyRequest, reply: FastifyReply, status: number, code: ErrorCode, message: string, headers?: Record<string, string>) {
  return sendErrors(req, reply, status, [{ field: 'Idempotency-Key', code, message }], headers);
}

function own(req: FastifyRequest, leaseMs: number, held: HeldKey): undefined {
  const { idempotency } = req.server.container;
  const heartbeat = setInterval(() => {
    idempotency.renew(held, leaseMs).catch((err: unknown) => req.log.warn({ err }, 'idempotency lease not renewed'));
  }, Math.max(50, Math.floor(leaseMs / 3)));
  heartbeat.unref();
  req.idempotency = { ...held, heartbeat };
  return undefined;
}

async function claim(req: FastifyRequest, reply: FastifyReply, key: string, leaseMs: number): Promise<FastifyReply | undefined> {
  // A token check that would ride with the request's first statement (auth/token-check.ts) is
  // answered first: the key is written outside the request's transaction, and a dead token must
  // not spend it on a 401 that a retry with a fresh token of the same grant would be replayed.
  await req.principal.check?.settle();
  const outcome = await req.server.container.idempotency.claim(
    { owner: ownerOf(req), key, method: req.method, path: req.url, bodyHash: bodyHash(req) }, leaseMs);
  switch (outcome.kind) {
    case 'claimed':
      return own(req, leaseMs, outcome.held);
    case 'reused':
      return keyError(req, reply, 422, 'idempotency_key_reused', 'this Idempotency-Key was used for a different request');
    case 'in_progress':
      return keyError(req, reply, 409, 'idempotency_key_in_progress', 'a request with this Idempotency-Key is still being processed; retry shortly', { 'retry-after': '1' });
    case 'in_doubt':
      return keyError(req, reply, 409, 'idempotency_key_in_doubt', CATALOG.IDEMPOTENCY_KEY_IN_DOUBT.message);
    case 'answered': {
      const { headers, body, status } = outcome;
      if (body === undefined) {
        const where = headers.location ? ` created ${headers.location}` : ` was answered ${status}`;
        return keyError(req, reply, 409, 'idempotency_key_not_replayable',
          `the first request with this Idempotency-Key${where}; its answer carried credentials, which are shown once and not kept for replay. Send the request again with a new Idempotency-Key.`,
          headers.location ? { location: headers.location } : undefined);
      }
      return reply.code(status).headers({ ...headers, 'idempotent-replayed': 'true' }).send(body);
    }
  }
}

function release(req: FastifyRequest): NonNullable<FastifyRequest['idempotency']> | undefined {
  const held = req.idempotency;
  if (held) clearInterval(held.heartbeat);
  return held;
}

export function registerIdempotency(app: FastifyInstance, options: { leaseMs?: number } = {}): void {
  const leaseMs = options.leaseMs ?? DEFAULT_LEASE_MS;
  const store = app.container.idempotency;
  // Callback hooks: most requests carry no key, and they should not pay for a promise per hook.
  // A hook that answered (an error, a replay) does not call done, so the route does not run.
  app.addHook('preHandler', (req, reply, done) => {
    const key = req.headers['idempotency-key'];
    if (req.method !== 'POST' || typeof key !== 'string' || !req.routeOptions.config?.rest) return done();
    if (!key || key.length > 255) {
      keyError(req, reply, 400, 'invalid_value', 'Idempotency-Key must be 1 to 255 characters');
      return;
    }
    claim(req, reply, key, leaseMs).then((answered) => { if (!answered) done(); }, done);
  });
  app.addHook('onSend', (req, reply, payload, done) => {
    const held = release(req);
    if (!held) return done(null, payload);
    req.idempotency = undefined;
    // The answer goes out whatever becomes of the key (the database may be the reason for a 503):
    // a key left claimed is taken over by a retry once its lease has run out.
    record(req, reply, payload, held).then(() => done(null, payload), (err: unknown) => {
      req.log.warn({ err }, 'Idempotency-Key not recorded');
      done(null, payload);
    });
  });
  /** Stores the answer for replay, or frees the key when the answer is not worth replaying. */
  async function record(req: FastifyRequest, reply: FastifyReply, payload: unknown, held: HeldKey): Promise<void> {
    // Representations are sent as text or Buffers; streams (downloads) are not replayable.
    const body = typeof payload === 'string' ? payload : Buffer.isBuffer(payload) ? payload.toString('utf8') : undefined;
    if (reply.statusCode >= 500 || reply.hasHeader('retry-after') || body === undefined) {
      // A failure on our side, or a passing conflict that told the client when to retry (another
      // checkout holds the cart, a 503), is not the request's answer: the key is free for the retry,
      // unless the write did commit (the answer was lost): a retry would do it again, and is told
      // so instead (idempotency_key_in_doubt). A write that marks the key says which in its own
      // transaction; for one that does not, a COMMIT whose answer was lost leaves it in doubt.
      if (held.marked) await store.settle(held);
      else if (req.commitInDoubt) await store.keepInDoubt(held);
      else await store.release(held);
      return;
    }
    const headers: Record<string, string> = {};
    for (const h of REPLAYED_HEADERS) {
      const v = reply.getHeader(h);
      if (v !== undefined) headers[h] = String(v);
    }
    // An anonymous answer marked no-store (registration: a client secret and tokens) is never replayed.
    const withheld = req.principal.kind === 'anonymous' && /no-store/i.test(headers['cache-control'] ?? '');
    await store.record(held, { status: reply.statusCode, headers, body, withheld });
  }
  // An answer that never reached onSend (the connection died first) must not keep renewing.
  app.addHook('onResponse', (req, _reply, done) => {
    release(req);
    done();
  });
}
