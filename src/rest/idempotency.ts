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
import { createHash, randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Sealer } from '../auth/sealing.js';
import { dbLeaseUntil, dbNowMs } from '../db/db-clock.js';
import { formatTimestamp } from '../services/clock.js';
import { isUniqueViolation } from '../services/unique.js';
import { sendErrors } from './http.js';
import type { ErrorCode } from '../services/error-catalog.js';

declare module 'fastify' {
  interface FastifyRequest {
    idempotency?: { id: number; claim: string; owner: string; key: string; heartbeat: NodeJS.Timeout };
  }
}

/** How long an answer is kept for replay. */
const TTL_MS = 24 * 3600 * 1000;
/** How long a claim holds without renewal; renewed every third of it while the request runs. */
export const DEFAULT_LEASE_MS = 30_000;
const REPLAYED_HEADERS = ['content-type', 'location', 'content-location', 'etag', 'cache-control'];
/** A stored answer that is not replayed (see above). */
const WITHHELD = 'withheld';

export function ownerOf(req: FastifyRequest): string {
  const p = req.principal;
  if (p.kind === 'anonymous') return `anonymous:${req.ip}`;
  const scopes = [...p.scopes].sort().join(' ');
  return p.grantId ? `grant:${p.grantId}:${scopes}` : `client:${p.clientId}:${scopes}`;
}

function bodyHash(req: FastifyRequest): string {
  return createHash('sha256').update(`${req.method} ${req.url}\n${JSON.stringify(req.body ?? null)}`).digest('base64url');
}

const aad = (owner: string, key: string) => `${owner}\n${key}`;

function keyError(req: FastifyRequest, reply: FastifyReply, status: number, code: ErrorCode, message: string, headers?: Record<string, string>) {
  return sendErrors(req, reply, status, [{ field: 'Idempotency-Key', code, message }], headers);
}

interface Options { leaseMs: number; sealer: Sealer }

function own(req: FastifyRequest, opts: Options, id: number, claim: string, owner: string, key: string): undefined {
  const { database } = req.server.container;
  const heartbeat = setInterval(() => {
    database.db.updateTable('idempotency_keys').set({ lease_until: dbLeaseUntil(database.dialect, opts.leaseMs) })
      .where('id', '=', id).where('claim_token', '=', claim).execute()
      .catch((err: unknown) => req.log.warn({ err }, 'idempotency lease not renewed'));
  }, Math.max(50, Math.floor(opts.leaseMs / 3)));
  heartbeat.unref();
  req.idempotency = { id, claim, owner, key, heartbeat };
  return undefined;
}

