// The baseline's data access: hand-written SQL, one statement per level with IN lists, straight on
// the driver (better-sqlite3 or pg) with no query builder, no codec and no per-row hooks.
import SQLite from 'better-sqlite3';
import pg from 'pg';

export type Row = Record<string, any>;

export interface Page {
  total: number;
  transactions: Row[];
  itemsByTransaction: Map<number, Row[]>;
  optionsByItem: Map<number, Row[]>;
  categories: Map<number, Row>;
}

export interface Loader {
  page(storeId: number, limit: number, offset: number, withTotal: boolean): Promise<Page>;
  item(storeId: number, id: number): Promise<Row | undefined>;
  /**
   * The token liveness statement the service runs on every authenticated request (client, user and
   * store still there, neither the token nor its refresh family revoked, and whether the store has
   * expired cart items), hand-written: for the reference that does the service's required work.
   */
  live(c: LiveClaims, nowSec: number): Promise<boolean>;
  /** One durable write: the item inserted into the store's cart in its own transaction. */
  addItem(storeId: number, cartId: number, values: Row): Promise<Row | undefined>;
  close(): Promise<void>;
}

export interface LiveClaims { cid: number; uid?: number; sid?: number; fam?: string; jti: string }

/** The liveness statement for one shape of claims (the service's preflight) and its values, `$n` or `?` placeholders. */
function liveSql(c: LiveClaims, nowSec: number, postgres: boolean): { text: string; args: unknown[] } {
  const args: unknown[] = [];
  const p = (v: unknown) => { args.push(v); return postgres ? `$${args.length}` : '?'; };
  const text = `SELECT EXISTS (SELECT 1 FROM clients WHERE id = ${p(c.cid)}) AS c,
    ${c.uid !== undefined ? `EXISTS (SELECT 1 FROM users WHERE id = ${p(c.uid)})` : '1'} AS u,
    ${c.sid !== undefined ? `EXISTS (SELECT 1 FROM stores WHERE id = ${p(c.sid)})` : '1'} AS s,
    ${c.fam !== undefined ? `EXISTS (SELECT 1 FROM refresh_tokens WHERE family = ${p(c.fam)} AND revoked_at IS NOT NULL)` : '0'} AS f,
    EXISTS (SELECT 1 FROM revoked_tokens WHERE jti = ${p(c.jti)}) AS j,
    ${c.sid !== undefined ? `(SELECT min(expires) FROM items WHERE store_id = ${p(c.sid)} AND cart_id IS NOT NULL AND expires IS NOT NULL) <= ${p(nowSec)}` : '0'} AS x`;
  return { text, args };
}
// Booleans on PostgreSQL, 0 and 1 on SQLite.
const isLive = (r: Row) => !!r.c && !!r.u && !!r.s && !r.f && !r.j;

const ITEM_COLUMNS = ['name', 'price', 'quantity', 'code', 'item_category_id'];

function group(rows: Row[], key: string): Map<number, Row[]> {
  const out = new Map<number, Row[]>();
  for (const r of rows) {
    const k = Number(r[key]);
    let list = out.get(k);
    if (!list) out.set(k, (list = []));
    list.push(r);
  }
  return out;
}

const placeholders = (n: number, from = 1, pgStyle = false) =>
  Array.from({ length: n }, (_, i) => (pgStyle ? `$${from + i}` : '?')).join(',');

/** Ids as numbers whichever driver returned them. */
const ids = (rows: Row[], key = 'id') => [...new Set(rows.map((r) => Number(r[key])).filter((x) => x > 0))];

