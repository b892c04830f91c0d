// The fan-out's delivery loops (src/graphql/ws-fanout.ts): once level with the store's log, all
// subscribers of one distinct subscription are served by one loop (commerce_ws_fanout_* in
// /metrics), and each still gets its own events once and in order, in graphql-ws's exact message
// format, whether it joined before, during or after a run of writes; a revoked token closes only its
// own sockets (4403); completing one operation stops only its messages.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { containerOf } from '../../src/app.js';
import { statementLog } from '../../bench/statements.js';
import { engines, makeApp, type TestApp } from '../helpers/app.js';
import { call, json, link, tokenChain, type Chain } from '../helpers/rest.js';
import { RawWs } from '../helpers/raw-ws.js';
import { basic, oauthPost, refresh } from '../auth/helpers.js';
import { encodeEventCursor } from '../../src/events/stream.js';
import { listenForWs, untilWithin } from './ws-world.js';

const EMAILS = 'subscription($after: String) { events(after: $after, resources: [CUSTOMER]) { cursor resource { ... on Customer { email } } } }';
const NAMES = 'subscription($after: String) { events(after: $after, names: ["customer/created"]) { name resource { ... on Customer { firstName } } } }';
const BY_NAME = 'subscription($names: [String!]) { events(names: $names) { name resource { ... on Customer { email } } } }';
const START = encodeEventCursor(0);
const FORBIDDEN = { code: 4403, reason: 'Forbidden: the token was revoked, or its client, user or store no longer exists' };

const until = untilWithin(20_000);

