// Webhook delivery end to end over real HTTP on loopback: events produced through the API are
// delivered after commit, signed (verified by the standardwebhooks package), encrypted for http
// URLs (decrypted with jose), rendered exactly as the REST facade renders the resource, shaped by
// the webhook query, filtered by the events list, never across stores, never for a rollback, and
// recorded in the webhook's statuses and logs.
import { containerOf } from '../../src/app.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engines } from '../helpers/app.js';
import { call, json, link, tokenChain } from '../helpers/rest.js';
import { startReceiver, type Receiver } from '../helpers/receiver.js';
import { fillCart, openShop } from '../helpers/shop.js';
import { inTransaction } from '../../src/db/database.js';
import { recordChange } from '../../src/events/record.js';
import { storePrincipal } from '../../src/events/payload.js';
import { collection, createCustomer, idOf, KEY, makeWorld, openDelivery, type World } from './world.js';

describe.each(engines())('webhook delivery on %s', (engine) => {
  let w: World;
  let rx: Receiver;
  beforeAll(async () => {
    w = await makeWorld(engine);
    rx = await startReceiver();
  });
  afterAll(async () => { await rx?.close(); await w?.close(); });

  const fresh = () => rx.received.splice(0);

  it('delivers created, modified and deleted, signed and encrypted, as the REST facade renders them', async () => {
    const hook = await w.createWebhook({ url: `${rx.url}/customers` });
    fresh();
    const customer = await createCustomer(w, 'first@example.com');
    await w.run();
    const rendered = json(await call(w.app, link(customer, 'self'), { token: w.chain.storeToken }));
    await call(w.app, link(customer, 'self'), { method: 'PATCH', token: w.chain.storeToken, body: { first_name: 'Bea' } });
    await w.run();
    await call(w.app, link(customer, 'self'), { method: 'DELETE', token: w.chain.storeToken });
    await w.run();
    const got = fresh();
    expect(got.map((r) => r.url)).toEqual(['/customers', '/customers', '/customers']);
    const opened = await Promise.all(got.map((r) => openDelivery(r, KEY)));
    expect(opened.map((o) => o.event)).toEqual(['customer/created', 'customer/modified', 'customer/deleted']);
    expect(opened.every((o) => o.refeed === 'false' && o.storeId === String(idOf(w.chain.storeHref)))).toBe(true);
    expect(got.every((r) => r.headers['content-type'] === 'application/jose')).toBe(true);
    expect(opened[0].payload).toEqual(rendered);
    expect(opened[1].payload).toMatchObject({ first_name: 'Bea', email: 'first@example.com', _links: { self: { href: link(customer, 'self') } } });
    // Deleted: rendered from the event's snapshot, the last state the resource had.
    expect(opened[2].payload).toMatchObject({ first_name: 'Bea', email: 'first@example.com', _links: { self: { href: link(customer, 'self') } } });
    // One webhook-id per delivery: msg_<event id>_<webhook id>.
    expect(new Set(opened.map((o) => o.webhookId)).size).toBe(3);
    expect(opened.every((o) => o.webhookId.endsWith(`_${idOf(link(hook, 'self'))}`))).toBe(true);
    await call(w.app, link(hook, 'self'), { method: 'DELETE', token: w.chain.storeToken });
  });

  it('sends the vendor formats as plain JSON, signed only when a key is set', async () => {
    const plain = await w.createWebhook({ url: `${rx.url}/a`, format: 'vendor_a', encryption_key: null });
    const keyed = await w.createWebhook({ url: `${rx.url}/b`, format: 'vendor_b', encryption_key: KEY });
    fresh();
    await createCustomer(w, 'vendor@example.com');
    await w.run();
    const got = fresh().sort((a, b) => a.url.localeCompare(b.url));
    expect(got.map((r) => r.url)).toEqual(['/a', '/b']);
    expect((await openDelivery(got[0], null)).payload.email).toBe('vendor@example.com');
    expect((await openDelivery(got[1], KEY)).payload.email).toBe('vendor@example.com');
    for (const h of [plain, keyed]) await call(w.app, link(h, 'self'), { method: 'DELETE', token: w.chain.storeToken });
  });

  it('delivers in event order and only the events the webhook lists', async () => {
    const all = await w.createWebhook({ url: `${rx.url}/all` });
    const some = await w.createWebhook({ url: `${rx.url}/some`, events: ['customer/modified'] });
    fresh();
    const made = [];
    for (let i = 0; i < 6; i++) made.push(await createCustomer(w, `order${i}@example.com`));
    await call(w.app, link(made[2], 'self'), { method: 'PATCH', token: w.chain.storeToken, body: { last_name: 'Changed' } });
    await w.run();
    const got = fresh();
    const toAll = await Promise.all(got.filter((r) => r.url === '/all').map((r) => openDelivery(r, KEY)));
    expect(toAll.map((o) => o.payload.email)).toEqual([...made.map((c) => c.email), made[2].email]);
    const toSome = await Promise.all(got.filter((r) => r.url === '/some').map((r) => openDelivery(r, KEY)));
    expect(toSome.map((o) => [o.event, o.payload.last_name])).toEqual([['customer/modified', 'Changed']]);
    for (const h of [all, some]) await call(w.app, link(h, 'self'), { method: 'DELETE', token: w.chain.storeToken });
  });

  it('shapes the payload with the webhook query (zoom, fields, child filters)', async () => {
    const shop = await openShop(w.app, w.chain);
    const hook = await w.createWebhook({
      url: `${rx.url}/txn`, event_resource: 'transaction', events: ['transaction/created'],
      query: 'zoom=items,applied_taxes&fields=status,total_order&items:name=Widget',
    });
    fresh();
    const cart = await fillCart(w.app, w.chain, shop, [{ name: 'Widget', price: '50', quantity: 2 }, { name: 'Gadget', price: '5' }]);
    const txn = json(await call(w.app, link(cart, 'svc:checkout'), { method: 'POST', token: w.chain.storeToken, body: {} }));
    await w.run();
    const got = fresh();
    expect(got).toHaveLength(1);
    const { payload, event } = await openDelivery(got[0], KEY);
    expect(event).toBe('transaction/created');
    const rest = json(await call(w.app, `${link(txn, 'self')}?zoom=items,applied_taxes&fields=status,total_order&items:name=Widget`, { token: w.chain.storeToken }));
    expect(payload).toEqual(rest);
    expect(Object.keys(payload).filter((k) => !k.startsWith('_'))).toEqual(['status', 'total_order']);
    expect(payload._embedded['svc:items'].map((i: any) => i.name)).toEqual(['Widget']);
    expect(payload._embedded['svc:applied_taxes'].length).toBeGreaterThan(0);
    await call(w.app, link(hook, 'self'), { method: 'DELETE', token: w.chain.storeToken });
  });

  it('sends only resources matching the query filters, and reports an invalid query in the logs', async () => {
    const filtered = await w.createWebhook({ url: `${rx.url}/vip`, query: 'email=vip*&fields=email' });
    const broken = await w.createWebhook({ url: `${rx.url}/broken` });
    // Queries are refused when written since issue 15 (test/security/webhook-access.test.ts); a row
    // from before still fails its deliveries with the reason.
    await containerOf(w.app).database.db.updateTable('webhooks').set({ query: 'zoom=nothing&fields=nope' })
      .where('id', '=', Number(link(broken, 'self').split('/').pop())).execute();
    fresh();
    await createCustomer(w, 'vip1@example.com');
    await createCustomer(w, 'plain@example.com');
    await w.run();
    const got = fresh();
    expect(got.map((r) => r.url)).toEqual(['/vip']);
    const { payload } = await openDelivery(got[0], KEY);
    expect(Object.keys(payload).filter((k) => !k.startsWith('_'))).toEqual(['email']);
    expect(payload.email).toBe('vip1@example.com');
    const skipped = (await collection(w, link(filtered, 'svc:logs'), 'logs')).map((l) => [l.response_code, l.error]);
    expect(skipped).toEqual([[200, null], [null, 'not sent: the resource does not match the webhook query']]);
    expect((await collection(w, link(filtered, 'svc:statuses'), 'statuses')).map((s) => s.status)).toEqual(['successful', 'successful']);
    const [log] = await collection(w, link(broken, 'svc:logs'), 'logs');
    expect(log.error).toMatch(/^the webhook query is invalid: .*nothing.*nope/);
    expect((await collection(w, link(broken, 'svc:statuses'), 'statuses')).map((s) => [s.status, s.attempts])).toEqual([['pending', 1], ['pending', 0]]);
    for (const h of [filtered, broken]) await call(w.app, link(h, 'self'), { method: 'DELETE', token: w.chain.storeToken });
  });

  it('never delivers one store\'s events to another store\'s webhooks', async () => {
    const mine = await w.createWebhook({ url: `${rx.url}/mine`, event_resource: 'customer' });
    const other = await tokenChain(w.app);
    const otherStore = json(await call(w.app, other.storeHref, { token: other.storeToken }));
    const theirs = json(await call(w.app, link(otherStore, 'svc:webhooks'), {
      method: 'POST', token: other.storeToken, body: { name: 'theirs', format: 'json', encryption_key: KEY, event_resource: 'customer', url: `${rx.url}/theirs` },
    }));
    fresh();
    for (let i = 0; i < 3; i++) await createCustomer(w, `a${i}@example.com`);
    await createCustomer(w, 'b@example.com', other.storeToken, otherStore);
    await w.run();
    const got = await Promise.all(fresh().map(async (r) => ({ url: r.url, ...(await openDelivery(r, KEY)) })));
    expect(got.filter((g) => g.url === '/mine').map((g) => [g.storeId, g.payload.email]))
      .toEqual([0, 1, 2].map((i) => [String(idOf(w.chain.storeHref)), `a${i}@example.com`]));
    expect(got.filter((g) => g.url === '/theirs').map((g) => [g.storeId, g.payload.email])).toEqual([[String(idOf(other.storeHref)), 'b@example.com']]);
    // Nor can one store read the other's delivery records.
    expect((await call(w.app, link(theirs, 'svc:statuses'), { token: w.chain.storeToken })).statusCode).toBe(404);
    await call(w.app, link(mine, 'self'), { method: 'DELETE', token: w.chain.storeToken });
  });

  it('shows every delivery in statuses and every attempt in logs', async () => {
    const hook = await w.createWebhook({ url: `${rx.url}/records` });
    const customer = await createCustomer(w, 'records@example.com');
    await w.run();
    const statuses = await collection(w, link(hook, 'svc:statuses'), 'statuses');
    expect(statuses.map((s) => [s.event, s.status, s.attempts, s.resource_type, s.resource_id, s.next_attempt_at]))
      .toEqual([['customer/created', 'successful', 1, 'customer', idOf(link(customer, 'self')), null]]);
    const logs = await collection(w, link(hook, 'svc:logs'), 'logs');
    expect(logs).toHaveLength(1);
    expect(logs[0]).toMatchObject({ event: 'customer/created', response_code: 200, response_body: '{"ok":true}', error: null });
    expect(logs[0].duration).toBeGreaterThanOrEqual(0);
    const sent = JSON.parse(logs[0].request_headers);
    expect(sent).toMatchObject({ 'content-type': 'application/jose', 'service-webhook-event': 'customer/created', 'webhook-id': expect.stringMatching(/^msg_\d+_\d+$/) });
    expect(JSON.stringify(sent)).not.toContain(KEY);
    expect(link(logs[0], 'svc:status')).toBe(link(statuses[0], 'self'));
    await call(w.app, link(hook, 'self'), { method: 'DELETE', token: w.chain.storeToken });
  });

  it('delivers nothing for a rolled-back change or a refused request', async () => {
    const hook = await w.createWebhook({ url: `${rx.url}/rollback` });
    await w.run();
    fresh();
    const container = containerOf(w.app);
    const ctx = container.context(storePrincipal(idOf(w.chain.storeHref)), 'test');
    const customer = container.registry.resource('customer');
    await expect(inTransaction(container.database, async (tx) => {
      const row = await container.repo.insert(customer, { store_id: idOf(w.chain.storeHref), email: 'rolled@example.com', date_created: 'x', date_modified: 'x' }, tx);
      await recordChange(tx, ctx, customer, 'created', undefined, row);
      throw new Error('roll back');
    })).rejects.toThrow('roll back');
    const refused = await call(w.app, link(w.store, 'svc:customers'), { method: 'POST', token: w.chain.storeToken, body: { email: 'x'.repeat(200) } });
    expect(refused.statusCode).toBe(400);
    await w.run();
    expect(fresh()).toEqual([]);
    expect(await collection(w, link(hook, 'svc:statuses'), 'statuses')).toEqual([]);
    await call(w.app, link(hook, 'self'), { method: 'DELETE', token: w.chain.storeToken });
  });
});
