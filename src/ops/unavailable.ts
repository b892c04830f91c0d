// Recognises "the database cannot be reached right now" among unexpected errors, so the caller gets
// 503 with Retry-After instead of a 500: the request was fine, the service is briefly unable to
// serve it, and the connection pool recovers by itself once the database is back.
import type { ApiError } from '../services/errors.js';
import { apiError } from '../services/error-catalog.js';
import { transientDbError } from '../db/connection-lost.js';

/** Disk full: PostgreSQL 53100, SQLite SQLITE_FULL, the file system (through the blob store). */
const FULL_CODES = new Set(['53100', 'SQLITE_FULL', 'STORAGE_FULL', 'ENOSPC', 'EDQUOT', 'EFBIG']);

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

/** The database cannot serve now, the request was fine (db/connection-lost.ts, transientDbError). */
export const isUnavailable = transientDbError;

export function unavailableError(): ApiError {
  return apiError('DATABASE_UNAVAILABLE', {}, { details: { retryAfter: 5 } });
}
