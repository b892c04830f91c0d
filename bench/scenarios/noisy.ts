// Scenario "noisy": a noisy neighbour. Tenant A (a store of its own) floods the service with
// expensive REST zooms (the cyclic zoom bomb among them), GraphQL queries and mutations, and 5,000
// live subscriptions over graphql-ws, while tenant B (the seeded store) reads at a steady rate.
// B's p99 with A flooding is compared with B's p99 alone, in the same run, on a service process
// of its own started with the default limits (the main one runs with raised rate limits, since
// its load generator is one caller). Budget: B's p99 ≤ 2 × alone, no errors for B.
import autocannon from 'autocannon';
import WebSocket from 'ws';
import { percentile } from '../load.js';
import { expectStatus, link, tokenChain } from '../api.js';
import { freePort, sleep, spawnNode } from '../proc.js';
import type { ScenarioResult } from '../results.js';
import { jsonHeaders, restHeaders, type Ctx } from '../context.js';

const ID = 'noisy';
const TITLE = 'Noisy neighbour: tenant B\'s plain reads while tenant A floods REST zooms, GraphQL and 5,000 subscriptions';
const BUDGET = 'B p99 ≤ 2 × B alone, 0 errors for B';
const SUBSCRIPTIONS = 5000;
const PER_SOCKET = 100;
/** B's steady rate: an integration polling, not a load test (its own budget would refuse more). */
const B_RATE = 40;

interface Measured { latencies: number[]; statuses: Map<number, number>; errors: number }

async function run(opts: { url: string; headers: Record<string, string>; method?: string; body?: string; connections: number; seconds: number; rate?: number }): Promise<Measured> {
  const latencies: number[] = [];
  const statuses = new Map<number, number>();
  const instance = autocannon({
    url: opts.url, connections: opts.connections, duration: opts.seconds, timeout: 30,
    ...(opts.rate ? { overallRate: opts.rate } : {}),
    requests: [{ method: (opts.method ?? 'GET') as 'GET', headers: opts.headers, body: opts.body }],
  });
  instance.on('response', (_c: unknown, status: number, _bytes: number, ms: number) => {
    latencies.push(ms);
    statuses.set(status, (statuses.get(status) ?? 0) + 1);
  });
  const result = await instance;
  latencies.sort((a, b) => a - b);
  return { latencies, statuses, errors: result.errors + result.timeouts };
}

const bad = (m: Measured) => m.errors + [...m.statuses].filter(([s]) => s < 200 || s > 299).reduce((n, [, c]) => n + c, 0);
const statusList = (m: Measured) => [...m.statuses].sort(([a], [b]) => a - b).map(([s, c]) => `${c}× ${s}`).join(', ');

/** Opens sockets for tenant A and asks for `total` distinct live subscriptions; counts what was admitted and refused. */
async function subscribeFlood(wsUrl: string, token: string, total: number) {
  const sockets: WebSocket[] = [];
  const outcome = { acked: 0, closed: new Map<number, number>(), refused: new Map<string, number>(), requested: 0 };
  const opened: Promise<void>[] = [];
  for (let s = 0; s * PER_SOCKET < total; s++) {
    const ws = new WebSocket(wsUrl, 'graphql-transport-ws');
    sockets.push(ws);
    opened.push(new Promise<void>((resolve) => {
      ws.on('error', () => resolve());
      ws.on('close', (code) => { outcome.closed.set(code, (outcome.closed.get(code) ?? 0) + 1); resolve(); });
      ws.on('open', () => ws.send(JSON.stringify({ type: 'connection_init', payload: { authorization: `Bearer ${token}` } })));
      ws.on('message', (data) => {
        const msg = JSON.parse(String(data));
        if (msg.type === 'ping') ws.send(JSON.stringify({ type: 'pong' }));
        if (msg.type === 'error') {
          const code = String(msg.payload?.[0]?.extensions?.code ?? 'UNKNOWN');
          outcome.refused.set(code, (outcome.refused.get(code) ?? 0) + 1);
        }
        if (msg.type !== 'connection_ack') return;
        outcome.acked++;
        for (let i = 0; i < PER_SOCKET && s * PER_SOCKET + i < total; i++) {
          const n = s * PER_SOCKET + i;
          outcome.requested++;
          ws.send(JSON.stringify({ id: String(n), type: 'subscribe', payload: { query: 'subscription($n: [String!]) { events(names: $n) { id name resource { __typename } } }', variables: { n: [`tax/${n}`, 'changelog/created'] } } }));
        }
        resolve();
      });
    }));
  }
  await Promise.all(opened);
  return { sockets, outcome };
}

