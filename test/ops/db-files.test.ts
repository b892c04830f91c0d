// Uploaded files stored in PostgreSQL itself (FILE_STORAGE=database, the default on PostgreSQL):
// written and read in chunks of at most 256 KiB, never on the instance's disk, served by every
// instance sharing the database, under the same crash rules as the disk (received first, placed in
// the write's transaction, leftovers swept at start).
import { containerOf } from '../../src/app.js';
import { createHash, randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BASE, makeApp, PG_URL, type TestApp } from '../helpers/app.js';
import { call, json, link } from '../helpers/rest.js';
import { gqlData } from '../graphql/helpers.js';
import { fields, filePart, sendMultipart, shop, storage, type Shop } from '../rest/downloadables/setup.js';
import { CHUNK, fileBlobCounts } from '../../src/files/db-blob-store.js';
import { sweepFiles } from '../../src/files/sweep.js';
import { ANONYMOUS } from '../../src/auth/principal.js';

if (!PG_URL) console.log('[skip] files in PostgreSQL: TEST_DATABASE_URL is not set');

const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');

describe.skipIf(!PG_URL)('files in PostgreSQL', () => {
  let a: TestApp;
  let b: TestApp;
  let s: Shop;
  beforeAll(async () => {
    a = await makeApp({ engine: 'postgres', config: { fileStorage: 'database', maxUploadBytes: 8 * 1024 * 1024 } });
    b = await makeApp({ engine: 'postgres', config: { fileStorage: 'database' }, reuseSchema: a.config.databaseSchema });
    s = await shop(a.app);
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  const download = async (t: TestApp, href: string) => {
    const res = await call(t.app, `${href}/file`, { token: s.token });
    return { status: res.statusCode, body: res.rawPayload };
  };

  it('stores an upload in chunks, not on disk, and every instance serves it', async () => {
    const content = randomBytes(3 * CHUNK + 1234);
    const res = await sendMultipart(a.app, s.downloadables, s.token, [...fields(s), filePart(content)]);
    expect(res.statusCode).toBe(201);
    const href = link(json(res), 'self');
    expect(storage(a.config.dataDir)).toEqual({ blobs: [], temp: [] });
    const db = containerOf(a.app).database.db;
    const { rows } = await sql<{ n: number; biggest: number; total: number }>`
      SELECT count(*)::int AS n, max(octet_length(data))::int AS biggest, sum(octet_length(data))::int AS total FROM file_chunks`.execute(db);
    expect(rows[0]).toEqual({ n: 4, biggest: CHUNK, total: content.length });
    for (const t of [a, b]) {
      const got = await download(t, href);
      expect(got.status).toBe(200);
      expect(sha(got.body)).toBe(sha(content));
    }
    expect(storage(b.config.dataDir)).toEqual({ blobs: [], temp: [] });
  });

  it('replaces and deletes: the old bytes go after commit; a failed write keeps nothing', async () => {
    const first = await sendMultipart(a.app, s.downloadables, s.token, [...fields(s), filePart(randomBytes(1000))]);
    const href = link(json(first), 'self');
    const before = await fileBlobCounts(containerOf(a.app).database.db);
    const replacement = randomBytes(CHUNK + 1);
    const replaced = await sendMultipart(a.app, href, s.token, [filePart(replacement, 'v2.pdf')], { 'x-http-method-override': 'PATCH' });
    expect(replaced.statusCode).toBe(200);
    expect(sha((await download(b, href)).body)).toBe(sha(replacement));
    expect(await fileBlobCounts(containerOf(a.app).database.db)).toEqual(before);
    // Invalid fields: the upload was received, then taken back with the write.
    const invalid = await sendMultipart(a.app, s.downloadables, s.token, [...fields(s, { item_category_uri: s.shippedCategory }), filePart(randomBytes(5000))]);
    expect(invalid.statusCode).toBe(400);
    expect(await fileBlobCounts(containerOf(a.app).database.db)).toEqual(before);
    expect((await call(a.app, href, { method: 'DELETE', token: s.token })).statusCode).toBe(204);
    expect((await fileBlobCounts(containerOf(a.app).database.db)).placed).toBe(before.placed - 1);
  });

  it('takes a GraphQL staged upload from the database too, and a failed claim leaves it claimable', async () => {
    const content = randomBytes(CHUNK * 2);
    const staged = (await gqlData(a.app, `mutation($input: StageDownloadableUploadInput!) { stageDownloadableUpload(input: $input) { upload { id url } userErrors { code } } }`,
      { token: s.token, variables: { input: { fileName: 'guide.pdf', contentType: 'application/pdf', size: content.length } } })).stageDownloadableUpload.upload;
    const put = await b.app.inject({ method: 'PUT', url: staged.url.slice(BASE.length), payload: content, headers: { 'content-type': 'application/pdf' } });
    expect(put.statusCode).toBe(200);
    expect((await fileBlobCounts(containerOf(a.app).database.db)).parked).toBe(1);
    const CREATE = `mutation($input: DownloadableInput!) { createDownloadable(input: $input) { downloadable { href } userErrors { field code } } }`;
    const bad = (await gqlData(a.app, CREATE, { token: s.token, variables: { input: { name: 'G', code: `SU-${randomBytes(3).toString('hex')}`, itemCategoryUri: s.shippedCategory, stagedUploadId: staged.id } } })).createDownloadable;
    expect(bad.userErrors.length).toBeGreaterThan(0);
    expect((await fileBlobCounts(containerOf(a.app).database.db)).parked).toBe(1);
    const ok = (await gqlData(a.app, CREATE, { token: s.token, variables: { input: { name: 'G', code: `SU-${randomBytes(3).toString('hex')}`, itemCategoryUri: s.downloadedCategory, stagedUploadId: staged.id } } })).createDownloadable;
    expect(ok.userErrors).toEqual([]);
    expect((await fileBlobCounts(containerOf(a.app).database.db)).parked).toBeUndefined();
    expect(sha((await download(b, ok.downloadable.href)).body)).toBe(sha(content));
  });

  it('sweeps what a crash leaves: files still arriving or never placed, and placed files no row names', async () => {
    const db = containerOf(a.app).database.db;
    const keep = await fileBlobCounts(db);
    // What a process killed mid-upload, or between placing and committing, leaves behind.
    const orphan = async (state: string, key: string) => {
      const { rows } = await sql<{ id: number }>`INSERT INTO file_blobs (key, store_id, state, created_at) VALUES (${key}, 1, ${state}, now() - interval '2 hours') RETURNING id`.execute(db);
      await sql`INSERT INTO file_chunks (blob_id, seq, data) VALUES (${rows[0].id}, 0, ${randomBytes(10)})`.execute(db);
    };
    await orphan('receiving', `1/${'a'.repeat(32)}`);
    await orphan('received', `1/${'b'.repeat(32)}`);
    await orphan('placed', `1/${'c'.repeat(32)}`);
    await sql`UPDATE file_blobs SET created_at = now() - interval '2 hours'`.execute(db);
    const swept = await sweepFiles(a.app.container.context(ANONYMOUS, 'test'));
    expect(swept).toEqual({ temp: 2, blobs: 1 });
    expect(await fileBlobCounts(db)).toEqual(keep);
    const { rows } = await sql<{ n: number }>`SELECT count(*)::int AS n FROM file_chunks c LEFT JOIN file_blobs b ON b.id = c.blob_id WHERE b.id IS NULL`.execute(db);
    expect(rows[0].n).toBe(0);
  });
});
