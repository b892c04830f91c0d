// Tenant A of the noisy-neighbour scenario (bench/scenarios/noisy.ts), in a process of its own so
// that its load generators do not slow down the one that measures tenant B. Argument: JSON
// { base, wsUrl, token, taxPath, storeId, seconds }. Prints "subscribed" once its subscriptions are
// answered, waits for "go" on stdin, floods, then prints one JSON line with what it saw.
import { run, statusList } from './noisy-load.js';
import WebSocket from 'ws';
import { percentile } from './load.js';
import { jsonHeaders, restHeaders } from './context.js';

const SUBSCRIPTIONS = 5000;
const PER_SOCKET = 100;

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
        if (msg.type === 'error' && !String(msg.id).startsWith('barrier-')) {
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

/**
 * Resolves once every socket has answered a query sent after its subscriptions: a socket's messages
 * are handled in order, so by then the service has taken in the whole flood. (Waiting for the
 * refusals to stop arriving alone was not enough on a loaded machine, where the service was still
 * working through the flood during B's measured turn, and nobody got an answer then.)
 */
async function barrier(sockets: WebSocket[], timeoutMs: number): Promise<void> {
  await Promise.all(sockets.filter((ws) => ws.readyState === WebSocket.OPEN).map((ws, i) => new Promise<void>((resolve) => {
    const id = `barrier-${i}`;
    const timer = setTimeout(resolve, timeoutMs);
    ws.on('message', (data) => {
      const msg = JSON.parse(String(data));
      if (msg.id === id && (msg.type === 'complete' || msg.type === 'error')) { clearTimeout(timer); resolve(); }
    });
    ws.send(JSON.stringify({ id, type: 'subscribe', payload: { query: '{ __typename }' } }));
  })));
}


const args = JSON.parse(process.argv[2]) as { base: string; wsUrl: string; token: string; taxPath: string; storeId: number; seconds: number };
const flood = await subscribeFlood(args.wsUrl, args.token, SUBSCRIPTIONS);
// Every subscribe answered (an error) or admitted: the refusals arrive quickly, admissions silently.
const end = Date.now() + 30_000;
let last = -1;
for (;;) {
  const seen = [...flood.outcome.refused.values()].reduce((a, b) => a + b, 0);
  if (seen === last || Date.now() > end) break;
  last = seen;
  await new Promise((r) => setTimeout(r, 500));
}
const settling = performance.now();
await barrier(flood.sockets, 120_000);
const settledMs = Math.round(performance.now() - settling);
process.stdout.write('subscribed\n');
await new Promise<void>((resolve) => process.stdin.once('data', () => resolve()));
const cpu0 = process.cpuUsage();
const t0 = performance.now();
const a = restHeaders(args.token);
const bomb = Array.from({ length: 5 }, () => 'tax_item_categories').join(':tax:');
const heavy = JSON.stringify({ query: '{ store { taxes(first: 300) { nodes { id taxItemCategories(first: 300) { nodes { id itemCategory { id } } } } } } }' });
const write = JSON.stringify({ query: 'mutation { createTax(input: { name: "noise", type: GLOBAL, rate: "1" }) { tax { id } } }' });
const s = args.seconds;
const loads = await Promise.all([
  run({ url: `${args.base}${args.taxPath}?zoom=${bomb}`, headers: a, connections: 4, seconds: s }),
  run({ url: `${args.base}/stores/${args.storeId}/taxes?limit=300&zoom=tax_item_categories:tax:tax_item_categories:tax`, headers: a, connections: 4, seconds: s }),
  run({ url: `${args.base}/graphql`, method: 'POST', headers: jsonHeaders(args.token), body: heavy, connections: 4, seconds: s }),
  run({ url: `${args.base}/graphql`, method: 'POST', headers: jsonHeaders(args.token), body: write, connections: 2, seconds: s }),
]);
for (const ws of flood.sockets) ws.terminate();
const o = flood.outcome;
const spent = process.cpuUsage(cpu0);
process.stdout.write(JSON.stringify({
  sockets: flood.sockets.length, acked: o.acked, requested: o.requested, settledMs,
  refused: Object.fromEntries(o.refused), closed: Object.fromEntries(o.closed),
  loads: loads.map((l) => ({ count: l.latencies.length, p50: percentile(l.latencies, 50), p99: percentile(l.latencies, 99), statuses: statusList(l) })),
  cpuMicros: spent.user + spent.system, elapsedMs: performance.now() - t0,
}) + '\n');
process.exit(0);
