// Recognises "the database cannot be reached right now" among unexpected errors, so the caller gets
// 503 with Retry-After instead of a 500: the request was fine, the service is briefly unable to
// serve it, and the connection pool recovers by itself once the database is back.
import type { ApiError } from '../services/errors.js';
import { apiError } from '../services/error-catalog.js';
import { LOST_MESSAGES, NETWORK_CODES } from '../db/connection-lost.js';


/**
 * PostgreSQL SQLSTATEs that say "not now" rather than "wrong request": class 08 (connection
 * exception), 53 (insufficient resources: too many connections, out of memory; disk full is 507
 * below), 55 (object not in prerequisite state: a database not accepting connections, a lock not
 * available), 57P01–57P04 and 57014 (shutdown, cannot connect now, database dropped, statement
 * cancelled), 58 (system and I/O errors), 25006 (a read-only standby after failover), 40001 and
 * 40P01 (serialization failure, deadlock: the same request succeeds when retried).
 */
const SQLSTATE = /^(08...|53...|55...|57P0[1-4]|57014|58...|25006|40001|40P01)$/;

/** Disk full: PostgreSQL 53100, SQLite SQLITE_FULL, the file system (through the blob store). */
const FULL_CODES = new Set(['53100', 'SQLITE_FULL', 'STORAGE_FULL', 'ENOSPC', 'EDQUOT', 'EFBIG']);

/** SQLite's lock wait (busy_timeout) ran out: another writer held the database too long. */
const SQLITE_CODES = new Set(['SQLITE_BUSY', 'SQLITE_LOCKED']);

export function isStorageFull(err: unknown): boolean {
  if (!err || typeof err !== 'object') return false;
  const e = err as { code?: unknown; cause?: unknown };
  if (typeof e.code === 'string' && FULL_CODES.has(e.code)) return true;
  return e.cause !== undefined && e.cause !== err && isStorageFull(e.cause);
}

/** 507 Insufficient Storage: the request was fine, there is no room to keep what it sends. */
export function storageFullError(): ApiError {
  return apiError('STORAGE_FULL', {}, { details: { retryAfter: 60 } });
}

export function isUnavailable(err: unknown): boolean {
  if (!err || typeof err !== 'object') return false;
  const e = err as { code?: unknown; message?: unknown; errors?: unknown; cause?: unknown };
  const code = typeof e.code === 'string' ? e.code : '';
  if (code === '53100') return false;
  if (NETWORK_CODES.has(code) || SQLSTATE.test(code) || SQLITE_CODES.has(code)) return true;
  if (typeof e.message === 'string' && LOST_MESSAGES.test(e.message)) return true;
  // Node's AggregateError (every address of a host refused) and wrapped causes.
  if (Array.isArray(e.errors) && e.errors.some(isUnavailable)) return true;
  return e.cause !== undefined && e.cause !== err && isUnavailable(e.cause);
}

export function unavailableError(): ApiError {
  return apiError('DATABASE_UNAVAILABLE', {}, { details: { retryAfter: 5 } });
}
