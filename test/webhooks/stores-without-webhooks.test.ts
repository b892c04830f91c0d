// The events of a store without webhooks are written already dispatched (stores.webhook_count,
// migration 016; src/events/log.ts), so its writes cost the dispatcher no transaction. The count
// is taken under the store row's lock that numbers the events: an event is either for the
// webhooks that existed when it committed or, if none did, for nobody. PostgreSQL also with
// parallel writes racing the webhook's creation. Their signals after commit say they left the
// dispatcher nothing, so it does not even look (no pass of its two reads).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { containerOf } from '../../src/app.js';
import { engines } from '../helpers/app.js';
import { call, json, link } from '../helpers/rest.js';
import { fillCart, openShop } from '../helpers/shop.js';
import { startReceiver, type Receiver } from '../helpers/receiver.js';
import { createCustomer, idOf, KEY, makeWorld, openDelivery, type World } from './world.js';

describe.each(engines())('stores without webhooks on %s', (engine) => {
  let w: World;
  let rx: Receiver;
  beforeAll(async () => {
    w = await makeWorld(engine);
    rx = await startReceiver();
  });
  afterAll(async () => { await rx?.close(); await w?.close(); });

  const db = () => containerOf(w.app).database.db;
  const storeId = () => idOf(w.chain.storeHref);
  const undispatched = async () => Number((await db().selectFrom('events').select((eb) => eb.fn.countAll().as('n'))
    .where('store_id', '=', storeId()).where('dispatched_at', 'is', null).executeTakeFirstOrThrow()).n);
  const webhookCount = async () => Number((await db().selectFrom('stores').select('webhook_count').where('id', '=', storeId()).executeTakeFirstOrThrow()).webhook_count);

  it('leaves the dispatcher nothing to do for its writes, and delivers what commits once a webhook exists', async () => {
    await w.run();
    const batches = w.app.dispatcher!.stats.batches;
    const signals = w.app.dispatcher!.stats.signals;
    for (let i = 0; i < 5; i++) await createCustomer(w, `before${i}@example.com`);
    expect(await undispatched()).toBe(0);
    expect(w.app.dispatcher!.stats.signals).toBe(signals);
    // Waits for every pass the writes' signals started: none opened a transaction (nothing to
    // queue, record or claim).
    await w.run();
    expect(w.app.dispatcher!.stats.batches).toBe(batches);

    const hook = await w.createWebhook({ url: `${rx.url}/customers` });
    expect(await webhookCount()).toBe(1);
    const signalled = w.app.dispatcher!.stats.signals;
    await createCustomer(w, 'after@example.com');
    // Its event is the webhook's: the write's signal takes the dispatcher to it.
    expect(w.app.dispatcher!.stats.signals).toBe(signalled + 1);
    await w.run();
    const got = await Promise.all(rx.received.splice(0).map((r) => openDelivery(r, KEY)));
    // Only the customer created after the webhook: the five before it were for nobody.
    expect(got.map((o) => [o.event, o.payload.email])).toEqual([['customer/created', 'after@example.com']]);

    // Deleting the webhook takes its store back to no dispatching at all.
    expect((await call(w.app, link(hook, 'self'), { method: 'DELETE', token: w.chain.storeToken })).statusCode).toBe(204);
    expect(await webhookCount()).toBe(0);
    await w.run();
    const after = w.app.dispatcher!.stats.batches;
    const quiet = w.app.dispatcher!.stats.signals;
    await createCustomer(w, 'gone@example.com');
    expect(await undispatched()).toBe(0);
    expect(w.app.dispatcher!.stats.signals).toBe(quiet);
    await w.run();
    expect(w.app.dispatcher!.stats.batches).toBe(after);
    expect(rx.received).toHaveLength(0);
  });

  it('signals the dispatcher after a checkout only when a webhook can take its events', async () => {
    const shop = await openShop(w.app, w.chain);
    const checkOut = async (cart: Record<string, unknown>) => {
      const res = await call(w.app, link(cart, 'svc:checkout'), { method: 'POST', token: w.chain.storeToken, body: {} });
      expect(res.statusCode, res.body).toBe(201);
      return json(res);
    };
    await w.run();
    expect(await webhookCount()).toBe(0);
    let cart = await fillCart(w.app, w.chain, shop, [{ name: 'Widget', price: '10' }]);
    const quiet = w.app.dispatcher!.stats.signals;
    await checkOut(cart);
    expect(await undispatched()).toBe(0);
    expect(w.app.dispatcher!.stats.signals).toBe(quiet);

    const hook = await w.createWebhook({ url: `${rx.url}/checkouts`, event_resource: 'transaction', events: ['transaction/created'] });
    try {
      // The cart's own writes signal too (the store has a webhook now): counted from the checkout.
      cart = await fillCart(w.app, w.chain, shop, [{ name: 'Widget', price: '10' }]);
      await w.run();
      rx.received.splice(0);
      const before = w.app.dispatcher!.stats.signals;
      const txn = await checkOut(cart);
      expect(w.app.dispatcher!.stats.signals).toBe(before + 1);
      await w.run();
      const got = await Promise.all(rx.received.splice(0).map((r) => openDelivery(r, KEY)));
      expect(got.map((o) => [o.event, o.payload.id])).toEqual([['transaction/created', txn.id]]);
    } finally {
      expect((await call(w.app, link(hook, 'self'), { method: 'DELETE', token: w.chain.storeToken })).statusCode).toBe(204);
    }
    expect(await webhookCount()).toBe(0);
  });

  it('counts a store\'s webhooks as they are created and deleted, in any number', async () => {
    const hooks = [];
    for (let i = 0; i < 3; i++) hooks.push(await w.createWebhook({ url: `${rx.url}/n${i}` }));
    expect(await webhookCount()).toBe(3);
    await call(w.app, link(hooks[0], 'self'), { method: 'DELETE', token: w.chain.storeToken });
    expect(await webhookCount()).toBe(2);
    await createCustomer(w, 'two@example.com');
    await w.run();
    expect(rx.received.splice(0).map((r) => r.url).sort()).toEqual(['/n1', '/n2']);
    for (const h of hooks.slice(1)) await call(w.app, link(h, 'self'), { method: 'DELETE', token: w.chain.storeToken });
    expect(await webhookCount()).toBe(0);
  });

  it('gives every event that commits after the webhook to it, with writes racing its creation', async () => {
    await w.run();
    rx.received.splice(0);
    const before = Number((await db().selectFrom('stores').select('event_sequence').where('id', '=', storeId()).executeTakeFirstOrThrow()).event_sequence);
    const emails = Array.from({ length: 24 }, (_, i) => `race${i}@example.com`);
    const [hook] = await Promise.all([
      w.createWebhook({ url: `${rx.url}/race` }),
      ...emails.map((e) => createCustomer(w, e)),
    ]);
    await w.run();
    const hookId = idOf(link(hook, 'self'));
    // The webhook's own changelog entry marks the moment it was counted, in commit order.
    const events = await db().selectFrom('events').select(['id', 'sequence', 'name', 'resource_type', 'resource_id', 'dispatched_at'])
      .where('store_id', '=', storeId()).where('sequence', '>', before).orderBy('sequence').execute();
    const created = events.find((e) => e.resource_type === 'changelog' && e.name === 'changelog/created')
      ?? events.find((e) => e.resource_type === 'webhook');
    expect(created, JSON.stringify(events.map((e) => [e.sequence, e.name]))).toBeDefined();
    const statuses = new Set((await db().selectFrom('webhook_statuses').select('event_id').where('webhook_id', '=', hookId).execute()).map((s) => Number(s.event_id)));
    const customers = events.filter((e) => e.resource_type === 'customer');
    expect(customers).toHaveLength(emails.length);
    for (const e of customers) {
      // Before the webhook: written dispatched, for nobody. After it: queued for the webhook.
      if (Number(e.sequence) < Number(created!.sequence)) expect(statuses.has(Number(e.id)), `event ${e.sequence}`).toBe(false);
      else expect(statuses.has(Number(e.id)), `event ${e.sequence}`).toBe(true);
    }
    const delivered = await Promise.all(rx.received.splice(0).map((r) => openDelivery(r, KEY)));
    expect(delivered).toHaveLength(customers.filter((e) => Number(e.sequence) > Number(created!.sequence)).length);
  });
});
