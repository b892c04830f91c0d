// Answers held until the token check has answered. A REST read on PostgreSQL checks its bearer
// token's liveness in the same round trip as its first statement (auth/token-check.ts), not in
// the request hook before it. Most answers are built after that statement, so the check is in;
// an answer built without a statement that could carry it (a page that reads nothing, a statement
// that had to go alone) waits here while the check runs alone. A dead token's answer becomes the
// 401 the hook gives an invalid token, whatever the handler made (in the route's own shape:
// GraphQL's), and a database that fails the check gives its 503, as it would have in the hook.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Readable } from 'node:stream';
import { ApiError } from '../services/errors.js';
import { apiError } from '../services/error-catalog.js';
import { isStorageFull, isUnavailable, storageFullError, unavailableError } from '../ops/unavailable.js';
import { replacedByError } from './http.js';

function refusalOf(err: unknown): ApiError {
  if (err instanceof ApiError) return err;
  if (isStorageFull(err)) return storageFullError();
  return isUnavailable(err) ? unavailableError() : apiError('UNEXPECTED');
}

/** What a stream the handler made holds (a download's file) is let go of, unread. */
function discard(payload: unknown): void {
  const stream = payload as Partial<Readable> | null;
  if (stream && typeof stream.pipe === 'function' && typeof stream.destroy === 'function') stream.destroy();
}

/** Headers an answer carries that an error in its place must not. */
const ANSWER_HEADERS = ['etag', 'last-modified', 'location', 'content-location', 'content-disposition', 'content-range',
  'accept-ranges', 'cache-control', 'content-encoding', 'content-length', 'content-type'];

function replace(req: FastifyRequest, reply: FastifyReply, payload: unknown, err: unknown): string {
  discard(payload);
  for (const h of ANSWER_HEADERS) reply.removeHeader(h);
  const refusal = refusalOf(err);
  if (!(err instanceof ApiError)) req.log.warn({ err }, 'token check failed');
  // A route whose clients read errors in another shape (GraphQL's) says how.
  const own = req.routeOptions.config?.refusal;
  return own ? own(req, reply, refusal) : replacedByError(req, reply, refusal);
}

/** Registered before every other onSend hook: what they see (logs, metrics, idempotency) is what is sent. */
export function registerHeldAnswers(app: FastifyInstance): void {
  // A callback hook: the common case (no check, or one already answered live) costs no promise.
  app.addHook('onSend', (req, reply, payload, done) => {
    const check = req.principal?.check;
    if (!check || check.live) return done(null, payload);
    check.settle().then(() => done(null, payload), (err: unknown) => done(null, replace(req, reply, payload, err)));
  });
}
