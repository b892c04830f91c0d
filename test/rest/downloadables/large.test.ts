// Large uploads over a real loopback connection (not inject, which buffers the whole payload):
// a 50 MB file streamed from a generator keeps the heap flat, arrives intact and downloads intact;
// an oversize upload is answered 413 with nothing left on disk.
import { createHash } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BASE, makeApp, type TestApp } from '../../helpers/app.js';
import { json, link } from '../../helpers/rest.js';
import { fields, shop, storage, type Shop } from './setup.js';

// The file needs a collectable heap to measure retained growth; vitest's workers have no
// --expose-gc, so the flag is switched on here and `gc` fetched from a fresh context.
setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as (opts?: { type: 'major' | 'minor' }) => void;

const MB = 1024 * 1024;
const CHUNK = 64 * 1024;

/** `total` bytes of a repeating pattern, in chunks, without ever holding more than one chunk. */
function* generate(total: number): Generator<Buffer> {
  for (let sent = 0; sent < total; sent += CHUNK) {
    const n = Math.min(CHUNK, total - sent);
    const b = Buffer.allocUnsafe(n);
    let i = 0;
    for (; i + 4 <= n; i += 4) b.writeUInt32LE(Math.imul(sent + i, 2654435761) >>> 0, i);
    for (; i < n; i++) b[i] = i & 0xff;
    yield b;
  }
}

interface Sent { status: number; body: string; sha256: string }

/** Streams a multipart body (fields, then the generated file) to `path` on the listening app. */
function upload(port: number, path: string, token: string, parts: Array<{ name: string; value: string }>, size: number): Promise<Sent> {
  const boundary = `----large${Date.now()}`;
  const head = Buffer.from(parts.map((p) => `--${boundary}\r\nContent-Disposition: form-data; name="${p.name}"\r\n\r\n${p.value}\r\n`).join('')
    + `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="big.bin"\r\nContent-Type: application/octet-stream\r\n\r\n`);
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const hash = createHash('sha256');
  return new Promise((resolve, reject) => {
    let answered = false;
    const req = http.request({
      host: '127.0.0.1', port, path, method: 'POST',
      headers: {
        'service-api-version': '1', authorization: `Bearer ${token}`,
        'content-type': `multipart/form-data; boundary=${boundary}`, 'content-length': head.length + size + tail.length,
      },
    }, (res) => {
      answered = true;
      let body = '';
      res.setEncoding('utf8').on('data', (c) => { body += c; }).on('end', () => resolve({ status: res.statusCode!, body, sha256: hash.digest('hex') }));
    });
    // Once the server has answered (413) it may close the socket under the rest of the body.
    req.on('error', (err) => { if (!answered) reject(err); });
    (async () => {
      const write = (b: Buffer) => new Promise<void>((ok) => { if (req.write(b)) ok(); else req.once('drain', ok); });
      await write(head);
      for (const chunk of generate(size)) {
        if (answered || req.destroyed) return;
        hash.update(chunk);
        await write(chunk);
      }
      req.end(tail);
    })().catch(reject);
  });
}

/** Downloads over the real connection, hashing as the bytes arrive. */
function download(port: number, path: string, token: string): Promise<{ status: number; size: number; sha256: string; headers: http.IncomingHttpHeaders }> {
  return new Promise((resolve, reject) => {
    http.get({ host: '127.0.0.1', port, path, headers: { 'service-api-version': '1', authorization: `Bearer ${token}` } }, (res) => {
      const hash = createHash('sha256');
      let size = 0;
      res.on('data', (c: Buffer) => { size += c.length; hash.update(c); })
        .on('end', () => resolve({ status: res.statusCode!, size, sha256: hash.digest('hex'), headers: res.headers }));
    }).on('error', reject);
  });
}

const pathOf = (href: string) => href.slice(BASE.length);

