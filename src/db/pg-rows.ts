// PostgreSQL rows in V8's fast layout: queries run in `rowMode: 'array'` and the arrays become
// objects through src/db/row-builder.ts. A transaction's BEGIN is held back and sent with its
// first statement, and its COMMIT with a statement marked as its last (src/db/pg-frames.ts);
// statements with parameters are named, so each connection parses them once
// (src/db/pg-statements.ts).
import type pg from 'pg';
import { rowBuilder, type ToRow } from './row-builder.js';
import { BEGIN, ENDS, noRoundTrip, queryFramed } from './pg-frames.js';
import { LAST_STATEMENT, PIPELINE } from './statement-marks.js';
import { queryPipelined } from './pg-pipeline.js';
import { isStaleStatement, StatementNames } from './pg-statements.js';
import { commitInDoubt, markCommitInDoubt } from './connection-lost.js';

interface Compiled { sql: string; parameters: readonly unknown[] }

type Client = pg.PoolClient;

/** node-postgres's client keeps its socket here. */
interface Connected { connection?: { stream?: { destroy(): void } } }

/** The migrations lift the session's statement bound, and put it back (migrate.ts). */
const LIFTS_BOUND = /^set statement_timeout = 0$/i;
const RESTORES_BOUND = /^reset statement_timeout$/i;

/**
 * Row builders by the columns a result was given: a named statement's are the same array on every
 * run on a connection (pg-descriptions.ts), so its builder is found without joining its names.
 */
const builders = new WeakMap<readonly pg.FieldDef[], ToRow>();
const NO_FIELDS: pg.FieldDef[] = [];

function builderOf(fields: readonly pg.FieldDef[]): ToRow {
  let build = builders.get(fields);
  if (!build) builders.set(fields, build = rowBuilder(fields.map((f) => f.name)));
  return build;
}

/** One result's rows as objects. */
const objects = (res: pg.QueryResult) => ({
  ...res, rows: (res.rows as unknown as unknown[][]).map(builderOf(res.fields ?? NO_FIELDS)),
});

/**
 * The pool as Kysely uses it (`connect`, `end`), handing out clients whose text queries return
 * object rows built that way. Anything else (a cursor) goes to the client as it is.
 */
