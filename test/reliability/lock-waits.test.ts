// A store's row held locked by a session that does not let go (an instance stalled inside its
// transaction, an operator's forgotten BEGIN, a maintenance script): every write to that store needs
// the row (the event log numbers under its lock; the new row's foreign key takes a share of it), and
// without a bound each such write waited for ever, holding one of the pool's ten connections. After
// ten, every other store's requests waited for a connection too and were refused: one stuck tenant
// took the service down. With the service's sessions bounded (lock_timeout, statement_timeout,
// idle_in_transaction_session_timeout: config DATABASE_*_TIMEOUT_MS), the held store's writes are
// answered 503 with Retry-After, the others are served, and the held store works again once let go.
import pg from 'pg';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { containerOf } from '../../src/app.js';
import { migrate } from '../../src/db/migrate.js';
import { makeApp, PG_URL, type TestApp } from '../helpers/app.js';
import { call, json, link, tokenChain, type Chain } from '../helpers/rest.js';

if (!PG_URL) console.log('[skip] a store row held locked by another session: TEST_DATABASE_URL is not set');

describe.skipIf(!PG_URL)('a store row held locked by another session', () => {
  let t: TestApp;
  let a: Chain;
  let b: Chain;
  let storeA: any;
  let storeB: any;
  let admin: pg.Client;
  beforeAll(async () => {
    t = await makeApp({ engine: 'postgres' });
    a = await tokenChain(t.app);
    b = await tokenChain(t.app);
    storeA = json(await call(t.app, a.storeHref, { token: a.storeToken }));
    storeB = json(await call(t.app, b.storeHref, { token: b.storeToken }));
    admin = new pg.Client({ connectionString: PG_URL, options: `-c search_path=${t.config.databaseSchema}` });
    await admin.connect();
  });
  afterAll(async () => {
    await admin?.end();
    await t?.close();
  });

  it("refuses the held store's writes with 503 and serves the other stores meanwhile", async () => {
    const customers = (chain: Chain, store: any) => link(store, 'svc:customers');
    const storeId = Number(a.storeHref.split('/').at(-1));
    await admin.query('begin');
    let released = false;
    const release = async () => { if (!released) { released = true; await admin.query('rollback'); } };
    try {
      await admin.query('select id from stores where id = $1 for update', [storeId]);
      // More writes than the pool has connections.
      const writes = Promise.all(Array.from({ length: 12 }, (_, i) =>
        call(t.app, customers(a, storeA), { method: 'POST', token: a.storeToken, body: { email: `held${i}@x.io` } })));
      await new Promise((resolve) => setTimeout(resolve, 300));
      const other = await call(t.app, customers(b, storeB), { token: b.storeToken });
      // Without a bound the writes wait as long as the lock is held: the test lets go after 20 s.
      const timer = setTimeout(() => void release(), 20_000);
      const answers = await writes;
      const releasedByTimer = released;
      clearTimeout(timer);
      expect(releasedByTimer, `the writes waited until the lock was let go (the other store's read: ${other.statusCode})`).toBe(false);
      expect(other.statusCode, other.body).toBe(200);
      for (const w of answers) {
        expect(w.statusCode, w.body).toBe(503);
        expect(w.headers['retry-after']).toBeDefined();
      }
    } finally {
      await release();
    }
    // Nothing was written for the refused creates, and the store takes writes again.
    const { database } = containerOf(t.app);
    expect(await database.db.selectFrom('customers').select('id').where('email', 'like', 'held%').execute()).toEqual([]);
    const after = await call(t.app, link(storeA, 'svc:customers'), { method: 'POST', token: a.storeToken, body: { email: 'after@x.io' } });
    expect(after.statusCode, after.body).toBe(201);
  }, 60_000);

  it('bounds every session of the pool, and a migration run gives its connection back bounded', async () => {
    const { database } = containerOf(t.app);
    const show = async (name: string) => {
      const r = await sql<Record<string, string>>`select current_setting(${name}) as v`.execute(database.db);
      return r.rows[0].v;
    };
    // Several at once, so that more than one of the pool's connections answers.
    const seen = await Promise.all(Array.from({ length: 6 }, async () => [
      await show('lock_timeout'), await show('statement_timeout'), await show('idle_in_transaction_session_timeout')]));
    for (const s of seen) expect(s).toEqual(['2s', '30s', '1min']);
    // The migrations ran on one of these connections with the bounds lifted, and put them back.
    expect(await migrate(database)).toEqual([]);
    for (let i = 0; i < 10; i++) expect(await show('lock_timeout')).toBe('2s');
  });
});
