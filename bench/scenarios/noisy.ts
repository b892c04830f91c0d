// Scenario "noisy": a noisy neighbour. Tenant A (a store of its own) floods the service with
// expensive REST zooms (the cyclic zoom bomb among them), GraphQL queries and mutations, and 5,000
// live subscriptions over graphql-ws, while tenant B (the seeded store) reads at a steady rate.
// B's p99 with A flooding is compared with B's p99 alone, in the same run, on a service process
// of its own started with the default limits (the main one runs with raised rate limits, since
// its load generator is one caller). Budget: B's p99 ≤ 2 × alone, no errors for B.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { percentile } from '../load.js';
import { expectStatus, link, tokenChain } from '../api.js';
import { cpuSeconds, freePort, spawnService } from '../proc.js';
import type { ScenarioResult } from '../results.js';
import { restHeaders, type Ctx } from '../context.js';
import { ROOT } from '../config.js';
import { bad, run } from '../noisy-load.js';
import { NOISY_BUDGET } from '../budgets.js';

const ID = 'noisy';
const TITLE = 'Noisy neighbour: tenant B\'s plain reads while tenant A floods REST zooms, GraphQL and 5,000 subscriptions';
const BUDGET = NOISY_BUDGET;
/** B's steady rate: an integration polling, not a load test (its own budget would refuse more). */
const B_RATE = 40;

interface TenantA {
  sockets: number; acked: number; requested: number; settledMs: number; refused: Record<string, number>; closed: Record<string, number>;
  loads: Array<{ count: number; p50: number; p99: number; statuses: string }>;
  /** A's own CPU (user + system, µs) and wall time (ms) of the flood: it exits right after reporting. */
  cpuMicros: number; elapsedMs: number;
}

/** Starts tenant A's process; resolves once its subscriptions are in, with a trigger for the flood and its report. */
async function startTenantA(args: Record<string, unknown>): Promise<{ go: () => Promise<TenantA>; kill: () => void; pid: number }> {
  const child = spawn(process.execPath, ['--import', 'tsx', join(ROOT, 'bench/noisy-tenant.ts'), JSON.stringify(args)], { cwd: ROOT, stdio: ['pipe', 'pipe', 'pipe'] });
  let out = '';
  let err = '';
  child.stderr!.on('data', (b) => { err = (err + b).slice(-4000); });
  const lines: string[] = [];
  const waiters: Array<() => void> = [];
  child.stdout!.on('data', (b) => {
    out += b;
    const parts = out.split('\n');
    out = parts.pop()!;
    lines.push(...parts);
    for (const w of waiters.splice(0)) w();
  });
  const line = (n: number) => new Promise<string>((resolve, reject) => {
    const check = () => (lines.length > n ? resolve(lines[n]) : child.exitCode !== null ? reject(new Error(`tenant A exited: ${err}`)) : waiters.push(check));
    child.once('exit', () => { for (const w of waiters.splice(0)) w(); });
    check();
  });
  await line(0);
  return {
    go: async () => {
      child.stdin!.write('go\n');
      return JSON.parse(await line(1)) as TenantA;
    },
    kill: () => { if (child.exitCode === null) child.kill('SIGKILL'); },
    pid: child.pid!,
  };
}

