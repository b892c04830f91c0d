// The PostgreSQL side of openDatabase (database.ts), in a module of its own so that only a process
// configured for PostgreSQL loads node-postgres and the protocol modules built on it (pg-rows.ts,
// pg-frames.ts, pg-pipeline.ts): database.ts imports it dynamically.
import pg from 'pg';
import { Kysely, PostgresDialect, type LogEvent } from 'kysely';
import type { DB } from './__generated__/db-types.js';
import type { Database, DatabaseOptions, SessionTimeouts, StatementStats } from './database.js';
import { fastRowPool } from './pg-rows.js';
import { ridingHandle } from './ride-along.js';
import { QueryTemplates } from './query-templates.js';

/**
 * How long a statement may go without any answer before its connection is given up (pg-rows.ts):
 * the server's statement bound and a margin, so that only a server or network that stopped meets it.
 */
function answerBound(t: SessionTimeouts | undefined): number | undefined {
  return t?.statementMs ? t.statementMs + ANSWER_MARGIN_MS : undefined;
}

const ANSWER_MARGIN_MS = 5000;

export async function openPostgres(opts: DatabaseOptions, stats: StatementStats, log: (event: LogEvent) => void): Promise<Database> {
  // NUMERIC stays a string (exact decimals); BIGINT counts become numbers.
  pg.types.setTypeParser(20, (v) => Number(v));
  const pool = new pg.Pool({
    connectionString: opts.url,
    max: 10,
    options: opts.schema ? `-c search_path=${opts.schema}` : undefined,
    // Fail fast (503) rather than queue requests behind a database that does not answer.
    connectionTimeoutMillis: 5000,
    // Nor behind one session that holds a row and does not let go: each write waiting for it would
    // hold a connection, and once the pool's ten did, every tenant's requests waited too. The lock
    // bound is shorter than the wait for a connection above, so the others are served meanwhile.
    // Migrations lift them for their own connection (migrate.ts).
    ...(opts.timeouts?.lockMs ? { lock_timeout: opts.timeouts.lockMs } : {}),
    ...(opts.timeouts?.statementMs ? { statement_timeout: opts.timeouts.statementMs } : {}),
    ...(opts.timeouts?.idleInTransactionMs ? { idle_in_transaction_session_timeout: opts.timeouts.idleInTransactionMs } : {}),
  });
  // A connection the server drops (restart, pg_terminate_backend, network) is an 'error' event:
  // on the pool while idle, on the client itself while checked out. Unhandled, either kills the
  // process; the query in progress fails on its own (503) and the pool drops the dead client.
  pool.on('error', () => undefined);
  pool.on('connect', (client) => client.on('error', () => undefined));
  if (opts.schema) {
    const c = await pool.connect();
    try {
      // Under a lock: two instances creating the same schema at once would otherwise collide
      // (IF NOT EXISTS does not stop a concurrent duplicate).
      const name = opts.schema.replace(/"/g, '');
      await c.query('BEGIN');
      await c.query('SELECT pg_advisory_xact_lock(160002, hashtext($1))', [name]);
      await c.query(`CREATE SCHEMA IF NOT EXISTS "${name}"`);
      await c.query('COMMIT');
    } catch (err) {
      await c.query('ROLLBACK').catch(() => undefined);
      throw err;
    } finally {
      c.release();
    }
  }
  const dialect = new PostgresDialect({ pool: fastRowPool(pool, { prepared: opts.preparedStatements, answerWithinMs: answerBound(opts.timeouts) }) });
  const db = new Kysely<DB>({ dialect, log });
  const database: Database = {
    db, dialect: 'postgres', stats, templates: new QueryTemplates(), close: () => db.destroy(),
    riding: (rider) => ({ ...database, db: ridingHandle(db, dialect, rider), riding: undefined, close: () => Promise.resolve() }),
  };
  return database;
}
