// Every constraint row of the spec's tax table, through REST (400 naming the field) and GraphQL
// (userErrors naming the field), plus the rules, scopes and tenancy of taxes.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engines, makeApp, type TestApp } from '../helpers/app.js';
import { call, errorFields, json, link, tokenChain, type Chain } from '../helpers/rest.js';
import { narrowToken } from '../helpers/tokens.js';
import { VALID, VALID_VALUES, VIOLATIONS } from './tax-table.js';

describe.each(engines())('tax rules on %s', (engine) => {
  let t: TestApp;
  let chain: Chain;
  let taxes: string;
  beforeAll(async () => {
    t = await makeApp({ engine });
    chain = await tokenChain(t.app);
    taxes = link(json(await call(t.app, chain.storeHref, { token: chain.storeToken })), 'svc:taxes');
  });
  afterAll(async () => t?.close());

  const post = (body: Record<string, unknown>, token = chain.storeToken) => call(t.app, taxes, { method: 'POST', token, body });

  it.each(VIOLATIONS)('REST rejects %s = %j', async (field, value, extra) => {
    const body: Record<string, unknown> = { ...VALID, ...extra };
    if (value === undefined) delete body[field];
    else body[field] = value;
    const res = await post(body);
    expect(res.statusCode).toBe(400);
    expect(errorFields(json(res))).toContain(field);
  });

  it.each(VALID_VALUES)('REST accepts %s = %j', async (field, value) => {
    const res = await post({ ...VALID, [field]: value, ...(field === 'type' && value !== 'country' ? {} : {}) });
    expect(res.statusCode).toBe(201);
  });

  it('reports every invalid field at once, with the error body of DESIGN §3', async () => {
    const res = await post({ name: 'n'.repeat(40), type: 'bogus', rate: -3, country: 'zz', surprise: 1 });
    expect(res.statusCode).toBe(400);
    const body = json(res);
    expect(errorFields(body)).toEqual(['country', 'name', 'rate', 'surprise', 'type']);
    expect(body.total).toBe(5);
    for (const e of body._embedded['svc:errors']) {
      expect(e).toMatchObject({ logref: expect.any(String), code: expect.any(String), message: expect.any(String) });
    }
  });

  it('needs a city only for local taxes', async () => {
    expect((await post({ name: 'City', type: 'local', rate: 1 })).statusCode).toBe(400);
    expect((await post({ name: 'City', type: 'local', rate: 1, city: 'Portland', country: 'US', region: 'OR' })).statusCode).toBe(201);
  });

  it('creates a custom tax endpoint from name and type alone', async () => {
    const res = await post({ name: 'Endpoint', type: 'custom_tax_endpoint' });
    expect(res.statusCode).toBe(201);
    expect(json(res)).toMatchObject({ name: 'Endpoint', type: 'custom_tax_endpoint', service_provider: 'custom_tax', rate: 0 });
    expect(json(res)._links['svc:native_integrations']).toBeDefined();
  });

  it('links native integrations only when a service provider is set', async () => {
    const plain = json(await post(VALID));
    expect(plain._links['svc:native_integrations']).toBeUndefined();
    const live = json(await post({ ...VALID, service_provider: 'vendor_a' }));
    expect(live._links['svc:native_integrations'].href).toBe('http://api.test/native_integrations');
  });

  it('ignores read-only properties and refuses unknown ones', async () => {
    const res = await post({ ...VALID, date_created: '1999-01-01T00:00:00+0000', _links: { self: { href: 'x' } } });
    expect(res.statusCode).toBe(201);
    expect(json(res).date_created).not.toBe('1999-01-01T00:00:00+0000');
  });

  it('GET, PATCH, PUT, DELETE, HEAD and OPTIONS on a tax', async () => {
    const self = link(json(await post(VALID)), 'self');
    const got = await call(t.app, self, { token: chain.storeToken });
    expect(got.statusCode).toBe(200);
    expect(got.headers.etag).toBeTruthy();
    const patched = await call(t.app, self, { method: 'PATCH', token: chain.storeToken, body: { rate: '6.5' } });
    expect(json(patched)).toMatchObject({ rate: 6.5, name: 'Sales tax', country: 'US' });
    const bad = await call(t.app, self, { method: 'PATCH', token: chain.storeToken, body: { rate: 0, name: '' } });
    expect(errorFields(json(bad))).toEqual(['name', 'rate']);
    const put = await call(t.app, self, { method: 'PUT', token: chain.storeToken, body: { name: 'Whole', type: 'global', rate: 3 } });
    expect(json(put)).toMatchObject({ name: 'Whole', type: 'global', rate: 3, country: null, apply_to_shipping: false });
    const putMissing = await call(t.app, self, { method: 'PUT', token: chain.storeToken, body: { name: 'Whole' } });
    expect(errorFields(json(putMissing))).toEqual(['rate', 'type']);
    const head = await call(t.app, self, { method: 'HEAD', token: chain.storeToken });
    expect(head.statusCode).toBe(200);
    expect(head.body).toBe('');
    const options = await call(t.app, self, { method: 'OPTIONS', token: chain.storeToken });
    expect(options.headers.allow).toBe('GET, HEAD, PATCH, PUT, DELETE, OPTIONS');
    expect((await call(t.app, self, { method: 'DELETE', token: chain.storeToken })).statusCode).toBe(204);
    expect((await call(t.app, self, { token: chain.storeToken })).statusCode).toBe(404);
  });

  it('pages, filters, orders and selects fields on the store taxes collection', async () => {
    const other = await tokenChain(t.app);
    const list = link(json(await call(t.app, other.storeHref, { token: other.storeToken })), 'svc:taxes');
    for (let i = 1; i <= 25; i++) {
      await call(t.app, list, { method: 'POST', token: other.storeToken, body: { name: `T${String(i).padStart(2, '0')}`, type: i % 2 ? 'global' : 'country', country: 'US', rate: i } });
    }
    const page = json(await call(t.app, list, { token: other.storeToken }));
    expect(page).toMatchObject({ total_items: '25', returned_items: 20, limit: 20, offset: 0 });
    // No prev on the first page (DESIGN §3).
    expect(Object.keys(page._links).sort()).toEqual(['curies', 'first', 'last', 'next', 'self']);
    const last = json(await call(t.app, link(page, 'last'), { token: other.storeToken }));
    expect(last).toMatchObject({ returned_items: 5, offset: 20 });
    const filtered = json(await call(t.app, `${list}?type=global&rate:greaterthan=10&order=rate%20desc&fields=name,rate`, { token: other.storeToken }));
    expect(filtered._embedded['svc:taxes'].map((x: { rate: number }) => x.rate)).toEqual([25, 23, 21, 19, 17, 15, 13, 11]);
    expect(Object.keys(filtered._embedded['svc:taxes'][0]).sort()).toEqual(['_links', 'name', 'rate']);
    const bad = await call(t.app, `${list}?colour=red&order=nope&limit=301`, { token: other.storeToken });
    expect(bad.statusCode).toBe(400);
    expect(errorFields(json(bad))).toEqual(['colour', 'limit', 'order']);
  });

  it('scopes: tax_settings_read reads but may not write; webhooks_read may not read taxes', async () => {
    const self = link(json(await post(VALID)), 'self');
    const reader = await narrowToken(t.app, chain, 'tax_settings_read');
    expect((await call(t.app, self, { token: reader })).statusCode).toBe(200);
    expect((await call(t.app, taxes, { token: reader })).statusCode).toBe(200);
    const denied = await post(VALID, reader);
    expect(denied.statusCode).toBe(403);
    expect(denied.headers['www-authenticate']).toContain('insufficient_scope');
    expect((await call(t.app, self, { method: 'PATCH', token: reader, body: { rate: 1 } })).statusCode).toBe(403);
    expect((await call(t.app, self, { method: 'DELETE', token: reader })).statusCode).toBe(403);
    const writer = await narrowToken(t.app, chain, 'tax_settings_write');
    expect((await call(t.app, self, { method: 'PATCH', token: writer, body: { rate: 1 } })).statusCode).toBe(200);
    expect((await call(t.app, self, { token: writer })).statusCode).toBe(200);
    const hooks = await narrowToken(t.app, chain, 'webhooks_read');
    expect((await call(t.app, self, { token: hooks })).statusCode).toBe(403);
  });

  it('tenancy: another store sees 404 for the tax, its collection and writes', async () => {
    const self = link(json(await post(VALID)), 'self');
    const other = await tokenChain(t.app);
    for (const method of ['GET', 'PATCH', 'PUT', 'DELETE'] as const) {
      const res = await call(t.app, self, { method, token: other.storeToken, body: method.startsWith('P') ? VALID : undefined });
      expect(res.statusCode, method).toBe(404);
    }
    expect((await call(t.app, taxes, { token: other.storeToken })).statusCode).toBe(404);
    expect((await call(t.app, taxes, { method: 'POST', token: other.storeToken, body: VALID })).statusCode).toBe(404);
    expect((await call(t.app, self, { token: chain.storeToken })).statusCode).toBe(200);
  });

  it('authentication: no token 401, garbage token 401, missing version header 400', async () => {
    expect((await call(t.app, taxes)).statusCode).toBe(401);
    const garbage = await call(t.app, taxes, { token: 'not.a.jwt' });
    expect(garbage.statusCode).toBe(401);
    expect(garbage.headers['www-authenticate']).toContain('invalid_token');
    const noVersion = await t.app.inject({ method: 'GET', url: taxes.replace('http://api.test', ''), headers: { authorization: `Bearer ${chain.storeToken}` } });
    expect(noVersion.statusCode).toBe(400);
    expect(errorFields(json(noVersion))).toEqual(['SERVICE-API-VERSION']);
  });
});

describe('native integrations at the spec path', () => {
  it('follows a tax svc:native_integrations link to the store\'s integrations', async () => {
    const t = await makeApp();
    try {
      const chain = await tokenChain(t.app);
      const store = json(await call(t.app, chain.storeHref, { token: chain.storeToken }));
      const tax = json(await call(t.app, link(store, 'svc:taxes'), { method: 'POST', token: chain.storeToken, body: { name: 'Live', type: 'country', country: 'US', rate: 1, service_provider: 'custom_tax' } }));
      const href = link(tax, 'svc:native_integrations');
      const created = await call(t.app, href, { method: 'POST', token: chain.storeToken, body: { provider: 'custom_tax', config: JSON.stringify({ url: 'https://tax.example/rates' }) } });
      expect(created.statusCode).toBe(201);
      const list = json(await call(t.app, href, { token: chain.storeToken }));
      expect(list._embedded['svc:native_integrations'].map((n: any) => n.provider)).toEqual(['custom_tax']);
      expect((await call(t.app, href)).statusCode).toBe(401);
      expect((await call(t.app, href, { token: chain.clientToken })).statusCode).toBe(404);
    } finally {
      await t.close();
    }
  });
});
