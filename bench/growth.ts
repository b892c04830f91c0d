// `npm run bench:growth`: how reads grow with the size of a store, on PostgreSQL. One store per size
// (10,000 → 1,000,000 transactions by default, BENCH_GROWTH_SIZES) in one database, served by one
// service process; every path is timed against every store in turns (size A, B, C, A, B, C …) so
// background load lands on all sizes alike, and each size is reported as a ratio to the smallest.
import { containerOf } from '../src/app.js';
import { join } from 'node:path';
import { loadavg } from 'node:os';
import { sql } from 'kysely';
import { loadBenchConfig, ROOT } from './config.js';
import { buildApp as compileService, freePort, spawnNode } from './proc.js';
import { openTarget } from './target.js';
import { seed } from './seed.js';
import { graphqlPoster } from './queries.js';
import { fetcher } from './api.js';
import { jsonHeaders, restHeaders } from './context.js';
import { writeGrowth, type GrowthPath } from './growth-report.js';
import { statementLog, describeStatements } from './statements.js';
import { injector } from './api.js';

const cfg = loadBenchConfig();
if (!cfg.pgUrl) {
  console.log('[skip] bench:growth needs BENCH_DATABASE_URL (PostgreSQL): it measures 1,000,000 rows, which SQLite seeding would take too long for.');
  process.exit(0);
}
const sizes = (process.env.BENCH_GROWTH_SIZES ?? '10000,100000,1000000').split(',').map(Number).filter((n) => n >= 100);
const rounds = Number(process.env.BENCH_GROWTH_ROUNDS ?? 6);
const perTurn = Number(process.env.BENCH_GROWTH_REQUESTS ?? 5);
const TEMPLATE = 100;
const t0 = performance.now();
const say = (s: string) => console.log(`[growth ${((performance.now() - t0) / 1000).toFixed(0).padStart(4)} s] ${s}`);
const loadAtStart = loadavg();

