// Whether an error means the connection to the database was lost or never made, as opposed to the
// database answering: after a lost connection, what the server did with the statements it was
// sent is unknown to the caller (a COMMIT may have gone through). ops/unavailable.ts answers such
// errors with 503; a checkout asks the database again before it voids a payment (commerce/void-uncommitted.ts).

/** Socket-level failures while connecting to or talking with the database. */
export const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);

/** node-postgres reports a dropped or refused connection with these messages and no code. */
export const LOST_MESSAGES = /Connection terminated|connection timeout|timeout exceeded when trying to connect|not queryable|Client was closed/i;

/** Class 08 (connection exception) and the server ending the session (57P01–57P03). */
const LOST_SQLSTATE = /^(08...|57P0[1-3])$/;

export function connectionLost(err: unknown): boolean {
  if (!err || typeof err !== 'object') return false;
  const e = err as { code?: unknown; message?: unknown; errors?: unknown; cause?: unknown };
  const code = typeof e.code === 'string' ? e.code : '';
  if (NETWORK_CODES.has(code) || LOST_SQLSTATE.test(code)) return true;
  if (typeof e.message === 'string' && LOST_MESSAGES.test(e.message)) return true;
  // Node's AggregateError (every address of a host refused) and wrapped causes.
  if (Array.isArray(e.errors) && e.errors.some(connectionLost)) return true;
  return e.cause !== undefined && e.cause !== err && connectionLost(e.cause);
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
