// Staged uploads of downloadable files over GraphQL: stageDownloadableUpload hands out a one-time
// URL, the bytes are PUT there, and createDownloadable / updateDownloadable / replaceDownloadable
// name the upload. Covers the whole flow against REST, one-time use, expiry (moved clock), the size
// limit, scopes, tenancy, userErrors listing every invalid field, and the clean-up of expired uploads.
import { createHash } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../src/services/clock.js';
import { STAGED_UPLOAD_TTL_MS } from '../../src/services/staged-uploads.js';
import { BASE, engines, makeApp, type TestApp } from '../helpers/app.js';
import { call, json, link } from '../helpers/rest.js';
import { fields, filePart, sendMultipart, shop, storage, walk, type Shop } from '../rest/downloadables/setup.js';
import { errorCodes, gql, gqlData, narrowToken } from './helpers.js';

const MAX = 64 * 1024;
const sha = (b: Buffer | string) => createHash('sha256').update(b).digest('hex');
/** Bytes no text encoding would survive unchanged. */
const bytes = (n: number, seed = 7) => Buffer.from(Array.from({ length: n }, (_, i) => (i * 31 + seed) & 0xff));

const STAGE = `mutation($input: StageDownloadableUploadInput!) {
  stageDownloadableUpload(input: $input) { upload { id url expiresAt maxBytes fileName contentType } userErrors { field code message } }
}`;
const SELECTION = 'downloadable { id href fileName fileSize uploadDate fileHref } userErrors { field code message }';
const CREATE = `mutation($input: DownloadableInput!) { createDownloadable(input: $input) { ${SELECTION} } }`;
const UPDATE = `mutation($id: ID!, $input: DownloadableInput!) { updateDownloadable(id: $id, input: $input) { ${SELECTION} } }`;
const REPLACE = `mutation($id: ID!, $input: DownloadableInput!) { replaceDownloadable(id: $id, input: $input) { ${SELECTION} } }`;

let codes = 0;

