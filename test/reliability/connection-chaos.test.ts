// Every kind of request while PostgreSQL terminates the service's connections at random moments
// (a failover, an operator's pg_terminate_backend, a network cut): creates with and without an
// Idempotency-Key, conditional updates, deletes, zoomed reads, GraphQL mutations and queries,
// checkouts and payment actions, eight at a time. Whatever statement a connection dies in, the
// answer is the request's own (2xx or 4xx) or a retryable 503, never a 500 or an internal GraphQL
// error; the process lives on and answers normally once the connections are left alone.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PG_URL, type TestApp } from '../helpers/app.js';
import { call, json, link, tokenChain, type Chain } from '../helpers/rest.js';
import { fillCart, openShop, type Shop } from '../helpers/shop.js';
import { gql } from '../graphql/helpers.js';
import type { Proxy } from './support/tcp-proxy.js';
import { proxiedApp, terminateBackends } from './support/proxied-app.js';

const WORKERS = 8;
const ROUNDS = 12;
if (!PG_URL) console.log('[skip] requests while connections are terminated: TEST_DATABASE_URL is not set');

describe.skipIf(!PG_URL)('every kind of request while PostgreSQL terminates the connections', () => {
  let t: TestApp;
  let proxy: Proxy;
  let chain: Chain;
  let shop: Shop;
  beforeAll(async () => {
    // Many requests from one token: the rate limit is not what this test is about.
    ({ t, proxy } = await proxiedApp({ config: { rateLimitMax: 1_000_000 } }));
    chain = await tokenChain(t.app);
    shop = await openShop(t.app, chain);
  });
  afterAll(async () => {
    await t?.close();
    await proxy?.close();
  });

  it('answers 2xx, 4xx or 503, never a 500, and recovers', async () => {
    const token = chain.storeToken;
    const store = shop.store;
    const statuses: Record<string, number> = {};
    const bad: string[] = [];
    const seen = (what: string, status: number, body: string) => {
      statuses[status] = (statuses[status] ?? 0) + 1;
      if (status >= 500 && status !== 503) bad.push(`${what}: ${status} ${body.slice(0, 300)}`);
    };
    const rest = async (what: string, url: string, c: Parameters<typeof call>[2] = {}) => {
      const res = await call(t.app, url, { token, ...c });
      seen(what, res.statusCode, res.body);
      return res;
    };
    const graphql = async (what: string, query: string, variables: Record<string, unknown>) => {
      const r = await gql(t.app, query, { token, variables });
      seen(what, r.status, JSON.stringify(r.body));
      for (const e of r.body.errors ?? []) if (e.extensions?.code === 'INTERNAL_SERVER_ERROR') bad.push(`${what}: ${JSON.stringify(e)}`);
      return r;
    };
    // Carts filled before the chaos: the checkouts and payment actions have something to work on.
    const carts: any[] = [];
    for (let i = 0; i < WORKERS * 2; i++) carts.push(await fillCart(t.app, chain, shop, [{ name: `W${i}`, price: '12', quantity: 1, code: `W-${i}` }]));

    const killer = await terminateBackends(proxy, 3, 15);

    const worker = async (w: number) => {
      for (let round = 0; round < ROUNDS; round++) {
        const tag = `${w}-${round}`;
        const created = await rest('create customer', link(store, 'svc:customers'), {
          method: 'POST', body: { email: `chaos${tag}@example.com`, first_name: 'C' }, headers: round % 2 ? { 'idempotency-key': `chaos-${tag}` } : {},
        });
        if (created.statusCode === 201) {
          const customer = json(created);
          const patched = await rest('patch customer', link(customer, 'self'), { method: 'PATCH', body: { first_name: 'D' }, headers: { 'if-match': String(created.headers.etag) } });
          if (round % 3 === 0 || patched.statusCode !== 200) await rest('delete customer', link(customer, 'self'), { method: 'DELETE' });
        }
        await rest('zoomed read', `${link(store, 'svc:transactions')}?limit=20&zoom=items`);
        await graphql('graphql query', 'query { store { customers(first: 5) { nodes { id email } } } }', {});
        const cart = carts[(w * 2 + (round % 2)) % carts.length];
        await graphql('graphql createItem', 'mutation($cart: ID!, $input: ItemInput!) { createItem(cartId: $cart, input: $input) { item { id } userErrors { code } } }',
          { cart: link(cart, 'self').split('/').pop(), input: { name: `G${tag}`, price: '3', quantity: 1, itemCategoryUri: shop.categoryHref } });
        if (round % 4 === 3) {
          const paid = await rest('checkout', link(cart, 'svc:checkout'), { method: 'POST', body: {} });
          if (paid.statusCode === 201) await rest('capture', link(json(paid), 'svc:capture'), { method: 'POST' });
        }
      }
    };
    await Promise.all(Array.from({ length: WORKERS }, (_, w) => worker(w)));
    const terminated = await killer.stop();
    console.log(`[figures] connection-chaos postgres: ${WORKERS}×${ROUNDS} rounds, ${terminated} backends terminated, answers ${JSON.stringify(statuses)}`);
    expect(bad).toEqual([]);
    expect(terminated).toBeGreaterThan(0);
    // Left alone, it answers as before.
    let ok = 0;
    for (let i = 0; i < 20 && ok !== 200; i++) ok = (await call(t.app, chain.storeHref, { token })).statusCode;
    expect(ok).toBe(200);
    expect((await call(t.app, link(store, 'svc:customers'), { method: 'POST', token, body: { email: 'after@example.com' } })).statusCode).toBe(201);
  }, 180_000);
});
