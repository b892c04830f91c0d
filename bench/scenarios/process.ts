// Scenarios 8 and 9 and the soak: cold start of the compiled service on a fresh DATA_DIR until
// GET /healthz answers, its idle RSS, and RSS growth under a sustained load — each next to a bare
// node:http process started the same way.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { freePort, memory, sleep, spawnNode, startFlags } from '../proc.js';
import { mb, type ScenarioResult } from '../results.js';
import { jsonHeaders, restHeaders, type Ctx } from '../context.js';
import type { BenchConfig } from '../config.js';
import { appQuery, graphqlPoster } from '../queries.js';

const BARE = `require('node:http').createServer((q, s) => s.end('{"status":"ok"}')).listen(Number(process.env.PORT), '127.0.0.1')`;

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

interface Start { readyMs: number; idleRss: number }

async function startOnce(cfg: BenchConfig, args: string[], env: (port: number, dir: string) => Record<string, string>, trial: string,
  nodeFlags: string[] = []): Promise<Start> {
  const port = await freePort();
  const dir = join(cfg.workDir, 'cold', trial);
  mkdirSync(dir, { recursive: true });
  const child = await spawnNode({ args, nodeFlags, env: env(port, dir), port, readyPath: '/healthz', timeoutMs: 30_000 });
  // Idle: a second after the first answer, nothing else running in the process.
  await sleep(1000);
  const idleRss = memory(child.pid).rss;
  await child.stop();
  return { readyMs: child.readyMs, idleRss };
}

export async function coldStart(cfg: BenchConfig, entry: string): Promise<ScenarioResult[]> {
  const service: Start[] = [];
  const bare: Start[] = [];
  for (let i = 0; i < cfg.coldStarts; i++) {
    service.push(await startOnce(cfg, [entry], (port, dir) => ({
      HOST: '127.0.0.1', PORT: String(port), DATA_DIR: dir, LOG_LEVEL: 'warn', NODE_ENV: 'production',
    }), `service-${i}`, startFlags()));
    bare.push(await startOnce(cfg, ['-e', BARE], (port) => ({ PORT: String(port) }), `bare-${i}`));
  }
  const s = median(service.map((x) => x.readyMs));
  const b = median(bare.map((x) => x.readyMs));
  const rss = median(service.map((x) => x.idleRss));
  const bareRss = median(bare.map((x) => x.idleRss));
  const trials = (xs: Start[], f: (x: Start) => string) => xs.map(f).join(', ');
  return [{
    id: '8', title: 'Cold start to the first answered GET /healthz (fresh DATA_DIR, SQLite, migrations included)', engine: 'sqlite',
    verdict: s < 1500 ? 'met' : 'not met', budget: '< 1.5 s', reason: `median ${s.toFixed(0)} ms of ${cfg.coldStarts}`,
    rows: [
      { name: `service: node ${startFlags().join(' ')} dist/server.mjs (bundled, as npm start)`, p50: s, ratio: s / b, note: `trials ${trials(service, (x) => `${x.readyMs.toFixed(0)} ms`)}` },
      { name: 'bare node:http process', p50: b, ratio: 1, note: `trials ${trials(bare, (x) => `${x.readyMs.toFixed(0)} ms`)}` },
    ],
    notes: ['Time from spawn to the first 2xx of GET /healthz, polled every 5 ms; the p50 column is the median start time in ms; the ratio is service over bare node (lower is better).'],
  }, {
    id: '9', title: 'Idle RSS after start', engine: 'sqlite', verdict: mb(rss) < 150 ? 'met' : 'not met', budget: '< 150 MB',
    reason: `median ${mb(rss).toFixed(1)} MB`,
    rows: [
      { name: 'service', peakRssMb: mb(rss), ratio: rss / bareRss, note: `trials ${trials(service, (x) => `${mb(x.idleRss).toFixed(1)} MB`)}` },
      { name: 'bare node:http process', peakRssMb: mb(bareRss), ratio: 1 },
    ],
    notes: ['VmRSS one second after /healthz first answered, nothing else running in the process.'],
  }];
}

