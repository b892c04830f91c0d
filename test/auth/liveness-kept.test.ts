// The token check's answer kept on SQLite while nothing it reads has changed (auth/liveness-cache.ts,
// migration 021's token_epoch): a load runs the statement once per token, writes of other kinds
// (carts, items, the store's own rows) keep the answer, and whatever commits a change the check
// reads (this process's writer, another connection to the file, another process) is seen by the
// very next request.
// PostgreSQL keeps nothing and asks every time.
import SQLite from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { containerOf } from '../../src/app.js';
import { LivenessCache } from '../../src/auth/liveness-cache.js';
import { verifyAccessToken } from '../../src/auth/jwt.js';
import { preflightStatement } from '../../src/auth/tokens.js';
import { ManualClock } from '../../src/services/clock.js';
import { inTransaction } from '../../src/db/database.js';
import { engines, makeApp, type TestApp } from '../helpers/app.js';
import { call, json, link, tokenChain, type Chain } from '../helpers/rest.js';
import { basic, oauthPost, refresh } from './helpers.js';

const statementsOf = async (t: TestApp, run: () => Promise<unknown>) => {
  const stats = containerOf(t.app).database.stats;
  const before = stats.statements;
  await run();
  return stats.statements - before;
};

describe.each(engines())('the token check kept while nothing commits, on %s', (engine) => {
  let t: TestApp;
  let chain: Chain;
  let store: string;
  // The service's clock, at the wall clock's time: tokens are signed and checked by it.
  const clock = new ManualClock(new Date());
  beforeAll(async () => {
    t = await makeApp({ engine, clock });
    chain = await tokenChain(t.app);
    store = chain.storeHref;
  });
  afterAll(() => t.close());

  const get = (token: string, url = store) => call(t.app, url, { token });
  const fresh = async () => json(await refresh(t.app, chain, chain.storeRefresh)).access_token as string;

  it(engine === 'sqlite' ? 'runs the statement once for a token while nothing commits' : 'runs the statement on every request', async () => {
    const token = await fresh();
    expect((await get(token)).statusCode).toBe(200);
    const first = await statementsOf(t, () => get(token));
    const again = await statementsOf(t, () => get(token));
    expect(again).toBe(first);
    // The store by id, and the token check unless it was kept.
    expect(first).toBe(engine === 'sqlite' ? 1 : 2);
  });

  it('sees a revocation at the next request, and no other token is affected', async () => {
    const [a, b] = [await fresh(), await fresh()];
    for (const token of [a, b]) expect((await get(token)).statusCode).toBe(200);
    const res = await oauthPost(t.app, '/revoke', { token: a }, { authorization: basic(chain.clientId, chain.clientSecret) });
    expect(res.statusCode).toBe(200);
    expect((await get(a)).statusCode).toBe(401);
    expect((await get(b)).statusCode).toBe(200);
  });

  if (engine === 'sqlite') it('sees a commit made by another connection to the file, which this process never hears of', async () => {
    const token = await fresh();
    expect((await get(token)).statusCode).toBe(200);
    expect((await get(token)).statusCode).toBe(200);
    const claims = verifyAccessToken(containerOf(t.app).tokens.opts.keys, t.config.baseUrl, token, Math.floor(clock.now().getTime() / 1000))!;
    // As another process would: its own connection, its own commit.
    const other = new SQLite(t.config.databaseUrl);
    try {
      other.prepare("insert into revoked_tokens (jti, expires_at, date_created, date_modified) values (?, '2099-01-01T00:00:00+0000', '2026-01-01T00:00:00+0000', '2026-01-01T00:00:00+0000')")
        .run(claims.jti);
    } finally {
      other.close();
    }
    expect((await get(token)).statusCode).toBe(401);
    // And a deletion of a store that way ends its tokens.
    const c = await tokenChain(t.app);
    expect((await get(c.storeToken, c.storeHref)).statusCode).toBe(200);
    const other2 = new SQLite(t.config.databaseUrl);
    try {
      other2.pragma('foreign_keys = OFF');
      other2.prepare('delete from stores where id = ?').run(Number(c.storeHref.split('/').pop()));
    } finally {
      other2.close();
    }
    expect((await get(c.storeToken, '/')).statusCode).toBe(401);
    expect((await get(c.userToken, '/')).statusCode).toBe(200);
    // A grant revoked that way (its refresh tokens' revoked_at), and a user removed.
    const d = await tokenChain(t.app);
    for (const tok of [d.storeToken, d.userToken]) expect((await get(tok, '/')).statusCode).toBe(200);
    const fam = verifyAccessToken(containerOf(t.app).tokens.opts.keys, t.config.baseUrl, d.storeToken, Math.floor(clock.now().getTime() / 1000))!.fam;
    const other3 = new SQLite(t.config.databaseUrl);
    try {
      other3.prepare("update refresh_tokens set revoked_at = '2026-01-01T00:00:00+0000' where family = ?").run(fam);
      expect((await get(d.storeToken, '/')).statusCode).toBe(401);
      expect((await get(d.userToken, '/')).statusCode).toBe(200);
      other3.pragma('foreign_keys = OFF');
      other3.prepare('delete from users where id = ?').run(Number(d.userHref.split('/').pop()));
    } finally {
      other3.close();
    }
    expect((await get(d.userToken, '/')).statusCode).toBe(401);
  });

  if (engine === 'sqlite') it('keeps the answer across commits that change nothing the check reads, and moves its number for each that does', async () => {
    const database = containerOf(t.app).database;
    const number = () => database.changes!()!;
    const token = await fresh();
    const home = json(await get(token));
    const storeId = Number(store.split('/').pop());
    const moves = async (what: string, change: () => Promise<unknown>, expected: boolean) => {
      const before = number();
      await change();
      expect(number() > before, what).toBe(expected);
    };
    // Writes a store makes all day: none of them is the check's business.
    let cart: any;
    await moves('a cart', async () => { cart = json(await call(t.app, link(home, 'svc:carts'), { method: 'POST', token, body: {} })); }, false);
    await moves('an item without an expiry', () => call(t.app, link(cart, 'svc:items'), { method: 'POST', token, body: { name: 'Plain', price: 1, code: 'plain' } }), false);
    await moves('the store renamed', () => inTransaction(database, (tx) => tx.updateTable('stores').set({ store_name: 'Renamed' }).where('id', '=', storeId).execute()), false);
    expect((await get(token)).statusCode).toBe(200);
    // After all of them the check's answer is still the kept one: the store's read alone.
    expect(await statementsOf(t, () => get(token))).toBe(1);
    // What it does read.
    const now = Math.floor(clock.now().getTime() / 1000);
    await moves('a cart item with an expiry', () => call(t.app, link(cart, 'svc:items'), { method: 'POST', token, body: { name: 'Soon', price: 1, code: 'soon2', expires: now + 3600 } }), true);
    // A new access token under the same (not rotating) refresh token is signed, not stored.
    await moves('an access token refreshed', () => fresh(), false);
    await moves('a client, a user, a store and their refresh tokens', () => tokenChain(t.app), true);
    const doomed = await fresh();
    await moves('an access token revoked', () => oauthPost(t.app, '/revoke', { token: doomed }, { authorization: basic(chain.clientId, chain.clientSecret) }), true);
    expect((await get(doomed)).statusCode).toBe(401);
    expect((await get(token)).statusCode).toBe(200);
  });

  if (engine === 'sqlite') it('has a trigger for every table and column the check\'s statement reads', async () => {
    // The statement of the widest claims, as the service compiles it.
    const { database } = containerOf(t.app);
    const text = preflightStatement({ uid: 1, sid: 1, fam: 'f' }, [1, 1, 1, 'f', 'j']).compile(database.db).sql;
    const reads = [...text.matchAll(/from (\w+) where ([^)]*)\)/g)].map(([, table, where]) =>
      ({ table, columns: [...where.matchAll(/(\w+) (?:=|is)/g)].map((m) => m[1]) }));
    expect(reads.map((r) => r.table).sort()).toEqual(['clients', 'items', 'refresh_tokens', 'revoked_tokens', 'stores', 'users']);
    const file = new SQLite(t.config.databaseUrl, { readonly: true });
    try {
      const triggers = file.prepare("select tbl_name as t, sql from sqlite_master where type = 'trigger' and sql like '%token_epoch%'").all() as Array<{ t: string; sql: string }>;
      for (const { table, columns } of reads) {
        const on = triggers.filter((x) => x.t === table).map((x) => x.sql.replace(/\s+/g, ' '));
        expect(on.some((s) => / AFTER INSERT ON /.test(s)), `${table} insert`).toBe(true);
        expect(on.some((s) => / AFTER DELETE ON /.test(s)), `${table} delete`).toBe(true);
        for (const column of columns) {
          expect(on.some((s) => new RegExp(` AFTER UPDATE OF [\\w, ]*\\b${column}\\b[\\w, ]* ON `).test(s)), `${table}.${column} update`).toBe(true);
        }
      }
    } finally {
      file.close();
    }
  });

  it('refuses every request sent after a revocation has answered, with requests of the token in flight around it', async () => {
    const c = await tokenChain(t.app);
    const auth = { authorization: basic(c.clientId, c.clientSecret) };
    const token = json(await refresh(t.app, c, c.storeRefresh)).access_token as string;
    expect((await get(token, c.storeHref)).statusCode).toBe(200);
    const before = Array.from({ length: 40 }, () => get(token, c.storeHref));
    const revoked = oauthPost(t.app, '/revoke', { token }, auth).then(async (res) => {
      expect(res.statusCode).toBe(200);
      // Sent only once the revocation has committed and answered.
      return Promise.all(Array.from({ length: 40 }, () => get(token, c.storeHref)));
    });
    const during = Array.from({ length: 40 }, () => get(token, c.storeHref));
    const early = await Promise.all([...before, ...during]);
    for (const res of early) expect([200, 401]).toContain(res.statusCode);
    const after = await revoked;
    expect(after.map((r) => r.statusCode)).toEqual(after.map(() => 401));
  });

  it('keeps the earliest cart-item expiry, not whether it has passed: an item expiring later is purged without a commit in between', async () => {
    // The item read twice with the same token and nothing committed between: on SQLite the second
    // request's check is the kept answer, read at a later time.
    const token = await fresh();
    const home = json(await get(token));
    const cart = json(await call(t.app, link(home, 'svc:carts'), { method: 'POST', token, body: {} }));
    const now = Math.floor(clock.now().getTime() / 1000);
    const item = json(await call(t.app, link(cart, 'svc:items'), { method: 'POST', token, body: { name: 'Soon', price: 1, code: 'soon', expires: now + 60 } }));
    expect((await get(token, link(item, 'self'))).statusCode).toBe(200);
    expect((await get(token, link(item, 'self'))).statusCode).toBe(200);
    clock.advance(120_000);
    expect((await get(token, link(item, 'self'))).statusCode).toBe(404);
  });
});

