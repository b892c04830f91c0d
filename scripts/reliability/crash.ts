// Crash test: kill -9 the server while 1,000 concurrent writes are in flight, restart it on the same
// data, and check that every write the server acknowledged (201) is there, that the database is
// intact, and that the webhook dispatcher delivers every acknowledged write's event at least once,
// under one webhook-id however often it is sent.
//
//   npx tsx scripts/reliability/crash.ts [--seeds 10] [--writes 1000] [--concurrency 50]
//                                        [--pg postgres://…] [--no-webhooks]
//
// SQLite always; PostgreSQL too when --pg (or TEST_DATABASE_URL) names a server (one schema per seed).
import { createServer, type Server } from 'node:http';
import { parseArgs } from 'node:util';
import { startServer, type ServerChild } from './child.js';
import { api, freePort, openSession } from './api.js';
import { integrityOf, scratchDatabase, untilKilled, type Engine } from './crash-kit.js';

const { values: args } = parseArgs({
  options: {
    seeds: { type: 'string', default: '10' }, writes: { type: 'string', default: '1000' }, concurrency: { type: 'string', default: '50' },
    pg: { type: 'string', default: process.env.TEST_DATABASE_URL ?? '' }, 'no-webhooks': { type: 'boolean', default: false },
  },
});
const SEEDS = Number(args.seeds);
const WRITES = Number(args.writes);
const CONCURRENCY = Number(args.concurrency);

/** mulberry32: a small seeded generator, so a seed's kill point can be replayed. */
function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

interface Delivery { webhookId: string; event: string; body: string }

