// What a statement's text tells the database layer besides its SQL: the last statement of a
// transaction (a comment any engine runs as it is; on PostgreSQL its COMMIT goes with it), and a
// pipeline of statements handed to Kysely as one. Kept apart from the PostgreSQL modules that act
// on them (pg-frames.ts, pg-rows.ts), which load node-postgres: the code every engine runs
// (database.ts, ride-along.ts, query-templates.ts) imports these from here, and postgres.ts, the
// one way to those modules, is imported only for a PostgreSQL URL.

/**
 * Ends the text of a transaction's last statement (database.ts, lastOfTransaction): its COMMIT is
 * sent with it. A comment, so any engine may run the text as it is.
 */
export const LAST_STATEMENT = ' /* last of its transaction */';

/**
 * The text Kysely is handed for a pipeline (database.ts, pipelined): its parameters are the
 * statements (compiled queries), sent in one write (pg-pipeline.ts); the answer's rows are their results.
 */
export const PIPELINE = '/* pipeline */';

/** Commands whose result counts the rows they changed (Kysely's numAffectedRows). */
const WRITES = new Set(['INSERT', 'UPDATE', 'DELETE', 'MERGE']);

/** A pipeline's answer (its rows) as Kysely's PostgreSQL driver answers each statement. */
export function statementResults<R>(rows: readonly unknown[]): Array<{ rows: R[]; numAffectedRows?: bigint }> {
  return (rows as Array<{ command: string; rowCount: number | null; rows: R[] }>).map((r) => ({
    rows: r.rows, numAffectedRows: WRITES.has(r.command) ? BigInt(r.rowCount ?? 0) : undefined,
  }));
}
