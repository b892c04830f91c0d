// On PostgreSQL statements with parameters are named, so each connection parses them once
// (src/db/pg-statements.ts, used by src/db/pg-rows.ts). Parses are counted as the server's
// ParseComplete messages on the real connection. A named statement that went stale (a column added
// under a `select *`, statements dropped as a pooler does) is parsed again: outside a transaction
// the statement is run again and answers, and so is a transaction's first statement; a later one
// fails its transaction and the next works.
import { beforeAll, describe, expect, it } from 'vitest';
import { sql, type Kysely } from 'kysely';
import { MAX_NAMED } from '../../src/db/pg-statements.js';
import { orderedByKey } from '../../src/db/database.js';
import { PG_URL } from '../helpers/app.js';
import { pgWire } from '../helpers/pg-wire.js';

if (!PG_URL) console.log('[skip] named statements: TEST_DATABASE_URL is not set');

describe.skipIf(!PG_URL)('named statements on PostgreSQL', () => {
  const wire = pgWire('named', ['parseComplete']);
  /** A Kysely over one connection (so every statement meets the same connection's named statements). */
  const open = (prepared?: boolean) => wire.open({ prepared });
  const counted = async <T>(fn: () => Promise<T>) => {
    const { result, counts } = await wire.counted(fn);
    return { result, parses: counts.parseComplete };
  };
  beforeAll(async () => {
    await wire.admin().query('create table t (id int primary key, name text)');
    await wire.admin().query("insert into t values (1, 'one'), (2, 'two')");
  });

  const byId = (db: Kysely<any>, id: number) => sql<{ id: number; name: string }>`select * from t where id = ${id}`.execute(db).then((r) => r.rows);

  it('parses a statement once per connection, however often it runs', async () => {
    const db = open();
    const first = await counted(() => byId(db, 1));
    expect(first.result).toEqual([{ id: 1, name: 'one' }]);
    expect(first.parses).toBe(1);
    const again = await counted(async () => [await byId(db, 2), await byId(db, 1), await byId(db, 2)]);
    expect(again.result.map((r) => r[0].name)).toEqual(['two', 'one', 'two']);
    expect(again.parses).toBe(0);
    // In a transaction too, with its BEGIN sent along (src/db/pg-begin.ts).
    const inTx = await counted(() => db.transaction().execute((tx) => byId(tx, 1)));
    expect(inTx.result).toEqual([{ id: 1, name: 'one' }]);
    expect(inTx.parses).toBe(1); // BEGIN's own, unnamed
  });

  it('leaves a read in an order unnamed: planned with its values every time', async () => {
    const db = open();
    const page = () => sql`select * from t where id >= ${1} order by id limit ${10}`.execute(db);
    const { parses: n } = await counted(async () => { for (let i = 0; i < 3; i++) await page(); });
    expect(n).toBe(3);
  });

  it('names a read whose order is within one key (marked so): parsed once per connection', async () => {
    const db = open();
    const items = () => sql`select * from t where id >= ${1} order by id${orderedByKey}`.execute(db);
    const { parses: n } = await counted(async () => { for (let i = 0; i < 3; i++) await items(); });
    expect(n).toBe(1);
    expect((await items()).rows).toEqual([{ id: 1, name: 'one' }, { id: 2, name: 'two' }]);
  });

  it('leaves a long list of values unnamed, so lists of every length do not use up the names', async () => {
    const db = open();
    const list = (n: number) => sql`select * from t where id in (${sql.join(Array.from({ length: n }, (_, i) => i + 1))}) and name is not null`.execute(db);
    const { parses: n } = await counted(async () => { for (let i = 0; i < 3; i++) await list(6); });
    expect(n).toBe(3);
    for (let length = 5; length < MAX_NAMED + 20; length++) await list(length);
    // A statement of a fixed shape met after all those lengths is still named.
    const fixed = () => sql`select name from t where id = ${2} and name is not null`.execute(db);
    expect((await counted(async () => { await fixed(); await fixed(); await fixed(); })).parses).toBe(1);
    // A short list is one of a few shapes: named.
    expect((await counted(async () => { await list(3); await list(3); })).parses).toBe(1);
    // Rows of an insert likewise: five or more unnamed, fewer named.
    const rows = (k: number) => sql`insert into t (id, name) values ${sql.join(Array.from({ length: k }, (_, i) => sql`(${1000 + k * 10 + i}, ${'r'})`))} on conflict do nothing`.execute(db);
    expect((await counted(async () => { await rows(5); await rows(5); })).parses).toBe(2);
    expect((await counted(async () => { await rows(2); await rows(2); })).parses).toBe(1);
  });

  it('parses every time when switched off', async () => {
    const db = open(false);
    const { parses: n } = await counted(async () => { for (let i = 0; i < 3; i++) await byId(db, 1); });
    expect(n).toBe(3);
  });

  it('answers a statement whose table changed under it, outside a transaction, and fails only the transaction inside one', async () => {
    const db = open();
    const stmt = (x: Kysely<any>, id: number) => sql<Record<string, unknown>>`select * from t where id = ${id} and ${id} > 0`.execute(x).then((r) => r.rows);
    expect(await stmt(db, 1)).toEqual([{ id: 1, name: 'one' }]);
    // Another instance's migration: the named plan's result type is out of date.
    await wire.admin().query('alter table t add column note text');
    expect(await stmt(db, 1)).toEqual([{ id: 1, name: 'one', note: null }]);
    // The first statement of a transaction: begun again, answered.
    await wire.admin().query('alter table t add column flag int');
    expect(await db.transaction().execute((tx) => stmt(tx, 2))).toEqual([{ id: 2, name: 'two', note: null, flag: null }]);
    // A later one: its transaction fails (what ran before it cannot be run again), the next works.
    await wire.admin().query('alter table t add column mark int');
    const written = () => db.transaction().execute(async (tx) => {
      await sql`update t set name = ${'changed'} where id = ${1}`.execute(tx);
      return stmt(tx, 2);
    });
    await expect(written()).rejects.toThrow(/cached plan must not change result type/);
    expect((await wire.admin().query('select name from t where id = 1')).rows[0].name).toBe('one');
    expect(await written()).toEqual([{ id: 2, name: 'two', note: null, flag: null, mark: null }]);
    await wire.admin().query("update t set name = 'one' where id = 1");
  });

  it('parses again when the connection\'s statements were dropped, as a pooler does', async () => {
    const db = open();
    expect(await byId(db, 1)).toEqual([{ id: 1, name: 'one', note: null, flag: null, mark: null }]);
    await sql.raw('deallocate all').execute(db);
    expect(await byId(db, 2)).toEqual([{ id: 2, name: 'two', note: null, flag: null, mark: null }]);
  });

  it('names no more than MAX_NAMED distinct texts per pool: the rest are sent unnamed', async () => {
    const db = open();
    // Named first (a hot statement): it stays named however many texts come after it.
    await byId(db, 1);
    const distinct = (i: number) => sql<{ n: number }>`select ${i}::int + ${sql.raw(String(i))} as n`.execute(db);
    for (let i = 1; i < MAX_NAMED; i++) await distinct(i);
    // Every text from now on is past the bound: parsed on each run.
    const past = await counted(async () => { await distinct(MAX_NAMED + 1); await distinct(MAX_NAMED + 1); });
    expect(past.parses).toBe(2);
    expect((await counted(() => byId(db, 1))).parses).toBe(0);
    // Another pool has a bound of its own: its first text is named (parsed once, then not again).
    const other = open();
    expect((await counted(() => distinct(MAX_NAMED + 1).then(() => sql`select ${1}::int as n`.execute(other)))).parses).toBe(2);
    expect((await counted(() => sql`select ${1}::int as n`.execute(other))).parses).toBe(0);
  });
});
