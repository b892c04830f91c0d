// A checkout's events carry its rows exactly as they were stored, on both engines and every way
// through the write: one shipment or several, a subscription set after the rows, a customer's cart
// with both addresses. What a webhook receiver or a subscriber is told must be what a GET answers.
import { describe, expect, it } from 'vitest';
import { containerOf } from '../../src/app.js';
import { decodeRow } from '../../src/data/codec.js';
import { snapshot } from '../../src/events/record.js';
import { engines } from '../helpers/app.js';
import { call, json, link } from '../helpers/rest.js';
import { fillCart, useShop } from '../helpers/shop.js';

const idOf = (body: any) => Number(link(body, 'self').split('/').pop());

describe.each(engines())('a checkout\'s events on %s', (engine) => {
  const world = useShop(engine);

  const db = () => containerOf(world.t.app).database.db;
  const registry = () => containerOf(world.t.app).registry;

  async function checkOut(cart: any): Promise<any> {
    const res = await call(world.t.app, link(cart, 'svc:checkout'), { method: 'POST', token: world.chain.storeToken, body: {} });
    expect(res.statusCode, res.body).toBe(201);
    return json(res);
  }

  /** The checkout's three kinds of event, in the log's order, with the rows they announce as stored now. */
  async function eventsOf(txnId: number, cartId: number) {
    const logs = await db().selectFrom('transaction_logs').selectAll().where('transaction_id', '=', txnId).orderBy('id').execute();
    const events = await db().selectFrom('events').selectAll()
      .where((w) => w.or([
        w.and([w('resource_type', '=', 'transaction'), w('resource_id', '=', txnId)]),
        w.and([w('resource_type', '=', 'transaction_log'), w('resource_id', 'in', logs.length ? logs.map((l) => Number(l.id)) : [-1])]),
        w.and([w('resource_type', '=', 'cart'), w('name', '=', 'cart/deleted'), w('resource_id', '=', cartId)]),
      ])).orderBy('sequence').execute();
    const txn = await db().selectFrom('transactions').selectAll().where('id', '=', txnId).executeTakeFirstOrThrow();
    return { events, txn, logs };
  }

const payloadOf = (e: { payload: unknown }) => (typeof e.payload === 'string' ? JSON.parse(e.payload) : e.payload);

  async function expectRowsAsWritten(body: any, cart: any, logCount: number) {
    const { events, txn, logs } = await eventsOf(idOf(body), idOf(cart));
    expect(logs).toHaveLength(logCount);
    expect(events.map((e) => e.name)).toEqual(['transaction/created', ...logs.map(() => 'transaction_log/created'), 'cart/deleted']);
    // Parsed JSON compared with the stored row's own snapshot: every field, its value and its type.
    expect(payloadOf(events[0])).toStrictEqual(JSON.parse(JSON.stringify(snapshot(registry().resource('transaction'), decodeRow(registry().resource('transaction'), txn as any)))));
    logs.forEach((log, i) => {
      expect(payloadOf(events[1 + i])).toStrictEqual(JSON.parse(JSON.stringify(snapshot(registry().resource('transaction_log'), decodeRow(registry().resource('transaction_log'), log as any)))));
    });
    expect(Number(events.at(-1)!.sequence) - Number(events[0].sequence)).toBe(logCount + 1);
  }

  it('announces the transaction and its log as stored, for a customer\'s cart with both addresses', async () => {
    const { t, chain, shop } = world;
    const token = chain.storeToken;
    const customer = json(await call(t.app, link(shop.store, 'svc:customers'), {
      method: 'POST', token, body: { first_name: 'Ada', last_name: 'Lovelace', email: 'ada@example.com', tax_id: 'T-1' },
    }));
    const cart = await fillCart(t.app, chain, shop, [{ name: 'Lamp', price: '19.99', quantity: 3 }, { name: 'Bulb', price: '0.35', quantity: 7 }], {
      customer_uri: link(customer, 'self'), customer_email: 'ada@example.com',
      billing_first_name: 'Ada', billing_last_name: 'Lovelace', billing_company: 'Engines Ltd', billing_address1: '1 Main St', billing_city: 'London', billing_country: 'GB',
      shipping_first_name: 'Ada', shipping_last_name: 'Lovelace', shipping_address1: '2 Side St', shipping_city: 'Portland', shipping_region: 'OR', shipping_country: 'US', shipping_phone: '+1 555 0100',
    });
    const body = await checkOut(cart);
    await expectRowsAsWritten(body, cart, 1);
  });

  it('announces an anonymous cart\'s transaction as stored', async () => {
    const cart = await fillCart(world.t.app, world.chain, world.shop, [{ name: 'Widget', price: '50', quantity: 1 }], { shipping_country: 'US' });
    await expectRowsAsWritten(await checkOut(cart), cart, 1);
  });

  it('announces a transaction that ships to two addresses (the rows answered first) as stored', async () => {
    const cart = await fillCart(world.t.app, world.chain, world.shop, [
      { name: 'Home', price: '10.00', quantity: 1 }, { name: 'Office', price: '12.00', quantity: 1, shipto: 'office' },
    ]);
    await expectRowsAsWritten(await checkOut(cart), cart, 1);
  });

  it('announces a transaction with a subscription (its id set after the rows) as stored', async () => {
    const cart = await fillCart(world.t.app, world.chain, world.shop, [{ name: 'Monthly box', price: '25.00', quantity: 1, subscription_frequency: '1m' }]);
    const body = await checkOut(cart);
    expect(body.subscription_id ?? link(body, 'svc:subscription')).toBeTruthy();
    await expectRowsAsWritten(body, cart, 1);
  });
});
