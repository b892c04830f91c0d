// GraphQL subscriptions over graphql-ws on a real port: a subscriber sees the store's events with
// the fields it selected, resumes after a disconnect with every missed event exactly once, never
// sees another store's events, and is held to the same auth and limits as HTTP.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Client } from 'graphql-ws';
import { makeApp, type TestApp } from '../helpers/app.js';
import { call, json, link, tokenChain, type Chain } from '../helpers/rest.js';
import { fillCart, openShop, type Shop } from '../helpers/shop.js';
import { listenForWs, untilWithin, wsClients } from './ws-world.js';

const SUBSCRIPTION = `subscription($after: String) { events(after: $after, resources: [TRANSACTION, CUSTOMER]) {
  name cursor resourceType
  resource { __typename ... on Transaction { status totalOrder customerEmail } ... on Customer { email } }
} }`;

interface Seen { name: string; cursor: string; resourceType: string; resource: any }

function collect(client: Client, query: string, variables: Record<string, unknown> = {}) {
  const seen: Seen[] = [];
  const errors: unknown[] = [];
  let done = false;
  const stop = client.subscribe({ query, variables }, {
    next: (r) => { if (r.data) seen.push((r.data as any).events); if (r.errors) errors.push(r.errors); },
    error: (e) => { errors.push(e); },
    complete: () => { done = true; },
  });
  return { seen, errors, stop, isDone: () => done };
}

const until = untilWithin(5000);

describe('events subscription over graphql-ws', () => {
  let t: TestApp;
  let url: string;
  let chain: Chain;
  let shop: Shop;
  const { connect, disposeAll } = wsClients(() => url);
  beforeAll(async () => {
    t = await makeApp();
    url = await listenForWs(t);
    chain = await tokenChain(t.app);
    shop = await openShop(t.app, chain);
  });
  afterAll(async () => {
    await disposeAll();
    await t?.close();
  });

  it('delivers a checkout as transaction/created with the selected fields, and resumes exactly once', async () => {
    const client = connect(chain.storeToken);
    const first = collect(client, SUBSCRIPTION);
    await new Promise((r) => setTimeout(r, 200));
    const cart = await fillCart(t.app, chain, shop);
    const txn = json(await call(t.app, link(cart, 'svc:checkout'), { method: 'POST', token: chain.storeToken }));
    await until(() => first.seen.length >= 1);
    expect(first.errors).toEqual([]);
    expect(first.seen[0]).toMatchObject({
      name: 'transaction/created', resourceType: 'TRANSACTION',
      resource: { __typename: 'Transaction', status: 'AUTHORIZED', totalOrder: String(txn.total_order.toFixed ? txn.total_order.toFixed(2) : txn.total_order), customerEmail: 'buyer@example.com' },
    });
    const cursor = first.seen.at(-1)!.cursor;
    first.stop();
    await client.dispose();

    // Missed while disconnected: two customers; then one more live.
    const customers = link(shop.store, 'svc:customers');
    await call(t.app, customers, { method: 'POST', token: chain.storeToken, body: { email: 'm1@example.com' } });
    await call(t.app, customers, { method: 'POST', token: chain.storeToken, body: { email: 'm2@example.com' } });
    const again = collect(connect(chain.storeToken), SUBSCRIPTION, { after: cursor });
    await until(() => again.seen.length >= 2);
    await call(t.app, customers, { method: 'POST', token: chain.storeToken, body: { email: 'live@example.com' } });
    await until(() => again.seen.length >= 3);
    await new Promise((r) => setTimeout(r, 200));
    expect(again.seen.map((e) => [e.name, e.resource?.email])).toEqual([
      ['customer/created', 'm1@example.com'], ['customer/created', 'm2@example.com'], ['customer/created', 'live@example.com'],
    ]);
    again.stop();
  });

  it('never shows another store\'s events', async () => {
    const other = await tokenChain(t.app);
    const watcher = collect(connect(other.storeToken), SUBSCRIPTION);
    await new Promise((r) => setTimeout(r, 200));
    await call(t.app, link(shop.store, 'svc:customers'), { method: 'POST', token: chain.storeToken, body: { email: 'private@example.com' } });
    await new Promise((r) => setTimeout(r, 500));
    expect(watcher.seen).toEqual([]);
    watcher.stop();
  });

  it('refuses a bad token and applies the HTTP limits', async () => {
    const closed: number[] = [];
    const bad = connect('garbage', { on: { closed: (e: any) => closed.push(e.code) } });
    const refused = collect(bad, SUBSCRIPTION);
    await until(() => closed.length > 0 || refused.errors.length > 0);
    expect(closed[0] ?? 0).toBe(4403);
    const nest = (n: number): string => (n === 0 ? 'id' : `user { stores { nodes { ${nest(n - 1)} } } }`);
    const deep = `subscription { events { resource { ... on Transaction { customer { store { ${nest(4)} } } } } } }`;
    const limited = collect(connect(chain.storeToken), deep);
    await until(() => limited.errors.length > 0);
    expect(JSON.stringify(limited.errors)).toMatch(/depth/i);
  });
});

describe('token expiry and the pull feed', () => {
  it('closes the socket with 4401 when the token expires', async () => {
    // Expiry is in whole seconds, so a 1 s lifetime may be a few milliseconds: 3 s leaves a loaded
    // machine time to connect before it runs out (a token dead at connect is refused with 4403).
    const t = await makeApp({ config: { accessTokenTtl: 3 } });
    try {
      const url = await listenForWs(t);
      const chain = await tokenChain(t.app).catch(() => undefined);
      // With a short lifetime the chain itself may outlive its tokens; refresh for a fresh one.
      const res = await t.app.inject({
        method: 'POST', url: '/token', headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({ grant_type: 'refresh_token', refresh_token: chain!.storeRefresh, client_id: chain!.clientId, client_secret: chain!.clientSecret }).toString(),
      });
      const token = JSON.parse(res.body).access_token;
      const closed: number[] = [];
      let acknowledged = false;
      const client = wsClients(url).connect(token, { on: { connected: () => { acknowledged = true; }, closed: (e: any) => closed.push(e.code) } });
      const sub = collect(client, SUBSCRIPTION);
      await until(() => closed.length > 0, 20_000);
      expect(acknowledged).toBe(true);
      expect(closed[0]).toBe(4401);
      sub.stop();
      await client.dispose();
    } finally {
      await t.close();
    }
  });

  it('serves the same events through the events query, resumable by cursor', async () => {
    const t = await makeApp();
    try {
      const chain = await tokenChain(t.app);
      const store = json(await call(t.app, chain.storeHref, { token: chain.storeToken }));
      for (const email of ['p1@x.io', 'p2@x.io', 'p3@x.io']) {
        await call(t.app, link(store, 'svc:customers'), { method: 'POST', token: chain.storeToken, body: { email } });
      }
      const q = async (after?: string) => JSON.parse((await t.app.inject({
        method: 'POST', url: '/graphql', headers: { authorization: `Bearer ${chain.storeToken}`, 'content-type': 'application/json' },
        payload: { query: 'query($after: String) { events(after: $after, resources: [CUSTOMER], first: 2) { name cursor resource { ... on Customer { email } } } }', variables: { after } },
      })).body).data.events;
      const page1 = await q();
      expect(page1.map((e: any) => e.resource.email)).toEqual(['p1@x.io', 'p2@x.io']);
      const page2 = await q(page1[1].cursor);
      expect(page2.map((e: any) => e.resource.email)).toEqual(['p3@x.io']);
    } finally {
      await t.close();
    }
  });
});
