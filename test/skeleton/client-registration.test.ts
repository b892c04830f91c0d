// Client registration (`svc:create_client`): every constraint row of the spec's client table, the
// exact create response, the client representation with its attributes embedded, and OPTIONS.
import { containerOf } from '../../src/app.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engines, makeApp, type TestApp } from '../helpers/app.js';
import { CLIENT_FORM, call, errorFields, json, link, uniq } from '../helpers/rest.js';

const VIOLATIONS: Array<[string, string | undefined]> = [
  ['redirect_uri', undefined], ['redirect_uri', 'not a url'], ['redirect_uri', 'ftp://example.com/x'],
  ['redirect_uri', `https://example.com/${'p'.repeat(181)}`],
  ['project_name', undefined], ['project_name', 'p'.repeat(101)],
  ['project_description', 'd'.repeat(201)],
  ['company_name', undefined], ['company_name', 'c'.repeat(101)],
  ['company_url', 'example.com'], ['company_url', `https://example.com/${'u'.repeat(181)}`],
  ['company_logo', 'logo.png'], ['company_logo', `https://example.com/${'l'.repeat(181)}.png`],
  ['contact_name', undefined], ['contact_name', 'n'.repeat(101)],
  ['contact_email', undefined], ['contact_email', 'not-an-email'], ['contact_email', `${'e'.repeat(95)}@x.com`],
  ['contact_phone', undefined], ['contact_phone', '5'.repeat(101)],
  ['client_id', 'too_short'], ['client_id', 'c'.repeat(201)],
];

describe.each(engines())('client registration on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => { t = await makeApp({ engine }); });
  afterAll(async () => t?.close());

  const register = (form: Record<string, string>) => call(t.app, '/clients', { method: 'POST', form });

  it.each(VIOLATIONS)('rejects %s = %s', async (field, value) => {
    const form: Record<string, string> = { ...CLIENT_FORM };
    if (value === undefined) delete form[field];
    else form[field] = value;
    const res = await register(form);
    expect(res.statusCode).toBe(400);
    expect(errorFields(json(res))).toEqual([field]);
  });

  it('reports every invalid field at once', async () => {
    const res = await register({ project_name: 'p'.repeat(101), contact_email: 'nope' });
    expect(errorFields(json(res))).toEqual(
      ['company_name', 'contact_email', 'contact_name', 'contact_phone', 'project_name', 'redirect_uri']);
  });

  it('answers the spec create response once, with a client_full_access token', async () => {
    const res = await register({ ...CLIENT_FORM, project_description: 'Syncs orders', company_url: 'https://example.com' });
    expect(res.statusCode).toBe(201);
    expect(res.headers['cache-control']).toBe('no-store');
    const body = json(res);
    expect(body.message).toBe(`client ${body.client_id} created successfully.`);
    expect(body.client_id).toMatch(/^svc_[A-Za-z0-9]{30}$/);
    expect(body.client_secret.length).toBeGreaterThanOrEqual(40);
    expect(body.token).toMatchObject({ expires_in: 7200, token_type: 'Bearer', scope: 'client_full_access' });
    expect(body.token.access_token).toEqual(expect.any(String));
    expect(body.token.refresh_token).toEqual(expect.any(String));
    expect(Object.keys(body._links).sort()).toEqual(['curies', 'self', 'svc:attributes']);
    expect(res.headers.location).toBe(link(body, 'self'));
    const stored = await containerOf(t.app).database.db.selectFrom('clients').selectAll().where('client_id', '=', body.client_id).executeTakeFirstOrThrow();
    expect(JSON.stringify(stored)).not.toContain(body.client_secret);
  });

  it('accepts a caller-chosen client_id once and refuses a duplicate with 409', async () => {
    const clientId = uniq('acme_integration_');
    const first = await register({ ...CLIENT_FORM, client_id: clientId });
    expect(json(first).client_id).toBe(clientId);
    const again = await register({ ...CLIENT_FORM, client_id: clientId });
    expect(again.statusCode).toBe(409);
    expect(errorFields(json(again))).toEqual(['client_id']);
  });

  it('shows the client to its client_full_access token with attributes embedded, and nobody else', async () => {
    const body = json(await register({ ...CLIENT_FORM, company_logo: 'https://example.com/logo.png' }));
    const token = body.token.access_token;
    const self = link(body, 'self');
    const res = await call(t.app, self, { token });
    expect(res.statusCode).toBe(200);
    const client = json(res);
    expect(client).toMatchObject({ client_id: body.client_id, project_name: CLIENT_FORM.project_name, company_logo: 'https://example.com/logo.png' });
    expect(client.client_secret).toBeUndefined();
    expect(client._embedded['svc:attributes']).toEqual([]);
    expect(link(client, 'svc:attributes')).toBe(`${self}/attributes`);
    const other = json(await register(CLIENT_FORM)).token.access_token;
    expect((await call(t.app, self, { token: other })).statusCode).toBe(404);
    expect((await call(t.app, self)).statusCode).toBe(401);
    const attrs = await call(t.app, `${self}/attributes`, { token });
    expect(json(attrs)).toMatchObject({ total_items: '0', returned_items: 0 });
  });

  it('keeps client_id write-once and lists the methods in OPTIONS', async () => {
    const body = json(await register(CLIENT_FORM));
    const self = link(body, 'self');
    const token = body.token.access_token;
    const change = await call(t.app, self, { method: 'PATCH', token, body: { client_id: uniq('another_client_id_') } });
    expect(change.statusCode).toBe(400);
    expect(errorFields(json(change))).toEqual(['client_id']);
    const ok = await call(t.app, self, { method: 'PATCH', token, body: { project_name: 'Renamed', client_secret: 'ignored' } });
    expect(json(ok)).toMatchObject({ project_name: 'Renamed', client_id: body.client_id });
    const options = await call(t.app, self, { method: 'OPTIONS' });
    expect(options.statusCode).toBe(204);
    expect(options.headers.allow).toBe('GET, HEAD, PATCH, PUT, OPTIONS');
    expect((await call(t.app, self, { method: 'DELETE', token })).statusCode).toBe(405);
  });

  it('accepts JSON as well as form bodies', async () => {
    const res = await call(t.app, '/clients', { method: 'POST', body: CLIENT_FORM });
    expect(res.statusCode).toBe(201);
  });
});
