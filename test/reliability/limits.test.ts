// What one request may cost: body size (413), header size (431), JSON nesting (400, not a stack
// overflow), bulk array length, query string length (414), GraphQL depth/aliases/cost, and slow
// clients (slowloris) cut off by the server's timeouts on a real port.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connect, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { makeApp, type TestApp } from '../helpers/app.js';
import { call, json } from '../helpers/rest.js';
import { openWorld, type World } from './support/world.js';
import { BODY_LIMIT, jsonDepth, MAX_JSON_DEPTH, MAX_QUERY_BYTES } from '../../src/ops/http-limits.js';
import { MAX_BULK_ATTRIBUTES } from '../../src/resources/attribute.js';

const codes = (res: { body: string }) => (JSON.parse(res.body)._embedded?.['svc:errors'] ?? []).map((e: any) => e.code);

describe('request size limits', () => {
  let w: World;
  beforeAll(async () => {
    w = await openWorld('sqlite');
  }, 60_000);
  afterAll(async () => w?.close());
  const token = () => w.chain.storeToken;

  it('answers a body over 1 MiB with 413 and the error body', async () => {
    const res = await call(w.app, `/stores/${w.ids.get('store')}/taxes`, { method: 'POST', token: token(), body: { name: 'x'.repeat(BODY_LIMIT) } });
    expect(res.statusCode).toBe(413);
    expect(codes(res)).toEqual(['too_large']);
    expect(json(res)._embedded['svc:errors'][0].logref).toBe(res.headers['x-request-id']);
  });

  it('refuses JSON nested deeper than the limit with 400 before anything walks it', async () => {
    expect(jsonDepth('{"a":[1,{"b":"[[[[{{"}]}')).toBe(3);
    for (const deep of ['['.repeat(100_000) + ']'.repeat(100_000), '{"a":'.repeat(50_000) + '1' + '}'.repeat(50_000)]) {
      for (const headers of [{}, { 'idempotency-key': `deep-${deep.length}` }] as Array<Record<string, string>>) {
        const res = await call(w.app, `/stores/${w.ids.get('store')}/taxes`, { method: 'POST', token: token(), body: deep, headers });
        expect(res.statusCode).toBe(400);
        expect(codes(res)).toEqual(['too_deep']);
      }
      const gql = await w.app.inject({ method: 'POST', url: '/graphql', headers: { 'content-type': 'application/json' }, payload: `{"query":"{ __typename }","variables":{"v":${deep}}}` });
      expect(gql.statusCode).toBe(400);
    }
    // Nesting up to the limit parses (and is then judged on its content).
    const ok = '['.repeat(MAX_JSON_DEPTH - 1) + ']'.repeat(MAX_JSON_DEPTH - 1);
    const res = await call(w.app, `/stores/${w.ids.get('store')}/taxes`, { method: 'POST', token: token(), body: `{"name":${ok}}` });
    expect(res.statusCode).toBe(400);
    expect(codes(res)).not.toContain('too_deep');
  });

  it('caps bulk attribute writes', async () => {
    const url = `/items/${w.ids.get('item')}/attributes`;
    const body = (n: number) => Array.from({ length: n }, (_, i) => ({ name: `bulk${i}`, value: 'v' }));
    const many = await call(w.app, url, { method: 'PUT', token: token(), body: body(MAX_BULK_ATTRIBUTES + 1) });
    expect(many.statusCode).toBe(400);
    expect(codes(many)).toEqual(['too_many']);
    expect((await call(w.app, url, { method: 'PUT', token: token(), body: body(MAX_BULK_ATTRIBUTES) })).statusCode).toBe(200);
  });

  it('answers a query string over 8 KiB with 414', async () => {
    const long = `/stores/${w.ids.get('store')}/taxes?name=${'a'.repeat(MAX_QUERY_BYTES)}`;
    const res = await call(w.app, long, { token: token() });
    expect(res.statusCode).toBe(414);
    expect(codes(res)).toEqual(['uri_too_long']);
    // Just under the limit is read: four filters, each value within what a filter takes (2,048 characters).
    const filters = ['name', 'city', 'region', 'name:not'];
    const each = Math.floor((MAX_QUERY_BYTES - 10 - filters.reduce((n, f) => n + f.length + 2, 0)) / filters.length);
    const under = filters.map((f) => `${f}=${'a'.repeat(each)}`).join('&');
    expect(under.length).toBeGreaterThan(MAX_QUERY_BYTES - 20);
    expect((await call(w.app, `/stores/${w.ids.get('store')}/taxes?${under}`, { token: token() })).statusCode).toBe(200);
  });

  it('applies the GraphQL depth, alias and cost limits', async () => {
    const gql = (query: string) => w.app.inject({ method: 'POST', url: '/graphql', headers: { 'content-type': 'application/json', authorization: `Bearer ${token()}` }, payload: JSON.stringify({ query }) });
    const cfg = w.t.config;
    const deep = await gql(`{ ${'store { user { '.repeat(Math.ceil(cfg.graphqlMaxDepth / 2) + 1)}id${' } }'.repeat(Math.ceil(cfg.graphqlMaxDepth / 2) + 1)} }`);
    const aliases = await gql(`{ ${Array.from({ length: cfg.graphqlMaxAliases + 1 }, (_, i) => `a${i}: __typename`).join(' ')} }`);
    const costly = await gql('{ store { taxes(first: 300) { nodes { taxItemCategories(first: 300) { nodes { id itemCategory { id } tax { id store { id } } } } } } } }');
    for (const [res, limit] of [[deep, 'depth'], [aliases, 'aliases'], [costly, 'cost']] as const) {
      expect(res.statusCode, res.body).toBe(400);
      expect(json(res).errors[0].extensions).toMatchObject({ code: 'GRAPHQL_VALIDATION_FAILED', limit });
    }
  });
});