export function fastRowPool(pool: pg.Pool, opts: { prepared?: boolean; answerWithinMs?: number } = {}): pg.Pool {
  const prepared = opts.prepared ?? true;
  const { answerWithinMs } = opts;
  const names = new StatementNames();
  const wrapped = new WeakMap<Client, Client>();
  const wrap = (client: Client): Client => {
    let w = wrapped.get(client);
    if (w) return w;
    // A BEGIN not sent yet: the next statement takes it along.
    let held = false;
    // Whether a transaction is open (BEGIN sent or held): a stale statement cannot be run again then.
    let inTransaction = false;
    // Bumped when the connection's named statements went stale: the next uses parse afresh.
    let generation = 0;
    // The transaction's last statement went with its COMMIT: Kysely's COMMIT has nothing left to
    // do, and a statement after it (which would run outside the transaction) is refused.
    let ended = false;
    // A COMMIT's outcome was left unknown by a lost connection: Kysely's ROLLBACK, which fails on
    // the dead connection and whose error replaces the first, says so as well.
    let doubt = false;
    const inDoubt = (err: unknown): unknown => {
      markCommitInDoubt(err);
      doubt = commitInDoubt(err);
      return err;
    };
    const run = (text: string, values: unknown[] | undefined, begins: boolean, commits: boolean): Promise<pg.QueryResult | pg.QueryResult[]> => {
      const name = prepared ? names.name(text, values, generation) : undefined;
      // One statement with parameters (the extended protocol) goes through pg-frames.ts's query.
      const query = (n: string | undefined) => (begins || commits || values?.length ? queryFramed(client, text, values!, { begins, commits }, n)
        : client.query({ text, values, rowMode: 'array', name: n }));
      let sent = query(name);
      if (name) {
        sent = sent.catch((err: unknown) => {
          if (!isStaleStatement(err)) throw err;
          generation++;
          const renamed = names.name(text, values, generation);
          // The first statement of a transaction: nothing else ran in it, so it starts over.
          if (begins) return client.query('rollback').then(() => query(renamed));
          if (inTransaction) throw err;
          return query(renamed);
        });
      }
      // A COMMIT sent alone (Kysely's, after statements that did not take it along) may be lost too.
      if (text === 'commit') return sent.catch((err: unknown) => { throw inDoubt(err); });
      if (text === 'rollback' && doubt) {
        doubt = false;
        return sent.catch((err: unknown) => { throw markCommitInDoubt(err); });
      }
      if (!commits) return sent;
      ended = true;
      // Not committed after all (the statement or the COMMIT failed): Kysely's ROLLBACK is sent.
      // A lost connection leaves it open whether the server committed (connection-lost.ts).
      return sent.catch((err: unknown) => { ended = false; throw inDoubt(err); });
    };
    // Statements in one write (pg-pipeline.ts), framed and renamed like one statement in run().
    const pipeline = (queries: Compiled[]): Promise<pg.QueryResult> => {
      if (ended) return Promise.reject(new Error('a statement after the last one of its transaction (already committed)'));
      const begins = held;
      held = false;
      const commits = inTransaction && queries[queries.length - 1].sql.endsWith(LAST_STATEMENT);
      const attempt = () => queryPipelined(client, queries.map((q) => ({
        text: q.sql, values: q.parameters, name: prepared ? names.name(q.sql, q.parameters, generation) : undefined,
      })), { begins, commits, parseInDoubt: () => { generation++; } });
      let sent = attempt().catch((err: unknown) => {
        if (!prepared || !isStaleStatement(err)) throw err;
        generation++;
        if (begins) return client.query('rollback').then(attempt);
        if (inTransaction) throw err;
        return attempt();
      });
      if (commits) {
        ended = true;
        sent = sent.catch((err: unknown) => { ended = false; throw inDoubt(err); });
      }
      return sent.then((results) => ({ command: 'PIPELINE', rowCount: null, oid: 0, fields: [], rows: results.map(objects) }));
    };
    const send = (text: string, values?: unknown[]): Promise<pg.QueryResult | pg.QueryResult[]> => {
      if (ended) {
        if (!ENDS.has(text)) return Promise.reject(new Error('a statement after the last one of its transaction (already committed)'));
        ended = false;
        inTransaction = false;
        return Promise.resolve(noRoundTrip(text));
      }
      if (text === BEGIN) {
        held = true;
        inTransaction = true;
        return Promise.resolve(noRoundTrip(text));
      }
      // Only in the extended protocol (parameters), where a Sync can follow several statements.
      const commits = inTransaction && !!values?.length && text.endsWith(LAST_STATEMENT);
      if (ENDS.has(text)) inTransaction = false;
      if (held) {
        held = false;
        // A transaction that ran no statement has nothing to end.
        if (ENDS.has(text)) return Promise.resolve(noRoundTrip(text));
        // Parameterised statements go in the extended protocol anyway; a text without parameters
        // may hold several statements, which that protocol refuses: BEGIN goes ahead alone then.
        if (values?.length) return run(text, values, true, commits);
        return client.query(BEGIN).then(() => client.query({ text, values, rowMode: 'array' }));
      }
      return run(text, values, false, commits);
    };
    // A statement the server does not answer at all within `answerWithinMs` (a server or a network
    // that stopped; a slow statement is ended well before by the server's own statement_timeout)
    // gives the connection up: the caller meets a lost connection, which every path already handles
    // (503, a COMMIT in doubt). Waiting instead held the request and the connection for as long as the
    // stop lasted. A session that lifted its statement bound (the migrations') is not bound here either.
    let unbounded = false;
    const bounded = <T>(sent: Promise<T>): Promise<T> => {
      if (!answerWithinMs || unbounded) return sent;
      const timer = setTimeout(() => (client as unknown as Connected).connection?.stream?.destroy(), answerWithinMs);
      return sent.finally(() => clearTimeout(timer));
    };
    // Kysely calls query() and release() only.
    w = {
      query: (text: unknown, values?: unknown[]) => {
        if (typeof text !== 'string') {
          // Not Kysely's (it is given no cursor): a held BEGIN goes first, in the client's queue order.
          if (held) {
            held = false;
            client.query(BEGIN).catch(() => undefined);
          }
          return (client.query as (q: unknown) => unknown)(text);
        }
        if (text === PIPELINE) return bounded(pipeline(values as unknown as Compiled[]));
        if (LIFTS_BOUND.test(text)) unbounded = true;
        else if (RESTORES_BOUND.test(text)) unbounded = false;
        // Several statements in one text answer with one result each.
        return bounded(send(text, values).then((res) => (Array.isArray(res) ? res.map(objects) : objects(res))));
      },
      release: (err?: Error | boolean) => {
        held = false;
        doubt = false;
        ended = false;
        inTransaction = false;
        return client.release(err);
      },
    } as unknown as Client;
    wrapped.set(client, w);
    return w;
  };
  return {
    connect: async () => wrap(await pool.connect()),
    end: () => pool.end(),
  } as unknown as pg.Pool;
}
