// graphql-ws caps: operations at once per socket, sockets per token, distinct live subscriptions
// per store, each refused with a clear error (or close code) while everything within them, and
// every other store, goes on.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeApp, type TestApp } from '../helpers/app.js';
import { tokenChain, type Chain } from '../helpers/rest.js';
import { RawWs } from '../helpers/raw-ws.js';
import { listenForWs } from './ws-world.js';

const LIVE = 'subscription($n: [String!]) { events(names: $n) { id } }';
const settle = () => new Promise((r) => setTimeout(r, 150));
const errorsOf = (ws: RawWs, id: string) => ws.frames.filter((f) => f.id === id && f.type === 'error').map((f) => f.payload[0].extensions.code);

describe('subscription caps', () => {
  let t: TestApp;
  let a: Chain;
  let b: Chain;
  let url: string;
  const sockets: RawWs[] = [];
  const open = async (token: string) => {
    const ws = await RawWs.open(url, token);
    sockets.push(ws);
    return ws;
  };

  beforeAll(async () => {
    t = await makeApp({ config: { wsMaxOperations: 3, wsMaxSocketsPerToken: 2, wsMaxDistinctPerStore: 4 } });
    a = await tokenChain(t.app);
    b = await tokenChain(t.app);
    url = await listenForWs(t);
  });
  afterAll(async () => {
    for (const s of sockets) s.close();
    await t?.close();
  });

  it('refuses an operation beyond the socket\'s cap, and admits one once another completes', async () => {
    const ws = await open(a.storeToken);
    const ids = [0, 1, 2].map(() => ws.subscribe({ query: LIVE, variables: { n: ['cart/created'] } }));
    await settle();
    for (const id of ids) expect(errorsOf(ws, id)).toEqual([]);
    const over = ws.subscribe({ query: LIVE, variables: { n: ['cart/created'] } });
    const refused = await ws.first(over);
    expect(refused.type).toBe('error');
    expect(refused.payload[0].extensions).toMatchObject({ code: 'TOO_MANY_OPERATIONS', maximum: 3 });
    expect(refused.payload[0].message).toMatch(/at most 3 are allowed at once/);
    expect(ws.closed).toBeUndefined();
    ws.complete(ids[0]);
    await settle();
    const again = ws.subscribe({ query: LIVE, variables: { n: ['cart/created'] } });
    await settle();
    expect(errorsOf(ws, again)).toEqual([]);
    ws.close();
  });

  it('closes a socket beyond the token\'s cap with 4430, and admits one once another closes', async () => {
    const one = await open(a.storeToken);
    const two = await open(a.storeToken);
    expect([one.acknowledged, two.acknowledged]).toEqual([true, true]);
    const three = await open(a.storeToken);
    await three.until(() => three.closed);
    expect(three.acknowledged).toBe(false);
    expect(three.closed).toEqual({ code: 4430, reason: 'Too many open sockets for this token; close one first' });
    // Another token (of another store) has its own sockets.
    expect((await open(b.storeToken)).acknowledged).toBe(true);
    one.close();
    await one.until(() => one.closed);
    await settle();
    expect((await open(a.storeToken)).acknowledged).toBe(true);
    for (const s of sockets) s.close();
  });

  it('refuses a distinct live subscription beyond the store\'s cap; identical ones share a place', async () => {
    await settle();
    const x = await open(a.storeToken);
    const y = await open(a.storeToken);
    const first = [['a/1'], ['a/2'], ['a/3']].map((n) => x.subscribe({ query: LIVE, variables: { n } }));
    const fourth = y.subscribe({ query: LIVE, variables: { n: ['a/4'] } });
    await settle();
    for (const id of [...first]) expect(errorsOf(x, id)).toEqual([]);
    expect(errorsOf(y, fourth)).toEqual([]);
    // A fifth distinct one is refused; the same document and variables as a live one are not.
    const fifth = y.subscribe({ query: LIVE, variables: { n: ['a/5'] } });
    const refused = await y.first(fifth);
    expect(refused.payload[0].extensions).toMatchObject({ code: 'TOO_MANY_SUBSCRIPTIONS', maximum: 4 });
    // At the cap a new distinct one is refused before its document is validated: an invalid one
    // is told the cap, not its validation errors (the costliest step is not run for it).
    const invalid = await y.first(y.subscribe({ query: 'subscription { events { id noSuchField } }' }));
    expect(invalid.payload[0].extensions).toMatchObject({ code: 'TOO_MANY_SUBSCRIPTIONS', maximum: 4 });
    const same = y.subscribe({ query: LIVE, variables: { n: ['a/1'] } });
    await settle();
    expect(errorsOf(y, same)).toEqual([]);
    // Another store is not affected; ending one frees its place.
    const other = await open(b.storeToken);
    const theirs = other.subscribe({ query: LIVE, variables: { n: ['a/5'] } });
    await settle();
    expect(errorsOf(other, theirs)).toEqual([]);
    x.complete(first[1]);
    await settle();
    const later = y.subscribe({ query: LIVE, variables: { n: ['a/6'] } });
    await settle();
    expect(errorsOf(y, later)).toEqual([]);
    // A closed socket frees the places of all its subscriptions (the store is full again: a/1 a/3 a/4 a/6).
    y.complete(same);
    x.close();
    await x.until(() => x.closed);
    await settle();
    const z = y.subscribe({ query: LIVE, variables: { n: ['a/7'] } });
    await settle();
    expect(errorsOf(y, z)).toEqual([]);
  });
});

describe('subscription flood with the default caps', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await makeApp();
  });
  afterAll(() => t?.close());

  it('admits 100 operations on one socket and refuses the rest of a flood of distinct ones', async () => {
    const chain = await tokenChain(t.app);
    const url = await listenForWs(t);
    const ws = await RawWs.open(url, chain.storeToken);
    const ids = Array.from({ length: 150 }, (_, i) => ws.subscribe({ query: LIVE, variables: { n: [`flood/${i}`] } }));
    await ws.until(() => (ws.frames.filter((f) => f.type === 'error').length >= 50 ? true : undefined));
    await settle();
    const refused = ids.filter((id) => errorsOf(ws, id).length > 0);
    expect(refused).toHaveLength(50);
    expect(new Set(refused.flatMap((id) => errorsOf(ws, id)))).toEqual(new Set(['TOO_MANY_OPERATIONS']));
    // The service still answers a plain read at once.
    expect((await t.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    ws.close();
  });
});