/** Opens a raw socket and reports when the server closes it, and what it said before. */
function rawClient(port: number): { socket: Socket; closed: Promise<{ ms: number; data: string }> } {
  const started = Date.now();
  const socket = connect(port, '127.0.0.1');
  let data = '';
  socket.on('data', (d) => { data += d.toString('latin1'); });
  socket.on('error', () => undefined);
  const closed = new Promise<{ ms: number; data: string }>((resolve) => socket.on('close', () => resolve({ ms: Date.now() - started, data })));
  return { socket, closed };
}

/** Writes one chunk every `ms` until the socket closes. */
function dribble(socket: Socket, chunks: () => string, ms: number): void {
  const timer = setInterval(() => {
    if (socket.destroyed || !socket.writable) return clearInterval(timer);
    socket.write(chunks());
  }, ms);
  socket.on('close', () => clearInterval(timer));
}

describe('slow and oversized clients on a real port', () => {
  let t: TestApp;
  let port: number;
  beforeAll(async () => {
    t = await makeApp({ config: { httpHeadersTimeoutMs: 500, httpRequestTimeoutMs: 1500, httpIdleTimeoutMs: 1000, httpKeepAliveTimeoutMs: 300 } });
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    port = (t.app.server.address() as AddressInfo).port;
  });
  afterAll(async () => t?.close());

  it('cuts off a client that sends its headers a byte at a time (slowloris)', async () => {
    const { socket, closed } = rawClient(port);
    socket.write('GET /healthz HTTP/1.1\r\nHost: x\r\n');
    let n = 0;
    dribble(socket, () => `X-${n++}: y\r\n`, 100);
    const { ms, data } = await closed;
    expect(ms).toBeLessThan(3000);
    expect(data).toMatch(/^HTTP\/1\.1 408|^$/);
  });

  it('cuts off a client that sends its body a byte at a time', async () => {
    const { socket, closed } = rawClient(port);
    socket.write('POST /clients HTTP/1.1\r\nHost: x\r\nService-Api-Version: 1\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: 100000\r\n\r\n');
    dribble(socket, () => 'a', 100);
    const { ms } = await closed;
    expect(ms).toBeLessThan(4000);
  });

  it('closes a connection that never sends anything, and idle keep-alive connections', async () => {
    const idle = rawClient(port);
    expect((await idle.closed).ms).toBeLessThan(3000);
    const kept = rawClient(port);
    kept.socket.write('GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n');
    const { ms, data } = await kept.closed;
    expect(data).toMatch(/^HTTP\/1\.1 200/);
    expect(ms).toBeLessThan(2000);
  });

  it('answers headers over 16 KiB with 431', async () => {
    const { socket, closed } = rawClient(port);
    socket.write(`GET /healthz HTTP/1.1\r\nHost: x\r\nX-Big: ${'b'.repeat(20 * 1024)}\r\n\r\n`);
    const { data } = await closed;
    expect(data).toMatch(/^HTTP\/1\.1 431/);
  });
});
