// Recognises "the database cannot be reached right now" among unexpected errors, so the caller gets
// 503 with Retry-After instead of a 500: the request was fine, the service is briefly unable to
// serve it, and the connection pool recovers by itself once the database is back.
import { ApiError } from '../services/errors.js';

/** Socket-level failures while connecting to or talking with the database. */
const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);

/**
 * PostgreSQL SQLSTATEs: class 08 (connection exception), 57P01–57P03 (administrator or crash
 * shutdown, cannot connect now), 53300 (too many connections).
 */
const SQLSTATE = /^(08...|57P0[123]|53300)$/;

/** SQLite's lock wait (busy_timeout) ran out: another writer held the database too long. */
const SQLITE_CODES = new Set(['SQLITE_BUSY', 'SQLITE_LOCKED']);

/** node-postgres reports a dropped or refused connection with these messages and no code. */
const PG_MESSAGES = /Connection terminated|connection timeout|timeout exceeded when trying to connect|not queryable|Client was closed/i;

export function isUnavailable(err: unknown): boolean {
  if (!err || typeof err !== 'object') return false;
  const e = err as { code?: unknown; message?: unknown; errors?: unknown; cause?: unknown };
  const code = typeof e.code === 'string' ? e.code : '';
  if (NETWORK_CODES.has(code) || SQLSTATE.test(code) || SQLITE_CODES.has(code)) return true;
  if (typeof e.message === 'string' && PG_MESSAGES.test(e.message)) return true;
  // Node's AggregateError (every address of a host refused) and wrapped causes.
  if (Array.isArray(e.errors) && e.errors.some(isUnavailable)) return true;
  return e.cause !== undefined && e.cause !== err && isUnavailable(e.cause);
}

export function unavailableError(): ApiError {
  return new ApiError('unavailable', [{
    code: 'unavailable', message: 'The service cannot reach its database right now; retry shortly.',
  }], { 'retry-after': '5' });
}
