// Crash test of the money path: kill -9 the server while checkouts are in flight, restart it on the
// same data, and check every cart and transaction from the database itself. A checkout is all or
// nothing: either a transaction exists for the cart, holding exactly the cart's items and a total
// that is their sum, and the cart is gone; or the cart is still there with all its items and no
// transaction. Every checkout the server acknowledged (201) is of the first kind, with the id it
// answered; carts left whole check out after the restart.
//
//   npx tsx scripts/reliability/crash-checkout.ts [--seeds 3] [--carts 300] [--concurrency 20] [--pg postgres://…]
//
// SQLite always; PostgreSQL too when --pg (or TEST_DATABASE_URL) names a server (one schema per seed).
import { parseArgs } from 'node:util';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { startServer } from './child.js';
import { api, freePort, openSession } from './api.js';
import { integrityOf, scratchDatabase, untilKilled, type Engine, type Scratch } from './crash-kit.js';

const { values: args } = parseArgs({
  options: {
    seeds: { type: 'string', default: '3' }, carts: { type: 'string', default: '300' }, concurrency: { type: 'string', default: '20' },
    pg: { type: 'string', default: process.env.TEST_DATABASE_URL ?? '' },
  },
});
const SEEDS = Number(args.seeds);
const CARTS = Number(args.carts);
const CONCURRENCY = Number(args.concurrency);

interface Outcome { engine: string; seed: number; acknowledged: number; committed: number; whole: number; broken: string[]; retried: number; integrity: string }

/** Rows the check reads: every transaction with its items, and every cart with its items. */
interface State {
  transactions: Array<{ id: number; cart_id: number; total_item_price: string; items: number; sum: string }>;
  carts: Array<{ id: number; items: number }>;
}

const STATE_SQL = {
  transactions: `select t.id, t.cart_id, t.total_item_price::text as total_item_price,
    (select count(*) from items i where i.transaction_id = t.id) as items,
    (select coalesce(sum(i.price * i.quantity), 0)::text from items i where i.transaction_id = t.id) as sum from transactions t`,
  carts: 'select c.id, (select count(*) from items i where i.cart_id = c.id) as items from carts c',
};

async function readState(engine: Engine, { databaseUrl, schema }: Scratch): Promise<State> {
  if (engine === 'sqlite') {
    const db = new SQLite(databaseUrl, { readonly: true });
    const sqliteText = (s: string) => s.replace(/::text/g, '');
    const state = { transactions: db.prepare(sqliteText(STATE_SQL.transactions)).all(), carts: db.prepare(STATE_SQL.carts).all() } as State;
    db.close();
    return state;
  }
  const c = new pg.Client({ connectionString: args.pg, options: `-c search_path=${schema}` });
  await c.connect();
  const state = { transactions: (await c.query(STATE_SQL.transactions)).rows, carts: (await c.query(STATE_SQL.carts)).rows } as State;
  await c.end();
  return state;
}

const money = (v: string | number) => Number(v).toFixed(2);

