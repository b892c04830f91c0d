// The spec's webhook table through REST, the events rule, defaults and is_active, links, scopes and
// tenancy.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engines } from '../../helpers/app.js';
import { errorFields, json, link, tokenChain } from '../../helpers/rest.js';
import { narrowToken } from '../../helpers/tokens.js';
import { VALID, VALID_VALUES, VIOLATIONS } from './webhook-table.js';
import { create, suite, withValue, type Suite } from './setup.js';

describe.each(engines())('webhooks on %s', (engine) => {
  let s: Suite;
  let list: string;
  beforeAll(async () => {
    s = await suite(engine);
    list = link(s.store, 'svc:webhooks');
  });
  afterAll(async () => s?.t.close());

  const post = (body: unknown, token?: string) => s.req(list, { method: 'POST', body, ...(token ? { token } : {}) });

  it.each(VIOLATIONS)('rejects %s = %j', async (field, value, extra) => {
    const res = await post(withValue(VALID, field, value, extra));
    expect(res.statusCode, res.body).toBe(400);
    expect(errorFields(json(res))).toContain(field);
  });

  it.each(VALID_VALUES)('accepts %s = %j', async (field, value, extra) => {
    const res = await post(withValue(VALID, field, value, extra));
    expect(res.statusCode, res.body).toBe(201);
  });

  it('reports every invalid field, and each bad events entry, at once', async () => {
    const res = await post({
      name: '', format: 'json', url: 'nope', event_resource: 'transaction', is_active: 'on-ish',
      events: ['transaction/created', 'transaction/exploded', 'customer/created', 'junk'],
    });
    expect(res.statusCode).toBe(400);
    const errors = json(res)._embedded['svc:errors'];
    expect(errorFields(json(res))).toEqual(['encryption_key', 'events', 'events', 'events', 'is_active', 'name', 'url']);
    const messages = errors.filter((e: { field: string }) => e.field === 'events').map((e: { message: string }) => e.message).join('\n');
    for (const bad of ['transaction/exploded', 'customer/created', 'junk']) expect(messages).toContain(`"${bad}"`);
    expect(messages).not.toContain('"transaction/created"');
  });

  it('knows the event names of every event_resource value (both read @events)', () => {
    const registry = s.t.app.container.registry;
    const resources = registry.resource('webhook').fieldsByName.get('event_resource')!.enumValues!.map((e) => e.rest);
    expect(registry.eventResources.map((r) => r.name)).toEqual(resources);
    for (const name of resources) expect(registry.resource(name).events).toContain('created');
  });

  it('defaults version 2, event_resource transaction and is_active 1; renders is_active as 1 or 0 (the spec, the SDK types)', async () => {
    const hook = await create(s, list, { name: 'Defaults', format: 'vendor_a' });
    expect(hook).toMatchObject({ version: 2, event_resource: 'transaction', is_active: 1, events: null, encryption_key: null });
    const self = link(hook, 'self');
    expect(json(await s.req(self, { method: 'PATCH', body: { is_active: 0 } })).is_active).toBe(0);
    expect(json(await s.req(self, { method: 'PATCH', body: { is_active: '1' } })).is_active).toBe(1);
    expect(json(await s.req(self, { method: 'PATCH', body: { is_active: false } })).is_active).toBe(0);
    expect(json(await s.req(self, { method: 'PATCH', body: { is_active: true } })).is_active).toBe(1);
    expect(json(await s.req(self, { method: 'PATCH', body: { is_active: null, version: null } }))).toMatchObject({ is_active: 1, version: 2 });
  });

  it('links the store, the store webhooks, statuses and logs', async () => {
    const hook = await create(s, list, { ...VALID, events: ['transaction/created', 'transaction/captured'] });
    expect(hook.events).toEqual(['transaction/created', 'transaction/captured']);
    expect(link(hook, 'svc:store')).toBe(s.chain.storeHref);
    expect(link(hook, 'svc:webhooks')).toBe(list);
    for (const rel of ['svc:statuses', 'svc:logs']) {
      const res = await s.req(link(hook, rel));
      expect(res.statusCode, rel).toBe(200);
      expect(json(res).total_items).toBe('0');
    }
  });

  it('checks events against event_resource and encryption_key against format after PATCH', async () => {
    const self = link(await create(s, list, { ...VALID, events: ['transaction/captured'] }), 'self');
    const moved = await s.req(self, { method: 'PATCH', body: { event_resource: 'customer' } });
    expect(errorFields(json(moved))).toEqual(['events']);
    const both = await s.req(self, { method: 'PATCH', body: { event_resource: 'customer', events: ['customer/deleted'] } });
    expect(json(both)).toMatchObject({ event_resource: 'customer', events: ['customer/deleted'] });
    const vendor = await s.req(self, { method: 'PATCH', body: { format: 'vendor_b', encryption_key: null } });
    expect(vendor.statusCode).toBe(200);
    const backToJson = await s.req(self, { method: 'PATCH', body: { format: 'json' } });
    expect(errorFields(json(backToJson))).toEqual(['encryption_key']);
  });

  it('scopes: webhooks_read reads but cannot create; webhooks_write alone cannot deliver transactions; other areas cannot read', async () => {
    const hook = await create(s, list, VALID);
    const reader = await narrowToken(s.t.app, s.chain, 'webhooks_read');
    expect((await s.req(link(hook, 'self'), { token: reader })).statusCode).toBe(200);
    expect((await s.req(list, { token: reader })).statusCode).toBe(200);
    const denied = await post(VALID, reader);
    expect(denied.statusCode).toBe(403);
    expect(denied.headers['www-authenticate']).toContain('insufficient_scope');
    expect((await s.req(link(hook, 'self'), { method: 'DELETE', token: reader })).statusCode).toBe(403);
    // A webhook delivers its resource: the writer must also be able to read it (issue 15), and only
    // store_full_access reads transactions.
    const writer = await narrowToken(s.t.app, s.chain, 'webhooks_write');
    expect((await post(VALID, writer)).statusCode).toBe(403);
    expect((await s.req(link(hook, 'self'), { method: 'DELETE', token: writer })).statusCode).toBe(204);
    const payments = await narrowToken(s.t.app, s.chain, 'payment_settings_read');
    expect((await s.req(link(hook, 'self'), { token: payments })).statusCode).toBe(403);
  });

  it('tenancy: another store gets 404 for the webhook, its logs and writes', async () => {
    const hook = await create(s, list, VALID);
    const other = await tokenChain(s.t.app);
    for (const method of ['GET', 'PATCH', 'PUT', 'DELETE'] as const) {
      const res = await s.req(link(hook, 'self'), { method, token: other.storeToken, body: method.startsWith('P') ? VALID : undefined });
      expect(res.statusCode, method).toBe(404);
    }
    expect((await s.req(link(hook, 'svc:logs'), { token: other.storeToken })).statusCode).toBe(404);
    expect((await post(VALID, other.storeToken)).statusCode).toBe(404);
  });

  it('needs SERVICE-API-VERSION', async () => {
    const res = await s.t.app.inject({
      method: 'POST', url: list.replace('http://api.test', ''),
      headers: { authorization: `Bearer ${s.chain.storeToken}`, 'content-type': 'application/json' }, payload: JSON.stringify(VALID),
    });
    expect(res.statusCode).toBe(400);
    expect(errorFields(json(res))).toEqual(['SERVICE-API-VERSION']);
  });
});
