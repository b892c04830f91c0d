// Download entitlements from purchase to file, on both engines: a purchase creates one download
// per matching item; its download_url serves the file with no token N times, then 410; refunds and
// voids revoke (410); a replaced file is what existing downloads serve; expiry follows the
// injected clock; guessed or altered URLs are 404; other stores and other scopes cannot read them.
import { containerOf } from '../../src/app.js';
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { engines, makeApp, type TestApp } from '../helpers/app.js';
import { call, json, link } from '../helpers/rest.js';
import { narrowToken } from '../helpers/tokens.js';
import { ManualClock } from '../../src/services/clock.js';
import { filePart, sendMultipart } from '../rest/downloadables/setup.js';
import { buy, downloadsOf, errorCode, fetchUrl, openSeller, type Seller } from './setup.js';

const HOUR = 60 * 60 * 1000;
const idOf = (x: any) => Number(link(x, 'self').split('/').pop());

describe.each(engines())('download entitlements (%s)', (engine) => {
  let t: TestApp;
  let clock: ManualClock;
  let s: Seller;
  beforeAll(async () => {
    clock = new ManualClock(new Date(Math.floor(Date.now() / 1000) * 1000));
    t = await makeApp({ engine, clock, config: { accessTokenTtl: 365 * 86400 } });
    s = await openSeller(t.app, { max: 3, hours: 48 });
  });
  afterAll(async () => t?.close());

  const logsOf = async (txn: any) => json(await call(t.app, `${link(txn, 'self')}?zoom=transaction_logs`, { token: s.token }))
    ._embedded['svc:transaction_logs'].map((l: any) => l.action);

  it('a purchase creates a download that serves the file 3 times with no token, then answers 410', async () => {
    const txn = await buy(t.app, s);
    expect(txn._links['svc:downloads'].href).toBe(`${link(txn, 'self')}/downloads`);
    const [d, ...rest] = await downloadsOf(t.app, txn, s.token);
    expect(rest).toEqual([]);
    expect(d).toMatchObject({ file_name: 'the book.pdf', file_size: 21, downloads_remaining: 3, status: 'active' });
    expect(Date.parse(d.expires_at) - Date.parse(txn.date_created)).toBe(48 * HOUR);
    expect(Object.keys(d._links)).toEqual(expect.arrayContaining(['self', 'svc:transaction', 'svc:item', 'svc:downloadable']));
    expect(link(d, 'svc:transaction')).toBe(link(txn, 'self'));
    expect(link(d, 'svc:downloadable')).toBe(link(s.downloadable, 'self'));
    // 256 bits of base64url after the path, stored only as its SHA-256.
    expect(d.download_url).toMatch(/^http:\/\/api\.test\/download\/[A-Za-z0-9_-]{43}$/);
    const secret = d.download_url.split('/').pop();
    const stored = await containerOf(t.app).database.db.selectFrom('downloads').selectAll().where('id', '=', idOf(d)).executeTakeFirstOrThrow();
    expect(JSON.stringify(stored)).not.toContain(secret);
    expect(stored.token_hash).toBe(createHash('sha256').update(secret).digest('hex'));
    for (let i = 1; i <= 3; i++) {
      const res = await fetchUrl(t.app, d.download_url);
      expect(res.statusCode).toBe(200);
      expect(res.body).toBe('the bytes of the book');
      expect(res.headers['content-disposition']).toMatch(/^attachment; filename="the book.pdf"/);
      expect(res.headers['content-type']).toBe('application/octet-stream');
      expect(res.headers['accept-ranges']).toBe('bytes');
    }
    const gone = await fetchUrl(t.app, d.download_url);
    expect(gone.statusCode).toBe(410);
    expect(errorCode(gone)).toBe('download_exhausted');
    expect(json(gone)._embedded['svc:errors'][0].message).toMatch(/used up/);
    const after = json(await call(t.app, link(d, 'self'), { token: s.token }));
    expect(after).toMatchObject({ downloads_remaining: 0, status: 'exhausted' });
    // Each completed download is on the transaction's logs (written once the transfer has finished)
    // and announced as a transaction event.
    await vi.waitFor(async () => expect((await logsOf(txn)).filter((a: string) => a === 'download')).toHaveLength(3));
    const events = json(await call(t.app, `${link(s.store, 'svc:events')}?limit=300&name=transaction/downloaded`, { token: s.token }))._embedded['svc:events'];
    expect(events.filter((e: any) => e.resource_id === idOf(txn))).toHaveLength(3);
  });

  it('serves byte ranges (206), answers 416 past the end, and HEAD spends nothing', async () => {
    const [d] = await downloadsOf(t.app, await buy(t.app, s), s.token);
    const beyond = await fetchUrl(t.app, d.download_url, { range: 'bytes=500-600' });
    expect([beyond.statusCode, beyond.headers['content-range']]).toEqual([416, 'bytes */21']);
    const head = await fetchUrl(t.app, d.download_url, {}, 'HEAD');
    expect([head.statusCode, head.headers['content-length']]).toEqual([200, '21']);
    const part = await fetchUrl(t.app, d.download_url, { range: 'bytes=4-8' });
    expect(part.statusCode).toBe(206);
    expect(part.body).toBe('bytes');
    expect(part.headers['content-range']).toBe('bytes 4-8/21');
    const tail = await fetchUrl(t.app, d.download_url, { range: 'bytes=-4', 'if-range': part.headers.etag as string });
    expect([tail.statusCode, tail.body]).toEqual([206, 'book']);
    const stale = await fetchUrl(t.app, d.download_url, { range: 'bytes=0-2', 'if-range': '"another version"' });
    expect([stale.statusCode, stale.body]).toEqual([200, 'the bytes of the book']);
    // Three GETs with bytes, one download each; HEAD and the 416 spent nothing.
    expect(json(await call(t.app, link(d, 'self'), { token: s.token })).downloads_remaining).toBe(0);
  });

  it('refunding revokes: the URL answers 410 and the revocation is logged and announced', async () => {
    const txn = await buy(t.app, s);
    const [d] = await downloadsOf(t.app, txn, s.token);
    expect((await fetchUrl(t.app, d.download_url)).statusCode).toBe(200);
    await vi.waitFor(async () => expect(await logsOf(txn)).toContain('download'));
    const captured = json(await call(t.app, link(txn, 'svc:capture'), { method: 'POST', token: s.token }));
    expect((await fetchUrl(t.app, d.download_url)).statusCode).toBe(200);
    await vi.waitFor(async () => expect((await logsOf(txn)).filter((a: string) => a === 'download')).toHaveLength(2));
    expect((await call(t.app, link(captured, 'svc:refund'), { method: 'POST', token: s.token })).statusCode).toBe(200);
    const gone = await fetchUrl(t.app, d.download_url);
    expect([gone.statusCode, errorCode(gone)]).toEqual([410, 'download_revoked']);
    expect(json(await call(t.app, link(d, 'self'), { token: s.token })).status).toBe('revoked');
    expect(await logsOf(txn)).toEqual(['authorize', 'download', 'capture', 'download', 'refund', 'download_revoked']);
    const names = json(await call(t.app, `${link(s.store, 'svc:events')}?limit=300&resource_type=transaction`, { token: s.token }))
      ._embedded['svc:events'].filter((e: any) => e.resource_id === idOf(txn)).map((e: any) => e.name);
    expect(names).toEqual(['transaction/created', 'transaction/downloaded', 'transaction/captured', 'transaction/downloaded',
      'transaction/refunded', 'transaction/downloads_revoked']);
  });

  it('voiding revokes too', async () => {
    const txn = await buy(t.app, s);
    const [d] = await downloadsOf(t.app, txn, s.token);
    await call(t.app, link(txn, 'svc:void'), { method: 'POST', token: s.token });
    expect(errorCode(await fetchUrl(t.app, d.download_url))).toBe('download_revoked');
  });

  it('expires under the injected clock', async () => {
    const short = await openSeller(t.app, { base: s, max: 0, hours: 1 });
    const [d] = await downloadsOf(t.app, await buy(t.app, short), s.token);
    // max 0: unlimited.
    expect(d.downloads_remaining).toBeNull();
    clock.advance(59 * 60 * 1000);
    for (let i = 0; i < 5; i++) expect((await fetchUrl(t.app, d.download_url)).statusCode).toBe(200);
    clock.advance(60 * 1000);
    const gone = await fetchUrl(t.app, d.download_url);
    expect([gone.statusCode, errorCode(gone)]).toEqual([410, 'download_expired']);
    const read = json(await call(t.app, link(d, 'self'), { token: s.token }));
    expect(read.status).toBe('expired');
    const filtered = json(await call(t.app, `${link(read, 'svc:transaction')}/downloads?status=expired`, { token: s.token }));
    expect(filtered.total_items).toBe('1');
  });

  it('never expires without a time period, and serves a replaced file to existing downloads', async () => {
    const forever = await openSeller(t.app, { base: s, max: 2, hours: 0, content: 'first edition' });
    const [d] = await downloadsOf(t.app, await buy(t.app, forever), s.token);
    expect(d.expires_at).toBeNull();
    const replaced = await sendMultipart(t.app, link(forever.downloadable, 'self'), s.token, [filePart('second edition!', 'v2.pdf')], { 'x-http-method-override': 'PATCH' });
    expect(replaced.statusCode).toBe(200);
    clock.advance(60 * 24 * HOUR);
    const res = await fetchUrl(t.app, d.download_url);
    expect([res.statusCode, res.body]).toEqual([200, 'second edition!']);
    expect(res.headers['content-disposition']).toMatch(/filename="v2.pdf"/);
    expect(json(await call(t.app, link(d, 'self'), { token: s.token }))).toMatchObject({ file_name: 'v2.pdf', file_size: 15, downloads_remaining: 1 });
  });

  it('answers 410 once the store deletes the downloadable, and the entitlement stays readable', async () => {
    const gone = await openSeller(t.app, { base: s });
    const [d] = await downloadsOf(t.app, await buy(t.app, gone), s.token);
    expect((await call(t.app, link(gone.downloadable, 'self'), { method: 'DELETE', token: s.token })).statusCode).toBe(204);
    const res = await fetchUrl(t.app, d.download_url);
    expect([res.statusCode, errorCode(res)]).toEqual([410, 'download_withdrawn']);
    const read = json(await call(t.app, link(d, 'self'), { token: s.token }));
    expect(read._links['svc:downloadable']).toBeUndefined();
    expect(read.file_name).toBe('the book.pdf');
  });

  it('answers 404 for guessed and altered URLs, and nothing but GET and HEAD', async () => {
    const [d] = await downloadsOf(t.app, await buy(t.app, s), s.token);
    const token = d.download_url.split('/').pop() as string;
    const flip = (c: string) => (c === 'A' ? 'B' : 'A');
    const variants = [
      `/download/${flip(token[0])}${token.slice(1)}`, `/download/${token.slice(0, -1)}${flip(token.slice(-1))}`,
      `/download/${token.slice(0, -1)}`, `/download/${token}x`, `/download/${'A'.repeat(43)}`, '/download/1', `/download/${token.toUpperCase()}`,
    ];
    for (const v of variants) {
      const res = await fetchUrl(t.app, v);
      expect([v, res.statusCode]).toEqual([v, 404]);
      expect(errorCode(res)).not.toBe(undefined);
    }
    // Other methods: 405 naming GET and HEAD, as on every path (src/rest/methods.ts).
    for (const method of ['POST', 'DELETE'] as const) {
      const res = await t.app.inject({ method, url: new URL(d.download_url).pathname });
      expect(res.statusCode).toBe(405);
      expect(res.headers.allow).toMatch(/GET/);
    }
    // None of it spent anything.
    expect(json(await call(t.app, link(d, 'self'), { token: s.token })).downloads_remaining).toBe(3);
  });

  it('only items whose code and category match a downloadable become downloads', async () => {
    const shipped = json(await call(t.app, link(s.store, 'svc:item_categories'), {
      method: 'POST', token: s.token, body: { code: `SHIP${Date.now()}`, name: 'Shipped', item_delivery_type: 'shipped' },
    }));
    const txn = await buy(t.app, s, [
      { name: 'The Book', price: '9.99', code: s.code, item_category_uri: s.category },
      { name: 'Same code, other category', price: '1', code: s.code, item_category_uri: link(shipped, 'self') },
      { name: 'Other code', price: '1', code: 'NOT-A-FILE', item_category_uri: s.category },
      { name: 'No code', price: '1', item_category_uri: s.category },
    ]);
    const downloads = await downloadsOf(t.app, txn, s.token);
    expect(downloads).toHaveLength(1);
    const item = json(await call(t.app, link(downloads[0], 'svc:item'), { token: s.token }));
    expect(item).toMatchObject({ code: s.code, name: 'The Book' });
    // A declined payment buys nothing.
    expect(await downloadsOf(t.app, await buy(t.app, s, undefined, { payment_token: 'tok_decline' }), s.token)).toEqual([]);
  });

  it('downloads need downloadables_read (or full access); other stores see nothing', async () => {
    const txn = await buy(t.app, s);
    const [d] = await downloadsOf(t.app, txn, s.token);
    const read = await narrowToken(t.app, s.chain, 'downloadables_read');
    const taxes = await narrowToken(t.app, s.chain, 'tax_settings_read');
    expect((await call(t.app, link(d, 'self'), { token: read })).statusCode).toBe(200);
    expect((await call(t.app, `${link(txn, 'self')}/downloads`, { token: read })).statusCode).toBe(200);
    expect((await call(t.app, link(d, 'self'), { token: taxes })).statusCode).toBe(403);
    expect((await call(t.app, `${link(txn, 'self')}/downloads`, { token: taxes })).statusCode).toBe(403);
    expect((await call(t.app, link(d, 'self'), { method: 'PATCH', token: s.token, body: { downloads_remaining: 100 } })).statusCode).toBe(405);
    const other = await openSeller(t.app);
    expect((await call(t.app, link(d, 'self'), { token: other.token })).statusCode).toBe(404);
    expect((await call(t.app, `${link(txn, 'self')}/downloads`, { token: other.token })).statusCode).toBe(404);
    // The other store's own transactions zoom only their own downloads.
    const theirs = await downloadsOf(t.app, await buy(t.app, other), other.token);
    expect(theirs.map((x) => link(x, 'self'))).not.toContain(link(d, 'self'));
    expect(theirs).toHaveLength(1);
  });

  it('renders a download in every representation', async () => {
    const [d] = await downloadsOf(t.app, await buy(t.app, s), s.token);
    const xml = await call(t.app, link(d, 'self'), { token: s.token, headers: { accept: 'application/hal+xml' } });
    expect(xml.body).toContain(`<download_url>${d.download_url}</download_url>`);
    const siren = json(await call(t.app, link(d, 'self'), { token: s.token, headers: { accept: 'application/vnd.siren+json' } }));
    expect(siren.properties).toMatchObject({ download_url: d.download_url, status: 'active', downloads_remaining: 3 });
    const html = await call(t.app, link(d, 'self'), { token: s.token, headers: { accept: 'text/html' } });
    expect(html.statusCode).toBe(200);
    expect(html.body).toContain(d.download_url);
  });
});
