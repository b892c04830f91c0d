// An integer property is an `Int` in the GraphQL schema, which holds signed 32-bit values: REST took
// any safe integer, so an item written with quantity 2,147,483,648 could not be read through GraphQL
// (its quantity an INTERNAL_SERVER_ERROR). REST now refuses what an Int cannot hold, on every int
// property, in JSON and form bodies alike, and so does folding an identical item into one whose
// quantity the sum would carry past it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engines } from '../../helpers/app.js';
import { json, link } from '../../helpers/rest.js';
import { newCart, suite, type Suite } from '../resources/setup.js';

const INT_MAX = 2147483647;

describe.each(engines())('integer properties within GraphQL\'s Int on %s', (engine) => {
  let s: Suite;
  beforeAll(async () => { s = await suite(engine); });
  afterAll(async () => s?.t.close());

  const item = { name: 'Crate', price: '1.00' };
  /** The cart's items through GraphQL: the read the out-of-range value broke. */
  const itemsOverGraphql = async (cart: any) => {
    const res = await s.t.app.inject({
      method: 'POST', url: '/graphql',
      headers: { authorization: `Bearer ${s.chain.storeToken}`, 'content-type': 'application/json' },
      payload: JSON.stringify({ query: `{ cart(id: "${link(cart, 'self').split('/').pop()}") { items { nodes { name quantity quantityMax } } } }` }),
    });
    const { data, errors } = res.json() as { data?: any; errors?: unknown[] };
    return { data, errors };
  };

  it('refuses a value past the range in JSON and in a form, naming the property and the bound', async () => {
    const cart = await newCart(s);
    const items = link(cart, 'svc:items');
    const cases: Array<[string, Parameters<Suite['req']>[1]]> = [
      ['quantity', { method: 'POST', body: { ...item, quantity: INT_MAX + 1 } }],
      ['quantity_max', { method: 'POST', body: { ...item, quantity_max: Number.MAX_SAFE_INTEGER } }],
      ['quantity', { method: 'POST', form: { ...item, quantity: String(INT_MAX + 1) } }],
    ];
    for (const [field, c] of cases) {
      const res = await s.req(items, c);
      expect(res.statusCode, JSON.stringify(c)).toBe(400);
      expect(json(res)._embedded['svc:errors']).toEqual([expect.objectContaining({ field, code: 'max', message: `${field} must be at most ${INT_MAX}` })]);
    }
    const created = await s.req(items, { method: 'POST', body: { ...item, quantity: INT_MAX } });
    expect(created.statusCode).toBe(201);
    const patched = await s.req(link(json(created), 'self'), { method: 'PATCH', body: { quantity: INT_MAX + 1 } });
    expect(patched.statusCode).toBe(400);
    expect(await itemsOverGraphql(cart)).toEqual({ data: { cart: { items: { nodes: [{ name: 'Crate', quantity: INT_MAX, quantityMax: null }] } } }, errors: undefined });
  });

  it('refuses to fold an identical item into one whose quantity would pass the range', async () => {
    const cart = await newCart(s);
    const items = link(cart, 'svc:items');
    expect((await s.req(items, { method: 'POST', body: { ...item, quantity: INT_MAX - 1 } })).statusCode).toBe(201);
    expect(json(await s.req(items, { method: 'POST', body: { ...item, quantity: 1 } })).quantity).toBe(INT_MAX);
    const past = await s.req(items, { method: 'POST', body: { ...item, quantity: 1 } });
    expect(past.statusCode).toBe(400);
    expect(json(past)._embedded['svc:errors']).toEqual([expect.objectContaining({ field: 'quantity', code: 'max' })]);
    expect(await itemsOverGraphql(cart)).toEqual({ data: { cart: { items: { nodes: [{ name: 'Crate', quantity: INT_MAX, quantityMax: null }] } } }, errors: undefined });
  });
});
