// Load: a mixed read/write load of 200 concurrent connections against the real server in a child
// process, reporting errors, latency percentiles and the server's RSS over time (is it stable?).
//
//   npx tsx scripts/reliability/load.ts [--duration 60] [--connections 200] [--pg postgres://…]
//
// Rate limiting is switched off for the run (one token carries all the traffic here, where a real
// deployment has many); everything else runs as configured by default.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import pg from 'pg';
import { startServer } from './child.js';
import { api, freePort, openSession } from './api.js';

const { values: args } = parseArgs({
  options: { duration: { type: 'string', default: '60' }, connections: { type: 'string', default: '200' }, pg: { type: 'string', default: '' } },
});
const DURATION = Number(args.duration);
const CONNECTIONS = Number(args.connections);

interface Stats {
  errors: number; timeouts: number; non2xx: number; requests: { total: number; average: number };
  latency: { p50: number; p90: number; p99: number; max: number }; statusCodeStats?: Record<string, { count: number }>;
}

const dataDir = mkdtempSync(join(tmpdir(), 'load-'));
let databaseUrl = join(dataDir, 'db.sqlite');
const schema = `load_${process.pid}`;
if (args.pg) {
  const admin = new pg.Client({ connectionString: args.pg });
  await admin.connect();
  await admin.query(`CREATE SCHEMA IF NOT EXISTS ${schema}`);
  await admin.end();
  const u = new URL(args.pg);
  u.searchParams.set('options', `-c search_path=${schema}`);
  databaseUrl = u.toString();
}
const port = await freePort();
const base = `http://127.0.0.1:${port}`;
const server = await startServer({ PORT: String(port), BASE_URL: base, DATA_DIR: dataDir, DATABASE_URL: databaseUrl, LOG_LEVEL: 'warn', RATE_LIMIT_MAX: '0' });

// A store with taxes to read and change, and customers to list.
const s = await openSession(base, `load${process.pid}`);
const taxes: string[] = [];
for (let i = 0; i < 20; i++) {
  const t = await api(base, s.links['svc:taxes'], { method: 'POST', token: s.storeToken, json: { name: `Tax ${i}`, type: 'country', country: 'US', rate: 5 } });
  taxes.push(t.body._links.self.href.replace(base, ''));
}
const path = (href: string) => href.replace(base, '');
const headers = { authorization: `Bearer ${s.storeToken}`, 'service-api-version': '1', 'content-type': 'application/json' };
let seq = 0;
// Each connection cycles through this list: 7 reads, 3 writes.
const requests = [
  { method: 'GET', path: `${path(s.links['svc:taxes'])}?limit=20`, headers },
  { method: 'GET', path: taxes[0], headers },
  { method: 'GET', path: path(s.storeHref), headers },
  {
    method: 'POST', path: path(s.links['svc:customers']), headers,
    setupRequest: (req: any) => ({ ...req, body: JSON.stringify({ email: `c${seq++}@load.example`, first_name: 'Load' }) }),
  },
  { method: 'GET', path: `${path(s.links['svc:customers'])}?limit=10&order=date_created%20desc`, headers },
  {
    method: 'PATCH', path: taxes[1], headers,
    setupRequest: (req: any) => ({ ...req, path: taxes[seq % taxes.length], body: JSON.stringify({ rate: 1 + (seq++ % 50) }) }),
  },
  { method: 'POST', path: '/graphql', headers, body: JSON.stringify({ query: '{ store { taxes(first: 10) { totalCount nodes { id name rate } } } }' }) },
  { method: 'GET', path: `${path(s.links['svc:taxes'])}?zoom=tax_item_categories&limit=5`, headers },
  {
    method: 'POST', path: path(s.links['svc:customers']), headers,
    setupRequest: (req: any) => ({ ...req, body: JSON.stringify({ email: `d${seq++}@load.example` }) }),
  },
  { method: 'GET', path: '/', headers },
];

const rss: number[] = [];
const sampler = setInterval(() => rss.push(server.rssKb()), 1000);
const started = Date.now();
const result = await (autocannon({ url: base, connections: CONNECTIONS, duration: DURATION, timeout: 10, requests: requests as never }) as unknown as Promise<Stats>);
clearInterval(sampler);
const after = await api(base, '/readyz');

server.proc.kill('SIGTERM');
const { code } = await server.exited;
if (args.pg) {
  const admin = new pg.Client({ connectionString: args.pg });
  await admin.connect();
  await admin.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
  await admin.end();
}

const mb = (kb: number) => (kb / 1024).toFixed(0);
const tenth = Math.max(1, Math.floor(rss.length / 10));
const avg = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / Math.max(1, xs.length);
const early = avg(rss.slice(tenth, 2 * tenth));
const late = avg(rss.slice(-tenth));
const growth = early ? ((late - early) / early) * 100 : 0;
const statuses = Object.fromEntries(Object.entries(result.statusCodeStats ?? {}).map(([k, v]) => [k, v.count]));
console.log(`engine ${args.pg ? 'postgres' : 'sqlite'}, ${CONNECTIONS} connections, ${DURATION} s (${((Date.now() - started) / 1000).toFixed(0)} s wall)`);
console.log(`requests ${result.requests.total} (${result.requests.average.toFixed(0)}/s), statuses ${JSON.stringify(statuses)}`);
console.log(`errors ${result.errors} (of which timeouts > 10 s: ${result.timeouts}), non-2xx ${result.non2xx}`);
console.log(`latency ms: p50 ${result.latency.p50}, p90 ${result.latency.p90}, p99 ${result.latency.p99}, max ${result.latency.max}`);
console.log(`RSS MiB: start ${mb(rss[0] ?? 0)}, max ${mb(Math.max(...rss))}, second tenth avg ${mb(early)}, last tenth avg ${mb(late)} (${growth.toFixed(1)}%)`);
console.log(`RSS MiB per tenth of the run: ${Array.from({ length: 10 }, (_, i) => mb(avg(rss.slice(i * tenth, (i + 1) * tenth)))).join(' ')}`);
console.log(`after the run: /readyz ${after.status}, SIGTERM exit code ${code}`);
if (result.errors || result.timeouts || result.non2xx) console.log(`server log (last lines):\n${server.output().split('\n').slice(-15).join('\n')}`);
// autocannon counts timeouts among its errors.
console.log(`[figures] load: ${result.requests.total} requests, ${result.errors + result.non2xx} errors (${result.timeouts} of them timeouts), p99 ${result.latency.p99} ms, RSS growth ${growth.toFixed(1)}% (second tenth → last tenth)`);
process.exit(result.errors || result.timeouts || result.non2xx || code !== 0 ? 1 : 0);
