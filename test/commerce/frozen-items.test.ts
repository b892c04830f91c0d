// Frozen means frozen: once an item belongs to a transaction, nothing that hangs off it (options,
// attributes) changes by any path, REST or GraphQL; while a checkout holds a cart, the cart, its
// items and their children do not change either, and a checkout that wrote nothing gives the cart back.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engines, makeApp, type TestApp } from '../helpers/app.js';
import { call, json, link, tokenChain, type Chain } from '../helpers/rest.js';
import { fillCart, openShop, type Shop } from '../helpers/shop.js';
import { gql } from '../graphql/helpers.js';
import { startReceiver, type Receiver } from '../helpers/receiver.js';

describe.each(engines())('frozen items on %s', (engine) => {
  let t: TestApp;
  let chain: Chain;
  let shop: Shop;
  let hook: Receiver;
  beforeAll(async () => {
    t = await makeApp({ engine, config: { outboundAllowPrivate: true, preCheckoutTimeoutMs: 1000 } });
    chain = await tokenChain(t.app);
    shop = await openShop(t.app, chain);
    hook = await startReceiver(() => ({ body: { ok: true } }));
  });
  afterAll(async () => { await hook?.close(); await t?.close(); });

  const token = () => chain.storeToken;
  const req = (href: string, method: 'POST' | 'PATCH' | 'PUT' | 'DELETE', body?: unknown) => call(t.app, href, { method, token: token(), body });
  const code = (res: Awaited<ReturnType<typeof call>>) => json(res)._embedded['svc:errors'][0].code;

  /** A cart item with one option and one attribute, as the cart was filled. */
  async function itemWithChildren() {
    const cart = await fillCart(t.app, chain, shop, [{ name: 'Shirt', price: '20' }]);
    const item = json(await call(t.app, `${link(cart, 'svc:items')}`, { token: token() }))._embedded['svc:items'][0];
    const option = json(await req(link(item, 'svc:item_options'), 'POST', { name: 'size', value: 'M', price_mod: '2' }));
    const attr = await req(link(item, 'svc:attributes'), 'POST', { name: 'engraving', value: 'Ada' });
    expect(attr.statusCode).toBe(201);
    return { cart, item, option, attribute: json(attr) };
  }

  it('refuses every write below a sold item, on REST', async () => {
    const { cart, item, option, attribute } = await itemWithChildren();
    const txn = json(await req(link(cart, 'svc:checkout'), 'POST', {}));
    expect(txn.total_item_price).toBe(22);
    const attempts = [
      await req(link(item, 'svc:item_options'), 'POST', { name: 'colour', value: 'red', price_mod: '-20' }),
      await req(link(option, 'self'), 'PATCH', { price_mod: '-2' }),
      await req(link(option, 'self'), 'PUT', { name: 'size', value: 'XL', price_mod: '0' }),
      await req(link(option, 'self'), 'DELETE'),
      await req(link(item, 'svc:attributes'), 'POST', { name: 'gift', value: 'yes' }),
      await req(link(item, 'svc:attributes'), 'PATCH', [{ name: 'engraving', value: 'Eve' }]),
      await req(link(item, 'svc:attributes'), 'PUT', []),
      await req(link(item, 'svc:attributes'), 'DELETE'),
      await req(link(attribute, 'self'), 'PATCH', { value: 'Eve' }),
      await req(link(attribute, 'self'), 'DELETE'),
      await req(link(item, 'self'), 'PATCH', { price: '1' }),
    ];
    expect(attempts.map((a) => a.statusCode)).toEqual(attempts.map(() => 409));
    expect(attempts.map(code)).toEqual(attempts.map(() => 'immutable'));
    expect(json(await call(t.app, link(option, 'self'), { token: token() }))).toMatchObject({ name: 'size', value: 'M', price_mod: 2 });
    const attrs = json(await call(t.app, link(item, 'svc:attributes'), { token: token() }))._embedded['svc:attributes'];
    expect(attrs.map((a: any) => [a.name, a.value])).toEqual([['engraving', 'Ada']]);
  });

  it('refuses the same on GraphQL', async () => {
    const { cart, item, option, attribute } = await itemWithChildren();
    await req(link(cart, 'svc:checkout'), 'POST', {});
    const id = (b: any) => String(link(b, 'self').split('/').pop());
    const ops: Array<[string, Record<string, unknown>, string]> = [
      ['mutation($id: ID!) { createItemOption(itemId: $id, input: { name: "colour", value: "red" }) { userErrors { code } } }', { id: id(item) }, 'createItemOption'],
      ['mutation($id: ID!) { updateItemOption(id: $id, input: { priceMod: "-2" }) { userErrors { code } } }', { id: id(option) }, 'updateItemOption'],
      ['mutation($id: ID!) { deleteItemOption(id: $id) { userErrors { code } } }', { id: id(option) }, 'deleteItemOption'],
      ['mutation($id: ID!) { createAttribute(itemId: $id, input: { name: "gift", value: "yes" }) { userErrors { code } } }', { id: id(item) }, 'createAttribute'],
      ['mutation($id: ID!) { updateAttribute(id: $id, input: { value: "Eve" }) { userErrors { code } } }', { id: id(attribute) }, 'updateAttribute'],
      ['mutation($id: ID!) { deleteAttribute(id: $id) { userErrors { code } } }', { id: id(attribute) }, 'deleteAttribute'],
    ];
    for (const [query, variables, field] of ops) {
      const r = await gql(t.app, query, { token: token(), variables });
      expect(r.body.data?.[field]?.userErrors, field).toEqual([{ code: 'immutable' }]);
    }
  });

  it('holds the cart still while a checkout is in flight, and gives it back when the checkout writes nothing', async () => {
    const set = json(await req(link(shop.store, 'svc:payment_method_sets'), 'POST', { description: 'Default' }));
    const protection = json(await req(link(shop.store, 'svc:fraud_protections'), 'POST',
      { type: 'custom_precheckout_hook', json: JSON.stringify({ enabled: true, url: hook.url, failure_handling: 'reject' }) }));
    await req(link(set, 'svc:payment_method_set_fraud_protections'), 'POST', { fraud_protection_uri: link(protection, 'self') });
    const { cart, item, option } = await itemWithChildren();
    let arrived!: () => void;
    const inHook = new Promise<void>((resolve) => { arrived = resolve; });
    // The hook never answers: the checkout stays in flight until its timeout.
    hook.respond = () => { arrived(); return 'hang'; };
    const checkout = req(link(cart, 'svc:checkout'), 'POST', {});
    await inHook;
    const during = [
      await req(link(cart, 'svc:items'), 'POST', { name: 'Late', price: '1' }),
      await req(link(item, 'self'), 'PATCH', { quantity: 5 }),
      await req(link(option, 'self'), 'PATCH', { price_mod: '-22' }),
      await req(link(item, 'svc:item_options'), 'POST', { name: 'colour', value: 'red' }),
      await req(link(cart, 'self'), 'PATCH', { shipping_country: 'FR' }),
      await req(link(cart, 'self'), 'DELETE'),
    ];
    expect(during.map((a) => a.statusCode)).toEqual(during.map(() => 409));
    expect(during.map(code)).toEqual(during.map(() => 'immutable'));
    // The hook timed out: failure_handling reject, and the cart priced before the writes above.
    const res = await checkout;
    expect(res.statusCode).toBe(201);
    expect(json(res)).toMatchObject({ status: 'rejected', total_item_price: 22 });

    // A checkout that writes nothing (an empty cart) leaves the cart usable at once.
    hook.respond = () => ({ body: { ok: true } });
    const empty = await fillCart(t.app, chain, shop, []);
    expect((await req(link(empty, 'svc:checkout'), 'POST', {})).statusCode).toBe(400);
    expect((await req(link(empty, 'svc:items'), 'POST', { name: 'Now', price: '3' })).statusCode).toBe(201);
    expect(json(await req(link(empty, 'svc:checkout'), 'POST', {}))).toMatchObject({ status: 'authorized', total_item_price: 3 });
  });
});
