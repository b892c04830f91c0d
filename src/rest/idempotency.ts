// `Idempotency-Key` on POST: the first request with a key does the work and its answer is stored;
// a retry with the same key and body gets that answer again; the same key with another body is
// refused (422); a retry while the first is still running gets 409. The key row is claimed by a
// unique index, so of many concurrent requests exactly one does the work.
import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { formatTimestamp } from '../services/clock.js';
import { isUniqueViolation } from '../services/unique.js';
import { sendErrors } from './http.js';

declare module 'fastify' {
  interface FastifyRequest {
    idempotencyRow?: number;
  }
}

/** How long an answer is kept for replay. */
const TTL_MS = 24 * 3600 * 1000;
const REPLAYED_HEADERS = ['content-type', 'location', 'content-location', 'etag', 'cache-control'];

function ownerOf(req: FastifyRequest): string {
  const p = req.principal;
  return p.storeId ? `store:${p.storeId}` : p.userId ? `user:${p.userId}` : p.clientId ? `client:${p.clientId}` : `anonymous:${req.ip}`;
}

function bodyHash(req: FastifyRequest): string {
  return createHash('sha256').update(`${req.method} ${req.url}\n${JSON.stringify(req.body ?? null)}`).digest('base64url');
}

async function claim(req: FastifyRequest, reply: FastifyReply, key: string): Promise<FastifyReply | undefined> {
  const { database, clock } = req.server.container;
  const db = database.db;
  const owner = ownerOf(req);
  const hash = bodyHash(req);
  const now = clock.now();
  await db.deleteFrom('idempotency_keys').where('owner', '=', owner).where('idempotency_key', '=', key)
    .where('date_created', '<', formatTimestamp(new Date(now.getTime() - TTL_MS))).execute();
  try {
    const row = await db.insertInto('idempotency_keys').values({
      owner, idempotency_key: key, method: req.method, path: req.url, body_hash: hash, state: 'in_progress',
      date_created: formatTimestamp(now), date_modified: formatTimestamp(now),
    }).returning('id').executeTakeFirstOrThrow();
    req.idempotencyRow = Number(row.id);
    return undefined;
  } catch (err) {
    if (!isUniqueViolation(err)) throw err;
  }
  const existing = await db.selectFrom('idempotency_keys').selectAll().where('owner', '=', owner).where('idempotency_key', '=', key).executeTakeFirst();
  if (!existing || existing.body_hash !== hash) {
    return sendErrors(req, reply, 422, [{ field: 'Idempotency-Key', code: 'idempotency_key_reused', message: 'this Idempotency-Key was used for a different request' }]);
  }
  if (existing.state !== 'done') {
    return sendErrors(req, reply, 409, [{ field: 'Idempotency-Key', code: 'idempotency_key_in_progress', message: 'a request with this Idempotency-Key is still being processed; retry shortly' }], { 'retry-after': '1' });
  }
  const headers = JSON.parse(existing.response_headers ?? '{}') as Record<string, string>;
  return reply.code(Number(existing.response_status)).headers({ ...headers, 'idempotent-replayed': 'true' }).send(existing.response_body);
}

export function registerIdempotency(app: FastifyInstance): void {
  app.addHook('preHandler', async (req, reply) => {
    const key = req.headers['idempotency-key'];
    if (req.method !== 'POST' || typeof key !== 'string' || !req.routeOptions.config?.rest) return;
    if (!key || key.length > 255) {
      return sendErrors(req, reply, 400, [{ field: 'Idempotency-Key', code: 'invalid_value', message: 'Idempotency-Key must be 1 to 255 characters' }]);
    }
    return claim(req, reply, key);
  });
  app.addHook('onSend', async (req, reply, payload) => {
    const id = req.idempotencyRow;
    if (!id) return payload;
    const db = req.server.container.database.db;
    // Representations are sent as Buffers (encoded once); streams (downloads) are not replayable.
    const body = typeof payload === 'string' ? payload : Buffer.isBuffer(payload) ? payload.toString('utf8') : undefined;
    if (reply.statusCode >= 500 || body === undefined) {
      // A failure on our side is not an answer worth replaying: the key is free for a retry.
      await db.deleteFrom('idempotency_keys').where('id', '=', id).execute();
      return payload;
    }
    const headers: Record<string, string> = {};
    for (const h of REPLAYED_HEADERS) {
      const v = reply.getHeader(h);
      if (v !== undefined) headers[h] = String(v);
    }
    await db.updateTable('idempotency_keys').set({
      state: 'done', response_status: reply.statusCode, response_headers: JSON.stringify(headers), response_body: body,
    }).where('id', '=', id).execute();
    return payload;
  });
}
