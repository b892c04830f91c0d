// One budget per token, spent by every front door: REST and GraphQL over HTTP spend 1 unit per
// request, graphql-ws 1 per operation, and each 1 more per RATE_LIMIT_COST_PER_POINT of calculated
// cost; HTTP answers carry RateLimit-* headers, the socket a RATE_LIMITED error. Parallel requests
// never spend more than the budget, and two instances share it through Redis.
import { containerOf } from '../../src/app.js';
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { makeApp, REDIS_URL, type TestApp } from '../helpers/app.js';
import { call, json, link, tokenChain } from '../helpers/rest.js';
import { gql } from '../graphql/helpers.js';
import { RawWs } from '../helpers/raw-ws.js';
import { listenForWs } from '../subscriptions/ws-world.js';
import Fastify from 'fastify';
import { loadConfig, type Config } from '../../src/config.js';
import { OptionalRedis } from '../../src/ops/redis.js';
import { registerRateLimit } from '../../src/ops/rate-limit.js';

const codes = (res: { body: string }) => (JSON.parse(res.body)._embedded?.['svc:errors'] ?? []).map((e: any) => e.code);
const remaining = (res: { headers: Record<string, unknown> }) => Number(res.headers['ratelimit-remaining']);

describe('one budget per token on every front door', () => {
  const apps: TestApp[] = [];
  afterAll(async () => { for (const a of apps) await a.close(); });
  const app = async (config: Partial<Config>) => {
    const t = await makeApp({ config: { rateLimitCredentialsMax: 1000, ...config } });
    apps.push(t);
    return t;
  };

  it('is spent alike by REST, GraphQL over HTTP and operations over WebSocket', async () => {
    const t = await app({ rateLimitMax: 30 });
    const chain = await tokenChain(t.app);
    const url = await listenForWs(t);
    const token = chain.storeToken;
    for (let i = 0; i < 4; i++) expect((await call(t.app, chain.storeHref, { token })).statusCode).toBe(200);
    let last;
    for (let i = 0; i < 3; i++) last = await gql(t.app, '{ store { id } }', { token });
    expect(last!.status).toBe(200);
    expect(remaining(last!.res)).toBe(23);
    const ws = await RawWs.open(url, token);
    const outcomes = [];
    for (let i = 0; i < 24; i++) {
      outcomes.push(await ws.run('mutation { createTax(input: { name: "VAT", type: GLOBAL, rate: "20" }) { tax { id } } }'));
    }
    // 23 units were left: the 24th mutation is refused with a clear error, and the socket stays open.
    expect(outcomes.slice(0, 23).every((o) => o.type === 'next' && !o.payload.errors)).toBe(true);
    const refused = outcomes[23];
    expect(refused.type).toBe('error');
    expect(refused.payload[0].extensions).toMatchObject({ code: 'RATE_LIMITED', limit: 30, remaining: 0 });
    expect(refused.payload[0].extensions.retryAfter).toBeGreaterThan(0);
    expect(refused.payload[0].message).toMatch(/Too many requests; at most 30 units per 60 s/);
    expect(ws.closed).toBeUndefined();
    ws.close();
    // The token's budget is spent for HTTP too; GraphQL over HTTP says so in its own shape.
    const rest = await call(t.app, chain.storeHref, { token });
    expect(rest.statusCode).toBe(429);
    expect(codes(rest)).toEqual(['rate_limited']);
    expect(Number(rest.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('spends a unit for every operation a socket sends that is refused, as HTTP does on arrival', async () => {
    const t = await app({ rateLimitMax: 12, wsMaxDistinctPerStore: 1, wsMaxOperations: 3 });
    const chain = await tokenChain(t.app);
    const url = await listenForWs(t);
    const ws = await RawWs.open(url, chain.storeToken);
    const live = 'subscription { events(names: ["cart/created"]) { id } }';
    // One live subscription fills the store's cap (spends 1); then refusals of each kind.
    const first = ws.subscribe({ query: live });
    const refusals = [
      await ws.run('{ store { noSuchField } }'),
      await ws.run('{ store { id '),
      await ws.run('subscription { events(names: ["x/1"]) { id } }'),
      await ws.run('{ store { id } }', undefined, { persistedQuery: { version: 1, sha256Hash: 'ab' } }),
    ];
    expect(refusals.map((o) => o.payload[0].extensions.code))
      .toEqual(['GRAPHQL_VALIDATION_FAILED', 'GRAPHQL_PARSE_FAILED', 'TOO_MANY_SUBSCRIPTIONS', 'PERSISTED_QUERY_NOT_SUPPORTED']);
    // Two more of the same subscription share its place and fill the socket's operations (7 spent);
    // one more operation is refused for the socket's cap, and spends too.
    const more = [ws.subscribe({ query: live }), ws.subscribe({ query: live })];
    await new Promise((r) => setTimeout(r, 150));
    expect(ws.frames.filter((f) => [first, ...more].includes(f.id) && f.type === 'error')).toEqual([]);
    expect((await ws.run('{ store { id } }')).payload[0].extensions.code).toBe('TOO_MANY_OPERATIONS');
    for (const id of more) ws.complete(id);
    await new Promise((r) => setTimeout(r, 150));
    // 8 spent: four more invalid documents spend the rest, the next is refused for the budget.
    for (let i = 0; i < 4; i++) expect((await ws.run('{ nope }')).payload[0].extensions.code).toBe('GRAPHQL_VALIDATION_FAILED');
    const spent = await ws.run('{ nope }');
    expect(spent.payload[0].extensions).toMatchObject({ code: 'RATE_LIMITED', limit: 12, remaining: 0 });
    expect(ws.frames.filter((f) => f.id === first && f.type === 'error')).toEqual([]);
    ws.close();
    expect((await call(t.app, chain.storeHref, { token: chain.storeToken })).statusCode).toBe(429);
  });

  it('charges calculated cost on every front door, and refuses a query its budget cannot pay', async () => {
    const t = await app({ rateLimitMax: 100, rateLimitCostPerPoint: 10 });
    const chain = await tokenChain(t.app);
    const url = await listenForWs(t);
    const token = chain.storeToken;
    const store = json(await call(t.app, chain.storeHref, { token }));
    expect(remaining(await call(t.app, chain.storeHref, { token }))).toBe(98);
    // 2 + 20 × (1 + (1 + 20 × 1)) = 442: 1 unit for the request, 44 for its cost.
    const rest = await call(t.app, `${link(store, 'svc:taxes')}?limit=20&zoom=tax_item_categories`, { token });
    expect(rest.statusCode).toBe(200);
    expect(rest.headers['request-cost']).toBe('requested=442, maximum=300000');
    expect(remaining(rest)).toBe(53);
    const query = '{ store { taxes(first: 20) { nodes { id taxItemCategories { nodes { id } } } } } }';
    const graph = await gql(t.app, query, { token });
    expect(graph.status).toBe(200);
    expect(graph.body.extensions.cost.requested).toBe(442);
    expect(remaining(graph.res)).toBe(8);
    // Over the socket the same operation would need 45 units; 8 are left.
    const ws = await RawWs.open(url, token);
    const out = await ws.run(query);
    expect(out.type, JSON.stringify(out)).toBe('error');
    expect(out.payload[0].extensions.code).toBe('RATE_LIMITED');
    ws.close();
    const refused = await gql(t.app, query, { token });
    expect(refused.status).toBe(429);
    expect(refused.body.errors[0].extensions.code).toBe('RATE_LIMITED');
    expect(refused.body.data).toBeUndefined();
    expect(Number(refused.res.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('counts a live subscription\'s cost when it starts', async () => {
    const t = await app({ rateLimitMax: 10, rateLimitCostPerPoint: 1 });
    const chain = await tokenChain(t.app);
    const url = await listenForWs(t);
    const ws = await RawWs.open(url, chain.storeToken);
    const id = ws.subscribe({ query: 'subscription { events { id resource { __typename } } }' });
    await new Promise((r) => setTimeout(r, 200));
    expect(ws.frames.filter((f) => f.id === id && f.type === 'error')).toEqual([]);
    const res = await call(t.app, chain.storeHref, { token: chain.storeToken });
    // 1 unit for the operation and 2 for its cost (the event and its resource), then 2 for this GET (1 + its cost).
    expect(remaining(res)).toBe(5);
    ws.close();
  });

  it('never spends more than the budget under parallel requests', async () => {
    const t = await app({ rateLimitMax: 10 });
    const chain = await tokenChain(t.app);
    const statuses = await Promise.all(Array.from({ length: 30 }, () => call(t.app, chain.storeHref, { token: chain.storeToken }).then((r) => r.statusCode)));
    expect(statuses.filter((s) => s === 200)).toHaveLength(10);
    expect(statuses.filter((s) => s === 429)).toHaveLength(20);
    // A caller over budget is refused before the token's database check: a flood costs no SQL.
    const before = containerOf(t.app).database.stats.statements;
    expect((await call(t.app, chain.storeHref, { token: chain.storeToken })).statusCode).toBe(429);
    expect(containerOf(t.app).database.stats.statements - before).toBe(0);
  });

  it('starts without Redis and limits each instance in memory until Redis answers', async () => {
    // The limiter alone on a bare server: the rest of the app's Redis start-up is another suite's.
    const bare = Fastify({ logger: false });
    const config = loadConfig({}, { redisUrl: 'redis://127.0.0.1:1', rateLimitMax: 2 });
    bare.decorateRequest('principal', null as never);
    const redis = await OptionalRedis.open(config.redisUrl);
    bare.decorate('container', { config, redis } as never);
    bare.addHook('onClose', () => redis.close());
    // The REST error writer is buildApp's to hand in; a bare server answers plain JSON.
    await registerRateLimit(bare, config, (_req, reply, status, errors, headers = {}) => reply.code(status).headers(headers).send({ errors }));
    bare.get('/', async () => ({ ok: true }));
    try {
      const statuses = [];
      for (let i = 0; i < 3; i++) statuses.push((await bare.inject({ method: 'GET', url: '/' })).statusCode);
      expect(statuses).toEqual([200, 200, 429]);
    } finally {
      await bare.close();
    }
  });

  describe.skipIf(!REDIS_URL)('shared through Redis', () => {
    it('spends one budget across two instances, HTTP and WebSocket, under parallel requests', async () => {
      const databaseUrl = join(mkdtempSync(join(tmpdir(), 'budget-')), 'shared.sqlite');
      const config = { redisUrl: REDIS_URL, redisPrefix: `budget-${randomBytes(4).toString('hex')}:`, rateLimitMax: 12, databaseUrl };
      const one = await app(config);
      const two = await app(config);
      const chain = await tokenChain(one.app);
      const tokenOfOne = chain.storeToken;
      // Registration spent nothing of the store token's budget; the two instances share it.
      const url = await listenForWs(two);
      const ws = await RawWs.open(url, tokenOfOne);
      const viaWs = await ws.run('{ __typename }');
      expect(viaWs.type).toBe('next');
      ws.close();
      const statuses = await Promise.all(Array.from({ length: 20 }, (_, i) => call((i % 2 ? two : one).app, '/', { token: tokenOfOne }).then((r) => r.statusCode)));
      expect(statuses.filter((s) => s === 200)).toHaveLength(11);
    });
  });
  if (!REDIS_URL) console.log('[skip] Redis-shared budget: TEST_REDIS_URL is not set');
});
