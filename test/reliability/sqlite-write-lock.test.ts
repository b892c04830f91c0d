// SQLite: another process holds the file's write lock (a second instance stalled inside its
// transaction, a backup, the token CLI). SQLite's busy_timeout waits inside the call, which
// better-sqlite3 makes synchronous: each write froze the whole process, every tenant's reads with
// it, for up to 5 s. The write now waits between turns of the loop (db/group-commit.ts), also one
// outside a transaction (a token's revocation): reads are answered meanwhile, the write goes through
// once the lock is let go, and one that waits past 5 s is answered 503 as before. The other process
// is a connection of this test's own to the same file.
import SQLite from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeApp, type TestApp } from '../helpers/app.js';
import { call, json, link, tokenChain, type Chain } from '../helpers/rest.js';
import { basic, oauthPost } from '../auth/helpers.js';

describe('SQLite with the write lock held by another process', () => {
  let t: TestApp;
  let chain: Chain;
  let store: any;
  let other: SQLite.Database;
  beforeAll(async () => {
    t = await makeApp({ engine: 'sqlite' });
    chain = await tokenChain(t.app);
    store = json(await call(t.app, chain.storeHref, { token: chain.storeToken }));
    other = new SQLite(t.config.databaseUrl);
  });
  afterAll(async () => {
    if (other?.inTransaction) other.exec('ROLLBACK');
    other?.close();
    await t?.close();
  });

  it('answers reads while a write waits for the lock, and makes the write once it is let go', async () => {
    const token = chain.storeToken;
    other.exec('BEGIN IMMEDIATE');
    let writeAnswered: number | undefined;
    const write = call(t.app, link(store, 'svc:customers'), { method: 'POST', token, body: { email: 'waited@x.io' } })
      .then((r) => { writeAnswered = r.statusCode; return r; });
    try {
      // Let the write reach its BEGIN (it waits there now, or, before, held the thread for 5 s).
      await new Promise((resolve) => setTimeout(resolve, 50));
      const read = await call(t.app, link(store, 'svc:customers'), { token });
      expect(read.statusCode).toBe(200);
      expect(writeAnswered, 'the write was answered before the read could be: the thread was held').toBeUndefined();
    } finally {
      other.exec('ROLLBACK');
    }
    const written = await write;
    expect(written.statusCode, written.body).toBe(201);
  });

  it('answers a write that waits past the bound 503 with Retry-After, and serves reads meanwhile', async () => {
    const token = chain.storeToken;
    other.exec('BEGIN IMMEDIATE');
    try {
      let writeAnswered: number | undefined;
      const write = call(t.app, link(store, 'svc:customers'), { method: 'POST', token, body: { email: 'refused@x.io' } })
        .then((r) => { writeAnswered = r.statusCode; return r; });
      await new Promise((resolve) => setTimeout(resolve, 50));
      const reads = await Promise.all(Array.from({ length: 3 }, () => call(t.app, link(store, 'svc:customers'), { token })));
      expect(reads.map((r) => r.statusCode)).toEqual([200, 200, 200]);
      expect(writeAnswered, 'the reads waited for the write: the thread was held').toBeUndefined();
      const refused = await write;
      expect(refused.statusCode, refused.body).toBe(503);
      expect(refused.headers['retry-after']).toBeDefined();
    } finally {
      other.exec('ROLLBACK');
    }
    const after = await call(t.app, link(store, 'svc:customers'), { method: 'POST', token, body: { email: 'refused@x.io' } });
    expect(after.statusCode, after.body).toBe(201);
  }, 30_000);

  it('makes a write outside a transaction (revoking a token) wait the same way', async () => {
    const token = chain.storeToken;
    const spare = await tokenChain(t.app);
    other.exec('BEGIN IMMEDIATE');
    let revokeAnswered: number | undefined;
    const revoke = oauthPost(t.app, '/revoke', { token: spare.storeToken, token_type_hint: 'access_token' }, { authorization: basic(spare.clientId, spare.clientSecret) })
      .then((r) => { revokeAnswered = r.statusCode; return r; });
    try {
      // Long enough for the client's secret to be checked (a deliberately slow hash) and the
      // revocation to reach its write.
      await new Promise((resolve) => setTimeout(resolve, 1000));
      expect((await call(t.app, link(store, 'svc:customers'), { token })).statusCode).toBe(200);
      expect(revokeAnswered, 'the read waited for the revocation: the thread was held').toBeUndefined();
    } finally {
      other.exec('ROLLBACK');
    }
    expect((await revoke).statusCode).toBe(200);
    expect((await call(t.app, spare.storeHref, { token: spare.storeToken })).statusCode).toBe(401);
  });
});
