// PostgreSQL rows in V8's fast object layout. node-postgres builds each row object property by
// property, which leaves rows of more than a dozen columns as dictionaries, and every later read of
// a column (decoding, rendering) pays for it. Queries are run in `rowMode: 'array'` instead and the
// arrays turned into objects by an object literal compiled once per list of column names.
import type pg from 'pg';

type Row = Record<string, unknown>;
type ToRow = (values: unknown[]) => Row;

const MAX_SHAPES = 500;

/** Row builders by column list, least recently used first out. */
function rowBuilders() {
  const builders = new Map<string, ToRow>();
  return (names: string[]): ToRow => {
    const key = names.join('\u0000');
    let f = builders.get(key);
    if (f) {
      builders.delete(key);
      builders.set(key, f);
      return f;
    }
    // A literal key `__proto__` would set the prototype instead of a column.
    f = names.includes('__proto__')
      ? (values) => Object.fromEntries(names.map((n, i) => [n, values[i]]))
      : new Function('r', `return { ${names.map((n, i) => `${JSON.stringify(n)}: r[${i}]`).join(', ')} };`) as ToRow;
    builders.set(key, f);
    if (builders.size > MAX_SHAPES) builders.delete(builders.keys().next().value!);
    return f;
  };
}

type Client = pg.PoolClient;

/**
 * The pool as Kysely uses it (`connect`, `end`), handing out clients whose text queries return
 * object rows built that way. Anything else (a cursor) goes to the client as it is.
 */
export function fastRowPool(pool: pg.Pool): pg.Pool {
  const builderFor = rowBuilders();
  const wrapped = new WeakMap<Client, Client>();
  const wrap = (client: Client): Client => {
    let w = wrapped.get(client);
    if (w) return w;
    // Kysely calls query() and release() only.
    w = {
      query: (text: unknown, values?: unknown[]) => {
        if (typeof text !== 'string') return (client.query as (q: unknown) => unknown)(text);
        const objects = (res: pg.QueryResult) => ({
          ...res, rows: (res.rows as unknown as unknown[][]).map(builderFor((res.fields ?? []).map((f) => f.name))),
        });
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
