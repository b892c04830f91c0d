// PostgreSQL rows in V8's fast layout: queries run in `rowMode: 'array'` and the arrays become
// objects through src/db/row-builder.ts.
import type pg from 'pg';
import { rowBuilder } from './row-builder.js';

type Client = pg.PoolClient;

/** One result's rows as objects. */
const objects = (res: pg.QueryResult) => ({
  ...res, rows: (res.rows as unknown as unknown[][]).map(rowBuilder((res.fields ?? []).map((f) => f.name))),
});

/**
 * The pool as Kysely uses it (`connect`, `end`), handing out clients whose text queries return
 * object rows built that way. Anything else (a cursor) goes to the client as it is.
 */
export function fastRowPool(pool: pg.Pool): pg.Pool {
  const wrapped = new WeakMap<Client, Client>();
  const wrap = (client: Client): Client => {
    let w = wrapped.get(client);
    if (w) return w;
    // Kysely calls query() and release() only.
    w = {
      query: (text: unknown, values?: unknown[]) => {
        if (typeof text !== 'string') return (client.query as (q: unknown) => unknown)(text);
        // Several statements in one text answer with one result each.
        return client.query({ text, values, rowMode: 'array' })
          .then((res) => (Array.isArray(res) ? (res as pg.QueryResult[]).map(objects) : objects(res)));
      },
      release: (err?: Error | boolean) => client.release(err),
    } as unknown as Client;
    wrapped.set(client, w);
    return w;
  };
  return {
    connect: async () => wrap(await pool.connect()),
    end: () => pool.end(),
  } as unknown as pg.Pool;
}