describe('large uploads over a real connection', () => {
  let t: TestApp;
  let s: Shop;
  let port: number;
  beforeAll(async () => {
    t = await makeApp({ config: { maxUploadBytes: 60 * MB } });
    s = await shop(t.app);
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    port = (t.app.server.address() as AddressInfo).port;
  });
  afterAll(async () => t?.close());

  it('a 50 MB upload keeps heap growth under 16 MB and round-trips byte for byte', async () => {
    const size = 50 * MB;
    gc();
    const before = process.memoryUsage();
    let peakHeap = before.heapUsed;
    let peakBuffers = before.arrayBuffers;
    let samples = 0;
    // Each sample scavenges first, so the peaks are what the upload keeps alive rather than young
    // garbage awaiting collection; Buffers live outside the heap, hence arrayBuffers too. A sample
    // over a quarter of the bound is taken again after a full collection: on a loaded machine
    // chunks already consumed outlive two scavenges, are promoted, and their buffers stay counted
    // until a full one (18.8 MB of them once, against 6 MB on a quiet machine).
    const sampler = setInterval(() => {
      gc({ type: 'minor' });
      let m = process.memoryUsage();
      if (m.heapUsed - before.heapUsed > 4 * MB || m.arrayBuffers - before.arrayBuffers > 4 * MB) {
        gc();
        m = process.memoryUsage();
      }
      samples += 1;
      peakHeap = Math.max(peakHeap, m.heapUsed);
      peakBuffers = Math.max(peakBuffers, m.arrayBuffers);
    }, 10);
    const started = Date.now();
    const sent = await upload(port, pathOf(s.downloadables), s.token, fields(s) as Array<{ name: string; value: string }>, size);
    const ms = Date.now() - started;
    clearInterval(sampler);
    gc();
    const after = process.memoryUsage();
    const retained = after.heapUsed - before.heapUsed;
    console.log(`[measure] 50 MB upload in ${ms} ms: heapUsed ${(before.heapUsed / MB).toFixed(1)} → ${(after.heapUsed / MB).toFixed(1)} MB`
      + ` (retained growth ${(retained / MB).toFixed(2)} MB, peak live growth ${((peakHeap - before.heapUsed) / MB).toFixed(2)} MB`
      + ` over ${samples} samples); arrayBuffers peak live growth ${((peakBuffers - before.arrayBuffers) / MB).toFixed(2)} MB`);

    expect(sent.status, sent.body).toBe(201);
    expect(retained).toBeLessThan(16 * MB);
    expect(peakHeap - before.heapUsed).toBeLessThan(16 * MB);
    // Buffering the file would show up as ~50 MB of array buffers; streaming keeps a few chunks.
    expect(peakBuffers - before.arrayBuffers).toBeLessThan(16 * MB);
    const d = JSON.parse(sent.body);
    expect(d.file_size).toBe(size);
    expect(storage(t.config.dataDir).temp).toEqual([]);

    const got = await download(port, pathOf(link(d, 'svc:file')), s.token);
    expect(got.status).toBe(200);
    expect(got.size).toBe(size);
    expect(got.sha256).toBe(sent.sha256);
    expect(got.headers.etag).toBe(`"${sent.sha256}"`);
  });

  it('an oversize upload → 413 and no leftover bytes in the storage root', async () => {
    const small = await makeApp({ config: { maxUploadBytes: 1 * MB } });
    try {
      const s2 = await shop(small.app);
      await small.app.listen({ host: '127.0.0.1', port: 0 });
      const p2 = (small.app.server.address() as AddressInfo).port;
      // Just over the limit (read until the limit trips) and far over it (refused on Content-Length).
      for (const size of [MB + 1, 8 * MB, 200 * MB]) {
        const sent = await upload(p2, pathOf(s2.downloadables), s2.token, fields(s2) as Array<{ name: string; value: string }>, size);
        expect(sent.status, `${size}: ${sent.body}`).toBe(413);
        expect(JSON.parse(sent.body)._embedded['svc:errors'][0]).toMatchObject({ field: 'file', code: 'too_large' });
        expect(storage(small.config.dataDir)).toEqual({ blobs: [], temp: [] });
      }
      const list = await small.app.inject({ url: pathOf(s2.downloadables), headers: { 'service-api-version': '1', authorization: `Bearer ${s2.token}` } });
      expect(json(list).total_items).toBe('0');
    } finally {
      await small.close();
    }
  });
});
