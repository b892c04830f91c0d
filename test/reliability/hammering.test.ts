// A caller that keeps sending on a connection after 429 + Retry-After is not read from until the
// Retry-After is over (src/ops/connection-hold.ts; a graphql-ws socket likewise after RATE_LIMITED
// operations, ws-transport.ts), while other tenants are served; a connection
// that carries several callers' requests (a proxy) is never paused, nor is one past the caps.
// Real sockets (undici clients of one keep-alive connection each) against a listening app. Whether
// a request waited is told by its answer, not by a clock: held until the window is over it is
// served (200), answered at once it is refused (429).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client } from 'undici';
import { engines, makeApp, type TestApp } from '../helpers/app.js';
import { tokenChain, type Chain } from '../helpers/rest.js';
import type { Config } from '../../src/config.js';
import { RawWs } from '../helpers/raw-ws.js';

/** A budget of 6 requests per 3 s window, so a held request is answered within seconds. */
const MAX = 6;
const LIMITS: Partial<Config> = { rateLimitMax: MAX, rateLimitWindowMs: 3000, rateLimitCredentialsMax: 100, rateLimitPauseAfter: 2 };
/** The whole budget, then `refused` 429s. */
const spent = (refused: number) => [...Array(MAX).fill(200), ...Array(refused).fill(429)];

interface Answer { status: number; body: string; retryAfter?: string }

/** One keep-alive connection: every request on it goes over the same socket, one after another. */
function connection(origin: string) {
  const client = new Client(origin, { pipelining: 1, keepAliveTimeout: 60_000, keepAliveMaxTimeout: 60_000 });
  return {
    client,
    async get(path: string, token: string): Promise<Answer> {
      const res = await client.request({ method: 'GET', path, headers: { authorization: `Bearer ${token}`, 'service-api-version': '1', accept: 'application/hal+json' } });
      return { status: res.statusCode, body: await res.body.text(), retryAfter: res.headers['retry-after'] as string | undefined };
    },
    async graphql(token: string): Promise<Answer> {
      const res = await client.request({
        method: 'POST', path: '/graphql', body: JSON.stringify({ query: '{ store { id } }' }),
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', accept: 'application/json' },
      });
      return { status: res.statusCode, body: await res.body.text() };
    },
  };
}

const path = (c: Chain) => new URL(c.storeHref).pathname;

describe.each(engines())('a client hammering after 429 (%s)', (engine) => {
  let t: TestApp;
  let origin: string;
  let a: Chain;
  let b: Chain;
  const clients: Client[] = [];
  const sockets: RawWs[] = [];
  const open = () => {
    const c = connection(origin);
    clients.push(c.client);
    return c;
  };

  beforeAll(async () => {
    t = await makeApp({ engine, config: LIMITS });
    origin = await t.app.listen({ port: 0, host: '127.0.0.1' });
    a = await tokenChain(t.app);
    b = await tokenChain(t.app);
  });
  afterAll(async () => {
    for (const s of sockets) s.close();
    for (const c of clients) await c.destroy();
    await t.close();
  });

  it('gets no answer on that connection until Retry-After, while another tenant is served', async () => {
    const flood = open();
    const statuses = [];
    for (let i = 0; i < MAX + 2; i++) statuses.push((await flood.get(path(a), a.storeToken)).status);
    expect(statuses).toEqual(spent(2));
    // The second refusal in a row paused the connection: the next request waits unread…
    let held: Answer | undefined;
    const next = flood.get(path(a), a.storeToken).then((r) => { held = r; return r; });
    // …while tenant B, on connections of its own, is answered.
    const other = open();
    expect((await other.get(path(b), b.storeToken)).status).toBe(200);
    expect((await open().graphql(b.storeToken)).status).toBe(200);
    expect(held).toBeUndefined();
    // Read once the Retry-After is over, in A's next window: served, not refused.
    expect((await next).status).toBe(200);
    // The connection reads normally again.
    expect((await flood.get(path(a), a.storeToken)).status).toBe(200);
  });

  it('holds a GraphQL POST whose body the refusal left unread, and answers it afterwards', async () => {
    const c = await tokenChain(t.app);
    const flood = open();
    const statuses = [];
    for (let i = 0; i < MAX + 2; i++) statuses.push((await flood.graphql(c.storeToken)).status);
    expect(statuses).toEqual(spent(2));
    let held: Answer | undefined;
    const next = flood.graphql(c.storeToken).then((r) => { held = r; return r; });
    expect((await open().get(path(b), b.storeToken)).status).toBe(200);
    expect(held).toBeUndefined();
    const answer = await next;
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.body).data.store.id).toBeDefined();
  });

  it('reads no more operations from a socket refused twice for a spent budget until its retryAfter', async () => {
    const c = await tokenChain(t.app);
    const url = `${origin.replace(/^http/, 'ws')}/graphql`;
    const flood = await RawWs.open(url, c.storeToken);
    sockets.push(flood);
    const outcomes = [];
    for (let i = 0; i < MAX + 2; i++) outcomes.push(await flood.run('{ store { id } }'));
    expect(outcomes.map((o) => o.type)).toEqual([...Array(MAX).fill('next'), 'error', 'error']);
    expect(outcomes.slice(MAX).map((o) => o.payload[0].extensions.code)).toEqual(['RATE_LIMITED', 'RATE_LIMITED']);
    // The socket is no longer read: this operation waits in the kernel's buffers…
    const next = flood.run('{ store { id } }');
    // …while tenant B is served over HTTP and over a socket of its own.
    expect((await open().get(path(b), b.storeToken)).status).toBe(200);
    const other = await RawWs.open(url, b.storeToken);
    sockets.push(other);
    expect((await other.run('{ store { id } }')).type).toBe('next');
    expect(flood.frames.filter((f) => f.type === 'next' || f.type === 'error')).toHaveLength(MAX + 2);
    // Read once the retryAfter is over, in a new window: run, not refused; the socket stayed open.
    const answer = await next;
    expect(answer.type, JSON.stringify(answer)).toBe('next');
    expect(flood.closed).toBeUndefined();
  });

  it('never pauses a connection that has carried another caller\'s requests (a proxy)', async () => {
    const c = await tokenChain(t.app);
    const d = await tokenChain(t.app);
    const shared = open();
    expect((await shared.get(path(d), d.storeToken)).status).toBe(200);
    const statuses = [];
    for (let i = 0; i < MAX + 3; i++) statuses.push((await shared.get(path(c), c.storeToken)).status);
    // Refused at once every time: a paused connection would have held the last one into a new window.
    expect(statuses).toEqual(spent(3));
  });
});

