// A transaction's BEGIN travels with its first statement (PostgreSQL's extended protocol lets a
// client send several statements before one Sync; node-postgres waits for each answer). BEGIN alone
// is a round trip that tells nothing: it cannot fail on a working connection and takes no snapshot
// (the first statement does). Sending it in the same write as the first statement saves one round
// trip per write transaction: with PostgreSQL on loopback in these VMs a round trip is ~0.1 ms of
// CPU (syscalls), and across a network it is latency every write waits for.
// If the statement fails, PostgreSQL skips to the Sync and the transaction is left aborted, as if
// BEGIN had been sent alone: Kysely's ROLLBACK follows as before. A transaction that runs no
// statement sends nothing at all.
import pg from 'pg';

interface Connection {
  parse(c: { text: string; name?: string; types?: unknown[] }): void;
  bind(c: { portal?: string; statement?: string; values?: unknown[] }): void;
  execute(c: { portal?: string; rows?: number }): void;
}

const QueryBase = pg.Query as unknown as new (config: object, values?: unknown, callback?: (err: Error | null, res: unknown) => void) => {
  prepare(connection: Connection): void;
};

/** A query preceded by BEGIN in the same write: Parse/Bind/Execute of BEGIN, no Sync, then the query's own messages. */
class AfterBegin extends QueryBase {
  override prepare(connection: Connection): void {
    connection.parse({ text: 'begin', name: '', types: [] });
    connection.bind({ portal: '', statement: '', values: [] });
    connection.execute({ portal: '' });
    super.prepare(connection);
  }
}

/**
 * Runs `text` with BEGIN sent in the same write; resolves to the statement's result (node-postgres
 * answers with one result per command: BEGIN's, then the statement's).
 */
export function queryAfterBegin(client: pg.PoolClient, text: string, values: unknown[], rowMode?: 'array', name?: string): Promise<pg.QueryResult> {
  return new Promise((resolve, reject) => {
    const query = new AfterBegin({ text, values, rowMode, name, queryMode: 'extended' }, undefined, (err, res) => {
      if (err) reject(err);
      else resolve((Array.isArray(res) ? res.at(-1) : res) as pg.QueryResult);
    });
    (client.query as unknown as (q: unknown) => void)(query);
  });
}

/** Kysely's texts for a plain transaction (PostgresDriver.beginTransaction, commit, rollback). */
export const BEGIN = 'begin';
export const ENDS = new Set(['commit', 'rollback']);

/** What BEGIN, or the end of a transaction that ran nothing, answers without a round trip. */
export function noRoundTrip(command: string): pg.QueryResult {
  return { command: command.toUpperCase(), rowCount: null, oid: 0, rows: [], fields: [] };
}
