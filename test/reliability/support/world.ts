// A store with one real row of as many resources as the REST facade can create, plus (on SQLite)
// a seeded row of every other resource, so every generated route has a real id to aim at.
import { containerOf } from '../../../src/app.js';
import type { FastifyInstance } from 'fastify';
import { makeApp, type Engine, type TestApp } from '../../helpers/app.js';
import { call, json, link, tokenChain, type Chain } from '../../helpers/rest.js';
import { fillCart, openShop } from '../../helpers/shop.js';
import { seedEveryResource } from '../../auth/fixtures.js';
import type { Config } from '../../../src/config.js';

export interface World {
  t: TestApp;
  app: FastifyInstance;
  chain: Chain;
  /** A stored row id per resource name (missing: none could be made on this engine). */
  ids: Map<string, number>;
  close(): Promise<void>;
}

const idOf = (href: string) => Number(href.split('?')[0].split('/').pop());

async function created(app: FastifyInstance, token: string, url: string, body: Record<string, unknown>, what: string): Promise<any> {
  const res = await call(app, url, { method: 'POST', token, body });
  if (res.statusCode !== 201 && res.statusCode !== 200) throw new Error(`${what}: ${res.statusCode} ${res.body}`);
  return json(res);
}

export async function openWorld(engine: Engine, config: Partial<Config> = {}): Promise<World> {
  const t = await makeApp({ engine, config: { rateLimitMax: 1_000_000, rateLimitCredentialsMax: 1_000_000, ...config } });
  const app = t.app;
  const chain = await tokenChain(app);
  const token = chain.storeToken;
  const shop = await openShop(app, chain);
  const store = shop.store;
  const ids = new Map<string, number>([['store', idOf(chain.storeHref)], ['user', idOf(chain.userHref)], ['item_category', idOf(shop.categoryHref)]]);
  const client = await containerOf(app).database.db.selectFrom('clients').select('id').where('client_id', '=', chain.clientId).executeTakeFirstOrThrow();
  ids.set('client', Number(client.id));
  const tax = json(await call(app, `${link(store, 'svc:taxes')}?limit=1`, { token }))._embedded['svc:taxes'][0];
  ids.set('tax', idOf(link(tax, 'self')));
  const webhook = await created(app, token, link(store, 'svc:webhooks'), {
    name: 'fuzz', format: 'json', encryption_key: 'k'.repeat(32), url: 'https://hooks.example/x', event_resource: 'customer',
  }, 'webhook');
  ids.set('webhook', idOf(link(webhook, 'self')));
  const protection = await created(app, token, link(store, 'svc:fraud_protections'), { type: 'vendor_minfraud', score_threshold_reject: 90 }, 'fraud protection');
  ids.set('fraud_protection', idOf(link(protection, 'self')));
  const set = await created(app, token, link(store, 'svc:payment_method_sets'), { description: 'Fuzz' }, 'payment method set');
  ids.set('payment_method_set', idOf(link(set, 'self')));
  const customer = await created(app, token, link(store, 'svc:customers'), { email: 'fuzz@example.com' }, 'customer');
  ids.set('customer', idOf(link(customer, 'self')));
  // One cart is checked out (a transaction with its logs, taxes and shipment); one stays a cart.
  const paid = await fillCart(app, chain, shop);
  const txn = await created(app, token, link(paid, 'svc:checkout'), {}, 'checkout');
  ids.set('transaction', idOf(link(txn, 'self')));
  const cart = await fillCart(app, chain, shop);
  ids.set('cart', idOf(link(cart, 'self')));
  const item = json(await call(app, link(cart, 'svc:items'), { token }))._embedded['svc:items'][0];
  ids.set('item', idOf(link(item, 'self')));
  const option = await created(app, token, link(item, 'svc:item_options'), { name: 'color', value: 'red' }, 'item option');
  ids.set('item_option', idOf(link(option, 'self')));
  const attribute = await created(app, token, link(item, 'svc:attributes'), { name: 'gift', value: 'yes' }, 'attribute');
  ids.set('attribute', idOf(link(attribute, 'self')));
  if (engine === 'sqlite') {
    // Rows nothing above made (statuses, logs, snapshots...), written straight into the tables.
    for (const [name, id] of await seedEveryResource(app, Object.fromEntries(ids))) ids.set(name, id);
  }
  return { t, app, chain, ids, close: () => t.close() };
}