describe('pausing hammering connections, bounded and configurable', () => {
  const apps: TestApp[] = [];
  const clients: Client[] = [];
  afterAll(async () => {
    for (const c of clients) await c.destroy();
    for (const t of apps) await t.close();
  });
  const setUp = async (config: Partial<Config>) => {
    const t = await makeApp({ config: { ...LIMITS, ...config } });
    apps.push(t);
    const origin = await t.app.listen({ port: 0, host: '127.0.0.1' });
    return { t, open: () => { const c = connection(origin); clients.push(c.client); return c; } };
  };

  it('pauses no more connections per address than RATE_LIMIT_PAUSED_PER_ADDRESS', async () => {
    const { t, open } = await setUp({ rateLimitPausedPerAddress: 1 });
    const c = await tokenChain(t.app);
    const first = open();
    const second = open();
    const statuses = [];
    for (let i = 0; i < MAX + 2; i++) statuses.push((await first.get(path(c), c.storeToken)).status);
    expect(statuses).toEqual(spent(2));
    const held = first.get(path(c), c.storeToken);
    // The address's one pause is taken: the second connection is refused at once, every time.
    const refused = [];
    for (let i = 0; i < 3; i++) refused.push((await second.get(path(c), c.storeToken)).status);
    expect(refused).toEqual([429, 429, 429]);
    expect((await held).status).toBe(200);
  });

  it('shuts down at once with a held socket and a held connection open, dropping them', async () => {
    // A window longer than ws's 30 s close timeout: the holds outlast any wait the close could do.
    const t = await makeApp({ config: { ...LIMITS, rateLimitWindowMs: 120_000 } });
    const origin = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const [c, d] = [await tokenChain(t.app), await tokenChain(t.app)];
    const flood = await RawWs.open(`${origin.replace(/^http/, 'ws')}/graphql`, c.storeToken);
    const outcomes = [];
    for (let i = 0; i < MAX + 2; i++) outcomes.push(await flood.run('{ store { id } }'));
    expect(outcomes.slice(MAX).map((o) => o.payload[0].extensions.code)).toEqual(['RATE_LIMITED', 'RATE_LIMITED']);
    const http = connection(origin);
    clients.push(http.client);
    const statuses = [];
    for (let i = 0; i < MAX + 2; i++) statuses.push((await http.get(path(d), d.storeToken)).status);
    expect(statuses).toEqual(spent(2));
    // Both are held now. A close waited for the socket's close frame, which a socket not read never
    // sees, until ws's 30 s timeout: the close must finish well before that.
    const closed = await Promise.race([t.close().then(() => 'closed'), new Promise((r) => setTimeout(() => r('still closing'), 10_000))]);
    expect(closed).toBe('closed');
    await flood.until(() => flood.closed);
    expect(flood.closed).toBeDefined();
  });

  it('never pauses with RATE_LIMIT_PAUSE_AFTER=0, the default behind a trusted proxy', async () => {
    const { loadConfig } = await import('../../src/config.js');
    expect(loadConfig({}).rateLimitPauseAfter).toBe(2);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8' }).rateLimitPauseAfter).toBe(0);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8', RATE_LIMIT_PAUSE_AFTER: '3' }).rateLimitPauseAfter).toBe(3);
    const { t, open } = await setUp({ rateLimitPauseAfter: 0 });
    const c = await tokenChain(t.app);
    const flood = open();
    const statuses = [];
    for (let i = 0; i < MAX + 3; i++) statuses.push((await flood.get(path(c), c.storeToken)).status);
    expect(statuses).toEqual(spent(3));
  });
});