describe.each(engines())('one delivery loop per distinct live subscription (%s)', (engine) => {
  let t: TestApp;
  let url: string;
  const sockets: RawWs[] = [];
  beforeAll(async () => {
    t = await makeApp({ engine });
    url = await listenForWs(t);
  });
  afterAll(async () => {
    for (const s of sockets) s.close();
    // The gauges are the process's: the next engine's suite starts from none of these.
    if (t) await settled({ loops: 0, fanout: 0, live: 0 });
    await t?.close();
  });

  const open = async (token: string) => {
    const ws = await RawWs.open(url, token);
    sockets.push(ws);
    return ws;
  };
  /** The raw text of every message a socket receives, to compare with graphql-ws's own format. */
  const texts = (ws: RawWs) => {
    const all: string[] = [];
    ws.socket.on('message', (data) => all.push(String(data)));
    return all;
  };
  async function gauges(): Promise<{ loops: number; fanout: number; live: number }> {
    const body = (await t.app.inject({ method: 'GET', url: '/metrics' })).body;
    const read = (name: string) => Number(new RegExp(`^${name} (\\d+)$`, 'm').exec(body)?.[1] ?? NaN);
    return { loops: read('commerce_ws_fanout_loops'), fanout: read('commerce_ws_fanout_subscribers'), live: read('commerce_live_subscribers') };
  }
  /** The gauges once they show `expected` (they follow asynchronous joins and leaves), or as they are after 20 s. */
  async function settled(expected: Partial<Awaited<ReturnType<typeof gauges>>>) {
    const end = Date.now() + 20_000;
    let g = await gauges();
    while (Object.entries(expected).some(([k, v]) => g[k as keyof typeof g] !== v) && Date.now() < end) {
      await new Promise((r) => setTimeout(r, 20));
      g = await gauges();
    }
    return g;
  }
  const nexts = (ws: RawWs, id: string) => ws.frames.filter((f) => f.id === id && f.type === 'next').map((f) => f.payload.data.events);
  async function customers(chain: Chain): Promise<(email: string, firstName?: string) => Promise<void>> {
    const href = link(json(await call(t.app, chain.storeHref, { token: chain.storeToken })), 'svc:customers');
    return async (email, firstName = 'F') => {
      const res = await call(t.app, href, { method: 'POST', token: chain.storeToken, body: { email, first_name: firstName } });
      expect(res.statusCode).toBe(201);
    };
  }

  it('serves every subscriber of a selection from one loop, each its events once and in order, joined before, during or after writes', async () => {
    const chain = await tokenChain(t.app);
    const write = await customers(chain);
    const before = await gauges();
    const subscribers: Array<{ ws: RawWs; raw: string[]; emails: string; names: string }> = [];
    const join = async () => {
      const ws = await open(chain.storeToken);
      const raw = texts(ws);
      subscribers.push({ ws, raw, emails: ws.subscribe({ query: EMAILS, variables: { after: START } }), names: ws.subscribe({ query: NAMES, variables: { after: START } }) });
    };
    const written: string[] = [];
    // Subscribers join between writes and while writes run, each catching up from the start of the log.
    for (let i = 0; i < 30; i++) {
      const email = `c${i}@fan.io`;
      await Promise.all([write(email, `F${i}`), i % 3 === 0 ? join() : undefined]);
      written.push(email);
    }
    await join();
    const all = () => subscribers.every((s) => nexts(s.ws, s.emails).length >= written.length && nexts(s.ws, s.names).length >= written.length);
    await until(all);
    // Level now: every one of them is in one of the two loops (one per selection).
    const level = { loops: before.loops + 2, fanout: before.fanout + 2 * subscribers.length, live: before.live + 2 * subscribers.length };
    expect(await settled(level)).toEqual(level);
    // Events written with everyone in the loops.
    for (let i = 30; i < 35; i++) {
      await write(`c${i}@fan.io`, `F${i}`);
      written.push(`c${i}@fan.io`);
    }
    await until(all);
    await until(() => false, 200);
    for (const s of subscribers) {
      expect(nexts(s.ws, s.emails).map((e) => e.resource.email)).toEqual(written);
      expect(nexts(s.ws, s.names).map((e) => `${e.name}:${e.resource.firstName}`)).toEqual(written.map((_, i) => `customer/created:F${i}`));
      // Byte for byte what graphql-ws writes: {"id":…,"type":"next","payload":…}, no spaces.
      const mine = s.raw.map((text) => [text, JSON.parse(text)] as const).filter(([, m]) => m.type === 'next');
      expect(mine.length).toBe(2 * written.length);
      for (const [text, m] of mine) expect(text).toBe(JSON.stringify({ id: m.id, type: 'next', payload: m.payload }));
    }
  });

  it('reads an event\'s subject once for every distinct subscription of one principal, not once per subscription', async () => {
    const chain = await tokenChain(t.app);
    const write = await customers(chain);
    const ws = await open(chain.storeToken);
    const log = statementLog(containerOf(t.app).database);
    /** The statements run for one write and its delivery to every subscription in `ids`. */
    const perEvent = async (email: string, ids: string[]) => (await log.around(async () => {
      await write(email);
      await ws.until(() => (ids.every((id) => nexts(ws, id).some((e) => e.resource.email === email)) ? true : undefined));
    }, 1)).sql;
    const subjectReads = (sql: string[]) => sql.filter((q) => /^select \* from "customers" where "id" in/.test(q)).length;
    // Distinct subscriptions (their variables differ): each is a loop and an execution of its own.
    const subscribe = (i: number) => ws.subscribe({ query: BY_NAME, variables: { names: ['customer/created', `other/${i}`] } });
    const before = (await gauges()).loops;
    const first = [subscribe(0)];
    // Each in a delivery loop of its own (not in graphql-ws's catch-up, which reads the log itself).
    expect((await settled({ loops: before + 1 })).loops).toBe(before + 1);
    const one = await perEvent('one@x.io', first);
    expect(subjectReads(one)).toBe(1);
    const many = [...first, ...Array.from({ length: 20 }, (_, i) => subscribe(i + 1))];
    expect((await settled({ loops: before + 21 })).loops).toBe(before + 21);
    const all = await perEvent('many@x.io', many);
    expect(subjectReads(all)).toBe(1);
    expect(all.length).toBe(one.length);
    for (const id of many) expect(nexts(ws, id).at(-1).resource.email).toBe('many@x.io');
  });

  it('closes only the sockets of a revoked token, while the same loop serves the others', async () => {
    const chain = await tokenChain(t.app);
    const write = await customers(chain);
    const other = json(await refresh(t.app, chain, chain.storeRefresh)).access_token as string;
    const before = await gauges();
    const kept = await open(chain.storeToken);
    const revoked = await open(other);
    const ids = [kept.subscribe({ query: EMAILS }), revoked.subscribe({ query: EMAILS })];
    // Both tokens carry the same store and scopes: one selection, one loop.
    const both = { loops: before.loops + 1, fanout: before.fanout + 2 };
    expect(await settled(both)).toMatchObject(both);
    await write('both@x.io');
    await kept.until(() => (nexts(kept, ids[0]).length ? true : undefined));
    await revoked.until(() => (nexts(revoked, ids[1]).length ? true : undefined));
    const res = await oauthPost(t.app, '/revoke', { token: other }, { authorization: basic(chain.clientId, chain.clientSecret) });
    expect(res.statusCode).toBe(200);
    await write('after@x.io');
    await kept.until(() => (nexts(kept, ids[0]).length >= 2 ? true : undefined));
    await revoked.until(() => revoked.closed);
    expect(revoked.closed).toEqual(FORBIDDEN);
    expect(nexts(kept, ids[0]).map((e) => e.resource.email)).toEqual(['both@x.io', 'after@x.io']);
    expect(nexts(revoked, ids[1]).map((e) => e.resource.email)).toEqual(['both@x.io']);
    const one = { loops: before.loops + 1, fanout: before.fanout + 1 };
    expect(await settled(one)).toMatchObject(one);
  });

  it('stops only a completed operation\'s messages, and ends the loop with its last subscriber', async () => {
    const chain = await tokenChain(t.app);
    const write = await customers(chain);
    const before = await gauges();
    const ws = await open(chain.storeToken);
    const [stays, goes] = [ws.subscribe({ query: EMAILS }), ws.subscribe({ query: EMAILS })];
    const two = { loops: before.loops + 1, fanout: before.fanout + 2 };
    expect(await settled(two)).toMatchObject(two);
    await write('one@x.io');
    await ws.until(() => (nexts(ws, stays).length && nexts(ws, goes).length ? true : undefined));
    ws.complete(goes);
    const one = { loops: before.loops + 1, fanout: before.fanout + 1 };
    expect(await settled(one)).toMatchObject(one);
    await write('two@x.io');
    await ws.until(() => (nexts(ws, stays).length >= 2 ? true : undefined));
    await until(() => false, 200);
    expect(nexts(ws, stays).map((e) => e.resource.email)).toEqual(['one@x.io', 'two@x.io']);
    expect(nexts(ws, goes).map((e) => e.resource.email)).toEqual(['one@x.io']);
    ws.complete(stays);
    const none = { loops: before.loops, fanout: before.fanout };
    expect(await settled(none)).toMatchObject(none);
  });
});
