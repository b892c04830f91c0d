// A create under a parent (an item into a cart) looks its references up (item_category_uri) in the
// statement that reads the parent inside the write's transaction, so a reference costs no statement
// of its own; what the caller is told stays as before: 404 for a parent that is not theirs first,
// then every invalid field at once, a reference of another store among them.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { containerOf } from '../../../src/app.js';
import { engines, makeApp, type TestApp } from '../../helpers/app.js';
import { call, errorFields, json, link, tokenChain, type Chain } from '../../helpers/rest.js';
import { fillCart, openShop, type Shop } from '../../helpers/shop.js';

describe.each(engines())('references of a create under a parent (%s)', (engine) => {
  let t: TestApp;
  let chain: Chain;
  let shop: Shop;
  let itemsHref: string;
  let foreignCategory: string;
  let foreignItems: string;

  beforeAll(async () => {
    t = await makeApp({ engine });
    chain = await tokenChain(t.app);
    shop = await openShop(t.app, chain);
    itemsHref = link(await fillCart(t.app, chain, shop, []), 'svc:items');
    const other = await tokenChain(t.app);
    const theirs = await openShop(t.app, other);
    foreignCategory = theirs.categoryHref;
    foreignItems = link(await fillCart(t.app, other, theirs, []), 'svc:items');
  });
  afterAll(async () => t?.close());

  const post = (url: string, body: Record<string, unknown>) => call(t.app, url, { method: 'POST', token: chain.storeToken, body });

  /** Statements the database ran for one request. */
  async function statementsOf(run: () => Promise<unknown>): Promise<number> {
    const stats = containerOf(t.app).database.stats;
    const before = stats.statements;
    await run();
    return stats.statements - before;
  }

  it('costs no statement for a reference', async () => {
    // Warm-up: first-use work (compiling templates) must not count.
    await post(itemsHref, { name: 'warm', price: '1' });
    await post(itemsHref, { name: 'warm2', price: '1', item_category_uri: shop.categoryHref });
    let created: any;
    const without = await statementsOf(async () => { created = json(await post(itemsHref, { name: 'plain', price: '2' })); });
    const withRef = await statementsOf(async () => { created = json(await post(itemsHref, { name: 'sorted', price: '2', item_category_uri: shop.categoryHref })); });
    expect(withRef).toBe(without);
    expect(created.item_category_uri).toBe(shop.categoryHref);
  });

  it('refuses a reference to another store\'s row', async () => {
    const res = await post(itemsHref, { name: 'X', price: '1', item_category_uri: foreignCategory });
    expect(res.statusCode).toBe(400);
    expect(json(res)._embedded['svc:errors']).toMatchObject([{ field: 'item_category_uri', code: 'invalid_reference' }]);
  });

  it('lists an invalid reference with every other invalid field', async () => {
    const res = await post(itemsHref, { name: 'X', price: 'not a price', quantity_min: 5, quantity_max: 2, item_category_uri: foreignCategory });
    expect(res.statusCode).toBe(400);
    expect(errorFields(json(res))).toEqual(['item_category_uri', 'price', 'quantity_max']);
  });

  it('answers 404 for a parent that is not the caller\'s before looking at its references', async () => {
    const res = await post(foreignItems, { name: 'X', price: '1', item_category_uri: foreignCategory });
    expect(res.statusCode).toBe(404);
    const invalid = await post(foreignItems, { name: 'X', price: 'nope', item_category_uri: foreignCategory });
    expect(invalid.statusCode).toBe(404);
  });

  it('writes nothing when a reference is refused', async () => {
    const before = json(await call(t.app, itemsHref, { token: chain.storeToken })).total_items;
    await post(itemsHref, { name: 'refused', price: '1', item_category_uri: foreignCategory });
    const after = json(await call(t.app, itemsHref, { token: chain.storeToken })).total_items;
    expect(after).toBe(before);
  });
});