export async function noisyNeighbour(c: Ctx, entry: string): Promise<ScenarioResult> {
  const { target, seeded } = c;
  const seconds = Math.max(5, c.cfg.duration);
  // The service under the default limits: the bench's raised ones are left out.
  const env = { ...target.env };
  for (const k of ['RATE_LIMIT_MAX', 'RATE_LIMIT_CREDENTIALS_MAX', 'WS_MAX_SOCKETS_PER_TOKEN']) delete env[k];
  const port = await freePort();
  const service = await spawnNode({ args: [entry], env: { ...env, PORT: String(port) }, port, readyPath: '/readyz' });
  const sockets: WebSocket[] = [];
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
    const alone = await run({ url: bUrl, headers: bHeaders, connections: 2, seconds, rate: B_RATE });

    const flood = await subscribeFlood(`ws://127.0.0.1:${port}/graphql`, a.storeToken, SUBSCRIPTIONS);
    sockets.push(...flood.sockets);
    await sleep(500);
    const aHeaders = restHeaders(a.storeToken);
    const bomb = Array.from({ length: 5 }, () => 'tax_item_categories').join(':tax:');
    const gqlHeavy = JSON.stringify({ query: '{ store { taxes(first: 300) { nodes { id taxItemCategories(first: 300) { nodes { id itemCategory { id } } } } } } }' });
    const gqlWrite = JSON.stringify({ query: 'mutation { createTax(input: { name: "noise", type: GLOBAL, rate: "1" }) { tax { id } } }' });
    const [together, ...floods] = await Promise.all([
      run({ url: bUrl, headers: bHeaders, connections: 2, seconds, rate: B_RATE }),
      run({ url: `${service.url}${taxPath}?zoom=${bomb}`, headers: aHeaders, connections: 4, seconds }),
      run({ url: `${service.url}/stores/${a.storeId}/taxes?limit=300&zoom=tax_item_categories:tax:tax_item_categories:tax`, headers: aHeaders, connections: 4, seconds }),
      run({ url: `${service.url}/graphql`, method: 'POST', headers: jsonHeaders(a.storeToken), body: gqlHeavy, connections: 4, seconds }),
      run({ url: `${service.url}/graphql`, method: 'POST', headers: jsonHeaders(a.storeToken), body: gqlWrite, connections: 2, seconds }),
    ]);
    const p99Alone = percentile(alone.latencies, 99);
    const p99Together = percentile(together.latencies, 99);
    const ratio = p99Together / p99Alone;
    const bErrors = bad(alone) + bad(together);
    const met = ratio <= 2 && bErrors === 0;
    const o = flood.outcome;
    const names = ['A: REST cyclic zoom bomb (depth 5)', 'A: REST taxes?limit=300 with a 4-step cyclic zoom', 'A: GraphQL taxes(first: 300) × taxItemCategories(first: 300)', 'A: GraphQL createTax'];
    return {
      id: ID, title: TITLE, engine: target.engine, verdict: met ? 'met' : 'not met', budget: BUDGET,
      reason: `B's p99 ${p99Together.toFixed(1)} ms with A flooding vs ${p99Alone.toFixed(1)} ms alone (${ratio.toFixed(2)}×), ${bErrors} errors for B`,
      rows: [
        { name: 'B alone (plain reads)', p50: percentile(alone.latencies, 50), p99: p99Alone, rps: alone.latencies.length / seconds, errors: bad(alone), ratio: 1 },
        { name: 'B while A floods', p50: percentile(together.latencies, 50), p99: p99Together, rps: together.latencies.length / seconds, errors: bad(together), ratio },
        ...floods.map((f, i) => ({ name: names[i], p50: percentile(f.latencies, 50), p99: percentile(f.latencies, 99), rps: f.latencies.length / seconds, note: statusList(f) })),
      ],
      notes: [
        `B reads GET /stores/{id}/transactions?limit=20 at ${B_RATE} requests/s over 2 connections for ${seconds} s, alone and then while A floods; p50/p99 in ms, ratio = p99 over B alone.`,
        `A asked for ${o.requested} distinct live subscriptions on ${flood.sockets.length} sockets (${o.acked} acknowledged); refused: ${[...o.refused].map(([k, v]) => `${v}× ${k}`).join(', ') || 'none'}; sockets closed: ${[...o.closed].map(([k, v]) => `${v}× ${k}`).join(', ') || 'none'}.`,
        'A\'s answers by status are in each row\'s note: 400 is a refused cost or zoom depth, 429 A\'s spent budget. The service ran with the default limits (MAX_COST, REST_MAX_ZOOM_DEPTH, RATE_LIMIT_*, WS_*).',
      ],
    };
  } finally {
    for (const s of sockets) s.terminate();
    await service.stop();
  }
}
