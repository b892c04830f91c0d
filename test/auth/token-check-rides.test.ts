// A REST request's token check rides with its first statement on PostgreSQL (auth/token-check.ts,
// db/ride-along.ts): one round trip for a GET of one row, not two, and one less for a write. What
// must not change: a dead token (revoked, or its store gone) gets the 401 it got when the check ran
// first, whatever the request would have answered (a row, a 404, a 304, a page that reads
// nothing), with parallel requests too; a write of a dead token leaves nothing written (a row, a
// checkout, an Idempotency-Key); and expired cart items are still tidied before a read or a
// checkout sees them.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { containerOf } from '../../src/app.js';
import { engines } from '../helpers/app.js';
import { countRoundTrips } from '../helpers/round-trips.js';
import { json, link } from '../helpers/rest.js';
import { basic, oauthPost, refresh } from './helpers.js';
import { VALID } from '../rest/resources/item-table.js';
import { newCart, NOW, NOW_UNIX, suite, type Suite } from '../rest/resources/setup.js';

describe.each(engines())('the token check of a REST request on %s', (engine) => {
  let s: Suite;
  let itemHref: string;
  const { trips } = countRoundTrips();
  beforeAll(async () => {
    s = await suite(engine);
    const cart = await newCart(s);
    itemHref = link(json(await s.req(link(cart, 'svc:items'), { method: 'POST', body: { ...VALID, code: 'kept' } })), 'self');
  });
  afterAll(async () => s?.t.close());

  const stats = () => containerOf(s.t.app).database.stats;
  /** A fresh access token of the store's grant, and a way to revoke it (RFC 7009). */
  const freshToken = async () => json(await refresh(s.t.app, s.chain, s.chain.storeRefresh)).access_token as string;
  const revoke = (token: string) => oauthPost(s.t.app, '/revoke', { token, token_type_hint: 'access_token' },
    { authorization: basic(s.chain.clientId, s.chain.clientSecret) });

  // Writes: test/rest/protocol/write-round-trips.test.ts counts theirs.
  if (engine === 'postgres') it('checks the token and reads the row in one round trip', async () => {
    await s.req(itemHref);
    const before = { statements: stats().statements, trips: trips() };
    const res = await s.req(itemHref);
    expect(res.statusCode).toBe(200);
    // The check and the row: two statements, one round trip.
    expect([stats().statements - before.statements, trips() - before.trips]).toEqual([2, 1]);
  });

  it('answers a revoked token 401 on every kind of read, as when the check went first', async () => {
    const token = await freshToken();
    const live = await s.req(itemHref, { token });
    expect(live.statusCode).toBe(200);
    expect((await revoke(token)).statusCode).toBe(200);
    const reads = {
      row: await s.req(itemHref, { token }),
      head: await s.req(itemHref, { token, method: 'HEAD' }),
      'not modified': await s.req(itemHref, { token, headers: { 'if-none-match': String(live.headers.etag) } }),
      missing: await s.req(`${itemHref}0`, { token }),
      collection: await s.req(link(s.store, 'svc:carts'), { token }),
      'page reading nothing': await s.req('/', { token }),
      xml: await s.req(itemHref, { token, headers: { accept: 'application/hal+xml' } }),
    };
    for (const [what, res] of Object.entries(reads)) {
      expect(res.statusCode, what).toBe(401);
      expect(res.headers['www-authenticate'], what).toMatch(/^Bearer error="invalid_token"/);
      expect(res.headers.etag, what).toBeUndefined();
    }
    expect(json(reads.row)).toMatchObject({ error: 'invalid_token', total: 1 });
    expect(reads.xml.headers['content-type']).toMatch(/hal\+xml/);
    expect(reads.xml.body).not.toContain('kept');
  });

  it('answers parallel reads of a token revoked in their midst 200 before and 401 after', async () => {
    const token = await freshToken();
    const burst = () => Promise.all(Array.from({ length: 20 }, (_, i) => s.req(i % 2 ? itemHref : link(s.store, 'svc:carts'), { token })));
    expect((await burst()).map((r) => r.statusCode)).toEqual(Array(20).fill(200));
    const [revoked, during] = await Promise.all([revoke(token), burst()]);
    expect(revoked.statusCode).toBe(200);
    // Each answer in the midst is whole: the row with 200, or the refusal.
    for (const r of during) expect(r.statusCode === 200 ? json(r).code ?? json(r).total_items : json(r).error).toBeDefined();
    expect((await burst()).map((r) => r.statusCode)).toEqual(Array(20).fill(401));
  });

  it('writes nothing for a revoked token: no create, change, deletion or checkout', async () => {
    const token = await freshToken();
    const cart = await newCart(s);
    const items = link(cart, 'svc:items');
    const item = link(json(await s.req(items, { method: 'POST', body: { ...VALID, code: 'mine' } })), 'self');
    expect((await s.req(items, { method: 'POST', body: { ...VALID, code: 'live' }, token })).statusCode).toBe(201);
    expect((await revoke(token)).statusCode).toBe(200);
    const writes = {
      create: await s.req(items, { method: 'POST', body: { ...VALID, code: 'dead' }, token }),
      change: await s.req(item, { method: 'PATCH', body: { quantity: 7 }, token }),
      'change by override': await s.req(item, { method: 'POST', body: { quantity: 8 }, token, headers: { 'x-http-method-override': 'PATCH' } }),
      deletion: await s.req(item, { method: 'DELETE', token }),
      checkout: await s.req(link(cart, 'svc:checkout'), { method: 'POST', body: {}, token }),
    };
    for (const [what, res] of Object.entries(writes)) expect([what, res.statusCode]).toEqual([what, 401]);
    const left = json(await s.req(`${items}?limit=50`))._embedded['svc:items'].map((i: { code: string; quantity: number }) => `${i.code}:${i.quantity}`);
    expect(left.sort()).toEqual(['live:1', 'mine:1']);
    // Not checked out, and not held by a claim: the live token checks it out now.
    const paid = await s.req(link(cart, 'svc:checkout'), { method: 'POST', body: {} });
    expect(paid.statusCode).toBe(201);
    // Nor does a payment action of the revoked token move the transaction.
    const transaction = json(paid);
    expect((await s.req(link(transaction, 'svc:capture'), { method: 'POST', token })).statusCode).toBe(401);
    expect(json(await s.req(link(transaction, 'self'))).status).toBe(transaction.status);
  });

  it('leaves an Idempotency-Key unspent by a revoked token: the retry with a live one does the work', async () => {
    const dead = await freshToken();
    const live = await freshToken();
    expect((await revoke(dead)).statusCode).toBe(200);
    const items = link(await newCart(s), 'svc:items');
    const send = (token: string) => s.req(items, { method: 'POST', body: { ...VALID, code: 'keyed' }, token, headers: { 'idempotency-key': `k-${engine}` } });
    expect((await send(dead)).statusCode).toBe(401);
    const done = await send(live);
    expect(done.statusCode, done.body).toBe(201);
    expect(done.headers['idempotent-replayed']).toBeUndefined();
  });

  it('checks out a cart without its expired items, which go first', async () => {
    const cart = await newCart(s);
    const items = link(cart, 'svc:items');
    const expiring = link(json(await s.req(items, { method: 'POST', body: { ...VALID, code: 'gone', expires: NOW_UNIX + 60 } })), 'self');
    await s.req(items, { method: 'POST', body: { ...VALID, code: 'bought' } });
    s.clock.advance(120_000);
    try {
      const res = await s.req(link(cart, 'svc:checkout'), { method: 'POST', body: {} });
      expect(res.statusCode, res.body).toBe(201);
      const sold = json(await s.req(`${link(json(res), 'svc:items')}?limit=10`))._embedded['svc:items'].map((i: { code: string }) => i.code);
      expect(sold).toEqual(['bought']);
      expect((await s.req(expiring)).statusCode).toBe(404);
    } finally {
      s.clock.set(NOW);
    }
  });

  it('still tidies expired cart items before answering a read of one', async () => {
    const cart = await newCart(s);
    const expiring = link(json(await s.req(link(cart, 'svc:items'), { method: 'POST', body: { ...VALID, code: 'soon', expires: NOW_UNIX + 60 } })), 'self');
    expect((await s.req(expiring)).statusCode).toBe(200);
    s.clock.advance(120_000);
    try {
      expect((await s.req(expiring)).statusCode).toBe(404);
      expect((await s.req(itemHref)).statusCode).toBe(200);
      const left = await containerOf(s.t.app).database.db.selectFrom('items').select('id')
        .where('id', '=', Number(expiring.split('/').pop())).execute();
      expect(left).toHaveLength(0);
    } finally {
      s.clock.set(NOW);
    }
  });
});
