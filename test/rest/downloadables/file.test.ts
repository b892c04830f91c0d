// The life of a downloadable's file: download headers, replacement through X-HTTP-Method-Override
// (PATCH or PUT), JSON and form updates of the other properties, deletion removing the blob.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engines, makeApp, type TestApp } from '../../helpers/app.js';
import { call, errorFields, json, link } from '../../helpers/rest.js';
import { fields, filePart, sendMultipart, shop, storage, type Shop } from './setup.js';

const sha = (b: Buffer | string) => createHash('sha256').update(b).digest('hex');

describe.each(engines())('downloadable files (%s)', (engine) => {
  let t: TestApp;
  let s: Shop;
  beforeAll(async () => {
    t = await makeApp({ engine });
    s = await shop(t.app);
  });
  afterAll(async () => t?.close());

  async function created(content: Buffer | string = 'version one', name = 'book.pdf') {
    const res = await sendMultipart(t.app, s.downloadables, s.token, [...fields(s), filePart(content, name)]);
    expect(res.statusCode, res.body).toBe(201);
    return json(res);
  }

  it('downloads the exact bytes as a safe attachment', async () => {
    const content = Buffer.concat([Buffer.from('<html><script>alert(1)</script>'), Buffer.from([0, 255, 1, 254])]);
    const res0 = await sendMultipart(t.app, s.downloadables, s.token, [...fields(s), {
      name: 'file', content, contentType: 'text/html',
      disposition: `Content-Disposition: form-data; name="file"; filename*=UTF-8''${encodeURIComponent('Ünïcødé "quoted" 100%.html')}`,
    }]);
    expect(res0.statusCode, res0.body).toBe(201);
    const d = json(res0);
    expect(d.file_name).toBe('Ünïcødé "quoted" 100%.html');
    const res = await call(t.app, link(d, 'svc:file'), { token: s.token });
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.equals(content)).toBe(true);
    expect(res.headers['content-type']).toBe('application/octet-stream');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(Number(res.headers['content-length'])).toBe(content.length);
    expect(res.headers.etag).toBe(`"${sha(content)}"`);
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="_n_c_d_ _quoted_ 100_.html"; filename*=UTF-8''%C3%9Cn%C3%AFc%C3%B8d%C3%A9%20%22quoted%22%20100%25.html`);
  });

  it('answers HEAD with the headers only and If-None-Match with 304', async () => {
    const d = await created('cache me');
    const head = await call(t.app, link(d, 'svc:file'), { method: 'HEAD', token: s.token });
    expect(head.statusCode).toBe(200);
    expect(head.body).toBe('');
    expect(Number(head.headers['content-length'])).toBe(8);
    const again = await call(t.app, link(d, 'svc:file'), { token: s.token, headers: { 'if-none-match': `"${sha('cache me')}"` } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
  });

  it('serves any Accept (application/octet-stream included) but still wants the version header', async () => {
    const d = await created('bytes');
    const octet = await call(t.app, link(d, 'svc:file'), { token: s.token, headers: { accept: 'application/octet-stream' } });
    expect(octet.statusCode).toBe(200);
    const noVersion = await t.app.inject({ method: 'GET', url: link(d, 'svc:file').replace('http://api.test', ''), headers: { authorization: `Bearer ${s.token}` } });
    expect(noVersion.statusCode).toBe(400);
    const post = await call(t.app, link(d, 'svc:file'), { method: 'POST', token: s.token });
    expect(post.statusCode).toBe(405);
    expect(post.headers.allow).toBe('GET, HEAD, OPTIONS');
  });

  for (const override of ['PATCH', 'PUT']) {
    it(`replaces the file with POST + X-HTTP-Method-Override: ${override} and removes the old blob`, async () => {
      const d = await created('old contents', 'old.txt');
      const before = storage(t.config.dataDir).blobs;
      const parts = override === 'PUT'
        ? [...fields(s, { code: d.code, name: d.name }), filePart('new contents!', 'new.txt')]
        : [filePart('new contents!', 'new.txt')];
      const res = await sendMultipart(t.app, link(d, 'self'), s.token, parts, { 'x-http-method-override': override });
      expect(res.statusCode, res.body).toBe(200);
      const body = json(res);
      expect(body).toMatchObject({ file_name: 'new.txt', file_size: 13, code: d.code, name: d.name });
      expect(body.upload_date >= d.upload_date).toBe(true);
      const file = await call(t.app, link(d, 'svc:file'), { token: s.token });
      expect(file.body).toBe('new contents!');
      expect(file.headers.etag).toBe(`"${sha('new contents!')}"`);
      const after = storage(t.config.dataDir);
      expect(after.temp).toEqual([]);
      expect(after.blobs.length).toBe(before.length);
      expect(after.blobs).not.toEqual(before);
    });
  }

  it('a multipart update may change fields with the file, or fields alone', async () => {
    const d = await created('same');
    const both = await sendMultipart(t.app, link(d, 'self'), s.token,
      [{ name: 'name', value: 'Renamed' }, filePart('changed', 'c.txt')], { 'x-http-method-override': 'PATCH' });
    expect(json(both)).toMatchObject({ name: 'Renamed', file_name: 'c.txt' });
    const only = await sendMultipart(t.app, link(d, 'self'), s.token, [{ name: 'price', value: '3' }], { 'x-http-method-override': 'PATCH' });
    expect(only.statusCode, only.body).toBe(200);
    expect(json(only)).toMatchObject({ name: 'Renamed', price: 3, file_name: 'c.txt', file_size: 7 });
  });

  it('an invalid or oversize replacement keeps the old file and leaves nothing behind', async () => {
    const small = await makeApp({ engine, config: { maxUploadBytes: 1024 } });
    try {
      const s2 = await shop(small.app);
      const res = await sendMultipart(small.app, s2.downloadables, s2.token, [...fields(s2), filePart('keep me')]);
      const d = json(res);
      const before = storage(small.config.dataDir);
      const bad = await sendMultipart(small.app, link(d, 'self'), s2.token,
        [{ name: 'name', value: 'x'.repeat(101) }, filePart('replacement')], { 'x-http-method-override': 'PATCH' });
      expect(bad.statusCode).toBe(400);
      expect(errorFields(json(bad))).toEqual(['name']);
      const big = await sendMultipart(small.app, link(d, 'self'), s2.token, [filePart(Buffer.alloc(1025))], { 'x-http-method-override': 'PATCH' });
      expect(big.statusCode).toBe(413);
      expect(storage(small.config.dataDir)).toEqual(before);
      expect((await call(small.app, link(d, 'svc:file'), { token: s2.token })).body).toBe('keep me');
    } finally {
      await small.close();
    }
  });

  it('JSON and form PATCH/PUT of the other properties keep working; file properties are read-only', async () => {
    const d = await created('json');
    const patch = await call(t.app, link(d, 'self'), { method: 'PATCH', token: s.token, body: { name: 'Patched', file_name: 'x.exe', file_size: 1 } });
    expect(patch.statusCode, patch.body).toBe(200);
    expect(json(patch)).toMatchObject({ name: 'Patched', file_name: 'book.pdf', file_size: 4, item_category_uri: s.downloadedCategory });
    const form = await call(t.app, link(d, 'self'), { method: 'PATCH', token: s.token, form: { price: '4.25' } });
    expect(json(form).price).toBe(4.25);
    const put = await call(t.app, link(d, 'self'), {
      method: 'PUT', token: s.token, body: { code: d.code, name: 'Put', price: 1, item_category_uri: s.downloadedCategory },
    });
    expect(put.statusCode, put.body).toBe(200);
    expect(json(put)).toMatchObject({ name: 'Put', price: 1, file_name: 'book.pdf' });
    const wrongCategory = await call(t.app, link(d, 'self'), { method: 'PATCH', token: s.token, body: { item_category_uri: s.shippedCategory } });
    expect(wrongCategory.statusCode).toBe(400);
    expect(errorFields(json(wrongCategory))).toEqual(['item_category_uri']);
    expect((await call(t.app, link(d, 'svc:file'), { token: s.token })).body).toBe('json');
  });

  it('DELETE removes the row and then the blob', async () => {
    const d = await created('to be deleted');
    const before = storage(t.config.dataDir).blobs.length;
    const del = await call(t.app, link(d, 'self'), { method: 'DELETE', token: s.token });
    expect(del.statusCode).toBe(204);
    expect(storage(t.config.dataDir).blobs.length).toBe(before - 1);
    expect((await call(t.app, link(d, 'self'), { token: s.token })).statusCode).toBe(404);
    expect((await call(t.app, link(d, 'svc:file'), { token: s.token })).statusCode).toBe(404);
  });

  it('concurrent replacements leave exactly the blob the row names', async () => {
    const d = await created('v0');
    const before = storage(t.config.dataDir).blobs.length;
    const results = await Promise.all([1, 2, 3, 4, 5].map((v) => sendMultipart(t.app, link(d, 'self'), s.token,
      [filePart(`version ${v}`, `v${v}.txt`)], { 'x-http-method-override': 'PATCH' })));
    expect(results.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200]);
    expect(storage(t.config.dataDir)).toEqual({ blobs: expect.any(Array), temp: [] });
    expect(storage(t.config.dataDir).blobs.length).toBe(before);
    const row = json(await call(t.app, link(d, 'self'), { token: s.token }));
    const file = await call(t.app, link(d, 'svc:file'), { token: s.token });
    expect(file.body).toBe(`version ${row.file_name.slice(1, 2)}`);
    expect(file.headers.etag).toBe(`"${sha(file.body)}"`);
  });

  it('a GraphQL deletion removes the blob too', async () => {
    const d = await created('via graphql');
    const before = storage(t.config.dataDir).blobs.length;
    const id = link(d, 'self').split('/').pop();
    const res = await t.app.inject({
      method: 'POST', url: '/graphql',
      headers: { authorization: `Bearer ${s.token}`, 'content-type': 'application/json' },
      payload: { query: 'mutation($id: ID!) { deleteDownloadable(id: $id) { deletedId userErrors { field code } } }', variables: { id } },
    });
    expect(json(res).data?.deleteDownloadable, res.body).toMatchObject({ deletedId: id, userErrors: [] });
    expect(storage(t.config.dataDir).blobs.length).toBe(before - 1);
  });

  it('multipart bodies are refused (415) on routes other than downloadables', async () => {
    const store = json(await call(t.app, s.chain.storeHref, { token: s.token }));
    const res = await sendMultipart(t.app, link(store, 'svc:taxes'), s.token, [{ name: 'name', value: 'VAT' }, filePart('x')]);
    expect(res.statusCode).toBe(415);
    expect(storage(t.config.dataDir).temp).toEqual([]);
  });

  it('removes temp files left by a crash when the app starts, and only stale ones', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'commerce-sweep-'));
    const tmp = join(dataDir, 'files', 'tmp');
    mkdirSync(tmp, { recursive: true });
    const stale = join(tmp, `${'a'.repeat(32)}.part`);
    const fresh = join(tmp, `${'b'.repeat(32)}.part`);
    writeFileSync(stale, 'cut off');
    writeFileSync(fresh, 'in flight');
    const old = new Date(Date.now() - 2 * 60 * 60 * 1000);
    utimesSync(stale, old, old);
    const restarted = await makeApp({ engine, config: { dataDir } });
    try {
      await restarted.app.ready();
      expect(existsSync(stale)).toBe(false);
      expect(existsSync(fresh)).toBe(true);
    } finally {
      await restarted.close();
    }
  });

  it('lists downloadables in the store collection', async () => {
    const res = await call(t.app, `${s.downloadables}?limit=300`, { token: s.token });
    expect(res.statusCode).toBe(200);
    const members = json(res)._embedded['svc:downloadables'];
    expect(members.length).toBeGreaterThan(3);
    expect(members.every((m: any) => typeof m.file_name === 'string' && m._links['svc:file'])).toBe(true);
  });
});
