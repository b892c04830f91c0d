// Whether an error means the connection to the database was lost or never made, as opposed to the
// database answering: after a lost connection, what the server did with the statements it was
// sent is unknown to the caller (a COMMIT may have gone through); and, more widely, whether the
// database cannot serve right now (transientDbError). ops/unavailable.ts answers those with 503, a
// live stream tries again (events/stream.ts), and a checkout asks the database again before it
// voids a payment (commerce/void-uncommitted.ts).

/** Socket-level failures while connecting to or talking with the database. */
const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);

/** node-postgres reports a dropped or refused connection with these messages and no code. */
const LOST_MESSAGES = /Connection terminated|connection timeout|timeout exceeded when trying to connect|not queryable|Client was closed/i;

/** Class 08 (connection exception) and the server ending the session (57P01–57P03). */
const LOST_SQLSTATE = /^(08...|57P0[1-3])$/;

interface DbErrorLike { code?: unknown; message?: unknown; errors?: unknown; cause?: unknown }

/**
 * Whether `test` holds for `err` or for what it carries: Node's AggregateError (every address of a
 * host refused) and wrapped causes. Both predicates below look through errors the same way.
 */
function anyOf(err: unknown, test: (code: string, message: string) => boolean): boolean {
  if (!err || typeof err !== 'object') return false;
  const e = err as DbErrorLike;
  if (test(typeof e.code === 'string' ? e.code : '', typeof e.message === 'string' ? e.message : '')) return true;
  if (Array.isArray(e.errors) && e.errors.some((x) => anyOf(x, test))) return true;
  return e.cause !== undefined && e.cause !== err && anyOf(e.cause, test);
}

export function connectionLost(err: unknown): boolean {
  return anyOf(err, (code, message) => NETWORK_CODES.has(code) || LOST_SQLSTATE.test(code) || LOST_MESSAGES.test(message));
}

/** Marked on an error met while a COMMIT was on its way (pg-rows.ts). */
const IN_DOUBT = Symbol('commit in doubt');

/**
 * Marks `err` when it is a lost connection met by a statement that carried its transaction's
 * COMMIT: the server may have committed before the connection went, or not. Answers `err`.
 */
export function markCommitInDoubt(err: unknown): unknown {
  if (connectionLost(err)) (err as { [IN_DOUBT]?: true })[IN_DOUBT] = true;
  return err;
}

/** Whether `err` (or what it wraps) left a COMMIT's outcome unknown. An error the server answered never does. */
export function commitInDoubt(err: unknown): boolean {
  if (!err || typeof err !== 'object') return false;
  const e = err as { [IN_DOUBT]?: true; cause?: unknown };
  return e[IN_DOUBT] === true || (e.cause !== undefined && e.cause !== err && commitInDoubt(e.cause));
}

/**
 * PostgreSQL SQLSTATEs that say "not now" rather than "wrong request": class 08 (connection
 * exception), 53 (insufficient resources: too many connections, out of memory; disk full is 507
 * below), 55 (object not in prerequisite state: a database not accepting connections, a lock not
 * available), 57P01–57P04 and 57014 (shutdown, cannot connect now, database dropped, statement
 * cancelled), 58 (system and I/O errors), 25006 (a read-only standby after failover), 40001 and
 * 40P01 (serialization failure, deadlock: the same request succeeds when retried).
 */
const SQLSTATE = /^(08...|53...|55...|57P0[1-4]|57014|58...|25006|40001|40P01)$/;

/** SQLite's lock wait (busy_timeout) ran out: another writer held the database too long. */
const SQLITE_CODES = new Set(['SQLITE_BUSY', 'SQLITE_LOCKED']);

/**
 * Whether the database cannot serve right now although the request was fine: a lost connection,
 * or the server saying "not now" (the SQLSTATEs above; disk full is not one: it lasts). The caller
 * answers 503 (ops/unavailable.ts) or, in a long-lived stream, tries again a moment later.
 */
export function transientDbError(err: unknown): boolean {
  // Disk full (53100, class 53) lasts.
  return anyOf(err, (code, message) => code !== '53100'
    && (NETWORK_CODES.has(code) || SQLSTATE.test(code) || SQLITE_CODES.has(code) || LOST_MESSAGES.test(message)));
}
