// Creating downloadables over REST: multipart with the file before or after the fields, every
// constraint of the spec's downloadable table answered 400 naming the field, read-only fields
// ignored, and nothing left on disk by a refused upload.
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engines, makeApp, type TestApp } from '../../helpers/app.js';
import { call, errorFields, json, link } from '../../helpers/rest.js';
import { category, fields, filePart, sendMultipart, shop, storage, type Part, type Shop } from './setup.js';

const bytes = (n: number, seed = 7) => Buffer.from(Array.from({ length: n }, (_, i) => (i * 31 + seed) % 256));

describe.each(engines())('downloadable creation (%s)', (engine) => {
  let t: TestApp;
  let s: Shop;
  beforeAll(async () => {
    t = await makeApp({ engine, config: { maxUploadBytes: 64 * 1024 } });
    s = await shop(t.app);
  });
  afterAll(async () => t?.close());

  const create = (parts: Part[], token = s.token) => sendMultipart(t.app, s.downloadables, token, parts);

  it('creates from fields then file, sets the read-only file properties and links the file', async () => {
    const content = bytes(5000);
    const res = await create([...fields(s, { code: 'FIRST', name: 'Manual', price: '12.50' }), filePart(content, 'manual.pdf')]);
    expect(res.statusCode, res.body).toBe(201);
    const body = json(res);
    expect(res.headers.location).toBe(link(body, 'self'));
    expect(body).toMatchObject({ code: 'FIRST', name: 'Manual', price: 12.5, file_name: 'manual.pdf', file_size: 5000, item_category_uri: s.downloadedCategory });
    expect(body.upload_date).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d[+-]\d{4}$/);
    expect(link(body, 'svc:file')).toBe(`${link(body, 'self')}/file`);
    expect(link(body, 'svc:item_category')).toBe(s.downloadedCategory);
    for (const hidden of ['file_key', 'file_sha256', 'file_content_type']) expect(body).not.toHaveProperty(hidden);
    const file = await call(t.app, link(body, 'svc:file'), { token: s.token });
    expect(file.rawPayload.equals(content)).toBe(true);
    expect(file.headers.etag).toBe(`"${createHash('sha256').update(content).digest('hex')}"`);
  });

  it('creates with the file before the fields', async () => {
    const res = await create([filePart('first!', 'a.txt', 'text/plain'), ...fields(s)]);
    expect(res.statusCode, res.body).toBe(201);
    expect(json(res)).toMatchObject({ file_name: 'a.txt', file_size: 6 });
  });

  it('accepts an empty file and a file of exactly the size limit', async () => {
    expect((await create([...fields(s), filePart(Buffer.alloc(0), 'empty.bin')])).statusCode).toBe(201);
    const full = await create([...fields(s), filePart(bytes(64 * 1024), 'full.bin')]);
    expect(full.statusCode, full.body).toBe(201);
    expect(json(full).file_size).toBe(64 * 1024);
  });

  it('price defaults to 0 when omitted or empty', async () => {
    const omitted = await create([...fields(s).filter((p) => p.name !== 'price'), filePart('x')]);
    expect(json(omitted).price).toBe(0);
    const empty = await create([...fields(s, { price: '' }), filePart('x')]);
    expect(empty.statusCode, empty.body).toBe(201);
    expect(json(empty).price).toBe(0);
  });

  it('ignores read-only properties sent as fields', async () => {
    const res = await create([...fields(s, {
      file_name: 'evil.exe', file_size: '1', upload_date: '2001-01-01T00:00:00+0000',
      date_created: '2001-01-01T00:00:00+0000', date_modified: '2001-01-01T00:00:00+0000',
    }), filePart('abc', 'real.txt')]);
    expect(res.statusCode, res.body).toBe(201);
    const body = json(res);
    expect(body).toMatchObject({ file_name: 'real.txt', file_size: 3 });
    expect(body.upload_date).not.toMatch(/^2001/);
    expect(body.date_created).not.toMatch(/^2001/);
  });

  const invalid: Array<[string, Record<string, string>, string]> = [
    ['name missing', { name: '' }, 'name'],
    ['name over 100', { name: 'n'.repeat(101) }, 'name'],
    ['code missing', { code: '' }, 'code'],
    ['code over 50', { code: 'c'.repeat(51) }, 'code'],
    ['price negative', { price: '-0.01' }, 'price'],
    ['price not a number', { price: 'ten' }, 'price'],
    ['item_category_uri missing', { item_category_uri: '' }, 'item_category_uri'],
    ['item_category_uri not a link', { item_category_uri: 'not a link' }, 'item_category_uri'],
    ['item_category_uri of a missing category', { item_category_uri: 'http://api.test/item_categories/999999' }, 'item_category_uri'],
  ];
  it.each(invalid)('%s → 400 naming the field, no file kept', async (_label, over, field) => {
    const before = storage(t.config.dataDir).blobs.length;
    const res = await create([...fields(s, over), filePart('data')]);
    expect(res.statusCode, res.body).toBe(400);
    expect(errorFields(json(res))).toEqual([field]);
    expect(storage(t.config.dataDir)).toEqual({ blobs: expect.any(Array), temp: [] });
    expect(storage(t.config.dataDir).blobs.length).toBe(before);
  });

  it('name of exactly 100 and code of exactly 50 characters are accepted', async () => {
    const res = await create([...fields(s, { name: 'n'.repeat(100), code: 'c'.repeat(50) }), filePart('x')]);
    expect(res.statusCode, res.body).toBe(201);
  });

  it('item_category_uri of a category that is not downloaded → 400 naming it', async () => {
    const res = await create([...fields(s, { item_category_uri: s.shippedCategory }), filePart('x')]);
    expect(res.statusCode).toBe(400);
    expect(json(res)._embedded['svc:errors']).toEqual([expect.objectContaining({ field: 'item_category_uri', code: 'invalid_delivery_type' })]);
  });

  it("item_category_uri of another store's downloaded category → 400 naming it", async () => {
    const other = await shop(t.app);
    const res = await create([...fields(s, { item_category_uri: other.downloadedCategory }), filePart('x')]);
    expect(res.statusCode).toBe(400);
    expect(errorFields(json(res))).toEqual(['item_category_uri']);
  });

  it('reports every invalid field at once, the missing file included', async () => {
    const res = await create([{ name: 'name', value: 'n'.repeat(101) }, { name: 'price', value: '-1' }]);
    expect(res.statusCode).toBe(400);
    expect(errorFields(json(res))).toEqual(['code', 'file', 'item_category_uri', 'name', 'price']);
  });

  it('JSON or form bodies cannot carry the file → 400 naming file', async () => {
    const body = Object.fromEntries(fields(s).map((p) => [p.name, (p as { value: string }).value]));
    const asJson = await call(t.app, s.downloadables, { method: 'POST', token: s.token, body: { ...body, file: 'aGVsbG8=' } });
    expect(asJson.statusCode).toBe(400);
    expect(errorFields(json(asJson))).toEqual(['file']);
    const asForm = await call(t.app, s.downloadables, { method: 'POST', token: s.token, form: body });
    expect(asForm.statusCode).toBe(400);
    expect(errorFields(json(asForm))).toEqual(['file']);
  });

  it('a plain field named file, a second file or a file under another name → 400', async () => {
    const plain = await create([...fields(s), { name: 'file', value: 'not a file' }]);
    expect(errorFields(json(plain))).toEqual(['file']);
    const twice = await create([...fields(s), filePart('a'), filePart('b')]);
    expect(twice.statusCode).toBe(400);
    expect(errorFields(json(twice))).toEqual(['file']);
    const other = await create([...fields(s), filePart('a'), { name: 'picture', filename: 'p.png', content: 'png' }]);
    expect(other.statusCode).toBe(400);
    expect(errorFields(json(other))).toEqual(['picture']);
    expect(storage(t.config.dataDir).temp).toEqual([]);
  });

  it('a duplicate code → 409 and no file kept', async () => {
    const before = storage(t.config.dataDir).blobs.length;
    expect((await create([...fields(s, { code: 'TWICE' }), filePart('1')])).statusCode).toBe(201);
    const again = await create([...fields(s, { code: 'TWICE' }), filePart('2')]);
    expect(again.statusCode).toBe(409);
    expect(storage(t.config.dataDir)).toEqual({ blobs: expect.any(Array), temp: [] });
    expect(storage(t.config.dataDir).blobs.length).toBe(before + 1);
  });

  it('a malformed multipart body → 400, never 500', async () => {
    const res = await t.app.inject({
      method: 'POST', url: s.downloadables.replace('http://api.test', ''),
      headers: { 'service-api-version': '1', authorization: `Bearer ${s.token}`, 'content-type': 'multipart/form-data; boundary=xyz' },
      payload: '--xyz\r\nContent-Disposition: form-data; name="file"; filename="a"\r\n\r\nunterminated',
    });
    expect(res.statusCode).toBe(400);
    const noBoundary = await t.app.inject({
      method: 'POST', url: s.downloadables.replace('http://api.test', ''),
      headers: { 'service-api-version': '1', authorization: `Bearer ${s.token}`, 'content-type': 'multipart/form-data' },
      payload: 'whatever',
    });
    expect(noBoundary.statusCode).toBe(400);
    expect(storage(t.config.dataDir).temp).toEqual([]);
  });

  it('an oversize file → 413 with no bytes left on disk', async () => {
    const before = storage(t.config.dataDir).blobs;
    const res = await create([...fields(s), filePart(bytes(64 * 1024 + 1), 'big.bin')]);
    expect(res.statusCode).toBe(413);
    expect(json(res)._embedded['svc:errors'][0]).toMatchObject({ field: 'file', code: 'too_large' });
    const after = storage(t.config.dataDir);
    expect(after.temp).toEqual([]);
    expect(after.blobs).toEqual(before);
  });

  it('a category made downloaded later is accepted', async () => {
    const store = json(await call(t.app, s.chain.storeHref, { token: s.token }));
    const cat = await category(t.app, s.chain, store, 'downloaded');
    expect((await create([...fields(s, { item_category_uri: cat }), filePart('x')])).statusCode).toBe(201);
  });
});
