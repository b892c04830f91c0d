// PostgreSQL rows in V8's fast layout: queries run in `rowMode: 'array'` and the arrays become
// objects through src/db/row-builder.ts. A transaction's BEGIN is held back and sent with its
// first statement (src/db/pg-begin.ts); statements with parameters are named, so each connection
// parses them once (src/db/pg-statements.ts).
import type pg from 'pg';
import { rowBuilder } from './row-builder.js';
import { BEGIN, ENDS, noRoundTrip, queryAfterBegin } from './pg-begin.js';
import { isStaleStatement, statementName } from './pg-statements.js';

type Client = pg.PoolClient;

/** One result's rows as objects. */
const objects = (res: pg.QueryResult) => ({
  ...res, rows: (res.rows as unknown as unknown[][]).map(rowBuilder((res.fields ?? []).map((f) => f.name))),
});

/**
 * The pool as Kysely uses it (`connect`, `end`), handing out clients whose text queries return
 * object rows built that way. Anything else (a cursor) goes to the client as it is.
 */
export function fastRowPool(pool: pg.Pool, opts: { prepared?: boolean } = {}): pg.Pool {
  const prepared = opts.prepared ?? true;
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
    const run = (text: string, values: unknown[] | undefined, begin: boolean): Promise<pg.QueryResult | pg.QueryResult[]> => {
      const name = prepared ? statementName(text, values, generation) : undefined;
      const sent = begin ? queryAfterBegin(client, text, values!, 'array', name) : client.query({ text, values, rowMode: 'array', name });
      if (!name) return sent;
      return sent.catch((err: unknown) => {
        if (!isStaleStatement(err)) throw err;
        generation++;
        const renamed = statementName(text, values, generation);
        // The first statement of a transaction: nothing else ran in it, so it starts over.
        if (begin) return client.query('rollback').then(() => queryAfterBegin(client, text, values!, 'array', renamed));
        if (inTransaction) throw err;
        return client.query({ text, values, rowMode: 'array', name: renamed });
      });
    };
    const send = (text: string, values?: unknown[]): Promise<pg.QueryResult | pg.QueryResult[]> => {
      if (text === BEGIN) {
        held = true;
        inTransaction = true;
        return Promise.resolve(noRoundTrip(text));
      }
      if (ENDS.has(text)) inTransaction = false;
      if (held) {
        held = false;
        // A transaction that ran no statement has nothing to end.
        if (ENDS.has(text)) return Promise.resolve(noRoundTrip(text));
        // Parameterised statements go in the extended protocol anyway; a text without parameters
        // may hold several statements, which that protocol refuses: BEGIN goes ahead alone then.
        if (values?.length) return run(text, values, true);
        return client.query(BEGIN).then(() => client.query({ text, values, rowMode: 'array' }));
      }
      return run(text, values, false);
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
        // Several statements in one text answer with one result each.
        return send(text, values).then((res) => (Array.isArray(res) ? res.map(objects) : objects(res)));
      },
      release: (err?: Error | boolean) => {
        held = false;
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
