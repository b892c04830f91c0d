// The item rules beyond single-field constraints: quantity limits, folding identical cart items,
// discounts, subscription properties, expiry and the immutability of transaction items.
import { containerOf } from '../../../src/app.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engines } from '../../helpers/app.js';
import { errorFields, json, link } from '../../helpers/rest.js';
import { narrowToken } from '../../helpers/tokens.js';
import { VALID } from './item-table.js';
import { idOf, insertRow, newCart, NOW, NOW_UNIX, suite, updateRow, type Suite } from './setup.js';

describe.each(engines())('item rules on %s', (engine) => {
  let s: Suite;
  beforeAll(async () => { s = await suite(engine); });
  afterAll(async () => s?.t.close());

  const cartItems = async () => link(await newCart(s), 'svc:items');
  const post = (items: string, body: unknown) => s.req(items, { method: 'POST', body });
  const patch = (href: string, body: unknown) => s.req(href, { method: 'PATCH', body });

  it('quantity defaults to 1 and is raised to quantity_min, lowered to quantity_max (0 = no limit)', async () => {
    const items = await cartItems();
    expect(json(await post(items, VALID)).quantity).toBe(1);
    expect(json(await post(items, { ...VALID, code: 'a', quantity: 2, quantity_min: 5 })).quantity).toBe(5);
    const b = json(await post(items, { ...VALID, code: 'b', quantity: 50, quantity_max: 10 }));
    expect(b.quantity).toBe(10);
    const self = link(b, 'self');
    expect(json(await patch(self, { quantity_max: 4 })).quantity).toBe(4);
    expect(json(await patch(self, { quantity: 100 })).quantity).toBe(4);
    expect(json(await patch(self, { quantity_max: 0, quantity: 100 })).quantity).toBe(100);
    expect(json(await patch(self, { quantity: null })).quantity).toBe(1);
    const crossed = await patch(self, { quantity_min: 8, quantity_max: 3 });
    expect(errorFields(json(crossed))).toEqual(['quantity_max']);
  });

  it('adding an item identical to a cart item raises that item\'s quantity and answers 200 with it', async () => {
    const items = await cartItems();
    const first = await post(items, { ...VALID, price: '10.00', code: 'SKU1', quantity: 2 });
    expect(first.statusCode).toBe(201);
    const again = await post(items, { ...VALID, price: 10, code: 'SKU1', quantity: 3 });
    expect(again.statusCode).toBe(200);
    expect(again.headers.location).toBeUndefined();
    expect(again.headers['content-location']).toBe(link(json(first), 'self'));
    expect(json(again)).toMatchObject({ quantity: 5, code: 'SKU1' });
    expect(link(json(again), 'self')).toBe(link(json(first), 'self'));
    expect(json(await s.req(items)).total_items).toBe('1');
    for (const different of [{ code: 'SKU2' }, { code: 'SKU1', price: '10.01' }, { code: 'SKU1', shipto: 'Home' }]) {
      expect((await post(items, { ...VALID, ...different })).statusCode, JSON.stringify(different)).toBe(201);
    }
    expect(json(await s.req(items)).total_items).toBe('4');
    expect((await post(await cartItems(), { ...VALID, price: 10, code: 'SKU1' })).statusCode).toBe(201);
  });

  it('a folded quantity respects quantity_max; items with options are never folded', async () => {
    const items = await cartItems();
    await post(items, { ...VALID, code: 'MAX', quantity: 3, quantity_max: 4 });
    expect(json(await post(items, { ...VALID, code: 'MAX', quantity: 3, quantity_max: 4 })).quantity).toBe(4);
    const withOption = json(await post(items, { ...VALID, code: 'OPT' }));
    await s.req(link(withOption, 'svc:item_options'), { method: 'POST', body: { name: 'colour', value: 'red' } });
    expect((await post(items, { ...VALID, code: 'OPT' })).statusCode).toBe(201);
  });

  it('discount_type and discount_details are required once discount_name is set, on PATCH too', async () => {
    const self = link(json(await post(await cartItems(), VALID)), 'self');
    const bad = await patch(self, { discount_name: 'Sale' });
    expect(bad.statusCode).toBe(400);
    expect(errorFields(json(bad))).toEqual(['discount_details', 'discount_type']);
    const ok = await patch(self, { discount_name: 'Sale', discount_type: 'price_amount', discount_details: '2 off' });
    expect(ok.statusCode).toBe(200);
    expect(errorFields(json(await patch(self, { discount_type: null })))).toEqual(['discount_type']);
    expect((await patch(self, { discount_name: null, discount_type: null, discount_details: null })).statusCode).toBe(200);
  });

  it('subscription properties are read only once the item belongs to a subscription', async () => {
    const item = json(await post(await cartItems(), {
      ...VALID, subscription_frequency: '1m', subscription_start_date: '2030-06-01', subscription_next_transaction_date: '2030-07-01',
    }));
    const self = link(item, 'self');
    expect((await patch(self, { subscription_frequency: '2w' })).statusCode).toBe(200);
    const sub = await insertRow(s, 'subscriptions', { start_date: '2030-06-01', frequency: '2w' });
    await updateRow(s, 'items', idOf(self), { subscription_id: sub });
    const refused = await patch(self, { subscription_frequency: '1y', subscription_end_date: '2031-01-01', quantity: 2 });
    expect(refused.statusCode).toBe(400);
    expect(errorFields(json(refused))).toEqual(['subscription_end_date', 'subscription_frequency']);
    expect(json(refused)._embedded['svc:errors'].map((e: { code: string }) => e.code)).toEqual(['read_only', 'read_only']);
    expect((await patch(self, { subscription_frequency: '2w', quantity: 2 })).statusCode).toBe(200);
    // Later, the stored next date is past: sending the representation back unchanged still works.
    s.clock.set(new Date('2030-08-01T00:00:00Z'));
    try {
      const token = await narrowToken(s.t.app, s.chain, 'store_full_access');
      const current = json(await s.req(self, { token }));
      const put = await s.req(self, { method: 'PUT', body: current, token });
      expect(put.statusCode, put.body).toBe(200);
      const omitted = await s.req(self, { method: 'PUT', body: { name: 'Renamed', price: 5 }, token });
      expect(json(omitted)).toMatchObject({
        name: 'Renamed', subscription_frequency: '2w', subscription_start_date: '2030-06-01', subscription_next_transaction_date: '2030-07-01',
      });
    } finally {
      s.clock.set(NOW);
    }
  });

  it('an expired item leaves its cart: gone from the item, the collection and the zoom', async () => {
    const cart = await newCart(s);
    const items = link(cart, 'svc:items');
    const expiring = json(await post(items, { ...VALID, code: 'soon', expires: NOW_UNIX + 60 }));
    await s.req(link(expiring, 'svc:attributes'), { method: 'POST', body: { name: 'gift', value: 'yes' } });
    await post(items, { ...VALID, code: 'stays' });
    expect(json(await s.req(`${link(cart, 'self')}?zoom=items`))._embedded['svc:items']).toHaveLength(2);
    s.clock.advance(120_000);
    try {
      expect(json(await s.req(`${link(cart, 'self')}?zoom=items`))._embedded['svc:items'].map((i: { code: string }) => i.code)).toEqual(['stays']);
      expect((await s.req(link(expiring, 'self'))).statusCode).toBe(404);
      expect((await patch(link(expiring, 'self'), { quantity: 2 })).statusCode).toBe(404);
      expect(json(await s.req(items)).total_items).toBe('1');
      const left = await containerOf(s.t.app).database.db.selectFrom('attributes').select('id')
        .where('parent_type', '=', 'item').where('parent_id', '=', idOf(link(expiring, 'self'))).execute();
      expect(left).toHaveLength(0);
    } finally {
      s.clock.set(NOW);
    }
  });

  it('items of a transaction cannot be modified or deleted (409 naming the rule)', async () => {
    const item = json(await post(await cartItems(), { ...VALID, code: 'sold' }));
    const self = link(item, 'self');
    const txId = await insertRow(s, 'transactions', { status: 'authorized' });
    await updateRow(s, 'items', idOf(self), { transaction_id: txId, cart_id: null });
    for (const [method, body] of [['PATCH', { quantity: 2 }], ['PUT', VALID], ['DELETE', undefined]] as const) {
      const res = await s.req(self, { method, body });
      expect(res.statusCode, method).toBe(409);
      const [err] = json(res)._embedded['svc:errors'];
      expect(err.code).toBe('immutable');
      expect(err.message).toMatch(/items of a transaction cannot be modified/);
    }
    const got = json(await s.req(self));
    expect(got.quantity).toBe(1);
    expect(link(got, 'svc:transaction')).toBe(`http://api.test/transactions/${txId}`);
    const txItems = `http://api.test/transactions/${txId}/items`;
    expect(json(await s.req(txItems)).total_items).toBe('1');
    expect((await post(txItems, VALID)).statusCode).toBe(405);
  });

  it('PATCH, PUT and DELETE of a cart item', async () => {
    const self = link(json(await post(await cartItems(), { ...VALID, code: 'C', quantity: 3, weight: 2 })), 'self');
    expect(json(await patch(self, { name: 'Hoodie' }))).toMatchObject({ name: 'Hoodie', code: 'C', quantity: 3 });
    expect(json(await s.req(self, { method: 'PUT', body: { name: 'Cap', price: 5 } })))
      .toMatchObject({ name: 'Cap', price: 5, code: null, quantity: 1, weight: null });
    expect((await s.req(self, { method: 'DELETE' })).statusCode).toBe(204);
    expect((await s.req(self)).statusCode).toBe(404);
  });
});
