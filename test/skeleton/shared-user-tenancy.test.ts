// A user with two stores: each store's token sees only its own store through every path to the
// user's store list (collection, zoom, GraphQL connection).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engines, makeApp, type TestApp } from '../helpers/app.js';
import { call, json, link, tokenChain, uniq, type Chain } from '../helpers/rest.js';

describe.each(engines())('stores of a shared user on %s', (engine) => {
  let t: TestApp;
  let chain: Chain;
  let secondToken: string;
  let userHref: string;
  beforeAll(async () => {
    t = await makeApp({ engine });
    chain = await tokenChain(t.app);
    userHref = chain.userHref;
    const second = await call(t.app, `${userHref}/stores`, {
      method: 'POST', token: chain.userToken,
      body: { store_name: 'Second', store_domain: uniq('second'), store_url: 'https://b.example', store_email: 'b@example.com', postal_code: '1', region: 'R', country: 'US' },
    });
    expect(second.statusCode).toBe(201);
    secondToken = json(second).token.access_token;
  });
  afterAll(async () => t?.close());

  it('lists only the token\'s own store', async () => {
    const viaUser = json(await call(t.app, `${userHref}/stores`, { token: secondToken }));
    expect(viaUser._embedded['svc:stores'].map((s: any) => s.store_name)).toEqual(['Second']);
    expect(viaUser.total_items).toBe('1');
    const all = json(await call(t.app, `${userHref}/stores`, { token: chain.userToken }));
    expect(all._embedded['svc:stores'].map((s: any) => s.store_name).sort()).toEqual(['Second', 'Test Store']);
    const gql = await t.app.inject({
      method: 'POST', url: '/graphql', headers: { authorization: `Bearer ${secondToken}`, 'content-type': 'application/json' },
      payload: { query: '{ store { user { stores { totalCount nodes { storeName } } } } }' },
    });
    const body = JSON.parse(gql.body);
    if (body.data?.store?.user) expect(body.data.store.user.stores).toEqual({ totalCount: 1, nodes: [{ storeName: 'Second' }] });
    else expect(body.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    expect((await call(t.app, link(json(await call(t.app, chain.storeHref, { token: chain.storeToken })), 'self'), { token: secondToken })).statusCode).toBe(404);
  });
});
