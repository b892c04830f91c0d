// `npm run bench:growth`: how reads grow with the size of a store, on SQLite and (with
// BENCH_DATABASE_URL) PostgreSQL. Per engine, one store per size (10,000 → 1,000,000 transactions
// by default, BENCH_GROWTH_SIZES) in one database, served by one service process; every path is
// timed against every store in turns (size A, B, C, A, B, C …) so background load lands on all
// sizes alike, and each size is reported as a ratio to the smallest.
import { containerOf } from '../src/app.js';
import { join } from 'node:path';
import { loadavg } from 'node:os';
import { sql } from 'kysely';
import { loadBenchConfig, ROOT } from './config.js';
import { buildApp as compileService, freePort, spawnService } from './proc.js';
import { openTarget, type Engine } from './target.js';
import { graphqlPoster } from './queries.js';
import { fetcher, injector } from './api.js';
import { writeGrowth, type GrowthEngine } from './growth-report.js';
import { statementLog, describeStatements } from './statements.js';
import { seedGrowthStore, type GrowthStore } from './growth-seed.js';
import { growthPaths, type GrowthRequest } from './growth-paths.js';

const cfg = loadBenchConfig();
const sizes = (process.env.BENCH_GROWTH_SIZES ?? '10000,100000,1000000').split(',').map(Number).filter((n) => n >= 200);
const rounds = Number(process.env.BENCH_GROWTH_ROUNDS ?? 6);
const perTurn = Number(process.env.BENCH_GROWTH_REQUESTS ?? 5);
const t0 = performance.now();
const say = (s: string) => console.log(`[growth ${((performance.now() - t0) / 1000).toFixed(0).padStart(4)} s] ${s}`);
const loadAtStart = loadavg();
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

async function measure(engine: Engine): Promise<GrowthEngine> {
  const port = await freePort();
  const target = await openTarget(cfg, engine, port);
  const { db } = containerOf(target.probe).database;
  const stores: GrowthStore[] = [];
  try {
    // Largest first: seeded smallest first, the big store's rows would all sit after every other
    // store's in id order, and PostgreSQL, seeing a store that is 90% of the table, walks the primary
    // key from the start past all of them (a correlation its statistics cannot see). In a live
    // database a store's ids interleave with the others'; largest first is the closer picture.
    for (const size of [...sizes].sort((a, b) => b - a)) {
      stores.push(await seedGrowthStore(target, size));
      say(`${engine} store ${stores.at(-1)!.storeId}: ${size.toLocaleString('en-US')} transactions and events in ${stores.at(-1)!.seconds.toFixed(1)} s`);
    }
    stores.sort((a, b) => a.size - b.size);
    // A store that grew over months has been vacuumed by autovacuum many times; measuring right after
    // a bulk insert would time PostgreSQL setting hint bits and an autovacuum racing the reads.
    // SQLite is measured as the service leaves it: it never runs ANALYZE (see bench/seed.ts).
    if (engine === 'postgres') await sql`VACUUM ANALYZE`.execute(db);
    const service = await spawnService({ args: [await compileService()], env: target.env, port, readyPath: '/readyz' });
    try {
      const svc = fetcher(service.url);
      // The keyset page starts in the middle of each store: a cursor found once, by offset.
      const middle = new Map<number, string>();
      for (const st of stores) {
        const d = await graphqlPoster(svc, '/graphql', st.token)('query($o: Int!) { store { transactions(first: 1, offset: $o) { pageInfo { endCursor } } } }', { o: Math.floor(st.size / 2) });
        middle.set(st.size, d.store.transactions.pageInfo.endCursor);
      }
      const paths = growthPaths(service.url, (st) => middle.get(st.size)!);
      const samples = new Map<string, number[]>();
      const key = (p: string, size: number) => `${p}@${size}`;
      const time = async (r: GrowthRequest) => {
        const start = performance.now();
        const res = await fetch(r.url, r.init);
        const text = await res.text();
        if (res.status !== r.status || text.includes('"errors"')) throw new Error(`${r.url}: HTTP ${res.status} ${text.slice(0, 300)} … ${text.slice(-300)}`);
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
        say(`${engine} round ${round + 1}/${rounds}`);
      }
      // What each path costs in SQL at the largest size (in-process, best of 3), to show what grows.
      const log = statementLog(containerOf(target.probe).database);
      const largest = stores.at(-1)!;
      const probeSend = injector(target.probe, target.baseUrl);
      const sqlNotes: string[] = [];
      for (const p of paths) {
        const r = p.request(largest);
        const init = r.init as { method?: string; headers: Record<string, string>; body?: string };
        const s = await log.around(() => probeSend(init.method ?? 'GET', r.url.slice(service.url.length), { headers: init.headers, ...(init.body ? { json: JSON.parse(init.body) } : {}) }));
        sqlNotes.push(`${p.name} at ${largest.size.toLocaleString('en-US')}: ${describeStatements(s.statements, 140)}`);
        say(sqlNotes.at(-1)!);
      }
      const results = paths.map((p) => ({ name: p.name, ms: stores.map((st) => median(samples.get(key(p.name, st.size))!)) }));
      for (const r of results) say(`${engine} ${r.name}: ${r.ms.map((m, i) => `${sizes[i]}=${m.toFixed(1)} ms`).join(', ')}`);
      return { engine, results, sqlNotes, seeding: stores.map((s) => `${s.size.toLocaleString('en-US')} in ${s.seconds.toFixed(1)} s`) };
    } finally {
      await service.stop();
    }
  } finally {
    await target.close();
  }
}

const engines: GrowthEngine[] = [];
for (const engine of cfg.engines) engines.push(await measure(engine));
const out = process.env.BENCH_OUT ?? join(ROOT, 'BENCHMARKS.md');
const plots = process.env.BENCH_GROWTH_PLOTS ?? join(ROOT, 'docs');
writeGrowth(out, (engine) => join(plots, engine === 'postgres' ? 'growth.svg' : `growth-${engine}.svg`), {
  startedAt: new Date(), sizes: [...sizes].sort((a, b) => a - b), engines, loadAtStart, loadAtEnd: loadavg(), samplesPerCell: rounds * perTurn,
  label: process.env.BENCH_GROWTH_LABEL ?? 'this run',
});
say(`wrote the growth section of ${out} and its plots in ${plots}`);
process.exit(0);
