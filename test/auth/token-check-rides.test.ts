// A REST read's token check rides with its first statement on PostgreSQL (auth/token-check.ts,
// db/ride-along.ts): one round trip for a GET of one row, not two. What must not change: a dead
// token (revoked, or its store gone) gets the 401 it got when the check ran first, whatever the
// read would have answered (a row, a 404, a 304, a page that reads nothing), with parallel requests
// too; and a read of items still tidies expired cart items before answering.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { containerOf } from '../../src/app.js';
import { engines } from '../helpers/app.js';
import { json, link } from '../helpers/rest.js';
import { basic, oauthPost, refresh } from './helpers.js';
import { VALID } from '../rest/resources/item-table.js';
import { newCart, NOW, NOW_UNIX, suite, type Suite } from '../rest/resources/setup.js';

describe.each(engines())('the token check of a REST read on %s', (engine) => {
  let s: Suite;
  let itemHref: string;
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

  if (engine === 'postgres') it('checks the token and reads the row in one round trip', async () => {
    await s.req(itemHref);
    const before = { ...stats() };
    const res = await s.req(itemHref);
    expect(res.statusCode).toBe(200);
    // The check and the row: two statements, one write to the server.
    expect(stats().statements - before.statements).toBe(2);
    expect(stats().sends - before.sends).toBe(1);
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