/** `schema` sets the PostgreSQL search_path (otherwise PGOPTIONS from the environment applies). */
export function openLoader(url: string, schema?: string): Loader {
  if (/^postgres(ql)?:\/\//.test(url)) {
    pg.types.setTypeParser(20, (v) => Number(v));
    const pool = new pg.Pool({ connectionString: url, max: 10, options: schema ? `-c search_path=${schema}` : undefined });
    const q = async (text: string, values: unknown[]) => (await pool.query(text, values)).rows as Row[];
    return {
      async page(storeId, limit, offset, withTotal) {
        const txns = await q('SELECT * FROM transactions WHERE store_id = $1 ORDER BY id LIMIT $2 OFFSET $3', [storeId, limit, offset]);
        const total = withTotal ? Number((await q('SELECT count(*) AS n FROM transactions WHERE store_id = $1', [storeId]))[0].n) : txns.length;
        const tIds = ids(txns);
        const items = tIds.length ? await q(`SELECT * FROM items WHERE transaction_id IN (${placeholders(tIds.length, 1, true)}) ORDER BY transaction_id, id`, tIds) : [];
        const iIds = ids(items);
        const options = iIds.length ? await q(`SELECT * FROM item_options WHERE item_id IN (${placeholders(iIds.length, 1, true)}) ORDER BY item_id, id`, iIds) : [];
        const cIds = ids(items, 'item_category_id');
        const cats = cIds.length ? await q(`SELECT * FROM item_categories WHERE id IN (${placeholders(cIds.length, 1, true)})`, cIds) : [];
        return {
          total, transactions: txns, itemsByTransaction: group(items, 'transaction_id'), optionsByItem: group(options, 'item_id'),
          categories: new Map(cats.map((c) => [Number(c.id), c])),
        };
      },
      async item(storeId, id) {
        return (await q('SELECT * FROM items WHERE id = $1 AND store_id = $2', [id, storeId]))[0];
      },
      async live(c, nowSec) {
        const { text, args } = liveSql(c, nowSec, true);
        // Named, as the service names it (src/db/pg-statements.ts): planned once per connection.
        return isLive((await pool.query({ text, values: args, name: `live_${c.uid ? 'u' : ''}${c.sid ? 's' : ''}${c.fam ? 'f' : ''}` })).rows[0]);
      },
      async addItem(storeId, cartId, values) {
        const c = await pool.connect();
        try {
          await c.query('BEGIN');
          const cart = (await c.query('SELECT id FROM carts WHERE id = $1 AND store_id = $2 FOR UPDATE', [cartId, storeId])).rows[0];
          if (!cart) { await c.query('ROLLBACK'); return undefined; }
          const now = new Date().toISOString().slice(0, 19) + '+0000';
          const row = (await c.query(`INSERT INTO items (store_id, cart_id, ${ITEM_COLUMNS.join(', ')}, date_created, date_modified)
            VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $8) RETURNING *`, [storeId, cartId, ...ITEM_COLUMNS.map((k) => values[k] ?? null), now])).rows[0];
          await c.query('COMMIT');
          return row;
        } catch (err) {
          await c.query('ROLLBACK');
          throw err;
        } finally {
          c.release();
        }
      },
      close: () => pool.end(),
    };
  }
  const db = new SQLite(url);
  db.pragma('busy_timeout = 5000');
  // The service's durability setting (config SQLITE_SYNCHRONOUS defaults to FULL).
  db.pragma(`synchronous = ${process.env.SQLITE_SYNCHRONOUS === 'NORMAL' ? 'NORMAL' : 'FULL'}`);
  const itemStmt = db.prepare('SELECT * FROM items WHERE id = ? AND store_id = ?');
  const cartStmt = db.prepare('SELECT id FROM carts WHERE id = ? AND store_id = ?');
  const insertStmt = db.prepare(`INSERT INTO items (store_id, cart_id, ${ITEM_COLUMNS.join(', ')}, date_created, date_modified)
    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING *`);
  const insert = db.transaction((storeId: number, cartId: number, values: Row) => {
    if (!cartStmt.get(cartId, storeId)) return undefined;
    const now = new Date().toISOString().slice(0, 19) + '+0000';
    return insertStmt.get(storeId, cartId, ...ITEM_COLUMNS.map((k) => values[k] ?? null), now, now) as Row;
  });
  const txnStmt = db.prepare('SELECT * FROM transactions WHERE store_id = ? ORDER BY id LIMIT ? OFFSET ?');
  const countStmt = db.prepare('SELECT count(*) AS n FROM transactions WHERE store_id = ?');
  // IN lists of varying length: statements are prepared per length and kept.
  const cache = new Map<string, SQLite.Statement>();
  const inStmt = (sql: string, n: number) => {
    const text = sql.replace('(?)', `(${placeholders(n)})`);
    let s = cache.get(text);
    if (!s) cache.set(text, (s = db.prepare(text)));
    return s;
  };
  return {
    async page(storeId, limit, offset, withTotal) {
      const txns = txnStmt.all(storeId, limit, offset) as Row[];
      const total = withTotal ? Number((countStmt.get(storeId) as Row).n) : txns.length;
      const tIds = ids(txns);
      const items = tIds.length ? inStmt('SELECT * FROM items WHERE transaction_id IN (?) ORDER BY transaction_id, id', tIds.length).all(...tIds) as Row[] : [];
      const iIds = ids(items);
      const options = iIds.length ? inStmt('SELECT * FROM item_options WHERE item_id IN (?) ORDER BY item_id, id', iIds.length).all(...iIds) as Row[] : [];
      const cIds = ids(items, 'item_category_id');
      const cats = cIds.length ? inStmt('SELECT * FROM item_categories WHERE id IN (?)', cIds.length).all(...cIds) as Row[] : [];
      return {
        total, transactions: txns, itemsByTransaction: group(items, 'transaction_id'), optionsByItem: group(options, 'item_id'),
        categories: new Map(cats.map((c) => [Number(c.id), c])),
      };
    },
    async item(storeId, id) {
      return itemStmt.get(id, storeId) as Row | undefined;
    },
    async live(c, nowSec) {
      const { text, args } = liveSql(c, nowSec, false);
      let st = cache.get(text);
      if (!st) cache.set(text, (st = db.prepare(text)));
      return isLive(st.get(...args) as Row);
    },
    async addItem(storeId, cartId, values) {
      return insert.immediate(storeId, cartId, values);
    },
    close: async () => { db.close(); },
  };
}
