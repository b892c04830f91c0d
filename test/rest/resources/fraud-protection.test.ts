// The spec's fraud_protection tables through REST, the per-type json rules, enabling a protection on
// a payment method set, scopes and tenancy.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engines } from '../../helpers/app.js';
import { errorFields, json, link, tokenChain } from '../../helpers/rest.js';
import { narrowToken } from '../../helpers/tokens.js';
import { bodyOf, VALID, VALID_JSON, VALID_VALUES, VIOLATIONS } from './fraud-protection-table.js';
import { create, suite, type Suite } from './setup.js';

describe.each(engines())('fraud protections on %s', (engine) => {
  let s: Suite;
  let list: string;
  beforeAll(async () => {
    s = await suite(engine);
    list = link(s.store, 'svc:fraud_protections');
  });
  afterAll(async () => s?.t.close());

  const post = (body: unknown, token?: string) => s.req(list, { method: 'POST', body, ...(token ? { token } : {}) });
  const hook = (config: Record<string, unknown>) => JSON.stringify({ ...VALID_JSON.custom_precheckout_hook, ...config });

  it.each(VIOLATIONS)('rejects %s = %j', async (field, value, extra) => {
    const res = await post(bodyOf(field, value, extra));
    expect(res.statusCode, res.body).toBe(400);
    expect(errorFields(json(res))).toContain(field);
  });

  it.each(VALID_VALUES)('accepts %s = %j', async (field, value, extra) => {
    const res = await post(bodyOf(field, value, extra));
    expect(res.statusCode, res.body).toBe(201);
  });

  it('reports every invalid field and every invalid json key at once', async () => {
    const res = await post({
      type: 'custom_precheckout_hook', description: 'd'.repeat(101), score_threshold_reject: 500,
      json: JSON.stringify({ url: 'gopher://x', enabled: 'perhaps', extra: 1 }),
    });
    expect(res.statusCode).toBe(400);
    expect(errorFields(json(res))).toEqual(
      ['description', 'json.enabled', 'json.extra', 'json.failure_handling', 'json.url', 'score_threshold_reject']);
  });

  it('defaults the description, stores json as text, and links the store and its payment method sets', async () => {
    const fp = await create(s, list, { type: 'custom_precheckout_hook', json: { url: 'https://h.example/x', failure_handling: 'approve' } });
    expect(fp).toMatchObject({ type: 'custom_precheckout_hook', description: 'Default Min Fraud', score_threshold_reject: null });
    expect(JSON.parse(fp.json)).toEqual({ url: 'https://h.example/x', failure_handling: 'approve' });
    expect(link(fp, 'svc:store')).toBe(s.chain.storeHref);
    expect(link(fp, 'svc:payment_method_sets')).toBe(`${s.chain.storeHref}/payment_method_sets`);
    const zoom = await s.req(`${link(fp, 'self')}?zoom=store`);
    expect(errorFields(json(zoom))).toEqual(['zoom']);
  });

  it('checks json against the type after PATCH and PUT', async () => {
    const self = link(await create(s, list, VALID), 'self');
    const toRecaptcha = await s.req(self, { method: 'PATCH', body: { type: 'vendor_recaptcha' } });
    expect(errorFields(json(toRecaptcha))).toEqual(['json']);
    const ok = await s.req(self, { method: 'PATCH', body: { type: 'vendor_recaptcha', json: JSON.stringify({ config: 'enabled_always' }) } });
    expect(ok.statusCode).toBe(200);
    const badKey = await s.req(self, { method: 'PATCH', body: { json: JSON.stringify({ config: 'never' }) } });
    expect(errorFields(json(badKey))).toEqual(['json.config']);
    const put = await s.req(self, { method: 'PUT', body: { type: 'custom_precheckout_hook', json: hook({ failure_handling: 'approve' }) } });
    expect(json(put)).toMatchObject({ type: 'custom_precheckout_hook', description: 'Default Min Fraud' });
    expect((await s.req(self, { method: 'DELETE' })).statusCode).toBe(204);
  });

  it('is enabled on a payment method set by POSTing its self link; twice is a 409', async () => {
    const fp = await create(s, list, VALID);
    const set = await create(s, link(s.store, 'svc:payment_method_sets'), { description: 'Main' });
    const enabled = link(set, 'svc:payment_method_set_fraud_protections');
    const res = await s.req(enabled, { method: 'POST', body: { fraud_protection_uri: link(fp, 'self') } });
    expect(res.statusCode, res.body).toBe(201);
    const pair = json(res);
    expect(pair).toMatchObject({ fraud_protection_uri: link(fp, 'self'), payment_method_set_uri: link(set, 'self') });
    expect(link(pair, 'svc:fraud_protection')).toBe(link(fp, 'self'));
    const dup = await s.req(enabled, { method: 'POST', body: { fraud_protection_uri: link(fp, 'self') } });
    expect(dup.statusCode).toBe(409);
    expect(json(dup)._embedded['svc:errors']).toMatchObject([{ code: 'duplicate', field: 'fraud_protection_uri' }]);
    const listed = json(await s.req(`${enabled}?zoom=fraud_protection`));
    expect(listed.total_items).toBe('1');
    expect(listed._embedded['svc:payment_method_set_fraud_protections'][0]._embedded['svc:fraud_protection'])
      .toMatchObject({ type: 'vendor_minfraud' });
    expect((await s.req(link(pair, 'self'), { method: 'DELETE' })).statusCode).toBe(204);
    expect((await s.req(enabled, { method: 'POST', body: { fraud_protection_uri: link(fp, 'self') } })).statusCode).toBe(201);
  });

  it('refuses a missing, foreign or mismatched reference when enabling', async () => {
    const set = await create(s, link(s.store, 'svc:payment_method_sets'), { description: 'Second' });
    const other = await create(s, link(s.store, 'svc:payment_method_sets'), { description: 'Third' });
    const enabled = link(set, 'svc:payment_method_set_fraud_protections');
    const missing = await s.req(enabled, { method: 'POST', body: {} });
    expect(errorFields(json(missing))).toEqual(['fraud_protection_uri']);
    const stranger = await tokenChain(s.t.app);
    const theirStore = json(await s.req(stranger.storeHref, { token: stranger.storeToken }));
    const theirs = json(await s.req(link(theirStore, 'svc:fraud_protections'), { method: 'POST', token: stranger.storeToken, body: VALID }));
    const foreign = await s.req(enabled, { method: 'POST', body: { fraud_protection_uri: link(theirs, 'self') } });
    expect(json(foreign)._embedded['svc:errors']).toMatchObject([{ field: 'fraud_protection_uri', code: 'invalid_reference' }]);
    const fp = await create(s, list, VALID);
    const mismatch = await s.req(enabled, { method: 'POST', body: { fraud_protection_uri: link(fp, 'self'), payment_method_set_uri: link(other, 'self') } });
    expect(errorFields(json(mismatch))).toEqual(['payment_method_set_uri']);
  });

  it('scopes: payment_settings_read reads but cannot create or enable; payment_settings_write can', async () => {
    const fp = await create(s, list, VALID);
    const set = await create(s, link(s.store, 'svc:payment_method_sets'), { description: 'Scoped' });
    const enabled = link(set, 'svc:payment_method_set_fraud_protections');
    const reader = await narrowToken(s.t.app, s.chain, 'payment_settings_read');
    expect((await s.req(link(fp, 'self'), { token: reader })).statusCode).toBe(200);
    expect((await s.req(list, { token: reader })).statusCode).toBe(200);
    const denied = await post(VALID, reader);
    expect(denied.statusCode).toBe(403);
    expect(denied.headers['www-authenticate']).toContain('insufficient_scope');
    expect((await s.req(enabled, { method: 'POST', token: reader, body: { fraud_protection_uri: link(fp, 'self') } })).statusCode).toBe(403);
    expect((await s.req(link(fp, 'self'), { method: 'PATCH', token: reader, body: { description: 'x' } })).statusCode).toBe(403);
    const writer = await narrowToken(s.t.app, s.chain, 'payment_settings_write');
    expect((await post(VALID, writer)).statusCode).toBe(201);
    expect((await s.req(enabled, { method: 'POST', token: writer, body: { fraud_protection_uri: link(fp, 'self') } })).statusCode).toBe(201);
    const hooks = await narrowToken(s.t.app, s.chain, 'webhooks_write');
    expect((await s.req(link(fp, 'self'), { token: hooks })).statusCode).toBe(403);
  });

  it('tenancy: another store gets 404 for the protection, the collection and the set', async () => {
    const fp = await create(s, list, VALID);
    const set = await create(s, link(s.store, 'svc:payment_method_sets'), { description: 'Mine' });
    const other = await tokenChain(s.t.app);
    for (const method of ['GET', 'PATCH', 'PUT', 'DELETE'] as const) {
      const res = await s.req(link(fp, 'self'), { method, token: other.storeToken, body: method.startsWith('P') ? VALID : undefined });
      expect(res.statusCode, method).toBe(404);
    }
    expect((await post(VALID, other.storeToken)).statusCode).toBe(404);
    const enabled = link(set, 'svc:payment_method_set_fraud_protections');
    expect((await s.req(enabled, { method: 'POST', token: other.storeToken, body: { fraud_protection_uri: link(fp, 'self') } })).statusCode).toBe(404);
  });

  it('needs SERVICE-API-VERSION', async () => {
    const res = await s.t.app.inject({ method: 'GET', url: list.replace('http://api.test', ''), headers: { authorization: `Bearer ${s.chain.storeToken}` } });
    expect(res.statusCode).toBe(400);
    expect(errorFields(json(res))).toEqual(['SERVICE-API-VERSION']);
  });
});