const port = await freePort();
const target = await openTarget(cfg, 'postgres', port);
const { db } = containerOf(target.probe).database;
const stores: Array<{ size: number; storeId: number; token: string; seconds: number }> = [];
try {
  // Largest first: seeded smallest first, the big store's rows would all sit after every other
  // store's in id order, and PostgreSQL, seeing a store that is 90% of the table, walks the primary
  // key from the start past all of them (a correlation its statistics cannot see). In a live
  // database a store's ids interleave with the others'; largest first is the closer picture.
  for (const size of [...sizes].sort((a, b) => b - a)) {
    const started = performance.now();
    // 100 transactions (with items and options) through the seeder, then copies of them by
    // generate_series in one INSERT … SELECT: the copies have no items (see BENCHMARKS.md).
    const s = await seed(target.send, containerOf(target.probe).database, { transactions: TEMPLATE, carts: 0, tag: `growth-${size}-${Date.now()}` });
    const cols = (await sql<{ c: string }>`SELECT column_name AS c FROM information_schema.columns
      WHERE table_schema = current_schema() AND table_name = 'transactions' AND column_name <> 'id' ORDER BY ordinal_position`.execute(db)).rows.map((r) => r.c);
    const list = sql.join(cols.map((c) => sql.ref(c)));
    const copies = Math.ceil(size / TEMPLATE) - 1;
    await sql`INSERT INTO transactions (${list}) SELECT ${list} FROM transactions t CROSS JOIN generate_series(1, ${copies}) g
      WHERE t.store_id = ${s.storeId} ORDER BY g, t.id`.execute(db);
    stores.push({ size, storeId: s.storeId, token: s.storeToken, seconds: (performance.now() - started) / 1000 });
    say(`store ${s.storeId}: ${size.toLocaleString('en-US')} transactions in ${stores.at(-1)!.seconds.toFixed(1)} s`);
  }
  stores.sort((a, b) => a.size - b.size);
  // A store that grew over months has been vacuumed by autovacuum many times; measuring right after
  // a bulk insert would time PostgreSQL setting hint bits and an autovacuum racing the reads.
  await sql`VACUUM ANALYZE transactions`.execute(db);
  const service = await spawnNode({ args: [await compileService()], env: target.env, port, readyPath: '/readyz' });
  try {
    const svc = fetcher(service.url);
    const gql = async (token: string, query: string, variables: Record<string, unknown> = {}) => graphqlPoster(svc, '/graphql', token)(query, variables);
    // The keyset page starts in the middle of each store: a cursor found once, by offset.
    const cursors = new Map<number, string>();
    for (const st of stores) {
      const d = await gql(st.token, 'query($o: Int!) { store { transactions(first: 1, offset: $o) { pageInfo { endCursor } } } }', { o: Math.floor(st.size / 2) });
      cursors.set(st.size, d.store.transactions.pageInfo.endCursor);
    }
    const rest = (path: (st: typeof stores[number]) => string) => (st: typeof stores[number]) =>
      ({ url: service.url + path(st), init: { headers: restHeaders(st.token) } });
    const graphql = (query: string, vars: (st: typeof stores[number]) => Record<string, unknown>) => (st: typeof stores[number]) =>
      ({ url: service.url + '/graphql', init: { method: 'POST', headers: jsonHeaders(st.token), body: JSON.stringify({ query, variables: vars(st) }) } });
    const paths: Array<{ name: string; request: (st: typeof stores[number]) => { url: string; init: RequestInit } }> = [
      { name: 'REST page of 100 with total_items', request: rest((st) => `/stores/${st.storeId}/transactions?limit=100`) },
      { name: 'REST filtered page (status=captured) with total_items', request: rest((st) => `/stores/${st.storeId}/transactions?limit=100&status=captured`) },
      { name: 'REST deep offset (offset=9,900) with total_items', request: rest((st) => `/stores/${st.storeId}/transactions?limit=100&offset=9900`) },
      { name: 'GraphQL keyset cursor page (first: 100, after the middle row)', request: graphql('query($a: String!) { store { transactions(first: 100, after: $a) { nodes { id status } pageInfo { endCursor } } } }', (st) => ({ a: cursors.get(st.size) })) },
      { name: 'GraphQL connection (first: 100) with totalCount', request: graphql('{ store { transactions(first: 100) { totalCount nodes { id status } } } }', () => ({})) },
    ];
    const samples = new Map<string, number[]>();
    const key = (p: string, size: number) => `${p}@${size}`;
    const time = async (r: { url: string; init: RequestInit }) => {
      const start = performance.now();
      const res = await fetch(r.url, r.init);
      const text = await res.text();
      if (res.status !== 200 || text.includes('"errors"')) throw new Error(`${r.url}: HTTP ${res.status} ${text.slice(0, 300)}`);
      return performance.now() - start;
    };
    for (const p of paths) for (const st of stores) await time(p.request(st)); // warm-up
    for (let round = 0; round < rounds; round++) {
      for (const p of paths) {
        for (const st of stores) {
          const list = samples.get(key(p.name, st.size)) ?? [];
          for (let i = 0; i < perTurn; i++) list.push(await time(p.request(st)));
          samples.set(key(p.name, st.size), list);
        }
      }
      say(`round ${round + 1}/${rounds}`);
    }
    // What each path costs in SQL at the largest size (in-process, best of 3), to show what grows.
    const log = statementLog(containerOf(target.probe).database);
    const largest = stores.at(-1)!;
    const sqlNotes: string[] = [];
    for (const p of paths) {
      const r = p.request(largest);
      const init = r.init as { method?: string; headers: Record<string, string>; body?: string };
      const path = r.url.slice(service.url.length);
      const probeSend = injector(target.probe, target.baseUrl);
      const s = await log.around(() => probeSend(init.method ?? 'GET', path, { headers: init.headers, ...(init.body ? { json: JSON.parse(init.body) } : {}) }));
      sqlNotes.push(`${p.name} at ${largest.size.toLocaleString('en-US')}: ${describeStatements(s.statements, 140)}`);
      say(sqlNotes.at(-1)!);
    }
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
    const results: GrowthPath[] = paths.map((p) => ({ name: p.name, ms: stores.map((st) => median(samples.get(key(p.name, st.size))!)) }));
    for (const r of results) say(`${r.name}: ${r.ms.map((m, i) => `${sizes[i]}=${m.toFixed(1)} ms`).join(', ')}`);
    writeGrowth(process.env.BENCH_OUT ?? join(ROOT, 'BENCHMARKS.md'), join(ROOT, 'docs/growth.svg'), {
      startedAt: new Date(), sizes, results, loadAtStart, loadAtEnd: loadavg(), samplesPerCell: rounds * perTurn, sqlNotes,
      seeding: stores.map((s) => `${s.size.toLocaleString('en-US')} in ${s.seconds.toFixed(1)} s`),
      label: process.env.BENCH_GROWTH_LABEL ?? 'this run',
    });
    say('wrote the growth section of BENCHMARKS.md and docs/growth.svg');
  } finally {
    await service.stop();
  }
} finally {
  await target.close();
}
process.exit(0);