export async function noisyNeighbour(c: Ctx, entry: string): Promise<ScenarioResult> {
  const { target, seeded } = c;
  const seconds = Math.max(5, c.cfg.duration);
  // The service under the default limits: the bench's raised ones are left out.
  const env = { ...target.env };
  for (const k of ['RATE_LIMIT_MAX', 'RATE_LIMIT_CREDENTIALS_MAX', 'WS_MAX_SOCKETS_PER_TOKEN']) delete env[k];
  // The defences against a noisy neighbour can be switched from the bench's own environment, to
  // compare them in one tree (src/ops/connection-hold.ts, fair-share.ts, services/pace.ts); unset, the defaults run.
  const switches = ['RATE_LIMIT_PAUSE_AFTER', 'RATE_LIMIT_FAIR_SHARE', 'RESPONSE_PACE_ABOVE', 'RESPONSE_SLICE_MS'].filter((k) => process.env[k] !== undefined);
  for (const k of switches) env[k] = process.env[k]!;
  const port = await freePort();
  const service = await spawnService({ args: [entry], env: { ...env, PORT: String(port) }, port, readyPath: '/readyz' });
  let tenant: Awaited<ReturnType<typeof startTenantA>> | undefined;
  try {
    // Tenant A: a store of its own, with a tax linked to 30 categories (the zoom bomb's target).
    const a = await tokenChain(target.send, `noisy-${Date.now()}`);
    const store = await expectStatus(target.send('GET', a.storeHref, { token: a.storeToken }), [200], 'A store');
    const tax = await expectStatus(target.send('POST', link(store, 'svc:taxes'), { token: a.storeToken, json: { name: 'VAT', type: 'global', rate: 20 } }), [201], 'A tax');
    for (let i = 0; i < 30; i++) {
      const cat = await expectStatus(target.send('POST', link(store, 'svc:item_categories'), { token: a.storeToken, json: { code: `N${i}`, name: `N ${i}` } }), [201], 'A category');
      await expectStatus(target.send('POST', link(tax, 'svc:tax_item_categories'), { token: a.storeToken, json: { tax_uri: link(tax, 'self'), item_category_uri: link(cat, 'self') } }), [201], 'A link');
    }
    const taxPath = new URL(link(tax, 'self')).pathname;
    const bUrl = `${service.url}/stores/${seeded.storeId}/transactions?limit=20`;
    const bHeaders = restHeaders(seeded.storeToken);
    await run({ url: bUrl, headers: bHeaders, connections: 2, seconds: 1, rate: B_RATE });
    // CPU per second of each turn, of the service and of A's process: on a shared machine latency
    // is noisy, CPU spent answering A (and by A's generator, which shares the cores) much less so.
    const cpu = (pid: number) => { const c0 = cpuSeconds(pid); const t0 = performance.now(); return () => (cpuSeconds(pid) - c0) * 1e6 / (performance.now() - t0); };
    const serviceAlone = cpu(service.pid);
    const alone = await run({ url: bUrl, headers: bHeaders, connections: 2, seconds, rate: B_RATE });
    const cpuAlone = serviceAlone();

    tenant = await startTenantA({ base: service.url, wsUrl: `ws://127.0.0.1:${port}/graphql`, token: a.storeToken, taxPath, storeId: a.storeId, seconds });
    const serviceTogether = cpu(service.pid);
    const [together, o] = await Promise.all([run({ url: bUrl, headers: bHeaders, connections: 2, seconds, rate: B_RATE }), tenant.go()]);
    const cpuTogether = serviceTogether();
    // A's process reports its own CPU: it may be gone before /proc could be read.
    const cpuA = o.cpuMicros / o.elapsedMs;
    const p99Alone = percentile(alone.latencies, 99);
    const p99Together = percentile(together.latencies, 99);
    const ratio = p99Together / p99Alone;
    const bErrors = bad(alone) + bad(together);
    // No answer at all within the turn (B starved): not met, said so rather than a NaN.
    const met = ratio <= 2 && bErrors === 0 && together.latencies.length > 0;
    const names = ['A: REST cyclic zoom bomb (depth 5)', 'A: REST taxes?limit=300 with a 4-step cyclic zoom', 'A: GraphQL taxes(first: 300) × taxItemCategories(first: 300)', 'A: GraphQL createTax'];
    return {
      id: ID, title: TITLE, engine: target.engine, verdict: met ? 'met' : 'not met', budget: BUDGET,
      reason: together.latencies.length === 0
        ? `B got no answer in ${seconds} s while A flooded (p99 ${p99Alone.toFixed(1)} ms alone), ${bErrors} errors for B`
        : `B's p99 ${p99Together.toFixed(1)} ms with A flooding vs ${p99Alone.toFixed(1)} ms alone (${ratio.toFixed(2)}×), ${bErrors} errors for B`,
      rows: [
        { name: 'B alone (plain reads)', p50: percentile(alone.latencies, 50), p99: p99Alone, rps: alone.latencies.length / seconds, errors: bad(alone), ratio: 1 },
        { name: 'B while A floods', p50: percentile(together.latencies, 50), p99: p99Together, rps: together.latencies.length / seconds, errors: bad(together), ratio },
        ...o.loads.map((f, i) => ({ name: names[i], p50: f.p50, p99: f.p99, rps: f.count / seconds, note: f.statuses })),
      ],
      notes: [
        `B reads GET /stores/{id}/transactions?limit=20 at ${B_RATE} requests/s over 2 connections for ${seconds} s, alone and then while A floods; p50/p99 in ms, ratio = p99 over B alone.`,
        `A asked for ${o.requested} distinct live subscriptions on ${o.sockets} sockets (${o.acked} acknowledged) before B's second turn (the last taken in ${o.settledMs} ms after the refusals stopped, told by a query answered on every socket); refused: ${Object.entries(o.refused).map(([k, v]) => `${v}× ${k}`).join(', ') || 'none'}; sockets closed: ${Object.entries(o.closed).map(([k, v]) => `${v}× ${k}`).join(', ') || 'none'}. A's load runs in a process of its own, so it does not slow down the generator that measures B.`,
        `B's answers within each ${seconds} s turn (at most ${B_RATE * seconds} sent): ${alone.latencies.length} alone, ${together.latencies.length} while A floods.`,
        `CPU ms per second: the service ${cpuAlone.toFixed(0)} with B alone, ${cpuTogether.toFixed(0)} while A floods; A's load process ${cpuA.toFixed(0)} (2 cores = 2,000).`,
        'A\'s answers by status are in each row\'s note: 400 is a refused cost or zoom depth, 429 A\'s spent budget. The service ran with the default limits (MAX_COST, REST_MAX_ZOOM_DEPTH, RATE_LIMIT_*, WS_*)'
          + (switches.length ? `, except ${switches.map((k) => `${k}=${env[k]}`).join(', ')}.` : '.'),
      ],
    };
  } finally {
    tenant?.kill();
    await service.stop();
  }
}
