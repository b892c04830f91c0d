// A GraphQL query's token check rides with its first statement on PostgreSQL, as a REST read's
// does (auth/token-check.ts): one round trip for a small query. A document with a mutation has
// its check answered first. A dead token's answer is the one a bad token gets, GraphQL's 401, and
// its mutation writes nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { containerOf } from '../../src/app.js';
import { engines } from '../helpers/app.js';
import { countRoundTrips } from '../helpers/round-trips.js';
import { json, link } from '../helpers/rest.js';
import { basic, oauthPost, refresh } from '../auth/helpers.js';
import { newCart, suite, type Suite } from '../rest/resources/setup.js';
import { gql } from './helpers.js';

const CREATE = 'mutation($cart: ID!, $input: ItemInput!) { createItem(cartId: $cart, input: $input) { item { id } userErrors { field code message } } }';

describe.each(engines())('the token check of a GraphQL request on %s', (engine) => {
  let s: Suite;
  const { trips } = countRoundTrips();
  beforeAll(async () => { s = await suite(engine); });
  afterAll(async () => s?.t.close());

  const freshToken = async () => json(await refresh(s.t.app, s.chain, s.chain.storeRefresh)).access_token as string;
  const revoke = (token: string) => oauthPost(s.t.app, '/revoke', { token, token_type_hint: 'access_token' },
    { authorization: basic(s.chain.clientId, s.chain.clientSecret) });
  const create = (token: string, cart: string, code: string) => gql(s.t.app, CREATE,
    { token, variables: { cart, input: { name: `Item ${code}`, price: '1.50', quantity: 1, code } } });
  const codes = async (cart: any) => json(await s.req(`${link(cart, 'svc:items')}?limit=50`))._embedded['svc:items'].map((i: { code: string }) => i.code).sort();

  if (engine === 'postgres') it('checks the token and runs a small query in one round trip', async () => {
    const query = '{ store { id storeName } }';
    await gql(s.t.app, query, { token: s.chain.storeToken });
    const before = { statements: containerOf(s.t.app).database.stats.statements, trips: trips() };
    const res = await gql(s.t.app, query, { token: s.chain.storeToken });
    expect(res.body.errors).toBeUndefined();
    expect(res.body.data.store.storeName).toBe('Test Store');
    expect([containerOf(s.t.app).database.stats.statements - before.statements, trips() - before.trips]).toEqual([2, 1]);
  });

  it('answers a revoked token\'s query and mutation as a bad token\'s, and writes nothing', async () => {
    const token = await freshToken();
    const cart = await newCart(s);
    const cartId = link(cart, 'self').split('/').pop()!;
    const made = await create(token, cartId, 'live');
    expect(made.body.errors, JSON.stringify(made.body)).toBeUndefined();
    expect((await revoke(token)).statusCode).toBe(200);
    const bad = await gql(s.t.app, '{ store { id } }', { token: `${token.slice(0, -4)}AAAA` });
    const refusals = {
      query: await gql(s.t.app, '{ store { id storeName } }', { token }),
      mutation: await create(token, cartId, 'dead'),
    };
    for (const [what, r] of Object.entries(refusals)) {
      expect([what, r.status, r.res.headers['www-authenticate'], r.body]).toEqual([what, bad.status, bad.res.headers['www-authenticate'], bad.body]);
    }
    expect(bad.status).toBe(401);
    expect(bad.body.errors[0].extensions.code).toBe('UNAUTHENTICATED');
    expect(await codes(cart)).toEqual(['live']);
  });

  it('lets a live token\'s mutation and query through', async () => {
    const cart = await newCart(s);
    const cartId = link(cart, 'self').split('/').pop()!;
    const made = await create(s.chain.storeToken, cartId, 'made');
    expect(made.body.errors, JSON.stringify(made.body)).toBeUndefined();
    expect(made.body.data.createItem.item.id).toBeDefined();
    expect(await codes(cart)).toEqual(['made']);
  });
});