async function claim(req: FastifyRequest, reply: FastifyReply, key: string, opts: Options): Promise<FastifyReply | undefined> {
  const { database, clock } = req.server.container;
  const { db, dialect } = database;
  const owner = ownerOf(req);
  const hash = bodyHash(req);
  const now = clock.now();
  const token = randomBytes(16).toString('base64url');
  await db.deleteFrom('idempotency_keys').where('owner', '=', owner).where('idempotency_key', '=', key)
    .where('date_created', '<', formatTimestamp(new Date(now.getTime() - TTL_MS))).execute();
  try {
    const row = await db.insertInto('idempotency_keys').values({
      owner, idempotency_key: key, method: req.method, path: req.url, body_hash: hash, state: 'in_progress',
      lease_until: dbLeaseUntil(dialect, opts.leaseMs), claim_token: token,
      date_created: formatTimestamp(now), date_modified: formatTimestamp(now),
    }).returning('id').executeTakeFirstOrThrow();
    return own(req, opts, Number(row.id), token, owner, key);
  } catch (err) {
    if (!isUniqueViolation(err)) throw err;
  }
  const existing = await db.selectFrom('idempotency_keys').selectAll().where('owner', '=', owner).where('idempotency_key', '=', key).executeTakeFirst();
  if (!existing || existing.body_hash !== hash) {
    return keyError(req, reply, 422, 'idempotency_key_reused', 'this Idempotency-Key was used for a different request');
  }
  if (existing.state === 'in_progress') {
    // The owner renews its lease while it works; a lease run out on the database clock means the
    // owner died (kill -9, power loss): the retry takes the key over, atomically.
    const taken = await db.updateTable('idempotency_keys').set({ lease_until: dbLeaseUntil(dialect, opts.leaseMs), claim_token: token })
      .where('id', '=', existing.id).where('state', '=', 'in_progress')
      .where((eb) => eb.or([eb('lease_until', 'is', null), eb('lease_until', '<=', dbNowMs(dialect))]))
      .executeTakeFirst();
    if (Number(taken.numUpdatedRows) === 1) return own(req, opts, Number(existing.id), token, owner, key);
    return keyError(req, reply, 409, 'idempotency_key_in_progress', 'a request with this Idempotency-Key is still being processed; retry shortly', { 'retry-after': '1' });
  }
  const headers = JSON.parse(existing.response_headers ?? '{}') as Record<string, string>;
  const body = existing.state === 'done' && typeof existing.response_body === 'string'
    ? opts.sealer.open(existing.response_body, aad(owner, key)) : undefined;
  if (body === undefined) {
    const where = headers.location ? ` created ${headers.location}` : ` was answered ${existing.response_status}`;
    return keyError(req, reply, 409, 'idempotency_key_not_replayable',
      `the first request with this Idempotency-Key${where}; its answer carried credentials, which are shown once and not kept for replay. Send the request again with a new Idempotency-Key.`,
      headers.location ? { location: headers.location } : undefined);
  }
  return reply.code(Number(existing.response_status)).headers({ ...headers, 'idempotent-replayed': 'true' }).send(body);
}

function release(req: FastifyRequest): NonNullable<FastifyRequest['idempotency']> | undefined {
  const held = req.idempotency;
  if (held) clearInterval(held.heartbeat);
  return held;
}

export function registerIdempotency(app: FastifyInstance, options: { leaseMs?: number } = {}): void {
  const opts: Options = {
    leaseMs: options.leaseMs ?? DEFAULT_LEASE_MS,
    sealer: new Sealer(app.container.tokens.opts.keys, 'idempotent answers'),
  };
  app.addHook('preHandler', async (req, reply) => {
    const key = req.headers['idempotency-key'];
    if (req.method !== 'POST' || typeof key !== 'string' || !req.routeOptions.config?.rest) return;
    if (!key || key.length > 255) {
      return keyError(req, reply, 400, 'invalid_value', 'Idempotency-Key must be 1 to 255 characters');
    }
    return claim(req, reply, key, opts);
  });
  app.addHook('onSend', async (req, reply, payload) => {
    const held = release(req);
    if (!held) return payload;
    req.idempotency = undefined;
    const db = req.server.container.database.db;
    // Representations are sent as Buffers (encoded once); streams (downloads) are not replayable.
    const body = typeof payload === 'string' ? payload : Buffer.isBuffer(payload) ? payload.toString('utf8') : undefined;
    if (reply.statusCode >= 500 || body === undefined) {
      // A failure on our side is not an answer worth replaying: the key is free for a retry.
      await db.deleteFrom('idempotency_keys').where('id', '=', held.id).where('claim_token', '=', held.claim).execute();
      return payload;
    }
    const headers: Record<string, string> = {};
    for (const h of REPLAYED_HEADERS) {
      const v = reply.getHeader(h);
      if (v !== undefined) headers[h] = String(v);
    }
    const withheld = req.principal.kind === 'anonymous' && /no-store/i.test(headers['cache-control'] ?? '');
    await db.updateTable('idempotency_keys').set({
      state: withheld ? WITHHELD : 'done', response_status: reply.statusCode, response_headers: JSON.stringify(headers),
      response_body: withheld ? null : opts.sealer.seal(body, aad(held.owner, held.key)), lease_until: null,
    }).where('id', '=', held.id).where('claim_token', '=', held.claim).execute();
    return payload;
  });
  // An answer that never reached onSend (the connection died first) must not keep renewing.
  app.addHook('onResponse', async (req) => {
    release(req);
  });
}
