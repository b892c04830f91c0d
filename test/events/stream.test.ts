// The live event stream: resumes after a position with every missed event once and in order, then
// delivers new ones as they commit; never shows another store's events or events the token may not
// read; falls back to reading the log itself when its consumer stops pulling; and with Redis, an
// event committed on one instance wakes a reader on another.
import { containerOf } from '../../src/app.js';
import { afterAll, describe, expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { engines, makeApp, PG_URL, REDIS_URL, type TestApp } from '../helpers/app.js';
import { call, json, link, tokenChain } from '../helpers/rest.js';
import { narrowToken } from '../helpers/tokens.js';
import { streamEvents } from '../../src/events/stream.js';

async function take(it: AsyncGenerator<any>, n: number, ms = 5000): Promise<any[]> {
  const out: any[] = [];
  const deadline = Date.now() + ms;
  while (out.length < n) {
    const next = await Promise.race([it.next(), new Promise<'late'>((r) => setTimeout(() => r('late'), Math.max(1, deadline - Date.now())))]);
    if (next === 'late' || next.done) break;
    out.push(next.value);
  }
  return out;
}

describe.each(engines())('event stream on %s', (engine) => {
  const apps: TestApp[] = [];
  afterAll(async () => { for (const a of apps) await a.close(); });

  it('resumes, then follows live, within one store and scope', async () => {
    const t = await makeApp({ engine });
    apps.push(t);
    const chain = await tokenChain(t.app);
    const store = json(await call(t.app, chain.storeHref, { token: chain.storeToken }));
    const customers = link(store, 'svc:customers');
    for (const email of ['a@x.io', 'b@x.io']) await call(t.app, customers, { method: 'POST', token: chain.storeToken, body: { email } });
    const principal = t.app.container.tokens;
    const p = await principal.principalFromHeader(`Bearer ${chain.storeToken}`);
    const ctx = t.app.container.context(p!, 'stream-test');
    const abort = new AbortController();
    const stream = streamEvents(ctx, { storeId: p!.storeId!, after: 0, resources: ['customer'], signal: abort.signal, pollMs: 60_000 });
    const missed = await take(stream, 2);
    expect(missed.map((e) => e.name)).toEqual(['customer/created', 'customer/created']);
    const other = await tokenChain(t.app);
    const otherStore = json(await call(t.app, other.storeHref, { token: other.storeToken }));
    await call(t.app, link(otherStore, 'svc:customers'), { method: 'POST', token: other.storeToken, body: { email: 'z@x.io' } });
    const liveNext = take(stream, 1);
    await call(t.app, customers, { method: 'POST', token: chain.storeToken, body: { email: 'c@x.io' } });
    const live = await liveNext;
    expect(live.map((e) => [e.name, e.store_id])).toEqual([['customer/created', p!.storeId]]);
    expect(live[0].sequence).toBeGreaterThan(missed[1].sequence);
    abort.abort();
    expect((await stream.next()).done).toBe(true);

    // A token that may not read customers receives none of their events.
    const narrow = await narrowToken(t.app, chain, 'tax_settings_read');
    const nctx = t.app.container.context((await principal.principalFromHeader(`Bearer ${narrow}`))!, 'narrow');
    const nabort = new AbortController();
    const narrowStream = streamEvents(nctx, { storeId: p!.storeId!, after: 0, signal: nabort.signal, pollMs: 50 });
    const seen = await take(narrowStream, 1, 300);
    nabort.abort();
    expect(seen).toEqual([]);
  });
});

const emailOf = (e: any) => (typeof e.payload === 'string' ? JSON.parse(e.payload) : e.payload).email;

describe.each(engines())('a stream whose consumer stops pulling, on %s', (engine) => {
  it('holds a bounded queue, then reads the log itself: every event once, in order', async () => {
    const t = await makeApp({ engine });
    try {
      const chain = await tokenChain(t.app);
      const store = json(await call(t.app, chain.storeHref, { token: chain.storeToken }));
      const customers = link(store, 'svc:customers');
      const add = (email: string) => call(t.app, customers, { method: 'POST', token: chain.storeToken, body: { email } });
      const p = (await t.app.container.tokens.principalFromHeader(`Bearer ${chain.storeToken}`))!;
      const abort = new AbortController();
      const stream = streamEvents(t.app.container.context(p, 'slow'), { storeId: p.storeId!, signal: abort.signal, pollMs: 60_000, maxQueued: 3 });
      // Pulled once: from then on the stream follows the store's shared feed.
      const first = take(stream, 1);
      await add('s0@x.io');
      expect((await first).map((e) => emailOf(e))).toEqual(['s0@x.io']);
      // Ten events while nobody pulls: more than the three the stream may hold for its consumer.
      const later = Array.from({ length: 10 }, (_, i) => `s${i + 1}@x.io`);
      for (const email of later) await add(email);
      const { stats } = containerOf(t.app).database;
      const before = stats.statements;
      const caught = await take(stream, 10);
      expect(caught.map((e) => emailOf(e))).toEqual(later);
      // It dropped what it held and read those events from the log itself.
      expect(stats.statements).toBeGreaterThan(before);
      const live = take(stream, 1);
      await add('s11@x.io');
      expect((await live).map((e) => emailOf(e))).toEqual(['s11@x.io']);
      abort.abort();
      expect((await stream.next()).done).toBe(true);
    } finally {
      await t.close();
    }
  });

  it('ends at return() while it waits for events, as graphql-ws needs when a client completes', async () => {
    const t = await makeApp({ engine });
    try {
      const chain = await tokenChain(t.app);
      const p = (await t.app.container.tokens.principalFromHeader(`Bearer ${chain.storeToken}`))!;
      // No signal and no abort: only return() can end it while the store is quiet.
      const stream = streamEvents(t.app.container.context(p, 'quiet'), { storeId: p.storeId!, pollMs: 60_000 });
      const waiting = stream.next();
      await new Promise((r) => setTimeout(r, 100));
      expect(await stream.return(undefined)).toEqual({ done: true, value: undefined });
      expect(await waiting).toEqual({ done: true, value: undefined });
    } finally {
      await t.close();
    }
  });
});

describe.skipIf(!PG_URL || !REDIS_URL)('two instances over PostgreSQL and Redis', () => {
  if (!PG_URL || !REDIS_URL) console.log('[skip] cross-instance stream: TEST_DATABASE_URL and TEST_REDIS_URL are both needed');
  it('wakes a reader on instance B for a write on instance A', async () => {
    const schema = `shared_${randomBytes(4).toString('hex')}`;
    const prefix = `test:${schema}:`;
    const a = await makeApp({ engine: 'postgres', config: { databaseSchema: schema, redisUrl: REDIS_URL, redisPrefix: prefix } });
    const b = await makeApp({ engine: 'postgres', config: { databaseSchema: schema, redisUrl: REDIS_URL, redisPrefix: prefix } });
    try {
      const chain = await tokenChain(a.app);
      const p = (await b.app.container.tokens.principalFromHeader(`Bearer ${chain.storeToken}`))!;
      const abort = new AbortController();
      // A poll interval far beyond the wait: only the Redis signal can deliver in time.
      const stream = streamEvents(b.app.container.context(p, 'b'), { storeId: p.storeId!, signal: abort.signal, pollMs: 60_000 });
      const next = take(stream, 1, 5000);
      await new Promise((r) => setTimeout(r, 100));
      const store = json(await call(a.app, chain.storeHref, { token: chain.storeToken }));
      const started = Date.now();
      await call(a.app, link(store, 'svc:customers'), { method: 'POST', token: chain.storeToken, body: { email: 'cross@x.io' } });
      const got = await next;
      abort.abort();
      expect(got.map((e) => e.name)).toEqual(['customer/created']);
      expect(Date.now() - started).toBeLessThan(5000);
    } finally {
      await a.close();
      await b.close();
      const c = new pg.Client({ connectionString: PG_URL });
      await c.connect();
      await c.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
      await c.end();
    }
  });
});
