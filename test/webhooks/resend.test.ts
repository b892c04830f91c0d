// Resending: a transaction's svc:send_webhooks appends a transaction/refeed event delivered only to
// the listed webhooks with Service-Webhook-Refeed: true; a webhook's resend queues every event of
// its resource since a time again (same webhook-id as the first delivery). Both need
// webhooks_resend or store_full_access, validate their input naming the field, and stay in the store.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { containerOf } from '../../src/app.js';
import { engines } from '../helpers/app.js';
import { call, errorFields, json, link, tokenChain } from '../helpers/rest.js';
import { narrowToken } from '../helpers/tokens.js';
import { startReceiver, type Receiver } from '../helpers/receiver.js';
import { fillCart, openShop } from '../helpers/shop.js';
import { collection, createCustomer, idOf, KEY, makeWorld, openDelivery, type World } from './world.js';

describe.each(engines())('webhook resend on %s', (engine) => {
  let w: World;
  let rx: Receiver;
  let txn: any;
  beforeAll(async () => {
    w = await makeWorld(engine);
    rx = await startReceiver();
    const shop = await openShop(w.app, w.chain);
    txn = json(await call(w.app, link(await fillCart(w.app, w.chain, shop), 'svc:checkout'), { method: 'POST', token: w.chain.storeToken, body: {} }));
  });
  afterAll(async () => { await rx?.close(); await w?.close(); });

  const fresh = () => rx.received.splice(0);
  const sendWebhooks = (body: unknown, token = w.chain.storeToken, href = link(txn, 'svc:send_webhooks')) =>
    call(w.app, href, { method: 'POST', token, body });

  it('refeeds a transaction to the listed webhooks only, marked as a refeed', async () => {
    const target = await w.createWebhook({ url: `${rx.url}/target`, event_resource: 'transaction', events: ['transaction/captured'] });
    const bystander = await w.createWebhook({ url: `${rx.url}/bystander`, event_resource: 'transaction' });
    await w.run();
    fresh();
    const res = await sendWebhooks({ refeed_hooks: [idOf(link(target, 'self'))], event: 'refeed' });
    expect(res.statusCode).toBe(202);
    const event = json(res);
    expect(event).toMatchObject({ name: 'transaction/refeed', resource_type: 'transaction', resource_id: idOf(link(txn, 'self')) });
    expect(res.headers.location).toBe(link(event, 'self'));
    await w.run();
    const got = fresh();
    expect(got.map((r) => r.url)).toEqual(['/target']);
    const opened = await openDelivery(got[0], KEY);
    expect(opened).toMatchObject({ event: 'transaction/refeed', refeed: 'true' });
    expect(opened.payload).toEqual(json(await call(w.app, link(txn, 'self'), { token: w.chain.storeToken })));
    // Self links work as ids too, and form bodies list them comma-separated.
    const form = await call(w.app, link(txn, 'svc:send_webhooks'), {
      method: 'POST', token: w.chain.storeToken, form: { refeed_hooks: `${link(target, 'self')},${idOf(link(bystander, 'self'))}`, event: 'refeed' },
    });
    expect(form.statusCode).toBe(202);
    await w.run();
    expect(fresh().map((r) => r.url).sort()).toEqual(['/bystander', '/target']);
    for (const h of [target, bystander]) await call(w.app, link(h, 'self'), { method: 'DELETE', token: w.chain.storeToken });
  });

  it('needs webhooks_resend with webhooks_write, or store_full_access, and names the fields it refuses', async () => {
    const hook = await w.createWebhook({ url: `${rx.url}/scoped`, event_resource: 'transaction' });
    const body = { refeed_hooks: [idOf(link(hook, 'self'))], event: 'refeed' };
    for (const scope of ['webhooks_write', 'webhooks_read', 'tax_settings_write', 'webhooks_resend', 'webhooks_resend webhooks_read']) {
      expect((await sendWebhooks(body, await narrowToken(w.app, w.chain, scope))).statusCode).toBe(403);
      expect((await call(w.app, `${link(hook, 'self')}/resend`, { method: 'POST', token: await narrowToken(w.app, w.chain, scope), body: { since: '2020-01-01' } })).statusCode).toBe(403);
    }
    const resendToken = await narrowToken(w.app, w.chain, 'webhooks_resend webhooks_write');
    expect((await sendWebhooks(body, resendToken)).statusCode).toBe(202);
    expect((await call(w.app, `${link(hook, 'self')}/resend`, { method: 'POST', token: resendToken, body: { since: '2020-01-01' } })).statusCode).toBe(202);
    expect((await sendWebhooks(body, undefined as never)).statusCode).toBe(202);

    const customerHook = await w.createWebhook({ url: `${rx.url}/customers`, event_resource: 'customer' });
    const bad = await sendWebhooks({ refeed_hooks: [idOf(link(customerHook, 'self')), 999999], event: 'resend' });
    expect(bad.statusCode).toBe(400);
    expect(errorFields(json(bad))).toEqual(['event', 'refeed_hooks', 'refeed_hooks']);
    for (const b of [{}, { refeed_hooks: [] }, { refeed_hooks: ['x'] }, { refeed_hooks: [0] }, { refeed_hooks: 'a,b' }, { refeed_hooks: { id: 1 } }]) {
      const res = await sendWebhooks(b);
      expect(res.statusCode, JSON.stringify(b)).toBe(400);
      expect(errorFields(json(res))).toEqual(['refeed_hooks']);
    }
    for (const since of [undefined, '', 'yesterday', '2026-13-01', '2026-01-01T25:00:00Z', 12]) {
      const res = await call(w.app, `${link(hook, 'self')}/resend`, { method: 'POST', token: w.chain.storeToken, body: { since } });
      expect(res.statusCode, String(since)).toBe(400);
      expect(errorFields(json(res))).toEqual(['since']);
    }

    // Another store: its transaction and webhook answer 404, and our webhook ids are not its to use.
    const other = await tokenChain(w.app);
    expect((await sendWebhooks(body, other.storeToken)).statusCode).toBe(404);
    expect((await call(w.app, `${link(hook, 'self')}/resend`, { method: 'POST', token: other.storeToken, body: { since: '2020-01-01' } })).statusCode).toBe(404);
    expect((await call(w.app, `${link(txn, 'self').replace(/\d+$/, '999999')}/send_webhooks`, { method: 'POST', token: w.chain.storeToken, body })).statusCode).toBe(404);
    await w.run();
    fresh();
    for (const h of [hook, customerHook]) await call(w.app, link(h, 'self'), { method: 'DELETE', token: w.chain.storeToken });
  });

  it('resends everything since a time with the original webhook-ids, marked as refeeds', async () => {
    const hook = await w.createWebhook({ url: `${rx.url}/since` });
    fresh();
    await createCustomer(w, 'old@example.com');
    await w.run();
    w.clock.advance(3600_000);
    const cut = w.clock.now();
    await createCustomer(w, 'new1@example.com');
    await createCustomer(w, 'new2@example.com');
    await w.run();
    const first = await Promise.all(fresh().map((r) => openDelivery(r, KEY)));
    expect(first.map((o) => [o.payload.email, o.refeed])).toEqual([['old@example.com', 'false'], ['new1@example.com', 'false'], ['new2@example.com', 'false']]);
    const res = await call(w.app, `${link(hook, 'self')}/resend`, { method: 'POST', token: w.chain.storeToken, body: { since: cut.toISOString() } });
    expect(res.statusCode).toBe(202);
    expect(json(res)).toMatchObject({ queued: 2, since: cut.toISOString().slice(0, 19) + '+0000' });
    expect(link(json(res), 'svc:statuses')).toBe(link(hook, 'svc:statuses'));
    await w.run();
    const again = await Promise.all(fresh().map((r) => openDelivery(r, KEY)));
    expect(again.map((o) => [o.payload.email, o.refeed, o.event])).toEqual([['new1@example.com', 'true', 'customer/created'], ['new2@example.com', 'true', 'customer/created']]);
    expect(again.map((o) => o.webhookId)).toEqual(first.slice(1).map((o) => o.webhookId));
    const statuses = await collection(w, link(hook, 'svc:statuses'), 'statuses');
    expect(statuses.map((s) => [s.status, s.attempts])).toEqual([['successful', 1], ['successful', 1], ['successful', 1]]);
    expect(await collection(w, link(hook, 'svc:logs'), 'logs')).toHaveLength(5);
    // The offset form of the spec's timestamps is accepted too.
    const offset = await call(w.app, `${link(hook, 'self')}/resend`, { method: 'POST', token: w.chain.storeToken, body: { since: '2000-01-01T00:00:00+0000' } });
    expect(json(offset).queued).toBe(3);
    await call(w.app, link(hook, 'self'), { method: 'DELETE', token: w.chain.storeToken });
  });
  it('resends across several batches of the log from the time given on, ties of time and out-of-order times included', async () => {
    // An inactive webhook: the statuses are queued and nothing is delivered, which keeps this about the log's read.
    const hook = await w.createWebhook({ url: `${rx.url}/batches`, is_active: 0 });
    const { db } = containerOf(w.app).database;
    const storeId = idOf(link(w.store, 'self'));
    const since = '2031-01-01T00:00:00+0000';
    const at = (i: number) => (i % 7 === 3 ? '2030-12-31T23:59:59+0000' : i < 700 ? since : '2031-01-01T00:00:01+0000');
    const base = Number((await db.selectFrom('stores').select('event_sequence').where('id', '=', storeId).executeTakeFirstOrThrow()).event_sequence);
    const n = 1_203;
    for (let from = 0; from < n; from += 300) {
      await db.insertInto('events').values(Array.from({ length: Math.min(300, n - from) }, (_, k) => from + k).map((i) => ({
        store_id: storeId, sequence: base + 1 + i, name: 'customer/created', resource_type: 'customer', resource_id: 1_000_000 + i,
        occurred_at: at(i), payload: '{}', dispatched_at: at(i), date_created: at(i), date_modified: at(i),
      }))).execute();
    }
    await db.updateTable('stores').set({ event_sequence: base + n }).where('id', '=', storeId).execute();
    const expected = Array.from({ length: n }, (_, i) => i).filter((i) => i % 7 !== 3).map((i) => 1_000_000 + i);
    const res = await call(w.app, `${link(hook, 'self')}/resend`, { method: 'POST', token: w.chain.storeToken, body: { since } });
    expect(res.statusCode).toBe(202);
    expect(json(res).queued).toBe(expected.length);
    const queued = await db.selectFrom('webhook_statuses').select('resource_id').where('webhook_id', '=', idOf(link(hook, 'self'))).execute();
    expect(queued.map((q) => Number(q.resource_id)).sort((a, b) => a - b)).toEqual(expected);
    await call(w.app, link(hook, 'self'), { method: 'DELETE', token: w.chain.storeToken });
  });

  it('reads the log in batches of at most 500 rows whatever their kinds, and queues only its own kind', async () => {
    // Mostly events of another kind: a filter on the kind in the statement would read all of them
    // in one transaction to fill a batch; each batch reads 500 rows of the log and keeps its own.
    const hook = await w.createWebhook({ url: `${rx.url}/kinds`, event_resource: 'customer', is_active: 0 });
    const database = containerOf(w.app).database;
    const storeId = idOf(link(w.store, 'self'));
    const since = '2032-01-01T00:00:00+0000';
    const base = Number((await database.db.selectFrom('stores').select('event_sequence').where('id', '=', storeId).executeTakeFirstOrThrow()).event_sequence);
    const n = 1_210;
    const kind = (i: number) => (i % 11 === 0 ? 'customer' : 'item');
    await database.db.insertInto('events').values(Array.from({ length: n }, (_, i) => ({
      store_id: storeId, sequence: base + 1 + i, name: `${kind(i)}/created`, resource_type: kind(i), resource_id: 2_000_000 + i,
      occurred_at: since, payload: '{}', dispatched_at: since, date_created: since, date_modified: since,
    }))).execute();
    await database.db.updateTable('stores').set({ event_sequence: base + n }).where('id', '=', storeId).execute();
    const texts: string[] = [];
    database.stats.observe = (t) => { texts.push(...t); };
    let res;
    try {
      res = await call(w.app, `${link(hook, 'self')}/resend`, { method: 'POST', token: w.chain.storeToken, body: { since } });
    } finally {
      database.stats.observe = undefined;
    }
    expect(res.statusCode).toBe(202);
    const expected = Array.from({ length: n }, (_, i) => i).filter((i) => kind(i) === 'customer').map((i) => 2_000_000 + i);
    expect(json(res).queued).toBe(expected.length);
    const queued = await database.db.selectFrom('webhook_statuses').select('resource_id').where('webhook_id', '=', idOf(link(hook, 'self'))).execute();
    expect(queued.map((q) => Number(q.resource_id)).sort((a, b) => a - b)).toEqual(expected);
    const reads = texts.filter((t) => /^select .* from "events"/i.test(t));
    expect(reads.length).toBeGreaterThanOrEqual(3);
    for (const t of reads) {
      expect(t).toMatch(/limit/i);
      expect(t).not.toMatch(/resource_type"? =/);
    }
    await call(w.app, link(hook, 'self'), { method: 'DELETE', token: w.chain.storeToken });
  });
});
