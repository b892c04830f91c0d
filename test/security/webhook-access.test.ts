// One access rule for events (issue 15 item 3): a webhook may deliver only what the token that
// wrote it may read, checked when it is created or changed (its query parsed by the REST parser,
// 400 on `query`; 403 without read access to event_resource or a zoomed child) and again at
// delivery; encryption_key is shown only to tokens that may write webhooks.
import { containerOf } from '../../src/app.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engines } from '../helpers/app.js';
import { startReceiver, type Receiver } from '../helpers/receiver.js';
import { call, errorFields, json, link } from '../helpers/rest.js';
import { narrowToken } from '../helpers/tokens.js';
import { collection, createCustomer, KEY, makeWorld, openDelivery, type World } from './../webhooks/world.js';

describe.each(engines())('webhook access on %s', (engine) => {
  let w: World;
  let rx: Receiver;
  beforeAll(async () => {
    w = await makeWorld(engine);
    rx = await startReceiver();
  });
  afterAll(async () => {
    await rx?.close();
    await w?.close();
  });

  const hooks = () => link(w.store, 'svc:webhooks');
  const post = (body: Record<string, unknown>, token = w.chain.storeToken) =>
    call(w.app, hooks(), { method: 'POST', token, body: { name: 'h', format: 'json', encryption_key: KEY, url: `${rx.url}/a`, ...body } });

  it('refuses a webhook whose resource or zoomed children the token may not read', async () => {
    const writeOnly = await narrowToken(w.app, w.chain, 'webhooks_write');
    for (const body of [
      { event_resource: 'customer' },
      { event_resource: 'transaction', query: 'zoom=items,customer' },
      { event_resource: 'cart', query: '' },
    ]) {
      const res = await post(body, writeOnly);
      expect(res.statusCode, JSON.stringify(body)).toBe(403);
      expect(res.headers['www-authenticate']).toContain('insufficient_scope');
    }
    expect(json(await call(w.app, hooks(), { token: w.chain.storeToken })).total_items).toBe('0');
    // The same with full access is fine.
    expect((await post({ event_resource: 'transaction', query: 'zoom=items,customer' })).statusCode).toBe(201);
  });

  it('parses the query with the REST parser: a bad one is a 400 on `query`, on create and on change', async () => {
    for (const query of ['zoom=nonsense', 'fields=nope', 'order=nope desc', 'limit=abc', 'zoom=items:nothing']) {
      const res = await post({ event_resource: 'transaction', query });
      expect(res.statusCode, query).toBe(400);
      expect(errorFields(json(res)), query).toContain('query');
    }
    const ok = json(await post({ event_resource: 'transaction', query: 'zoom=items' }));
    const patched = await call(w.app, link(ok, 'self'), { method: 'PATCH', token: w.chain.storeToken, body: { query: 'zoom=nonsense' } });
    expect(patched.statusCode).toBe(400);
    expect(errorFields(json(patched))).toEqual(['query']);
    // A narrower token may not take over a customer webhook by changing it.
    const writeOnly = await narrowToken(w.app, w.chain, 'webhooks_write');
    expect((await call(w.app, link(ok, 'self'), { method: 'PATCH', token: writeOnly, body: { name: 'mine now' } })).statusCode).toBe(403);
  });

  it('shows encryption_key to writers only, on REST and GraphQL', async () => {
    const hook = json(await post({ event_resource: 'customer', encryption_key: 'the-signing-key-of-this-hook' }));
    expect(hook.encryption_key).toBe('the-signing-key-of-this-hook');
    const reader = await narrowToken(w.app, w.chain, 'webhooks_read');
    const seen = json(await call(w.app, link(hook, 'self'), { token: reader }));
    expect(seen.encryption_key ?? null).toBeNull();
    const listed = await call(w.app, `${hooks()}?limit=300`, { token: reader });
    expect(listed.body).not.toContain('the-signing-key-of-this-hook');
    const gql = (token: string) => w.app.inject({
      method: 'POST', url: '/graphql', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      payload: JSON.stringify({ query: '{ store { webhooks(first: 100) { edges { node { name encryptionKey } } } } }' }),
    });
    const asReader = await gql(reader);
    expect(asReader.statusCode).toBe(200);
    expect(asReader.body).not.toContain('the-signing-key-of-this-hook');
    expect(json(asReader).errors).toBeUndefined();
    const writer = await narrowToken(w.app, w.chain, 'webhooks_write');
    expect((await gql(writer)).body).toContain('the-signing-key-of-this-hook');
    expect((await call(w.app, link(hook, 'self'), { token: writer })).body).toContain('the-signing-key-of-this-hook');
  });

  it('delivers with the scopes of the webhook and checks them again at delivery', async () => {
    for (const h of json(await call(w.app, `${hooks()}?limit=300`, { token: w.chain.storeToken }))._embedded['svc:webhooks']) {
      await call(w.app, h._links.self.href, { method: 'DELETE', token: w.chain.storeToken });
    }
    const full = json(await post({ event_resource: 'customer', url: `${rx.url}/full` }));
    const narrowed = json(await post({ event_resource: 'customer', url: `${rx.url}/narrowed` }));
    // The rule is checked again at delivery: a webhook whose stored scopes no longer cover the
    // resource (a rule changed since it was written) fails its attempt instead of sending.
    await containerOf(w.app).database.db.updateTable('webhooks').set({ access_scopes: JSON.stringify(['webhooks_write']) })
      .where('id', '=', Number(link(narrowed, 'self').split('/').pop())).execute();
    await createCustomer(w, 'reader-check@example.com');
    await w.run();
    const paths = rx.received.map((r) => r.url);
    expect(paths).toContain('/full');
    expect(paths).not.toContain('/narrowed');
    const sent = await openDelivery(rx.received.find((r) => r.url === '/full')!, KEY);
    expect(sent.payload.email).toBe('reader-check@example.com');
    const logs = await collection(w, link(narrowed, 'svc:logs'), 'logs');
    expect(JSON.stringify(logs)).toContain('do not allow reading customer');
    void full;
  });
});
