// `npm run bench:ab -- [ref]`: the working tree (B) against a commit (A, HEAD by default), both
// running at once over one seeded SQLite database (PostgreSQL with BENCH_AB_ENGINE=postgres and
// BENCH_DATABASE_URL: a schema of its own), beside the hand-written baseline, taking turns
// (A B baseline, then the other way round). On a shared machine two runs of `npm run bench` an hour
// apart differ by more than most single changes (BENCHMARKS.md, rounds 19–22); two builds measured
// in the same turns see the same background load, so their quotient is what the change did. The
// reads answer the same requests of the same data; `checkout` gives each build carts of its own and
// four clients, as scenario 5 does, against the baseline's one durable insert. A commit whose
// migrations differ from the working tree's cannot be compared this way (one of the two would
// refuse the database).
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { sql } from 'kysely';
import { containerOf } from '../src/app.js';
import { loadBenchConfig, ROOT } from './config.js';
import { buildApp, freePort, spawnService, type Child } from './proc.js';
import { openTarget, startBaseline } from './target.js';
import { seed } from './seed.js';
import { closedLoop, combine, interleaved, turnOrder, warmClosedLoop, WARMUP_REQUESTS, type LoadResult, type LoadSpec } from './load.js';
import { settle } from './proc.js';
import { jsonHeaders, restHeaders } from './context.js';
import { appQuery, graphqlPoster } from './queries.js';
import { baselineInserts, checkoutsOf, postLoad, WORKERS } from './scenarios/writes.js';

const ZOOM = 'zoom=items,items:item_options,items:item_category';

/** A commit's bundle, built in a worktree of its own (its schema/ beside it, node_modules linked). */
async function buildCommit(ref: string): Promise<{ entry: string; sha: string; remove(): void }> {
  const sha = execFileSync('git', ['rev-parse', '--verify', `${ref}^{commit}`], { cwd: ROOT, encoding: 'utf8' }).trim();
  const dir = join(mkdtempSync(join(tmpdir(), 'commerce-ab-')), 'tree');
  execFileSync('git', ['worktree', 'add', '--detach', '--quiet', dir, sha], { cwd: ROOT });
  const remove = () => {
    execFileSync('git', ['worktree', 'remove', '--force', dir], { cwd: ROOT });
  };
  try {
    symlinkSync(join(ROOT, 'node_modules'), join(dir, 'node_modules'));
    const entry = join(dir, 'dist', 'server.mjs');
    const { bundle } = (await import(pathToFileURL(join(dir, 'scripts', 'bundle.mjs')).href)) as { bundle: (out: string) => Promise<string> };
    await bundle(entry);
    if (!existsSync(entry)) throw new Error(`no bundle was written for ${sha}`);
    return { entry, sha, remove };
  } catch (err) {
    remove();
    throw err;
  }
}

/**
 * Checkouts of A and B, each on every other seeded cart, and the baseline's inserts, in closed
 * loops of four clients taking turns (after a warm-up each), as scenario 5 runs them.
 */
async function checkouts(seeded: Awaited<ReturnType<typeof seed>>, [a, b, base]: Child[], rounds: number): Promise<LoadResult[]> {
  const headers = { ...restHeaders(seeded.storeToken), 'content-type': 'application/json' };
  const ranOut = (): null => { throw new Error('bench:ab checkout: a side ran out of carts (raise BENCH_CARTS)'); };
  const loads = [a, b, base].map((child) => postLoad(child.url, headers));
  const all = [
    // Alternate carts, not halves: against itself on PostgreSQL the build on the seed's first half
    // answered 5–9% fewer checkouts a second than the one on the second (round 28).
    { child: a, next: checkoutsOf(loads[0], seeded.checkoutCarts.filter((_, i) => i % 2 === 0), ranOut) },
    { child: b, next: checkoutsOf(loads[1], seeded.checkoutCarts.filter((_, i) => i % 2 === 1), ranOut) },
    { child: base, next: baselineInserts(loads[2], seeded.mutationCarts) },
  ];
  say(`checkout: ${rounds} turns of ${cfg.duration} s each…`);
  const turns = all.map(() => [] as Array<Awaited<ReturnType<typeof closedLoop>>>);
  try {
    for (const side of all) {
      await warmClosedLoop(side.child.pid, WORKERS, cfg.warmup, side.next);
      await settle(side.child.pid);
    }
    for (let round = 0; round < rounds; round++) {
      for (const i of turnOrder([0, 1, 2], round)) {
        turns[i].push(await closedLoop(all[i].child.pid, WORKERS, cfg.duration, all[i].next));
        await settle(all[i].child.pid);
      }
    }
  } finally {
    for (const load of loads) await load.close();
  }
  return turns.map(combine);
}

