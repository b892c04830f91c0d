// A GraphQL variable is bounded only by the 1 MB body, where REST's values are bounded by its 8 KB
// query string. Long values and long lists reached the engines' own limits: SQLite refuses a LIKE
// pattern over 50,000 characters and a statement of over 32,766 parameters, PostgreSQL one of over
// 65,535 (answered as a database that cannot serve, 503). Each was an error of ours; each is now
// the caller's error naming the field, on both engines: a filter value (2,048 characters), a query's
// filter values in all (1,000), an events feed's `names` or `resources` (200 distinct), and a
// refeed's webhooks (1,000, over REST and GraphQL alike).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engines, makeApp, type TestApp } from '../helpers/app.js';
import { call, errorFields, json, link, tokenChain, type Chain } from '../helpers/rest.js';
import { fillCart, openShop } from '../helpers/shop.js';

describe.each(engines())('long values and lists through GraphQL variables on %s', (engine) => {
  let t: TestApp;
  let chain: Chain;
  let cart: any;
  let txn: any;
  const gql = async (query: string, variables: Record<string, unknown>) => (await t.app.inject({
    method: 'POST', url: '/graphql', headers: { authorization: `Bearer ${chain.storeToken}`, 'content-type': 'application/json' },
    payload: JSON.stringify({ query, variables }),
  })).json() as { data?: any; errors?: Array<{ message: string; extensions: { code: string } }> };
  const many = (n: number) => Array.from({ length: n }, (_, i) => `v${i}`);
  beforeAll(async () => {
    t = await makeApp({ engine });
    chain = await tokenChain(t.app);
    const shop = await openShop(t.app, chain);
    cart = await fillCart(t.app, chain, shop, [{ name: 'Widget', price: '5', quantity: 1 }]);
    txn = json(await call(t.app, link(await fillCart(t.app, chain, shop), 'svc:checkout'), { method: 'POST', token: chain.storeToken, body: {} }));
  });
  afterAll(async () => t?.close());

  const items = (filter: string, v: unknown) => gql(`query($v: ${Array.isArray(v) ? '[String!]' : 'String'}) { cart(id: "${link(cart, 'self').split('/').pop()}") { items(filter: { name: { ${filter}: $v } }) { nodes { name } } } }`, { v });

  it('refuses a filter value past 2,048 characters, wildcards or not', async () => {
    for (const v of ['*a'.repeat(100_000), 'x'.repeat(2049)]) {
      const answer = await items('eq', v);
      expect(answer.errors?.map((e) => e.extensions.code), answer.errors?.[0]?.message).toEqual(['BAD_USER_INPUT']);
      expect(answer.errors?.[0].message).toMatch(/at most 2048 characters/);
    }
    expect((await items('eq', `*${'x'.repeat(2046)}*`)).data.cart.items.nodes).toEqual([]);
    expect((await items('eq', 'Wid*')).data.cart.items.nodes).toEqual([{ name: 'Widget' }]);
  });

  it('refuses more than 1,000 filter values in all', async () => {
    for (const n of [1001, 70_000]) {
      const answer = await items('in', many(n));
      expect(answer.errors?.map((e) => e.extensions.code), answer.errors?.[0]?.message).toEqual(['BAD_USER_INPUT']);
      expect(answer.errors?.[0].message).toMatch(/at most 1000 values/);
    }
    expect((await items('in', [...many(999), 'Widget'])).data.cart.items.nodes).toEqual([{ name: 'Widget' }]);
  });

  it("refuses an events feed's names or resources past 200 distinct values", async () => {
    const answer = await gql('query($n: [String!]) { events(names: $n, first: 5) { name } }', { n: many(70_000) });
    expect(answer.errors?.map((e) => e.extensions.code), answer.errors?.[0]?.message).toEqual(['BAD_USER_INPUT']);
    expect(answer.errors?.[0].message).toMatch(/names lists at most 200/);
    // Repeats are one value each.
    const repeated = await gql('query($n: [String!], $r: [EventResource!]) { events(names: $n, resources: $r, first: 5) { name } }',
      { n: Array(20_000).fill('transaction/created'), r: Array(20_000).fill('TRANSACTION') });
    expect(repeated.errors, JSON.stringify(repeated.errors)).toBeUndefined();
    expect(repeated.data.events.map((e: { name: string }) => e.name)).toEqual(['transaction/created']);
  });

  it("refuses a refeed of more than 1,000 webhooks, over REST and GraphQL, naming the field", async () => {
    const ids = Array.from({ length: 70_000 }, (_, i) => i + 1);
    const rest = await call(t.app, link(txn, 'svc:send_webhooks'), { method: 'POST', token: chain.storeToken, body: { refeed_hooks: ids, event: 'refeed' } });
    expect(rest.statusCode, rest.body.slice(0, 300)).toBe(400);
    expect(errorFields(json(rest))).toEqual(['refeed_hooks']);
    const answer = await gql('mutation($id: ID!, $h: [ID!]!) { sendTransactionWebhooks(id: $id, refeedHooks: $h) { userErrors { field message } } }',
      { id: link(txn, 'self').split('/').pop(), h: ids.map(String) });
    expect(answer.data?.sendTransactionWebhooks.userErrors, JSON.stringify(answer.errors)).toEqual([{ field: 'refeedHooks', message: 'refeed_hooks lists at most 1000 webhooks' }]);
  });
});
