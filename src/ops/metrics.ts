// Prometheus metrics on GET /metrics: HTTP requests by route, method and status with a latency
// histogram, process metrics, webhook delivery and SQLite group commit figures read on each scrape,
// and live-subscriber gauges that the subscription transport sets.
import client from 'prom-client';
import { constants, PerformanceObserver } from 'node:perf_hooks';
import { getHeapSpaceStatistics } from 'node:v8';
import type { FastifyInstance } from 'fastify';
import type { WebhookFigure } from './health.js';

/**
 * Process-wide figures: one set per process however many apps it builds (tests build many).
 * `liveSubscribers` is for the GraphQL subscription transport: inc() on subscribe, dec() on end.
 */
const processRegistry = new client.Registry();
client.collectDefaultMetrics({ register: processRegistry, prefix: 'commerce_' });
export const liveSubscribers = new client.Gauge({
  name: 'commerce_live_subscribers', help: 'Open GraphQL subscriptions (event streams) in this process.', registers: [processRegistry],
});
/** The graphql-ws fan-out (graphql/ws-fanout.ts): its delivery loops and the subscribers they serve. */
export const fanoutLoops = new client.Gauge({
  name: 'commerce_ws_fanout_loops', help: 'Delivery loops of live subscriptions: one per distinct subscription level with its store\'s log.', registers: [processRegistry],
});
export const fanoutSubscribers = new client.Gauge({
  name: 'commerce_ws_fanout_subscribers', help: 'Live subscriptions whose events go out through a delivery loop (the others are catching up).', registers: [processRegistry],
});

/**
 * The heap held after the last full (mark-compact) collection: what the process holds on to. The
 * heap's size and the RSS between collections follow the load (a large answer's objects, the pages
 * V8 keeps committed while it lasts); a leak shows as this figure rising from one collection to the
 * next. Read when the observer's entry arrives, a turn of the loop after the collection, without the
 * young generation (which the collection emptied: what it holds by then was made since). V8 adds no
 * work to a collection for it.
 */
export const heapAfterFullGc = new client.Gauge({
  name: 'commerce_heap_live_bytes', help: 'V8 heap held after the last full garbage collection, young generation excluded (0 before the first).', registers: [processRegistry],
});
/** Spaces a full collection leaves empty: what they hold when the observer runs was made since. */
const YOUNG = new Set(['new_space', 'new_large_object_space']);
new PerformanceObserver((list) => {
  if (list.getEntries().some((e) => (e as unknown as { detail?: { kind?: number } }).detail?.kind === constants.NODE_PERFORMANCE_GC_MAJOR)) {
    let held = 0;
    for (const space of getHeapSpaceStatistics()) if (!YOUNG.has(space.space_name)) held += space.space_used_size;
    heapAfterFullGc.set(held);
  }
}).observe({ entryTypes: ['gc'] });

/** Promises rejected with nobody to handle them, logged and survived (main.ts). */
export const strayRejections = new client.Counter({
  name: 'commerce_unhandled_rejections_total', help: 'Promises rejected with no handler: logged, and the process kept serving.', registers: [processRegistry],
});

/** Latency buckets in seconds: most answers take milliseconds; checkout may wait 5 s on a hook. */
const BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

export function registerMetrics(app: FastifyInstance): void {
  const registry = new client.Registry();
  const requests = new client.Counter({
    name: 'commerce_http_requests_total', help: 'HTTP requests answered, by route pattern, method and status.',
    labelNames: ['route', 'method', 'status'], registers: [registry],
  });
  const latency = new client.Histogram({
    name: 'commerce_http_request_duration_seconds', help: 'Time to answer an HTTP request, by route pattern and method.',
    labelNames: ['route', 'method'], buckets: BUCKETS, registers: [registry],
  });
  let figures: Promise<WebhookFigure[]> | undefined;
  // Both gauges come from one query per scrape.
  const scrapeFigures = () => (figures ??= app.container.health.webhookFigures().finally(() => { setTimeout(() => { figures = undefined; }, 0); }));
  new client.Gauge({
    name: 'commerce_webhook_deliveries', help: 'Webhook deliveries by state; `pending` is the queue depth.',
    labelNames: ['status'], registers: [registry],
    async collect() {
      this.reset();
      for (const f of await scrapeFigures()) this.set({ status: f.status }, f.deliveries);
    },
  });
  new client.Gauge({
    name: 'commerce_webhook_attempts', help: 'Webhook delivery attempts made so far, by the state of their delivery.',
    labelNames: ['status'], registers: [registry],
    async collect() {
      this.reset();
      for (const f of await scrapeFigures()) this.set({ status: f.status }, f.attempts);
    },
  });

  // SQLite: how many write transactions share a COMMIT (and its WAL pages and fsync); members over
  // commits is the mean group. Counters that only grow, read from the database object per scrape.
  if (app.container.health.groupCommits()) {
    new client.Counter({
      name: 'commerce_sqlite_group_commits_total', help: 'COMMITs of SQLite\'s group commit: each holds one or more write transactions.', registers: [registry],
      collect() { this.reset(); this.inc(app.container.health.groupCommits()?.commits ?? 0); },
    });
    new client.Counter({
      name: 'commerce_sqlite_group_members_total', help: 'Write transactions committed by SQLite\'s group commit (over commits: the mean group).', registers: [registry],
      collect() { this.reset(); this.inc(app.container.health.groupCommits()?.members ?? 0); },
    });
  }

  app.addHook('onResponse', (req, reply, done) => {
    // The route pattern, not the URL: ids in paths would make a series per resource.
    const route = req.routeOptions.url ?? 'unmatched';
    requests.inc({ route, method: req.method, status: String(reply.statusCode) });
    latency.observe({ route, method: req.method }, reply.elapsedTime / 1000);
    done();
  });

  app.get('/metrics', async (_req, reply) => {
    const merged = client.Registry.merge([processRegistry, registry]);
    return reply.header('content-type', merged.contentType).send(await merged.metrics());
  });
}
