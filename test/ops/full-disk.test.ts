// A full disk, for real: the server runs with DATA_DIR on a 24 MB tmpfs (mounted in a user and mount
// namespace of its own: `unshare --user --map-root-user --mount`). An upload that does not fit
// answers 507 with Retry-After and a message about storage (not 400 blaming the client), leaves no
// bytes behind, and /readyz reports the storage full; so does free space below
// STORAGE_MIN_FREE_BYTES. Once space is back, everything works again. On SQLite the database lives
// on the full disk too: a write it cannot make is 507 as well and the database stays intact.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import http from 'node:http';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { JWT_SECRET, ROOT } from '../../scripts/reliability/child.js';
import { api, freePort, openSession, type Session } from '../../scripts/reliability/api.js';
import { engines } from '../helpers/app.js';
import { multipart, walk } from '../rest/downloadables/setup.js';
import { serverEntry } from '../helpers/server-entry.js';
import { scratchPgDatabases } from '../helpers/scratch-db.js';

const probe = mkdtempSync(join(tmpdir(), 'tmpfs-probe-'));
const canMount = spawnSync('unshare', ['--user', '--map-root-user', '--mount', 'sh', '-c', `mount -t tmpfs -o size=1m tmpfs "${probe}"`]).status === 0;
if (!canMount) console.log('[skip] full disk: this machine does not allow a tmpfs in a user namespace (unshare --user --mount)');

const procs: ChildProcess[] = [];
const databases = scratchPgDatabases('i16_disk');
afterAll(async () => {
  for (const p of procs) if (p.exitCode === null) p.kill('SIGKILL');
  await databases.dropAll();
});

interface Server {
  base: string;
  /** DATA_DIR as this test sees it: through the server's own mount namespace. */
  dataDir: string;
  out(): string;
}

