// Who may do what with downloadables and their files: downloadables_read reads (the file included),
// downloadables_write writes, store_full_access both, other scopes 403, another store's token 404,
// no token 401. A refused upload is refused before its bytes are stored.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engines, makeApp, type TestApp } from '../../helpers/app.js';
import { call, json, link } from '../../helpers/rest.js';
import { narrowToken } from '../../helpers/tokens.js';
import { fields, filePart, sendMultipart, shop, storage, type Shop } from './setup.js';

describe.each(engines())('downloadable access (%s)', (engine) => {
  let t: TestApp;
  let s: Shop;
  let other: Shop;
  let d: any;
  const tokens: Record<string, string> = {};
  beforeAll(async () => {
    t = await makeApp({ engine });
    s = await shop(t.app);
    other = await shop(t.app);
    for (const scope of ['downloadables_read', 'downloadables_write', 'tax_settings_write']) tokens[scope] = await narrowToken(t.app, s.chain, scope);
    tokens.store_full_access = s.token;
    const res = await sendMultipart(t.app, s.downloadables, s.token, [...fields(s), filePart('secret bytes')]);
    d = json(res);
  });
  afterAll(async () => t?.close());

  const reads = (token?: string) => [
    call(t.app, s.downloadables, { token }),
    call(t.app, link(d, 'self'), { token }),
    call(t.app, link(d, 'svc:file'), { token }),
  ];

  it.each([['downloadables_read'], ['downloadables_write'], ['store_full_access']])('%s reads the collection, the member and the file', async (scope) => {
    const [list, member, file] = await Promise.all(reads(tokens[scope]));
    expect([list.statusCode, member.statusCode, file.statusCode]).toEqual([200, 200, 200]);
    expect(file.body).toBe('secret bytes');
  });

  it.each([['downloadables_write'], ['store_full_access']])('%s creates, replaces, patches and deletes', async (scope) => {
    const token = tokens[scope];
    const created = await sendMultipart(t.app, s.downloadables, token, [...fields(s), filePart('mine')]);
    expect(created.statusCode, created.body).toBe(201);
    const self = link(json(created), 'self');
    const replaced = await sendMultipart(t.app, self, token, [filePart('mine, v2')], { 'x-http-method-override': 'PATCH' });
    expect(replaced.statusCode).toBe(200);
    expect((await call(t.app, self, { method: 'PATCH', token, body: { name: 'Renamed' } })).statusCode).toBe(200);
    expect((await call(t.app, self, { method: 'DELETE', token })).statusCode).toBe(204);
  });

  it.each([['downloadables_read'], ['tax_settings_write']])('%s may not write: 403, and the upload is not stored', async (scope) => {
    const token = tokens[scope];
    const before = storage(t.config.dataDir);
    const create = await sendMultipart(t.app, s.downloadables, token, [...fields(s), filePart('nope')]);
    const replace = await sendMultipart(t.app, link(d, 'self'), token, [filePart('nope')], { 'x-http-method-override': 'PATCH' });
    const patch = await call(t.app, link(d, 'self'), { method: 'PATCH', token, body: { name: 'x' } });
    const del = await call(t.app, link(d, 'self'), { method: 'DELETE', token });
    expect([create.statusCode, replace.statusCode, patch.statusCode, del.statusCode]).toEqual([403, 403, 403, 403]);
    expect(replace.headers['www-authenticate']).toMatch(/insufficient_scope/);
    expect(storage(t.config.dataDir)).toEqual(before);
  });

  it('tax_settings_write may not read downloadables or their files: 403', async () => {
    const [list, member, file] = await Promise.all(reads(tokens.tax_settings_write));
    expect([list.statusCode, member.statusCode, file.statusCode]).toEqual([403, 403, 403]);
  });

  it("another store's token gets 404 for every operation, the file included", async () => {
    const token = other.token;
    const before = storage(t.config.dataDir);
    const [list, member, file] = await Promise.all(reads(token));
    expect([list.statusCode, member.statusCode, file.statusCode]).toEqual([404, 404, 404]);
    const create = await sendMultipart(t.app, s.downloadables, token, [...fields(other), filePart('x')]);
    const replace = await sendMultipart(t.app, link(d, 'self'), token, [filePart('x')], { 'x-http-method-override': 'PATCH' });
    const del = await call(t.app, link(d, 'self'), { method: 'DELETE', token });
    expect([create.statusCode, replace.statusCode, del.statusCode]).toEqual([404, 404, 404]);
    expect(storage(t.config.dataDir)).toEqual(before);
    expect((await call(t.app, link(d, 'svc:file'), { token: s.token })).body).toBe('secret bytes');
  });

  it('no token → 401; a bad token → 401', async () => {
    const [list, member, file] = await Promise.all(reads(undefined));
    expect([list.statusCode, member.statusCode, file.statusCode]).toEqual([401, 401, 401]);
    const create = await sendMultipart(t.app, s.downloadables, undefined, [...fields(s), filePart('x')]);
    expect(create.statusCode).toBe(401);
    const bad = await call(t.app, link(d, 'svc:file'), { token: 'garbage' });
    expect(bad.statusCode).toBe(401);
  });

  it('a missing downloadable or a malformed id → 404 for the file', async () => {
    const base = link(d, 'self').replace(/\/\d+$/, '');
    expect((await call(t.app, `${base}/999999/file`, { token: s.token })).statusCode).toBe(404);
    expect((await call(t.app, `${base}/..%2f..%2fetc/file`, { token: s.token })).statusCode).toBe(404);
  });
});
