// Rate limits: 429 with Retry-After and the draft IETF RateLimit-* headers, counted per token for
// authenticated calls and per address for anonymous ones, with a smaller budget for the endpoints
// that take credentials. With Redis (TEST_REDIS_URL) two instances share one count.
import { randomBytes } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { makeApp, REDIS_URL, type TestApp } from '../helpers/app.js';
import { call, CLIENT_FORM, json, tokenChain } from '../helpers/rest.js';
import { loadConfig, type Config } from '../../src/config.js';
import { Redis } from 'ioredis';

const codes = (res: { body: string }) => (JSON.parse(res.body)._embedded?.['svc:errors'] ?? []).map((e: any) => e.code);

describe('rate limits', () => {
  const apps: TestApp[] = [];
  afterAll(async () => { for (const a of apps) await a.close(); });
  const app = async (config: Partial<Config>) => {
    const t = await makeApp({ config });
    apps.push(t);
    return t;
  };

  it('has defaults high enough for the test suite and sane for production', () => {
    const cfg = loadConfig({});
    expect(cfg.rateLimitMax).toBeGreaterThanOrEqual(1000);
    expect(cfg.rateLimitCredentialsMax).toBeGreaterThanOrEqual(100);
    const env = loadConfig({ RATE_LIMIT_MAX: '10', RATE_LIMIT_CREDENTIALS_MAX: '3', RATE_LIMIT_WINDOW_MS: '5000' });
    expect([env.rateLimitMax, env.rateLimitCredentialsMax, env.rateLimitWindowMs]).toEqual([10, 3, 5000]);
  });

  it('limits each token on its own, with RateLimit-* headers and a 429 error body with Retry-After', async () => {
    const t = await app({ rateLimitMax: 5, rateLimitCredentialsMax: 100, rateLimitWindowMs: 60_000 });
    const a = await tokenChain(t.app);
    const b = await tokenChain(t.app);
    const seen = [];
    for (let i = 0; i < 5; i++) {
      const res = await call(t.app, a.storeHref, { token: a.storeToken });
      seen.push(res.statusCode);
      expect(res.headers['ratelimit-limit']).toBe('5');
      expect(res.headers['ratelimit-remaining']).toBe(String(4 - i));
      expect(Number(res.headers['ratelimit-reset'])).toBeGreaterThan(0);
    }
    expect(seen).toEqual([200, 200, 200, 200, 200]);
    const limited = await call(t.app, a.storeHref, { token: a.storeToken });
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(limited.headers['ratelimit-remaining']).toBe('0');
    expect(codes(limited)).toEqual(['rate_limited']);
    expect(json(limited)._embedded['svc:errors'][0].logref).toBe(limited.headers['x-request-id']);
    // Another token (of another store) has its own budget; probes are never limited.
    expect((await call(t.app, b.storeHref, { token: b.storeToken })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);
  });

  it('limits registration, the token endpoint and log-in forms per address', async () => {
    const t = await app({ rateLimitMax: 1000, rateLimitCredentialsMax: 3 });
    const statuses: number[] = [];
    for (let i = 0; i < 3; i++) statuses.push((await call(t.app, '/clients', { method: 'POST', form: CLIENT_FORM })).statusCode);
    expect(statuses).toEqual([201, 201, 201]);
    for (const url of ['/clients', '/token', '/login', '/authorize']) {
      const res = await t.app.inject({ method: 'POST', url, headers: { 'content-type': 'application/x-www-form-urlencoded', 'service-api-version': '1' }, payload: 'a=b' });
      expect(res.statusCode, url).toBe(429);
      expect(res.headers['retry-after'], url).toBeDefined();
    }
    // Another address has its own budget; reading is not a credential request.
    const other = await t.app.inject({ method: 'POST', url: '/clients', remoteAddress: '203.0.113.9', headers: { 'content-type': 'application/x-www-form-urlencoded', 'service-api-version': '1' }, payload: new URLSearchParams(CLIENT_FORM).toString() });
    expect(other.statusCode).toBe(201);
    expect((await call(t.app, '/')).statusCode).toBe(200);
  });

  it('limits anonymous calls per address', async () => {
    const t = await app({ rateLimitMax: 2, rateLimitCredentialsMax: 100 });
    const statuses = [];
    for (let i = 0; i < 3; i++) statuses.push((await call(t.app, '/')).statusCode);
    expect(statuses).toEqual([200, 200, 429]);
    expect((await t.app.inject({ method: 'GET', url: '/', remoteAddress: '198.51.100.7', headers: { 'service-api-version': '1' } })).statusCode).toBe(200);
  });

  it('counts per forwarded client address only behind a trusted proxy', async () => {
    const viaProxy = (t: TestApp, client: string) => t.app.inject({
      method: 'GET', url: '/', remoteAddress: '10.0.0.5', headers: { 'service-api-version': '1', 'x-forwarded-for': client },
    }).then((r) => r.statusCode);
    const trusting = await app({ rateLimitMax: 1, rateLimitCredentialsMax: 100, trustProxy: '10.0.0.0/8' });
    expect([await viaProxy(trusting, '198.51.100.1'), await viaProxy(trusting, '198.51.100.2'), await viaProxy(trusting, '198.51.100.1')])
      .toEqual([200, 200, 429]);
    // Untrusted, the header is the client's own claim: everyone behind the address shares one budget.
    const plain = await app({ rateLimitMax: 1, rateLimitCredentialsMax: 100 });
    expect([await viaProxy(plain, '198.51.100.1'), await viaProxy(plain, '198.51.100.2')]).toEqual([200, 429]);
  });

  describe.skipIf(!REDIS_URL)('shared through Redis', () => {
    it('counts requests to two instances against one limit', async () => {
      const redisPrefix = `rl-test-${randomBytes(4).toString('hex')}:`;
      const config = { redisUrl: REDIS_URL, redisPrefix, rateLimitMax: 4, rateLimitCredentialsMax: 4 };
      const one = await app(config);
      const two = await app(config);
      const statuses = [];
      for (let i = 0; i < 6; i++) statuses.push((await call((i % 2 ? two : one).app, '/')).statusCode);
      expect(statuses).toEqual([200, 200, 200, 200, 429, 429]);
    });

    it('asks Redis nothing more for a caller refused until its window ends', async () => {
      const redisPrefix = `rl-test-${randomBytes(4).toString('hex')}:`;
      const one = await app({ redisUrl: REDIS_URL, redisPrefix, rateLimitMax: 3, rateLimitCredentialsMax: 100 });
      const redis = new Redis(REDIS_URL!);
      try {
        const counted = async () => {
          const [key] = await redis.keys(`${redisPrefix}ratelimit:api:*`);
          return key === undefined ? undefined : Number(await redis.get(key));
        };
        const statuses = [];
        for (let i = 0; i < 4; i++) statuses.push((await call(one.app, '/')).statusCode);
        expect(statuses).toEqual([200, 200, 200, 429]);
        const before = await counted();
        expect(before).toBe(4); // the refused spend counted, as before
        for (let i = 0; i < 5; i++) expect((await call(one.app, '/')).statusCode).toBe(429);
        // Refused from the instance's own memory of the spent window: no further round trip.
        expect(await counted()).toBe(before);
      } finally {
        redis.disconnect();
      }
    });
  });
  if (!REDIS_URL) console.log('[skip] Redis-shared rate limits: TEST_REDIS_URL is not set');
});
