// The walking skeleton end to end, by links alone: home → register a client → create a user →
// create a store → create a tax → read it back through REST and GraphQL, and the two agree.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engines, makeApp, type TestApp } from '../helpers/app.js';
import { call, json, link, tokenChain } from '../helpers/rest.js';

describe.each(engines())('token chain and tax on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => { t = await makeApp({ engine }); });
  afterAll(async () => t?.close());

  it('home shows only registration and token links without a token', async () => {
    const res = await call(t.app, '/');
    expect(res.statusCode).toBe(200);
    const body = json(res);
    expect(Object.keys(body._links).sort()).toEqual(['curies', 'self', 'service-desc', 'service-doc', 'svc:create_client', 'svc:token']);
    expect(body._links['svc:create_client'].href).toBe('http://api.test/clients');
    expect(body._links['svc:token'].href).toBe('http://api.test/token');
    expect(typeof body.message).toBe('string');
  });

  it('walks client → user → store → tax by links and reads the tax back through REST and GraphQL', async () => {
    const chain = await tokenChain(t.app);
    const clientHome = json(await call(t.app, '/', { token: chain.clientToken }));
    expect(Object.keys(clientHome._links).sort()).toEqual(
      ['curies', 'self', 'service-desc', 'service-doc', 'svc:client', 'svc:create_user', 'svc:reporting', 'svc:token']);
    const storeHome = json(await call(t.app, '/', { token: chain.storeToken }));
    const store = json(await call(t.app, link(storeHome, 'svc:store'), { token: chain.storeToken }));
    const created = await call(t.app, link(store, 'svc:taxes'), {
      method: 'POST', token: chain.storeToken,
      body: { name: 'Oregon', type: 'region', country: 'US', region: 'OR', rate: '7.25', apply_to_shipping: true },
    });
    expect(created.statusCode).toBe(201);
    const tax = json(created);
    expect(created.headers.location).toBe(link(tax, 'self'));
    const rest = json(await call(t.app, link(tax, 'self'), { token: chain.storeToken }));
    expect(rest).toMatchObject({ name: 'Oregon', type: 'region', country: 'US', region: 'OR', rate: 7.25, apply_to_shipping: true });
    expect(link(rest, 'svc:store')).toBe(link(store, 'self'));

    const gql = await t.app.inject({
      method: 'POST', url: '/graphql', headers: { authorization: `Bearer ${chain.storeToken}`, 'content-type': 'application/json' },
      payload: { query: `query($href: String!) { node(href: $href) { ... on Tax {
        id href name type country region city rate applyToShipping isLive serviceProvider dateCreated store { href } } } }`,
      variables: { href: link(tax, 'self') } },
    });
    const node = JSON.parse(gql.body).data.node;
    expect(node).toEqual({
      id: link(tax, 'self').split('/').pop(), href: link(tax, 'self'), name: rest.name, type: 'REGION', country: rest.country,
      region: rest.region, city: null, rate: '7.25', applyToShipping: true, isLive: false, serviceProvider: 'NONE',
      dateCreated: rest.date_created, store: { href: link(store, 'self') },
    });
    expect(rest.date_created).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\+0000$/);
  });

  it('creates the DEFAULT item category with every store', async () => {
    const chain = await tokenChain(t.app);
    const store = json(await call(t.app, chain.storeHref, { token: chain.storeToken }));
    const cats = json(await call(t.app, link(store, 'svc:item_categories'), { token: chain.storeToken }));
    expect(cats._embedded['svc:item_categories'].map((c: { code: string }) => c.code)).toEqual(['DEFAULT']);
  });
});