/** The webhook endpoint: records every delivery and answers 200. */
async function startReceiver(): Promise<{ server: Server; url: string; deliveries: Delivery[] }> {
  const deliveries: Delivery[] = [];
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (d) => { body += d; });
    req.on('end', () => {
      deliveries.push({ webhookId: String(req.headers['webhook-id']), event: String(req.headers['service-webhook-event']), body });
      res.writeHead(200).end('ok');
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  return { server, url: `http://127.0.0.1:${(server.address() as { port: number }).port}/hook`, deliveries };
}

interface Outcome {
  engine: string;
  seed: number;
  acknowledged: number;
  killedAfter: number;
  lost: number;
  integrity: string;
  delivered?: number;
  webhookIdsPerEvent?: number;
  note?: string;
}

async function runSeed(engine: Engine, seed: number, webhooks: boolean): Promise<Outcome> {
  const random = rng(seed);
  const scratch = await scratchDatabase(engine, `crash-${engine}-${seed}`, args.pg!);
  const { dataDir, databaseUrl } = scratch;
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const env = {
    PORT: String(port), BASE_URL: base, DATA_DIR: dataDir, DATABASE_URL: databaseUrl, LOG_LEVEL: 'warn', RATE_LIMIT_MAX: '0',
    OUTBOUND_ALLOW_PRIVATE: 'true', WEBHOOK_POLL_MS: '200', WEBHOOK_RETRY_SCHEDULE: '1', WEBHOOK_TIMEOUT_MS: '2000',
  };
  const receiver = webhooks ? await startReceiver() : undefined;
  let server: ServerChild = await startServer(env);
  const session = await openSession(base, `crash${seed}x${process.pid}${engine[0]}`);
  let webhookNote: string | undefined;
  if (receiver) {
    const hook = await api(base, session.links['svc:webhooks'], {
      method: 'POST', token: session.storeToken,
      json: { name: 'crash', format: 'vendor_a', url: receiver.url, event_resource: 'customer' },
    });
    if (hook.status !== 201) webhookNote = `webhook not created (${hook.status}); delivery not checked`;
  }

  // The writes: each acknowledged one is recorded here, in the parent, before the kill.
  const acked = new Map<number, string>();
  const killAfter = Math.floor(WRITES * (0.1 + 0.8 * random()));
  // A write the kill cut off (the connection died with the server) is not acknowledged, so not owed.
  await untilKilled(server, WRITES, CONCURRENCY, killAfter, async (i) => {
    const email = `c${i}-s${seed}@crash.example`;
    const res = await api(base, session.links['svc:customers'], { method: 'POST', token: session.storeToken, json: { email, first_name: `n${i}` } });
    if (res.status !== 201) return false;
    acked.set(Number(String(res.body._links.self.href).split('/').pop()), email);
    return true;
  });

  server = await startServer(env);
  let lost = 0;
  const ids = [...acked.keys()];
  for (let i = 0; i < ids.length; i += 50) {
    const batch = await Promise.all(ids.slice(i, i + 50).map((id) => api(base, `/customers/${id}`, { token: session.storeToken })));
    batch.forEach((res, j) => { if (res.status !== 200 || res.body.email !== acked.get(ids[i + j])) lost++; });
  }

  let delivered: number | undefined;
  let webhookIdsPerEvent: number | undefined;
  if (receiver && !webhookNote) {
    // One delivery at a time per webhook: an attempt the kill interrupted is retried once its
    // lease (timeout + 30 s) runs out, so allow for that.
    const deadline = Date.now() + 120_000;
    const seen = () => {
      const byCustomer = new Map<number, Set<string>>();
      for (const d of receiver.deliveries) {
        if (d.event !== 'customer/created') continue;
        const id = Number(String(JSON.parse(d.body)?._links?.self?.href ?? '').split('/').pop());
        if (!byCustomer.has(id)) byCustomer.set(id, new Set());
        byCustomer.get(id)!.add(d.webhookId);
      }
      return byCustomer;
    };
    while (Date.now() < deadline && ids.some((id) => !seen().has(id))) await new Promise((r) => setTimeout(r, 500));
    const byCustomer = seen();
    delivered = ids.filter((id) => byCustomer.has(id)).length;
    webhookIdsPerEvent = Math.max(0, ...[...byCustomer.values()].map((s) => s.size));
  }

  server.proc.kill('SIGTERM');
  const { code } = await server.exited;
  // PostgreSQL has no integrity_check; an orphan count over the written table stands in for it.
  const integrity = await integrityOf(engine, scratch, args.pg!,
    (schema) => `SELECT count(*)::int AS n FROM ${schema}.customers c LEFT JOIN ${schema}.stores s ON s.id = c.store_id WHERE s.id IS NULL`);
  receiver?.server.close();
  if (code !== 0) webhookNote = `${webhookNote ?? ''} restarted server exited ${code}`.trim();
  return { engine, seed, acknowledged: acked.size, killedAfter: killAfter, lost, integrity, delivered, webhookIdsPerEvent, note: webhookNote };
}

const engines: Engine[] = args.pg ? ['sqlite', 'postgres'] : ['sqlite'];
if (!args.pg) console.log('[skip] PostgreSQL: pass --pg or set TEST_DATABASE_URL');
const results: Outcome[] = [];
for (const engine of engines) {
  for (let seed = 1; seed <= SEEDS; seed++) {
    const r = await runSeed(engine, seed, !args['no-webhooks']);
    results.push(r);
    console.log(`${engine} seed ${seed}: ${r.acknowledged} acknowledged (kill after ${r.killedAfter}), ${r.lost} lost, integrity ${r.integrity}` +
      (r.delivered === undefined ? '' : `, webhooks delivered ${r.delivered}/${r.acknowledged}, webhook-ids per event ≤ ${r.webhookIdsPerEvent}`) + (r.note ? ` — ${r.note}` : ''));
  }
}
const lost = results.reduce((n, r) => n + r.lost, 0);
const undelivered = results.reduce((n, r) => n + (r.delivered === undefined ? 0 : r.acknowledged - r.delivered), 0);
const bad = results.filter((r) => !r.integrity.startsWith('ok') || (r.webhookIdsPerEvent ?? 1) > 1);
console.log(`[figures] crash: ${results.length} runs, ${results.reduce((n, r) => n + r.acknowledged, 0)} acknowledged writes, ${lost} lost, ` +
  `${undelivered} acknowledged events undelivered, ${bad.length} runs with integrity or webhook-id problems`);
process.exit(lost || undelivered || bad.length ? 1 : 0);
