// Gift card provisioning: buying an item whose code is the sku of an autoprovisioning gift card of
// the store creates one code per unit, holding the unit price, linked from the item
// (svc:provisioned_gift_card_code) on REST and GraphQL; nothing else provisions, and no other store sees them.
import { containerOf } from '../../src/app.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engines, makeApp, type TestApp } from '../helpers/app.js';
import { call, json, link, tokenChain, type Chain } from '../helpers/rest.js';
import { fillCart, openShop, type Shop } from '../helpers/shop.js';
import { gqlData, narrowToken } from '../graphql/helpers.js';

describe.each(engines())('gift card provisioning on %s', (engine) => {
  let t: TestApp;
  let chain: Chain;
  let shop: Shop;
  beforeAll(async () => {
    t = await makeApp({ engine });
    chain = await tokenChain(t.app);
    shop = await openShop(t.app, chain);
  });
  afterAll(async () => { await t?.close(); });

  const token = () => chain.storeToken;
  const get = (href: string, tok = token()) => call(t.app, href, { token: tok });
  const giftCard = async (body: Record<string, unknown>) => {
    const res = await call(t.app, link(shop.store, 'svc:gift_cards'), { method: 'POST', token: token(), body });
    expect(res.statusCode).toBe(201);
    return json(res);
  };
  /** Checks out a cart of one item, and returns the transaction and the item as sold. */
  async function buy(item: Record<string, unknown>, body: Record<string, unknown> = {}) {
    const cart = await fillCart(t.app, chain, shop, [item]);
    const txn = json(await call(t.app, link(cart, 'svc:checkout'), { method: 'POST', token: token(), body }));
    const items = json(await get(link(txn, 'svc:items')))._embedded['svc:items'];
    return { txn, item: items[0] };
  }
  const codesOf = async (item: any) => json(await get(link(item, 'svc:gift_card_codes')))._embedded['svc:gift_card_codes'];

  it('refuses a line that would provision more codes than a checkout may write, and charges nothing', async () => {
    await giftCard({ name: 'Gift bulk', sku: 'GIFT-BULK', allow_autoprovisioning: true });
    const cart = await fillCart(t.app, chain, shop, [{ name: 'Many gift cards', code: 'GIFT-BULK', price: '5', quantity: 101 }]);
    const res = await call(t.app, link(cart, 'svc:checkout'), { method: 'POST', token: token(), body: {} });
    expect(res.statusCode).toBe(400);
    expect(json(res)._embedded['svc:errors'][0]).toMatchObject({ field: 'quantity', code: 'too_many_gift_cards' });
    const db = containerOf(t.app).database.db;
    const cartId = Number(link(cart, 'self').split('/').pop());
    expect(await db.selectFrom('transactions').select('id').where('cart_id', '=', cartId).execute()).toEqual([]);
    const items = await db.selectFrom('items').select('id').where('name', '=', 'Many gift cards').execute();
    expect(await db.selectFrom('gift_card_codes').select('id').where('item_id', 'in', items.map((i) => i.id)).execute()).toEqual([]);
  });

  it('provisions one code per unit with the unit price, linked from the item on REST and GraphQL', async () => {
    const card = await giftCard({ name: 'Gift 25', sku: 'GIFT-25', allow_autoprovisioning: true });
    expect(card).toMatchObject({ name: 'Gift 25', sku: 'GIFT-25', allow_autoprovisioning: true });
    const { txn, item } = await buy({ name: 'Gift card', code: 'GIFT-25', price: '25.10', quantity: 2 });
    expect(txn.status).toBe('authorized');
    const codes = await codesOf(item);
    expect(codes).toHaveLength(2);
    for (const c of codes) {
      expect(c.current_balance).toBe(25.1);
      expect(c.code).toMatch(/^[2-9A-HJKMNP-Z]{20}$/);
      expect(link(c, 'svc:gift_card')).toBe(link(card, 'self'));
      expect(link(c, 'svc:item')).toBe(link(item, 'self'));
    }
    expect(codes[0].code).not.toBe(codes[1].code);
    expect(link(item, 'svc:provisioned_gift_card_code')).toBe(link(codes[0], 'self'));
    const fromCard = json(await get(link(card, 'svc:gift_card_codes')))._embedded['svc:gift_card_codes'];
    expect(fromCard.map((c: any) => c.code).sort()).toEqual(codes.map((c: any) => c.code).sort());

    const id = link(item, 'self').split('/').pop();
    const data = await gqlData(t.app, 'query($id: ID!) { item(id: $id) { provisionedGiftCardCode { code currentBalance giftCard { sku } } } }',
      { token: token(), variables: { id } });
    expect(data.item.provisionedGiftCardCode).toEqual({ code: codes[0].code, currentBalance: '25.1', giftCard: { sku: 'GIFT-25' } });
  });

  it('provisions nothing for a declined checkout, a card without autoprovisioning, or an ordinary item', async () => {
    await giftCard({ name: 'Gift 10', sku: 'GIFT-10', allow_autoprovisioning: true });
    await giftCard({ name: 'Manual', sku: 'GIFT-MANUAL' });
    const declined = await buy({ name: 'Gift card', code: 'GIFT-10', price: '10' }, { payment_token: 'tok_decline' });
    expect(declined.txn.status).toBe('declined');
    const manual = await buy({ name: 'Gift card', code: 'GIFT-MANUAL', price: '10' });
    expect(manual.txn.status).toBe('authorized');
    const plain = await buy({ name: 'Shirt', code: 'SHIRT', price: '10' });
    for (const { item } of [declined, manual, plain]) {
      expect(await codesOf(item)).toEqual([]);
      expect(item._links['svc:provisioned_gift_card_code']).toBeUndefined();
    }
  });

  it('keeps gift cards and their codes from other stores, and refuses a duplicate sku', async () => {
    const card = await giftCard({ name: 'Gift 5', sku: 'GIFT-5', allow_autoprovisioning: true });
    const { item } = await buy({ name: 'Gift card', code: 'GIFT-5', price: '5' });
    const code = link(item, 'svc:provisioned_gift_card_code');
    const other = await tokenChain(t.app);
    for (const href of [code, link(card, 'self'), link(card, 'svc:gift_card_codes'), link(item, 'self')]) {
      expect((await get(href, other.storeToken)).statusCode, href).toBe(404);
    }
    const codeId = code.split('/').pop();
    const data = await gqlData(t.app, 'query($id: ID!) { giftCardCode(id: $id) { code } }', { token: other.storeToken, variables: { id: codeId } });
    expect(data.giftCardCode).toBeNull();
    const dup = await call(t.app, link(shop.store, 'svc:gift_cards'), { method: 'POST', token: token(), body: { name: 'Again', sku: 'GIFT-5' } });
    expect(dup.statusCode).toBe(409);
    const bad = await call(t.app, link(shop.store, 'svc:gift_cards'), { method: 'POST', token: token(), body: { name: 'x'.repeat(51) } });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('sku');
    // Store configuration without an area scope: an area-scoped token of the same store is refused.
    const narrow = await narrowToken(t.app, chain, 'tax_settings_write');
    expect((await get(link(card, 'self'), narrow)).statusCode).toBe(403);
  });

  it('does not freeze provisioned codes with the sold item: their balance is spent after the sale', async () => {
    await giftCard({ name: 'Gift 30', sku: 'GIFT-30', allow_autoprovisioning: true });
    const { item } = await buy({ name: 'Gift card', code: 'GIFT-30', price: '30' });
    const code = link(item, 'svc:provisioned_gift_card_code');
    const spent = await call(t.app, code, { method: 'PATCH', token: token(), body: { current_balance: '12.5' } });
    expect(spent.statusCode).toBe(200);
    expect(json(spent).current_balance).toBe(12.5);
    expect((await call(t.app, link(item, 'self'), { method: 'PATCH', token: token(), body: { price: '1' } })).statusCode).toBe(409);
  });
});
