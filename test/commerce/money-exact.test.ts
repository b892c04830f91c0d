// Every amount exact and never negative: a rate a double cannot hold stays exact from the JSON body
// to storage and out through GraphQL; negative prices and lines are refused; a tax leaving
// custom_tax_endpoint needs a rate again; shipments per shipto with their own shipping and taxes;
// a checkout with two subscription items links both.
import { containerOf } from '../../src/app.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engines, makeApp, type TestApp } from '../helpers/app.js';
import { call, errorFields, json, link, tokenChain, type Chain } from '../helpers/rest.js';
import { fillCart, openShop, type Shop } from '../helpers/shop.js';
import { gqlData } from '../graphql/helpers.js';

describe.each(engines())('exact money on %s', (engine) => {
  let t: TestApp;
  let chain: Chain;
  let shop: Shop;
  beforeAll(async () => {
    t = await makeApp({ engine });
    chain = await tokenChain(t.app);
    shop = await openShop(t.app, chain);
  });
  afterAll(async () => t?.close());

  const token = () => chain.storeToken;
  const idOf = (body: any) => Number(link(body, 'self').split('/').pop());
  const get = async (href: string, as = token()) => json(await call(t.app, href, { token: as }));

  it('keeps a rate of 9007199254740993 exact from a JSON body to storage and GraphQL', async () => {
    for (const rate of ['9007199254740993', '123456789.123456789012', '0.100000000001']) {
      const res = await call(t.app, link(shop.store, 'svc:taxes'), { method: 'POST', token: token(), body: `{"name":"Big","type":"global","rate":${rate}}` });
      expect(res.statusCode, res.body).toBe(201);
      const id = idOf(json(res));
      const stored = await containerOf(t.app).database.db.selectFrom('taxes').select('rate').where('id', '=', id).executeTakeFirstOrThrow();
      expect(String(stored.rate)).toBe(rate.replace(/0+$/, ''));
      const data = await gqlData(t.app, `{ tax(id: "${id}") { rate } }`, { token: token() });
      expect(data.tax.rate).toBe(rate.replace(/0+$/, ''));
      await call(t.app, `/taxes/${id}`, { method: 'DELETE', token: token() });
    }
  });

  it('keeps it exact in GraphQL variables too', async () => {
    const query = 'mutation($input: TaxInput!) { createTax(input: $input) { tax { rate } userErrors { field } } }';
    const res = await t.app.inject({
      method: 'POST', url: '/graphql', headers: { 'content-type': 'application/json', authorization: `Bearer ${token()}` },
      payload: `{"query":${JSON.stringify(query)},"variables":{"input":{"name":"Big","type":"GLOBAL","rate":9007199254740993}}}`,
    });
    expect(JSON.parse(res.body).data.createTax).toEqual({ tax: { rate: '9007199254740993' }, userErrors: [] });
  });

  it('refuses negative prices and lines that options take below zero', async () => {
    const cart = await fillCart(t.app, chain, shop, []);
    const neg = await call(t.app, link(cart, 'svc:items'), { method: 'POST', token: token(), body: { name: 'Refund me', price: '-10' } });
    expect(neg.statusCode).toBe(400);
    expect(errorFields(json(neg))).toEqual(['price']);
    const item = json(await call(t.app, link(cart, 'svc:items'), { method: 'POST', token: token(), body: { name: 'Hat', price: '20', item_category_uri: shop.categoryHref } }));
    const option = json(await call(t.app, link(item, 'svc:item_options'), { method: 'POST', token: token(), body: { name: 'promo', value: 'x', price_mod: '-30' } }));
    const res = await call(t.app, link(cart, 'svc:checkout'), { method: 'POST', token: token(), body: {} });
    expect(res.statusCode).toBe(400);
    expect(json(res)._embedded['svc:errors'][0].code).toBe('negative_amount');
    // Nothing was written and the cart is free again: fix the option and check out.
    expect((await call(t.app, link(option, 'self'), { method: 'PATCH', token: token(), body: { price_mod: '-5' } })).statusCode).toBe(200);
    expect(json(await call(t.app, link(cart, 'svc:checkout'), { method: 'POST', token: token(), body: {} }))).toMatchObject({ total_item_price: 15, total_tax: 1.5, total_order: 16.5 });
  });

  it('asks for a rate again when a custom_tax_endpoint tax becomes a country tax', async () => {
    const tax = json(await call(t.app, link(shop.store, 'svc:taxes'), { method: 'POST', token: token(), body: { name: 'Endpoint', type: 'custom_tax_endpoint' } }));
    expect(tax.rate).toBe(0);
    const bad = await call(t.app, link(tax, 'self'), { method: 'PATCH', token: token(), body: { type: 'country', country: 'DE' } });
    expect(bad.statusCode).toBe(400);
    expect(errorFields(json(bad))).toEqual(['rate']);
    const good = await call(t.app, link(tax, 'self'), { method: 'PATCH', token: token(), body: { type: 'country', country: 'DE', rate: 19 } });
    expect(good.statusCode).toBe(200);
    expect(json(good)).toMatchObject({ type: 'country', rate: 19 });
    await call(t.app, link(tax, 'self'), { method: 'DELETE', token: token() });
  });

  it('creates one shipment per shipto plus the default one, each with its shipping and taxes', async () => {
    const t2 = await tokenChain(t.app);
    const store = await get(t2.storeHref, t2.storeToken);
    const cat = json(await call(t.app, link(store, 'svc:item_categories'), { method: 'POST', token: t2.storeToken, body: { code: 'FLAT', name: 'Flat', item_delivery_type: 'flat_rate', shipping_flat_rate: '4.50' } }));
    const tax = json(await call(t.app, link(store, 'svc:taxes'), { method: 'POST', token: t2.storeToken, body: { name: 'VAT', type: 'global', rate: '10', apply_to_shipping: true } }));
    await call(t.app, link(tax, 'svc:tax_item_categories'), { method: 'POST', token: t2.storeToken, body: { tax_uri: link(tax, 'self'), item_category_uri: link(cat, 'self') } });
    const own: Shop = { store, categoryHref: link(cat, 'self') };
    const cart = await fillCart(t.app, t2, own, [
      { name: 'A', price: '10', quantity: 2, shipto: 'Mum' }, { name: 'B', price: '5', shipto: 'Office' },
      { name: 'C', price: '1.05' }, { name: 'D', price: '3', shipto: 'Mum' },
    ], { shipping_country: 'US', shipping_city: 'Portland', shipping_address1: '1 Main St' });
    const txn = json(await call(t.app, link(cart, 'svc:checkout'), { method: 'POST', token: t2.storeToken, body: {} }));
    // Items 29.05, shipping 5 × 4.50 = 22.50, tax 10% of 51.55 = 5.155 → 5.16.
    expect(txn).toMatchObject({ total_item_price: 29.05, total_shipping: 22.5, total_tax: 5.16, total_order: 56.71 });
    const items = (await get(`${link(txn, 'svc:items')}?order=id`, t2.storeToken))._embedded['svc:items'];
    const shipments = new Map<string, any>();
    for (const item of items) {
      const s = await get(link(item, 'svc:shipment'), t2.storeToken);
      shipments.set(s.address_name, s);
    }
    expect([...shipments.keys()].sort()).toEqual(['', 'Mum', 'Office']);
    expect(shipments.get('Mum')).toMatchObject({ total_item_price: 23, total_shipping: 13.5, total_tax: 3.65, total_price: 40.15, address1: '1 Main St' });
    expect(shipments.get('Office')).toMatchObject({ total_item_price: 5, total_shipping: 4.5, total_tax: 0.95, total_price: 10.45 });
    expect(shipments.get('')).toMatchObject({ total_item_price: 1.05, total_shipping: 4.5, total_tax: 0.56, total_price: 6.11 });
    const applied = (await get(link(txn, 'svc:applied_taxes'), t2.storeToken))._embedded['svc:applied_taxes'];
    expect(applied.map((a: any) => [a.shipto ?? '', a.amount]).sort()).toEqual([['', 0.555], ['Mum', 3.65], ['Office', 0.95]]);
  });

  it('links every subscription a checkout starts', async () => {
    const cart = await fillCart(t.app, chain, shop, [
      { name: 'Coffee', price: '12', subscription_frequency: '1m' }, { name: 'Tea', price: '8', subscription_frequency: '2w' },
    ]);
    const txn = json(await call(t.app, link(cart, 'svc:checkout'), { method: 'POST', token: token(), body: {} }));
    const subs = (await get(`${link(txn, 'svc:subscriptions')}?order=id`))._embedded['svc:subscriptions'];
    expect(subs.map((s: any) => s.frequency)).toEqual(['1m', '2w']);
    expect(subs.map((s: any) => link(s, 'self'))).toContain(link(txn, 'svc:subscription'));
    const data = await gqlData(t.app, `{ transaction(id: "${idOf(txn)}") { subscriptions { totalCount nodes { frequency } } } }`, { token: token() });
    expect(data.transaction.subscriptions.totalCount).toBe(2);
  });
});