async function startOnTmpfs(engine: string, sizeMb: number): Promise<Server> {
  const dataDir = mkdtempSync(join(tmpdir(), `full-disk-${engine}-`));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const env = {
    ...process.env, MODE: 'production', HOST: '127.0.0.1', PORT: String(port), BASE_URL: base, JWT_SECRET, LOG_LEVEL: 'warn', RATE_LIMIT_MAX: '0',
    DATA_DIR: dataDir, DATABASE_URL: engine === 'postgres' ? await databases.create() : join(dataDir, 'db.sqlite'),
    STORAGE_MIN_FREE_BYTES: String(3 * 1024 * 1024), MAX_UPLOAD_BYTES: String(64 * 1024 * 1024),
    // Files on the full disk: with files in PostgreSQL (the default there) a full disk is the
    // database server's (53100 → 507, checked in pg-refusing.test.ts), which no test here can fill.
    FILE_STORAGE: 'disk',
  };
  const proc = spawn('unshare', ['--user', '--map-root-user', '--mount', 'sh', '-c',
    `mount -t tmpfs -o size=${sizeMb}m tmpfs "$DATA_DIR" && exec "${process.execPath}" "${serverEntry()}"`], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  procs.push(proc);
  let out = '';
  proc.stdout!.on('data', (d) => { out += d; });
  proc.stderr!.on('data', (d) => { out += d; });
  for (let i = 0; i < 600; i++) {
    if (proc.exitCode !== null) throw new Error(`server exited:\n${out}`);
    if (await fetch(`${base}/healthz`).then((r) => r.ok, () => false)) return { base, dataDir: `/proc/${proc.pid}/root${dataDir}`, out: () => out };
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`server did not start:\n${out}`);
}

async function setUp(base: string): Promise<{ session: Session; category: string }> {
  const session = await openSession(base, `full-disk-${randomBytes(4).toString('hex')}`);
  const cat = await api(base, session.links['svc:item_categories'], {
    method: 'POST', token: session.storeToken, json: { code: 'DL', name: 'Downloads', item_delivery_type: 'downloaded', max_downloads_per_customer: 3, max_downloads_time_period: 72 },
  });
  expect(cat.status).toBe(201);
  return { session, category: cat.body._links.self.href };
}

/**
 * A multipart upload over a real connection. The server may answer (507) before the body is all
 * sent and close the socket under the rest, as it does for 413: the answer is what counts.
 */
async function upload(s: { session: Session; category: string }, code: string, bytes: number): Promise<{ status: number; body: any; retryAfter: string | null }> {
  const { payload, contentType } = multipart([
    { name: 'code', value: code }, { name: 'name', value: code }, { name: 'item_category_uri', value: s.category },
    { name: 'file', filename: `${code}.bin`, content: randomBytes(bytes), contentType: 'application/octet-stream' },
  ]);
  const url = new URL(s.session.links['svc:downloadables']);
  return send({
    method: 'POST', path: url.pathname, port: url.port,
    headers: { 'service-api-version': '1', 'content-type': contentType, authorization: `Bearer ${s.session.storeToken}` },
  }, payload);
}

function send(opts: { method: string; path: string; port: string; headers: Record<string, string> }, payload: Buffer): Promise<{ status: number; body: any; retryAfter: string | null }> {
  return new Promise((resolve, reject) => {
    let answered = false;
    const req = http.request({ host: '127.0.0.1', port: opts.port, path: opts.path, method: opts.method, headers: { ...opts.headers, 'content-length': payload.length } }, (res) => {
      answered = true;
      let text = '';
      res.setEncoding('utf8').on('data', (c) => { text += c; }).on('end', () => resolve({ status: res.statusCode!, body: JSON.parse(text), retryAfter: (res.headers['retry-after'] as string) ?? null }));
    });
    req.on('error', (err) => { if (!answered) reject(err); });
    req.end(payload);
  });
}

const readyz = async (base: string) => {
  const res = await fetch(`${base}/readyz`);
  return { status: res.status, body: await res.json() as any };
};

const MB = 1024 * 1024;

describe.skipIf(!canMount).each(engines())('a full disk (%s)', (engine) => {
  it('answers 507 with Retry-After, keeps nothing, reports it in /readyz, and recovers', async () => {
    const server = await startOnTmpfs(engine, 24);
    const s = await setUp(server.base);
    expect((await readyz(server.base)).status).toBe(200);

    expect((await upload(s, 'A', 12 * MB)).status).toBe(201);
    const tooBig = await upload(s, 'B', 14 * MB);
    expect(tooBig.status).toBe(507);
    expect(tooBig.retryAfter).toMatch(/^\d+$/);
    expect(tooBig.body._embedded['svc:errors'][0]).toMatchObject({ code: 'insufficient_storage', message: expect.stringMatching(/storage space/) });
    expect(walk(join(server.dataDir, 'files', 'tmp'))).toEqual([]);
    expect(walk(join(server.dataDir, 'files', 'blobs'))).toHaveLength(1);
    const codes = await api(server.base, `${s.session.links['svc:downloadables']}?limit=300`, { token: s.session.storeToken });
    expect(codes.body._embedded['svc:downloadables'].map((d: any) => d.code)).toEqual(['A']);
    // A staged upload's PUT that does not fit is 507 too.
    const stage = await fetch(`${server.base}/graphql`, {
      method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${s.session.storeToken}` },
      body: JSON.stringify({ query: 'mutation($i: StageDownloadableUploadInput!) { stageDownloadableUpload(input: $i) { upload { url } } }', variables: { i: { fileName: 'big.bin' } } }),
    }).then((r) => r.json()) as any;
    const putUrl = new URL(stage.data.stageDownloadableUpload.upload.url);
    const put = await send({ method: 'PUT', path: putUrl.pathname, port: putUrl.port, headers: { 'content-type': 'application/octet-stream' } }, randomBytes(14 * MB));
    expect(put.status).toBe(507);
    expect(walk(join(server.dataDir, 'files', 'tmp'))).toEqual([]);
    expect(walk(join(server.dataDir, 'files', 'uploads'))).toEqual([]);
    // Not ready while the last write found no room…
    expect(await readyz(server.base)).toMatchObject({ status: 503, body: { status: 'storage full', storage: { full: true } } });
    // …until one fits again.
    expect((await upload(s, 'C', 100_000)).status).toBe(201);
    expect((await readyz(server.base)).status).toBe(200);

    // Free space under STORAGE_MIN_FREE_BYTES (3 MiB) is not ready either, and back when freed.
    const filler = join(server.dataDir, 'filler');
    const freeBytes = async () => (await readyz(server.base)).body.storage.free_bytes as number;
    writeFileSync(filler, Buffer.alloc(await freeBytes() - 1 * MB));
    expect(await readyz(server.base)).toMatchObject({ status: 503, body: { status: 'storage full' } });
    rmSync(filler);
    expect((await readyz(server.base)).status).toBe(200);

    if (engine === 'sqlite') {
      // The database itself cannot grow: its write is 507 too, and nothing of it is kept.
      writeFileSync(filler, Buffer.alloc(Math.max(0, await freeBytes() - 4096)));
      const statuses: number[] = [];
      for (let i = 0; i < 20 && !statuses.includes(507); i++) {
        statuses.push((await api(server.base, s.session.links['svc:taxes'], {
          method: 'POST', token: s.session.storeToken, json: { name: `Tax ${i} ${'x'.repeat(20)}`, type: 'global', rate: '0.1' },
        })).status);
      }
      expect(statuses.filter((c) => c !== 201)).toEqual([507]);
      rmSync(filler);
      const taxes = await api(server.base, s.session.links['svc:taxes'], { token: s.session.storeToken });
      expect(taxes.status).toBe(200);
      expect(taxes.body._embedded['svc:taxes']).toHaveLength(statuses.length - 1);
      expect((await api(server.base, s.session.links['svc:taxes'], {
        method: 'POST', token: s.session.storeToken, json: { name: 'After', type: 'global', rate: '0.2' },
      })).status).toBe(201);
    }
    expect(server.out()).not.toMatch(/"level":50.*unhandled error/);
  }, 180_000);
});
