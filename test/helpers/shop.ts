// Builds a small shop through the REST facade: a category with a tax, a cart with an address and
// items, for checkout and event tests.
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import { makeApp, type Engine, type MakeAppOptions, type TestApp } from './app.js';
import { call, json, link, tokenChain, type Chain } from './rest.js';

export interface Shop {
  store: any;
  categoryHref: string;
}

export async function openShop(app: FastifyInstance, chain: Chain, tax: Record<string, unknown> = { name: 'Sales', type: 'country', country: 'US', rate: 10 }): Promise<Shop> {
  const token = chain.storeToken;
  const store = json(await call(app, chain.storeHref, { token }));
  const cat = json(await call(app, link(store, 'svc:item_categories'), { method: 'POST', token, body: { code: `C${Date.now()}${Math.random().toString(36).slice(2, 6)}`, name: 'Goods' } }));
  const created = json(await call(app, link(store, 'svc:taxes'), { method: 'POST', token, body: tax }));
  await call(app, link(created, 'svc:tax_item_categories'), { method: 'POST', token, body: { tax_uri: link(created, 'self'), item_category_uri: link(cat, 'self') } });
  return { store, categoryHref: link(cat, 'self') };
}

export async function fillCart(app: FastifyInstance, chain: Chain, shop: Shop, items: Array<Record<string, unknown>> = [{ name: 'Widget', price: '50', quantity: 2 }],
  address: Record<string, unknown> = { shipping_country: 'US', shipping_region: 'OR', shipping_city: 'Portland', customer_email: 'buyer@example.com' }): Promise<any> {
  const token = chain.storeToken;
  const res = await call(app, link(shop.store, 'svc:carts'), { method: 'POST', token, body: address });
  if (res.statusCode !== 201) throw new Error(`cart: ${res.statusCode} ${res.body}`);
  const cart = json(res);
  for (const item of items) {
    const r = await call(app, link(cart, 'svc:items'), { method: 'POST', token, body: { item_category_uri: shop.categoryHref, ...item } });
    if (r.statusCode !== 201 && r.statusCode !== 200) throw new Error(`item: ${r.statusCode} ${r.body}`);
  }
  return cart;
}

/** A test file's shop on its own app: made before the file's tests, closed after them. */
export interface ShopWorld {
  t: TestApp;
  chain: Chain;
  shop: Shop;
}

/**
 * Registers the file's beforeAll/afterAll for an app on `engine` (with `config`), a token chain and
 * a shop; the returned object is filled in once they ran.
 */
export function useShop(engine: Engine, config: MakeAppOptions['config'] = {}): ShopWorld {
  const world = {} as ShopWorld;
  beforeAll(async () => {
    world.t = await makeApp({ engine, config });
    world.chain = await tokenChain(world.t.app);
    world.shop = await openShop(world.t.app, world.chain);
  });
  afterAll(async () => world.t?.close());
  return world;
}
