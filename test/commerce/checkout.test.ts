// Checkout end to end through REST: taxes from the store's configuration, the pre-checkout hook
// called over real HTTP for every answer it can give, payment, the transaction and its events,
// immutable items, and the payment actions.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engines, makeApp, type TestApp } from '../helpers/app.js';
import { call, errorFields, json, link, tokenChain, type Chain } from '../helpers/rest.js';
import { fillCart, openShop, type Shop } from '../helpers/shop.js';
import { refusedUrl, startReceiver, type Receiver } from '../helpers/receiver.js';

describe.each(engines())('checkout on %s', (engine) => {
  let t: TestApp;
  let chain: Chain;
  let shop: Shop;
  let hook: Receiver;
  beforeAll(async () => {
    t = await makeApp({ engine, config: { outboundAllowPrivate: true, preCheckoutTimeoutMs: 300 } });
    chain = await tokenChain(t.app);
    shop = await openShop(t.app, chain);
    hook = await startReceiver();
  });
  afterAll(async () => { await hook?.close(); await t?.close(); });

  const token = () => chain.storeToken;
  const checkout = async (cart: any, body: Record<string, unknown> = {}) => call(t.app, link(cart, 'svc:checkout'), { method: 'POST', token: token(), body });

  it('turns a cart into an authorized transaction with taxes, logs and events', async () => {
    const cart = await fillCart(t.app, chain, shop);
    const res = await checkout(cart);
    expect(res.statusCode).toBe(201);
    const txn = json(res);
    expect(txn).toMatchObject({ status: 'authorized', total_item_price: 100, total_tax: 10, total_shipping: 0, total_order: 110, shipping_city: 'Portland', customer_email: 'buyer@example.com', is_test: true });
    expect(Object.keys(txn._links)).toEqual(expect.arrayContaining(['svc:capture', 'svc:void', 'svc:items', 'svc:applied_taxes']));
    expect(txn._links['svc:refund']).toBeUndefined();
    const zoomed = json(await call(t.app, `${link(txn, 'self')}?zoom=items,applied_taxes,transaction_logs`, { token: token() }));
    expect(zoomed._embedded['svc:items'].map((i: any) => [i.name, i.quantity])).toEqual([['Widget', 2]]);
    expect(zoomed._embedded['svc:applied_taxes'].map((a: any) => [a.name, a.rate, a.amount])).toEqual([['Sales', 10, 10]]);
    expect(zoomed._embedded['svc:transaction_logs'].map((l: any) => [l.action, l.status])).toEqual([['authorize', 'authorized']]);
    expect((await call(t.app, link(cart, 'self'), { token: token() })).statusCode).toBe(404);
    const events = json(await call(t.app, `${link(shop.store, 'svc:events')}?limit=300`, { token: token() }))._embedded['svc:events'].map((e: any) => e.name);
    expect(events.slice(-3)).toEqual(['transaction/created', 'transaction_log/created', 'cart/deleted']);
    // Items of a transaction are frozen.
    const item = zoomed._embedded['svc:items'][0];
    const change = await call(t.app, link(item, 'self'), { method: 'PATCH', token: token(), body: { quantity: 5 } });
    expect(change.statusCode).toBe(409);
    expect((await call(t.app, link(item, 'self'), { method: 'DELETE', token: token() })).statusCode).toBe(409);
  });

  it('captures, refunds and refuses impossible transitions with 409', async () => {
    const txn = json(await checkout(await fillCart(t.app, chain, shop)));
    const captured = json(await call(t.app, link(txn, 'svc:capture'), { method: 'POST', token: token() }));
    expect(captured.status).toBe('captured');
    expect(captured._links['svc:capture']).toBeUndefined();
    expect((await call(t.app, link(txn, 'svc:void'), { method: 'POST', token: token() })).statusCode).toBe(409);
    const refunded = json(await call(t.app, link(captured, 'svc:refund'), { method: 'POST', token: token() }));
    expect(refunded.status).toBe('refunded');
    const names = json(await call(t.app, `${link(shop.store, 'svc:events')}?limit=300&name:in=transaction/captured,transaction/refunded`, { token: token() }))
      ._embedded['svc:events'].filter((e: any) => e.resource_id === Number(link(txn, 'self').split('/').pop())).map((e: any) => e.name);
    expect(names).toEqual(['transaction/captured', 'transaction/refunded']);
  });

  it('declines with the test gateway token and refuses an empty cart', async () => {
    expect(json(await checkout(await fillCart(t.app, chain, shop), { payment_token: 'tok_decline' })).status).toBe('declined');
    const empty = await fillCart(t.app, chain, shop, []);
    const res = await checkout(empty);
    expect(res.statusCode).toBe(400);
    expect(json(res)._embedded['svc:errors'][0].code).toBe('empty_cart');
  });

  it('hides carts of other stores', async () => {
    const cart = await fillCart(t.app, chain, shop);
    const other = await tokenChain(t.app);
    expect((await call(t.app, link(cart, 'svc:checkout'), { method: 'POST', token: other.storeToken })).statusCode).toBe(404);
  });

  describe('pre-checkout hook', () => {
    let protection: any;
    beforeAll(async () => {
      const set = json(await call(t.app, link(shop.store, 'svc:payment_method_sets'), { method: 'POST', token: token(), body: { description: 'Default' } }));
      protection = json(await call(t.app, link(shop.store, 'svc:fraud_protections'), {
        method: 'POST', token: token(),
        body: { type: 'custom_precheckout_hook', json: JSON.stringify({ enabled: true, url: hook.url, failure_handling: 'reject' }) },
      }));
      const enabled = await call(t.app, link(set, 'svc:payment_method_set_fraud_protections'), { method: 'POST', token: token(), body: { fraud_protection_uri: link(protection, 'self') } });
      expect(enabled.statusCode).toBe(201);
    });

    const configure = async (url: string, failure: 'reject' | 'approve') => {
      const res = await call(t.app, link(protection, 'self'), { method: 'PATCH', token: token(), body: { json: JSON.stringify({ enabled: true, url, failure_handling: failure }) } });
      expect(res.statusCode).toBe(200);
    };

    const CASES: Array<[string, Receiver['respond'] | 'refused', 'reject' | 'approve', string]> = [
      ['ok with reject', () => ({ body: { ok: true } }), 'reject', 'authorized'],
      ['ok with approve', () => ({ body: { ok: true } }), 'approve', 'authorized'],
      ['not ok with reject', () => ({ body: { ok: false, details: 'blocked card' } }), 'reject', 'rejected'],
      ['not ok with approve', () => ({ body: { ok: false, details: 'blocked card' } }), 'approve', 'rejected'],
      ['not ok, review', () => ({ body: { ok: false, review: true } }), 'reject', 'pending_fraud_review'],
      ['500 with reject', () => ({ status: 500, body: 'boom' }), 'reject', 'rejected'],
      ['500 with approve', () => ({ status: 500, body: 'boom' }), 'approve', 'authorized'],
      ['timeout with reject', () => ({ body: { ok: true }, delayMs: 1500 }), 'reject', 'rejected'],
      ['timeout with approve', () => ({ body: { ok: true }, delayMs: 1500 }), 'approve', 'authorized'],
      ['connection refused with reject', 'refused', 'reject', 'rejected'],
      ['connection refused with approve', 'refused', 'approve', 'authorized'],
      ['not JSON with reject', () => ({ body: '<html>' }), 'reject', 'rejected'],
    ];

    it.each(CASES)('%s', async (_name, behaviour, failure, status) => {
      const url = behaviour === 'refused' ? await refusedUrl() : hook.url;
      if (behaviour !== 'refused') hook.respond = behaviour;
      await configure(url, failure);
      const before = hook.received.length;
      const started = Date.now();
      const res = await checkout(await fillCart(t.app, chain, shop));
      expect(res.statusCode).toBe(201);
      expect(json(res).status).toBe(status);
      expect(Date.now() - started).toBeLessThan(5000);
      if (behaviour !== 'refused') {
        expect(hook.received.length).toBe(before + 1);
        const sent = JSON.parse(hook.received.at(-1)!.body);
        expect(sent.checkout).toMatchObject({ totalOrder: '110.00', shippingCountry: 'US', items: [{ name: 'Widget', quantity: 2 }] });
      }
      const logs = json(await call(t.app, `${link(json(res), 'self')}/transaction_logs`, { token: token() }))._embedded['svc:transaction_logs'];
      expect(logs[0].action).toBe('fraud_check');
    });

    it('validates the hook configuration', async () => {
      const bad = await call(t.app, link(protection, 'self'), { method: 'PATCH', token: token(), body: { json: JSON.stringify({ enabled: true, failure_handling: 'maybe' }) } });
      expect(bad.statusCode).toBe(400);
      expect(errorFields(json(bad)).length).toBeGreaterThan(0);
    });
  });
});