/** RSS under load for BENCH_SOAK_SECONDS: the REST collection and the GraphQL query in turns. */
export async function soak(c: Ctx): Promise<ScenarioResult> {
  const seconds = c.cfg.soakSeconds;
  const ours = await appQuery(graphqlPoster(c.target.send, '/graphql', c.seeded.storeToken));
  const rest = `/stores/${c.seeded.storeId}/transactions?limit=100&zoom=items,items:item_options,items:item_category`;
  const run = (duration: number) => autocannon({
    url: c.service.url, connections: c.cfg.connections, duration, timeout: 30,
    requests: [
      { method: 'GET', path: rest, headers: restHeaders(c.seeded.storeToken) },
      { method: 'POST', path: '/graphql', headers: jsonHeaders(c.seeded.storeToken), body: JSON.stringify(ours.build(100)) },
    ],
  });
  // The heap grows to its working size in the first seconds of any load; growth is measured after.
  const warm = Math.min(5, seconds / 4);
  await run(warm);
  const samples: Array<[number, number]> = [];
  const started = performance.now();
  const timer = setInterval(() => {
    try { samples.push([performance.now() - started, memory(c.service.pid).rss]); } catch { /* exited */ }
  }, 250);
  // The heap the service holds on to after each full collection (its /metrics gauge): what a leak
  // raises, where the RSS also follows the load and the pages V8 keeps committed while it lasts.
  const live: number[] = [];
  const liveTimer = setInterval(() => {
    void fetch(`${c.service.url}/metrics`).then((r) => r.text()).then((text) => {
      const v = Number(/^commerce_heap_live_bytes (\S+)$/m.exec(text)?.[1]);
      if (v > 0 && v !== live[live.length - 1]) live.push(v);
    }).catch(() => undefined);
  }, 1000);
  const result = await run(seconds);
  clearInterval(timer);
  clearInterval(liveTimer);
  const fifth = Math.max(1, Math.floor(samples.length / 5));
  const early = median(samples.slice(0, fifth).map((s) => s[1]));
  const late = median(samples.slice(-fifth).map((s) => s[1]));
  const growth = late / early - 1;
  const third = Math.max(1, Math.floor(live.length / 3));
  const liveNote = live.length >= 3
    ? `The heap held after full collections (the service's commerce_heap_live_bytes, ${live.length} collections seen): median of the first third ${mb(median(live.slice(0, third))).toFixed(1)} MB, of the last third ${mb(median(live.slice(-third))).toFixed(1)} MB (${((median(live.slice(-third)) / median(live.slice(0, third)) - 1) * 100).toFixed(1)}%); a leak raises this figure, while the RSS also follows the heap V8 keeps committed under load.`
    : `Fewer than three full collections were seen during the run (${live.length}): the heap held after them is not compared.`;
  return {
    id: 'soak', title: `RSS growth under ${seconds} s of load (BENCH_SOAK_SECONDS; the issue's figure is for 60 s)`, engine: c.target.engine,
    verdict: growth <= 0.1 ? 'met' : 'not met', budget: 'RSS growth ≤ 10% over the run',
    reason: `${(growth * 100).toFixed(1)}% (first fifth median ${mb(early).toFixed(0)} MB → last fifth ${mb(late).toFixed(0)} MB)`,
    rows: [{ name: 'service', peakRssMb: mb(Math.max(...samples.map((s) => s[1]))), errors: result.errors + result.non2xx, ratio: late / early, note: `RSS ${mb(early).toFixed(0)} → ${mb(late).toFixed(0)} MB` }],
    notes: [`After ${warm.toFixed(1)} s of warm-up under the same load, every connection alternates the REST collection (scenario 2) and the GraphQL query (scenario 3) for ${seconds} s; RSS sampled every 250 ms, growth = median of the last fifth of the samples over the median of the first fifth. The ratio column is that quotient. Set BENCH_SOAK_SECONDS=60 for the issue's full figure.`, liveNote],
  };
}