const cfg = loadBenchConfig();
const rounds = Math.max(cfg.rounds, Number(process.env.BENCH_AB_ROUNDS ?? 6));
const engine = process.env.BENCH_AB_ENGINE ?? 'sqlite';
if (engine !== 'sqlite' && engine !== 'postgres') throw new Error(`BENCH_AB_ENGINE: sqlite or postgres, not "${engine}"`);
if (engine === 'postgres' && !cfg.pgUrl) throw new Error('BENCH_AB_ENGINE=postgres needs BENCH_DATABASE_URL');
/** Checkouts a second, at most, each build may make (a bound for the carts to seed): measured here ~1,300 on SQLite, ~400 on PostgreSQL. */
const CHECKOUT_RATE = engine === 'postgres' ? 600 : 1500;
/** Carts for both builds' checkouts: the warm-up (its time or WARMUP_REQUESTS) and every turn at CHECKOUT_RATE each (BENCH_CARTS to set). */
const checkoutCarts = () => Number(process.env.BENCH_CARTS ?? 2 * Math.ceil(Math.max(cfg.warmup * CHECKOUT_RATE, WARMUP_REQUESTS) + rounds * cfg.duration * CHECKOUT_RATE));
const ref = process.argv[2] ?? 'HEAD';
const say = (s: string) => console.log(`[bench:ab] ${s}`);
const a = await buildCommit(ref);
const children: Child[] = [];
let target: Awaited<ReturnType<typeof openTarget>> | undefined;
try {
  const entryB = await buildApp();
  say(`A = ${ref} (${a.sha.slice(0, 7)}), B = the working tree`);
  const portA = await freePort();
  target = await openTarget(cfg, engine, portA);
  const chosen = (process.env.BENCH_AB_PATHS ?? 'item,collection,graphql').split(',').map((s) => s.trim()).filter(Boolean);
  const seeded = await seed(target.send, containerOf(target.probe).database,
    { transactions: cfg.transactions, carts: chosen.includes('checkout') ? checkoutCarts() : 10, tag: `ab-${Date.now()}` });
  const portB = await freePort();
  const serviceA = await spawnService({ args: [a.entry], env: target.env, port: portA, readyPath: '/readyz' });
  children.push(serviceA);
  const serviceB = await spawnService({ args: [entryB], env: { ...target.env, PORT: String(portB) }, port: portB, readyPath: '/readyz' });
  children.push(serviceB);
  const baseline = await startBaseline(cfg, target);
  children.push(baseline);
  const item = await containerOf(target.probe).database.db.selectFrom('items').select(sql<number>`min(id)`.as('id'))
    .where('store_id', '=', seeded.storeId).where('transaction_id', 'is not', null).executeTakeFirstOrThrow();
  const nested = (await appQuery(graphqlPoster(target.send, '/graphql', seeded.storeToken))).build(100);
  const rest = restHeaders(seeded.storeToken);
  const paths: Record<string, Omit<LoadSpec, 'url' | 'connections'> & { path: string; title: string }> = {
    item: { title: 'REST GET one item (scenario 1)', path: `/items/${item.id}`, headers: rest },
    collection: { title: `REST collection, limit=100, ${ZOOM} (scenario 2)`, path: `/stores/${seeded.storeId}/transactions?limit=100&${ZOOM}`, headers: rest },
    graphql: { title: 'GraphQL nested query, first: 100 (scenario 3)', path: '/graphql', method: 'POST', headers: jsonHeaders(seeded.storeToken), body: JSON.stringify(nested) },
  };
  const rows: string[] = [];
  const fmt = (r: LoadResult, base: LoadResult) => `${r.rps.toFixed(0)} | ${r.cpuMsPerRequest ? (r.cpuMsPerRequest * 1000).toFixed(1) : '?'} | ${(r.rps / base.rps).toFixed(2)}`;
  for (const name of chosen) {
    if (name === 'checkout') {
      const [A, B, base] = await checkouts(seeded, [serviceA, serviceB, baseline], rounds);
      rows.push(`| Checkout (scenario 5: 4 clients, carts of their own) | ${fmt(A, base)} | ${fmt(B, base)} | ${(B.rps / A.rps).toFixed(3)} | ${B.cpuMsPerRequest && A.cpuMsPerRequest ? (B.cpuMsPerRequest / A.cpuMsPerRequest).toFixed(3) : '?'} | ${base.rps.toFixed(0)}${A.non2xx + B.non2xx ? ` | ${A.non2xx + B.non2xx} non-2xx` : ''} |`);
      continue;
    }
    const p = paths[name];
    if (!p) throw new Error(`BENCH_AB_PATHS: no path "${name}" (${[...Object.keys(paths), 'checkout'].join(', ')})`);
    const spec = (url: string): LoadSpec => ({ url: url + p.path, method: p.method, headers: p.headers, body: p.body, connections: cfg.connections });
    say(`${p.title}: ${rounds} turns of ${cfg.duration} s each…`);
    const res = await interleaved([
      { name: 'A', pid: serviceA.pid, spec: spec(serviceA.url) },
      { name: 'B', pid: serviceB.pid, spec: spec(serviceB.url) },
      { name: 'baseline', pid: baseline.pid, spec: spec(baseline.url) },
    ], { seconds: cfg.duration, rounds, warmup: cfg.warmup });
    const [A, B, base] = [res.get('A')!, res.get('B')!, res.get('baseline')!];
    const errors = A.errors + A.non2xx + B.errors + B.non2xx;
    const cpu = A.cpuMsPerRequest && B.cpuMsPerRequest ? (B.cpuMsPerRequest / A.cpuMsPerRequest).toFixed(3) : '?';
    rows.push(`| ${p.title} | ${fmt(A, base)} | ${fmt(B, base)} | ${(B.rps / A.rps).toFixed(3)} | ${cpu} | ${base.rps.toFixed(0)}${errors ? ` | ${errors} errors or non-2xx` : ''} |`);
  }
  console.log(`\nA = ${a.sha.slice(0, 10)}, B = the working tree; ${engine === 'postgres' ? 'PostgreSQL' : 'SQLite'}, ${cfg.transactions} transactions, ${rounds} turns of ${cfg.duration} s per side after a ${cfg.warmup} s warm-up (checkout: at least ${WARMUP_REQUESTS} requests), ${cfg.connections} connections\n`);
  console.log('| path | A req/s | A CPU µs/req | A ratio | B req/s | B CPU µs/req | B ratio | B/A throughput | B/A CPU | baseline req/s |');
  console.log('|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|');
  for (const r of rows) console.log(r);
} finally {
  for (const c of children) await c.stop();
  // Its PostgreSQL schema goes even when the run failed.
  await target?.close();
  a.remove();
  if (process.env.BENCH_KEEP !== '1') rmSync(cfg.workDir, { recursive: true, force: true });
}
