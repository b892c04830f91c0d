// Observability: every answer carries x-request-id (the logref of its error body and the reqId of
// its log lines), /metrics speaks Prometheus, and no credential ever reaches the logs.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Writable } from 'node:stream';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/app.js';
import { loadConfig } from '../../src/config.js';
import { liveSubscribers } from '../../src/ops/metrics.js';
import { redactUrl } from '../../src/ops/logging.js';
import { BASE, TEST_JWT_SECRET } from '../helpers/app.js';
import { call, CLIENT_FORM, json, link, tokenChain, type Chain } from '../helpers/rest.js';

describe('request ids, metrics and logs', () => {
  let app: FastifyInstance;
  let chain: Chain;
  const lines: string[] = [];
  beforeAll(async () => {
    const sink = new Writable({ write(chunk, _enc, done) { lines.push(...String(chunk).split('\n').filter(Boolean)); done(); } });
    const config = loadConfig({}, { baseUrl: BASE, dataDir: mkdtempSync(join(tmpdir(), 'obs-')), jwtSecret: TEST_JWT_SECRET, logLevel: 'trace', databaseUrl: ':memory:' });
    app = await buildApp(config, { logStream: sink });
    chain = await tokenChain(app);
  });
  afterAll(async () => app?.close());

  it('names every answer with x-request-id, which is the logref of errors and the reqId of the logs', async () => {
    const ok = await call(app, '/');
    const bad = await call(app, '/taxes/1', { token: chain.storeToken });
    const unmatched = await call(app, '/no/such/path');
    for (const res of [ok, bad, unmatched]) expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(json(bad)._embedded['svc:errors'][0].logref).toBe(bad.headers['x-request-id']);
    expect(json(unmatched)._embedded['svc:errors'][0].logref).toBe(unmatched.headers['x-request-id']);
    const logged = lines.map((l) => JSON.parse(l)).filter((l) => l.reqId === bad.headers['x-request-id']);
    expect(logged.map((l) => l.msg)).toEqual(expect.arrayContaining(['incoming request', 'request completed']));
    expect(logged.find((l) => l.msg === 'request completed').res.statusCode).toBe(404);
  });

  it('serves Prometheus metrics: requests by route, method and status, latency, webhooks, subscribers', async () => {
    const store = json(await call(app, chain.storeHref, { token: chain.storeToken }));
    await call(app, link(store, 'svc:webhooks'), {
      method: 'POST', token: chain.storeToken,
      body: { name: 'm', format: 'json', encryption_key: 'k'.repeat(32), url: 'https://hooks.example/m', event_resource: 'customer' },
    });
    await call(app, link(store, 'svc:customers'), { method: 'POST', token: chain.storeToken, body: { email: 'metrics@example.com' } });
    liveSubscribers.inc();
    const res = await app.inject({ method: 'GET', url: '/metrics' });
    liveSubscribers.dec();
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = res.body;
    expect(text).toMatch(/commerce_http_requests_total\{route="\/stores\/:id",method="GET",status="200"\} \d+/);
    expect(text).toMatch(/commerce_http_requests_total\{route="unmatched",method="GET",status="404"\} \d+/);
    expect(text).toMatch(/commerce_http_request_duration_seconds_bucket\{le="0\.05",route="\/stores\/:id\/customers",method="POST"\} \d+/);
    expect(text).toMatch(/commerce_live_subscribers 1/);
    expect(text).toMatch(/commerce_process_resident_memory_bytes \d+/);
    // The customer's event queued a delivery to the webhook (when the dispatcher has run) or none yet.
    expect(text).toMatch(/# TYPE commerce_webhook_deliveries gauge/);
    expect(text).toMatch(/# TYPE commerce_webhook_attempts gauge/);
    // Ids in paths never become label values.
    expect(text).not.toMatch(/route="\/stores\/\d+/);
  });

  it('counts every answer once in its own series, by route pattern, method and status', async () => {
    const value = (text: string, pattern: RegExp) => Number(pattern.exec(text)?.[1] ?? 0);
    const ok = /commerce_http_requests_total\{route="\/stores\/:id",method="GET",status="200"\} (\d+)/;
    const missing = /commerce_http_requests_total\{route="\/stores\/:id",method="GET",status="404"\} (\d+)/;
    const timed = /commerce_http_request_duration_seconds_count\{route="\/stores\/:id",method="GET"\} (\d+)/;
    const before = (await app.inject({ method: 'GET', url: '/metrics' })).body;
    for (let i = 0; i < 3; i++) expect((await call(app, chain.storeHref, { token: chain.storeToken })).statusCode).toBe(200);
    for (let i = 0; i < 2; i++) expect((await call(app, '/stores/999999', { token: chain.storeToken })).statusCode).toBe(404);
    const after = (await app.inject({ method: 'GET', url: '/metrics' })).body;
    expect(value(after, ok) - value(before, ok)).toBe(3);
    expect(value(after, missing) - value(before, missing)).toBe(2);
    expect(value(after, timed) - value(before, timed)).toBe(5);
  });

  it('keeps credentials out of the logs', async () => {
    const reg = json(await call(app, '/clients', { method: 'POST', form: CLIENT_FORM }));
    const refresh = await call(app, '/token', {
      method: 'POST', form: { grant_type: 'refresh_token', client_id: chain.clientId, client_secret: chain.clientSecret, refresh_token: chain.storeRefresh },
    });
    expect(refresh.statusCode).toBe(200);
    await app.inject({ method: 'GET', url: `/taxes?access_token=${chain.storeToken}&client_secret=${chain.clientSecret}&refresh_token=${chain.storeRefresh}` });
    await app.inject({ method: 'POST', url: '/login', headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'email=a%40b.co&password=hunter2-secret' });
    app.log.info({ body: { password: 'hunter2-secret', client_secret: chain.clientSecret }, req: { headers: { authorization: `Bearer ${chain.storeToken}` } }, refresh_token: chain.storeRefresh }, 'an object with secrets');
    const all = lines.join('\n');
    expect(all).toMatch(/an object with secrets/);
    expect(all).toMatch(/\[redacted\]/);
    for (const secret of [reg.client_secret, reg.token.access_token, reg.token.refresh_token, chain.clientSecret, chain.storeRefresh, chain.storeToken, chain.userToken, json(refresh).access_token, 'hunter2-secret']) {
      expect(all.includes(secret), `a secret reached the logs: ${secret.slice(0, 12)}…`).toBe(false);
    }
    console.log(`[figures] observability: ${lines.length} log lines checked, 0 secrets found`);
  });

  it('redacts secret query parameters from logged URLs', () => {
    expect(redactUrl('/token?client_secret=s3&x=1&access_token=a.b.c&code=xyz')).toBe('/token?client_secret=[redacted]&x=1&access_token=[redacted]&code=[redacted]');
    expect(redactUrl('/uploads/0123abcd?x=1')).toBe('/uploads/[redacted]?x=1');
  });
});