describe.each(engines())('GraphQL staged uploads of downloadables (%s)', (engine) => {
  const clock = new ManualClock(new Date());
  const dataDir = mkdtempSync(join(tmpdir(), 'staged-uploads-'));
  // A database file (not :memory:) so a second app can start on the same data (the start-up sweep).
  const shared = { dataDir, maxUploadBytes: MAX, accessTokenTtl: 30 * 24 * 3600, ...(engine === 'sqlite' ? { databaseUrl: join(dataDir, 'db.sqlite') } : {}) };
  let t: TestApp;
  let s: Shop;
  let other: Shop;

  beforeAll(async () => {
    t = await makeApp({ engine, clock, config: shared });
    s = await shop(t.app);
    other = await shop(t.app);
  });
  afterAll(async () => t?.close());

  const parked = () => walk(join(dataDir, 'files', 'uploads'));

  async function stage(input: Record<string, unknown>, token = s.token) {
    const r = await gqlData(t.app, STAGE, { token, variables: { input } });
    return r.stageDownloadableUpload;
  }

  async function staged(fileName = 'guide.pdf', content: Buffer = bytes(1000), token = s.token): Promise<string> {
    const { upload, userErrors } = await stage({ fileName, contentType: 'application/pdf', size: content.length }, token);
    expect(userErrors).toEqual([]);
    expect((await put(upload.url, content)).statusCode).toBe(200);
    return upload.id;
  }

  /**
   * PUTs bytes to an upload URL the way a plain HTTP client does: no version header, no token. A
   * streamed body has no Content-Length, so only the limit counted while streaming can stop it.
   */
  function put(url: string, body: Buffer, headers: Record<string, string> = {}, streamed = false): Promise<LightMyRequestResponse> {
    expect(url.startsWith(BASE)).toBe(true);
    const payload = streamed ? Readable.from([body.subarray(0, 1000), body.subarray(1000)]) : body;
    return t.app.inject({ method: 'PUT', url: url.slice(BASE.length), payload, headers: { 'content-type': 'application/pdf', ...headers } });
  }

  function input(over: Record<string, unknown> = {}, shopOf = s) {
    codes += 1;
    return { name: `Guide ${codes}`, code: `SU-${codes}`, price: '4.50', itemCategoryUri: shopOf.downloadedCategory, ...over };
  }

  async function create(over: Record<string, unknown>, token = s.token, shopOf = s) {
    return (await gqlData(t.app, CREATE, { token, variables: { input: input(over, shopOf) } })).createDownloadable;
  }

  it('stages, takes the PUT bytes and makes them the file of a new downloadable, the same over REST and GraphQL', async () => {
    const content = bytes(5000);
    const before = storage(dataDir).blobs.length;
    const { upload, userErrors } = await stage({ fileName: 'dir/../Guide ü.pdf', contentType: 'Application/PDF', size: content.length });
    expect(userErrors).toEqual([]);
    expect(upload).toMatchObject({ fileName: 'Guide ü.pdf', contentType: 'application/pdf', maxBytes: MAX });
    expect(upload.url).toMatch(new RegExp(`^${BASE}/uploads/[A-Za-z0-9_-]{43}$`));
    expect(Date.parse(upload.expiresAt.replace('+0000', 'Z'))).toBe(Math.floor(clock.now().getTime() / 1000) * 1000 + STAGED_UPLOAD_TTL_MS);

    const res = await put(upload.url, content);
    expect(res.statusCode, res.body).toBe(200);
    expect(json(res)).toEqual({ staged_upload_id: upload.id, file_size: content.length, sha256: sha(content) });
    expect(parked()).toHaveLength(1);

    const made = await create({ stagedUploadId: upload.id });
    expect(made.userErrors).toEqual([]);
    const d = made.downloadable;
    expect(d).toMatchObject({ fileName: 'Guide ü.pdf', fileSize: content.length });
    expect(parked()).toEqual([]);
    expect(storage(dataDir)).toMatchObject({ temp: [] });
    expect(storage(dataDir).blobs).toHaveLength(before + 1);

    const rest = json(await call(t.app, d.href, { token: s.token }));
    expect(rest).toMatchObject({ file_name: d.fileName, file_size: d.fileSize, upload_date: d.uploadDate });
    expect(link(rest, 'svc:file')).toBe(d.fileHref);
    const file = await call(t.app, d.fileHref, { token: s.token });
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.equals(content)).toBe(true);
    expect(file.headers.etag).toBe(`"${sha(content)}"`);
    expect(file.headers['content-disposition']).toContain(`filename*=UTF-8''Guide%20%C3%BC.pdf`);
  });

  it('takes the media type from the PUT when none was staged, and any body type (multipart included) as bytes', async () => {
    const { upload } = await stage({ fileName: 'raw.bin' });
    const content = Buffer.from('--x\r\nnot really multipart');
    const res = await put(upload.url, content, { 'content-type': 'multipart/form-data; boundary=x' });
    expect(res.statusCode, res.body).toBe(200);
    const d = (await create({ stagedUploadId: upload.id })).downloadable;
    expect((await call(t.app, d.fileHref, { token: s.token })).rawPayload.equals(content)).toBe(true);
  });

  it('replaces the file of an existing downloadable (update and replace) and removes the old blob', async () => {
    const res = await sendMultipart(t.app, s.downloadables, s.token, [...fields(s), filePart('version one', 'one.txt')]);
    expect(res.statusCode, res.body).toBe(201);
    const self = link(json(res), 'self');
    const id = self.slice(self.lastIndexOf('/') + 1);
    const before = storage(dataDir).blobs.length;

    const two = bytes(300, 2);
    const updated = (await gqlData(t.app, UPDATE, { token: s.token, variables: { id, input: { stagedUploadId: await staged('two.txt', two) } } })).updateDownloadable;
    expect(updated.userErrors).toEqual([]);
    expect(updated.downloadable).toMatchObject({ fileName: 'two.txt', fileSize: 300 });
    expect((await call(t.app, updated.downloadable.fileHref, { token: s.token })).rawPayload.equals(two)).toBe(true);
    expect(storage(dataDir).blobs).toHaveLength(before);

    const three = bytes(400, 3);
    const replaced = (await gqlData(t.app, REPLACE, {
      token: s.token, variables: { id, input: input({ stagedUploadId: await staged('three.txt', three) }) },
    })).replaceDownloadable;
    expect(replaced.userErrors).toEqual([]);
    expect(replaced.downloadable).toMatchObject({ fileName: 'three.txt', fileSize: 400 });
    const file = await call(t.app, replaced.downloadable.fileHref, { token: s.token });
    expect(file.rawPayload.equals(three)).toBe(true);
    expect(file.headers.etag).toBe(`"${sha(three)}"`);
    expect(storage(dataDir).blobs).toHaveLength(before);

    // An update without stagedUploadId keeps the file.
    const renamed = (await gqlData(t.app, UPDATE, { token: s.token, variables: { id, input: { name: 'Renamed' } } })).updateDownloadable;
    expect(renamed.downloadable).toMatchObject({ fileName: 'three.txt', fileSize: 400 });
  });

  it('is one-time: a second PUT is refused, and an upload cannot be referenced twice', async () => {
    const { upload } = await stage({ fileName: 'once.pdf' });
    expect((await put(upload.url, bytes(10))).statusCode).toBe(200);
    const again = await put(upload.url, bytes(20));
    expect(again.statusCode).toBe(409);
    expect(json(again)._embedded['svc:errors'][0].code).toBe('already_uploaded');
    expect(parked()).toHaveLength(1);
    expect(storage(dataDir).temp).toEqual([]);

    const first = await create({ stagedUploadId: upload.id });
    expect(first.userErrors).toEqual([]);
    expect(first.downloadable.fileSize).toBe(10);
    const second = await create({ stagedUploadId: upload.id });
    expect(second.downloadable).toBeNull();
    expect(second.userErrors).toEqual([expect.objectContaining({ field: 'stagedUploadId', code: 'already_used' })]);
    expect((await put(upload.url, bytes(10))).statusCode).toBe(409);
  });

  it('keeps an upload usable when the write naming it fails, and refuses ids that are unknown or not uploaded yet', async () => {
    const id = await staged('retry.pdf', bytes(50));
    const bad = await create({ stagedUploadId: id, name: 'x'.repeat(101) });
    expect(bad.userErrors.map((e: any) => e.field)).toEqual(['name']);
    const good = await create({ stagedUploadId: id });
    expect(good.userErrors).toEqual([]);
    expect(good.downloadable.fileSize).toBe(50);

    const { upload } = await stage({ fileName: 'later.pdf' });
    expect((await create({ stagedUploadId: upload.id })).userErrors).toEqual([expect.objectContaining({ field: 'stagedUploadId', code: 'not_uploaded' })]);
    for (const unknown of ['0'.repeat(32), 'not-an-id', upload.url]) {
      expect((await create({ stagedUploadId: unknown })).userErrors).toEqual([expect.objectContaining({ field: 'stagedUploadId', code: 'not_found' })]);
    }
    const nowhere = await put(`${BASE}/uploads/${'A'.repeat(43)}`, bytes(5));
    expect(nowhere.statusCode).toBe(404);
  });

  it('expires: the URL is refused and an uploaded but unused upload can no longer be referenced', async () => {
    const { upload: unsent } = await stage({ fileName: 'late.pdf' });
    const sentId = await staged('stale.pdf', bytes(64));
    clock.advance(STAGED_UPLOAD_TTL_MS + 1000);
    const late = await put(unsent.url, bytes(5));
    expect(late.statusCode).toBe(410);
    expect(json(late)._embedded['svc:errors'][0].code).toBe('expired');
    expect((await create({ stagedUploadId: sentId })).userErrors).toEqual([expect.objectContaining({ field: 'stagedUploadId', code: 'expired' })]);
    expect(parked().length).toBeGreaterThan(0);

    // Staging sweeps what expired: the parked bytes go, and the id is unknown from then on.
    await stage({ fileName: 'fresh.pdf' });
    expect(parked()).toEqual([]);
    expect((await create({ stagedUploadId: sentId })).userErrors).toEqual([expect.objectContaining({ field: 'stagedUploadId', code: 'not_found' })]);
  });

  it('answers an oversize PUT 413 with nothing left behind, and the URL stays usable for a correct one', async () => {
    const { upload } = await stage({ fileName: 'big.bin' });
    for (const streamed of [false, true]) {
      const res = await put(upload.url, bytes(MAX + 1), {}, streamed);
      expect(res.statusCode, `streamed: ${streamed}`).toBe(413);
      expect(json(res)._embedded['svc:errors'][0].code).toBe('too_large');
      expect(storage(dataDir).temp).toEqual([]);
      expect(parked()).toEqual([]);
    }
    const full = await put(upload.url, bytes(MAX), {}, true);
    expect(full.statusCode).toBe(200);
    expect(json(full)).toMatchObject({ file_size: MAX, sha256: sha(bytes(MAX)) });

    const sized = (await stage({ fileName: 'exact.bin', size: 1010 })).upload;
    for (const streamed of [false, true]) {
      const wrong = await put(sized.url, bytes(1011), {}, streamed);
      expect(wrong.statusCode, `streamed: ${streamed}`).toBe(400);
      expect(json(wrong)._embedded['svc:errors'][0].code).toBe('size_mismatch');
      expect(storage(dataDir).temp).toEqual([]);
    }
    expect((await put(sized.url, bytes(1010), {}, true)).statusCode).toBe(200);

    const tooBig = await stage({ fileName: 'huge.bin', size: MAX + 1 });
    expect(tooBig.upload).toBeNull();
    expect(tooBig.userErrors).toEqual([expect.objectContaining({ field: 'size', code: 'too_large' })]);
  });

  it('needs write access to downloadables to stage', async () => {
    for (const scope of ['webhooks_write', 'downloadables_read']) {
      const token = await narrowToken(t.app, s.chain, scope);
      const r = await gql(t.app, STAGE, { token, variables: { input: { fileName: 'a.pdf' } } });
      expect(errorCodes(r.body), scope).toEqual(['FORBIDDEN']);
      expect(r.body.data?.stageDownloadableUpload ?? null).toBeNull();
    }
    const anonymous = await gql(t.app, STAGE, { variables: { input: { fileName: 'a.pdf' } } });
    expect(errorCodes(anonymous.body)).toEqual(['UNAUTHENTICATED']);
    const writer = await narrowToken(t.app, s.chain, 'downloadables_write');
    const ok = await stage({ fileName: 'a.pdf' }, writer);
    expect(ok.userErrors).toEqual([]);
  });

  it('keeps uploads within their store: another store cannot reference or PUT to them', async () => {
    const id = await staged('mine.pdf', bytes(80));
    const theirs = await create({ stagedUploadId: id }, other.token, other);
    expect(theirs.downloadable).toBeNull();
    expect(theirs.userErrors).toEqual([expect.objectContaining({ field: 'stagedUploadId', code: 'not_found' })]);

    const { upload } = await stage({ fileName: 'mine2.pdf' });
    expect((await put(upload.url, bytes(5), { authorization: `Bearer ${other.token}` })).statusCode).toBe(404);
    expect((await put(upload.url, bytes(5), { authorization: `Bearer ${s.token}` })).statusCode).toBe(200);

    const mine = await create({ stagedUploadId: id });
    expect(mine.userErrors).toEqual([]);
    expect((await call(t.app, mine.downloadable.fileHref, { token: s.token })).rawPayload.equals(bytes(80))).toBe(true);
  });

  it('reports every invalid field at once', async () => {
    const stagedBad = await stage({ fileName: '  ', contentType: 'not a type', size: -1 });
    expect(stagedBad.upload).toBeNull();
    expect(stagedBad.userErrors.map((e: any) => e.field).sort()).toEqual(['contentType', 'fileName', 'size']);

    const r = await create({ name: 'x'.repeat(101), code: null, itemCategoryUri: s.shippedCategory, stagedUploadId: '0'.repeat(32) });
    expect(r.downloadable).toBeNull();
    expect(r.userErrors.map((e: any) => e.field).sort()).toEqual(['code', 'itemCategoryUri', 'name', 'stagedUploadId']);
  });

  it('removes expired uploads when the service starts', async () => {
    const { upload } = await stage({ fileName: 'abandoned.pdf' });
    expect((await put(upload.url, bytes(30))).statusCode).toBe(200);
    expect(parked().length).toBeGreaterThan(0);
    const later = new ManualClock(new Date(clock.now().getTime() + STAGED_UPLOAD_TTL_MS + 1000));
    const second = await makeApp({ engine, clock: later, config: shared, reuseSchema: t.config.databaseSchema });
    try {
      await second.app.ready();
      expect(parked()).toEqual([]);
    } finally {
      await second.close();
    }
  });
});
