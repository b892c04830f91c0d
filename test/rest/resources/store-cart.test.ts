// The store and cart rules the item and attribute rules lean on: a store cannot be deleted, cart
// totals are computed (read only), and a cart's items go with the cart.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engines } from '../../helpers/app.js';
import { json, link } from '../../helpers/rest.js';
import { suite, type Suite } from './setup.js';

describe.each(engines())('store and cart on %s', (engine) => {
  let s: Suite;
  beforeAll(async () => { s = await suite(engine); });
  afterAll(async () => s?.t.close());

  it('a store cannot be deleted (405 with Allow)', async () => {
    const res = await s.req(s.chain.storeHref, { method: 'DELETE' });
    expect(res.statusCode).toBe(405);
    expect(res.headers.allow).toBe('GET, HEAD, PATCH, PUT, OPTIONS');
    expect((await s.req(s.chain.storeHref)).statusCode).toBe(200);
  });

  it('cart totals are read only', async () => {
    const carts = link(s.store, 'svc:carts');
    const res = await s.req(carts, { method: 'POST', body: { customer_email: 'a@example.com', total_order: 1, total_item_price: 1 } });
    expect(res.statusCode).toBe(201);
    expect(json(res)).toMatchObject({ customer_email: 'a@example.com', total_order: null, total_item_price: null });
    const patched = await s.req(link(json(res), 'self'), { method: 'PATCH', body: { total_tax: 5, total_shipping: 9 } });
    expect(json(patched)).toMatchObject({ total_tax: null, total_shipping: null });
  });

  it('deleting a cart deletes its items', async () => {
    const cart = json(await s.req(link(s.store, 'svc:carts'), { method: 'POST', body: {} }));
    const item = json(await s.req(link(cart, 'svc:items'), { method: 'POST', body: { name: 'Pen', price: 1 } }));
    expect((await s.req(link(cart, 'self'), { method: 'DELETE' })).statusCode).toBe(204);
    expect((await s.req(link(item, 'self'))).statusCode).toBe(404);
  });
});