describe('the kept answers', () => {
  const found = { live: true, earliestExpiry: null };
  it('are handed out only at the number they were found at, for the same claims', () => {
    const cache = new LivenessCache();
    cache.set(5, 'jti', '1 2 3 f', found);
    expect(cache.get(5, 'jti', '1 2 3 f')).toMatchObject(found);
    expect(cache.get(5, 'jti', '1 2 4 f')).toBeUndefined();
    expect(cache.get(6, 'jti', '1 2 3 f')).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it('drop an answer found before a commit that another request has already seen', () => {
    const cache = new LivenessCache();
    cache.set(7, 'a', 'c', found);
    // Found by a statement that started at 6: the database has moved on since.
    cache.set(6, 'b', 'c', { live: true, earliestExpiry: null });
    expect(cache.get(7, 'b', 'c')).toBeUndefined();
    expect(cache.get(7, 'a', 'c')).toMatchObject(found);
  });
});

describe('the token check kept on an in-memory SQLite database (one connection)', () => {
  let t: TestApp;
  let chain: Chain;
  beforeAll(async () => {
    t = await makeApp({ config: { databaseUrl: ':memory:' } });
    chain = await tokenChain(t.app);
  });
  afterAll(() => t.close());

  it('keeps an answer while nothing changes, and sees a revocation at the next request', async () => {
    const token = json(await refresh(t.app, chain, chain.storeRefresh)).access_token as string;
    expect((await call(t.app, chain.storeHref, { token })).statusCode).toBe(200);
    expect(await statementsOf(t, () => call(t.app, chain.storeHref, { token }))).toBe(1);
    const res = await oauthPost(t.app, '/revoke', { token }, { authorization: basic(chain.clientId, chain.clientSecret) });
    expect(res.statusCode).toBe(200);
    expect((await call(t.app, chain.storeHref, { token })).statusCode).toBe(401);
  });

  it('has no number while its one connection is inside a transaction, whose reads see what it has not committed', async () => {
    const database = containerOf(t.app).database;
    const outside = database.changes!();
    expect(outside).toEqual(expect.any(Number));
    await inTransaction(database, async (tx) => {
      await tx.updateTable('stores').set({ store_name: 'Renamed' }).where('id', '=', Number(chain.storeHref.split('/').pop())).execute();
      expect(database.changes!()).toBeUndefined();
    });
    expect(database.changes!()).toBeGreaterThan(outside!);
  });
});

describe.each(engines())('a reused refresh token ends its grant\'s kept answers too, on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await makeApp({ engine, config: { rotateRefreshTokens: true } });
  });
  afterAll(() => t.close());

  it('twenty parallel refreshes with one rotating refresh token: one wins, the reuse ends the grant, and its access tokens are refused next', async () => {
    const c = await tokenChain(t.app);
    // Kept live on SQLite before the race.
    for (let i = 0; i < 2; i++) expect((await call(t.app, c.storeHref, { token: c.storeToken })).statusCode).toBe(200);
    const answers = await Promise.all(Array.from({ length: 20 }, () => refresh(t.app, c, c.storeRefresh)));
    const won = answers.filter((r) => r.statusCode === 200);
    expect(won).toHaveLength(1);
    for (const r of answers.filter((x) => x.statusCode !== 200)) expect([r.statusCode, json(r).error]).toEqual([400, 'invalid_grant']);
    expect((await call(t.app, c.storeHref, { token: c.storeToken })).statusCode).toBe(401);
    expect((await call(t.app, c.storeHref, { token: json(won[0]).access_token })).statusCode).toBe(401);
    // Another grant's token lives on.
    expect((await call(t.app, c.userHref, { token: c.userToken })).statusCode).toBe(200);
  });
});