async function runSeed(engine: Engine, seed: number): Promise<Outcome> {
  const scratch = await scratchDatabase(engine, `crash-checkout-${engine}-${seed}`, args.pg!);
  const { dataDir, databaseUrl } = scratch;
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const env = { PORT: String(port), BASE_URL: base, DATA_DIR: dataDir, DATABASE_URL: databaseUrl, LOG_LEVEL: 'warn', RATE_LIMIT_MAX: '0' };
  let server = await startServer(env);
  const session = await openSession(base, `crashco${seed}x${process.pid}${engine[0]}`);
  const token = session.storeToken;
  // Carts of 1–3 items each (a seeded mix), all made before the checkouts start.
  const carts: Array<{ id: number; href: string; items: number }> = [];
  for (let i = 0; i < CARTS; i++) {
    const cart = await api(base, session.links['svc:carts'], { method: 'POST', token, json: { shipping_country: 'US', customer_email: `c${i}@crash.example` } });
    const href = String(cart.body._links.self.href);
    const n = 1 + ((i * 7 + seed) % 3);
    for (let k = 0; k < n; k++) {
      const res = await api(base, `${href}/items`, { method: 'POST', token, json: { name: `Item ${k}`, code: `I${i}-${k}`, price: `${(k + 1) * 3}.25`, quantity: 1 + (k % 2) } });
      if (res.status !== 201) throw new Error(`item: ${res.status} ${JSON.stringify(res.body)}`);
    }
    carts.push({ id: Number(href.split('/').pop()), href, items: n });
  }
  // The checkouts, killed after a seeded share of them was answered.
  const acked = new Map<number, number>();
  const killAfter = Math.floor(CARTS * (0.2 + 0.6 * ((seed * 0.618) % 1)));
  await untilKilled(server, carts.length, CONCURRENCY, killAfter, async (i) => {
    const res = await api(base, `${carts[i].href}/checkout`, { method: 'POST', token, json: {} });
    if (res.status !== 201) return false;
    acked.set(carts[i].id, Number(String(res.body._links.self.href).split('/').pop()));
    return true;
  });

  // Read back from the database as the restarted server would find it.
  server = await startServer(env);
  const state = await readState(engine, scratch);
  const byCart = new Map(state.transactions.map((t) => [Number(t.cart_id), t]));
  const cartRows = new Map(state.carts.map((c) => [Number(c.id), Number(c.items)]));
  const broken: string[] = [];
  let committed = 0;
  let whole = 0;
  for (const cart of carts) {
    const txn = byCart.get(cart.id);
    const left = cartRows.get(cart.id);
    if (txn) {
      committed++;
      if (left !== undefined) broken.push(`cart ${cart.id}: transaction ${txn.id} and the cart both there`);
      if (Number(txn.items) !== cart.items) broken.push(`transaction ${txn.id}: ${txn.items} items, the cart had ${cart.items}`);
      if (money(txn.total_item_price) !== money(txn.sum)) broken.push(`transaction ${txn.id}: total ${txn.total_item_price}, items sum ${txn.sum}`);
      const answered = acked.get(cart.id);
      if (answered !== undefined && answered !== Number(txn.id)) broken.push(`cart ${cart.id}: answered transaction ${answered}, found ${txn.id}`);
    } else {
      if (acked.has(cart.id)) broken.push(`cart ${cart.id}: acknowledged transaction ${acked.get(cart.id)} is missing`);
      if (left === undefined) broken.push(`cart ${cart.id}: gone without a transaction`);
      else if (left !== cart.items) broken.push(`cart ${cart.id}: ${left} items left of ${cart.items}`);
      else whole++;
    }
  }
  // Carts left whole are not stuck: each checks out now (a claim of the killed process ran out or was rolled back).
  let retried = 0;
  for (const cart of carts.filter((c) => !byCart.has(c.id)).slice(0, 20)) {
    const res = await api(base, `${cart.href}/checkout`, { method: 'POST', token, json: {} });
    if (res.status === 201) retried++;
    else broken.push(`cart ${cart.id}: retry answered ${res.status} ${JSON.stringify(res.body).slice(0, 120)}`);
  }
  server.proc.kill('SIGTERM');
  await server.exited;
  // Items in neither a cart nor a transaction are what a half-done checkout would leave.
  const integrity = await integrityOf(engine, scratch, args.pg!, (schema) => `SELECT count(*)::int AS n FROM ${schema}.items i
    LEFT JOIN ${schema}.carts c ON c.id = i.cart_id LEFT JOIN ${schema}.transactions t ON t.id = i.transaction_id WHERE c.id IS NULL AND t.id IS NULL`);
  return { engine, seed, acknowledged: acked.size, committed, whole, broken, retried, integrity };
}

const engines: Engine[] = args.pg ? ['sqlite', 'postgres'] : ['sqlite'];
if (!args.pg) console.log('[skip] PostgreSQL: pass --pg or set TEST_DATABASE_URL');
const results: Outcome[] = [];
for (const engine of engines) {
  for (let seed = 1; seed <= SEEDS; seed++) {
    const r = await runSeed(engine, seed);
    results.push(r);
    console.log(`${engine} seed ${seed}: ${r.acknowledged} acknowledged, ${r.committed} committed (${r.committed - r.acknowledged} unanswered), ` +
      `${r.whole} carts whole, ${r.retried} retried after restart, ${r.broken.length} broken, integrity ${r.integrity}`);
    for (const b of r.broken.slice(0, 10)) console.log(`  ${b}`);
  }
}
const broken = results.reduce((n, r) => n + r.broken.length, 0);
const bad = results.filter((r) => !r.integrity.startsWith('ok'));
console.log(`[figures] crash-checkout: ${results.length} runs, ${results.reduce((n, r) => n + r.acknowledged, 0)} acknowledged checkouts, ` +
  `${results.reduce((n, r) => n + r.committed, 0)} committed, ${broken} broken, ${bad.length} runs with integrity problems`);
process.exit(broken || bad.length ? 1 : 0);
