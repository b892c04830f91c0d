// A named statement's columns are asked for once per connection (src/db/pg-descriptions.ts): its
// later runs go without a Describe, and their results get the columns remembered from the first.
// Counted as the server's RowDescription messages on the real connection; every answer is checked
// whole (rows, column names, types parsed), alone, in a transaction and in a pipeline, with rows and
// without, and after the table changed under the statement.
import { beforeAll, describe, expect, it } from 'vitest';
import { CompiledQuery, sql, type Kysely } from 'kysely';
import { PIPELINE } from '../../src/db/statement-marks.js';
import { PG_URL } from '../helpers/app.js';
import { pgWire } from '../helpers/pg-wire.js';

if (!PG_URL) console.log('[skip] row descriptions once per connection: TEST_DATABASE_URL is not set');

describe.skipIf(!PG_URL)('row descriptions on PostgreSQL', () => {
  const wire = pgWire('described', ['rowDescription', 'noData']);
  const open = () => wire.open();
  const counted = async <T>(fn: () => Promise<T>) => {
    const { result, counts } = await wire.counted(fn);
    return { result, descriptions: counts.rowDescription };
  };
  const noDataSoFar = () => wire.counts.noData;
  beforeAll(async () => {
    await wire.admin().query('create table t (id int primary key, name text, price numeric(10,2), at timestamptz)');
    await wire.admin().query("insert into t values (1, 'one', 1.50, '2026-01-02T03:04:05Z'), (2, 'two', null, null)");
  });

  const byId = (db: Kysely<any>, id: number) => sql<Record<string, unknown>>`select * from t where id = ${id}`.execute(db).then((r) => r.rows);
  const ONE = { id: 1, name: 'one', price: '1.50', at: new Date('2026-01-02T03:04:05Z') };
  const TWO = { id: 2, name: 'two', price: null, at: null };

  it('describes a named statement once per connection, and answers every later run whole', async () => {
    const db = open();
    const first = await counted(() => byId(db, 1));
    expect(first.result).toEqual([ONE]);
    expect(first.descriptions).toBe(1);
    const later = await counted(async () => [await byId(db, 2), await byId(db, 1), await byId(db, 3)]);
    expect(later.result).toEqual([[TWO], [ONE], []]);
    expect(later.descriptions).toBe(0);
    // In a transaction, with its BEGIN sent along and its COMMIT after it.
    const inTx = await counted(() => db.transaction().execute(async (tx) => [await byId(tx, 1), await byId(tx, 2)]));
    expect(inTx.result).toEqual([[ONE], [TWO]]);
    expect(inTx.descriptions).toBe(0);
    // Another connection asks for its own.
    const other = open();
    expect(await counted(() => byId(other, 1))).toEqual({ result: [ONE], descriptions: 1 });
  });

  it('runs a statement that answers no rows (NoData) without a Describe after its first, and its result still counts', async () => {
    const db = open();
    const rename = (id: number, name: string) => sql`update t set name = ${name} where id = ${id}`.execute(db);
    const before = noDataSoFar();
    const first = await counted(() => rename(2, 'deux'));
    expect(first.result.numAffectedRows).toBe(1n);
    expect(noDataSoFar() - before).toBe(1);
    const again = await counted(async () => [await rename(2, 'two'), await rename(9, 'none')]);
    expect(again.result.map((r) => r.numAffectedRows)).toEqual([1n, 0n]);
    // Its Describe is not sent again: no second NoData.
    expect(noDataSoFar() - before).toBe(1);
    expect(first.descriptions + again.descriptions).toBe(0);
    expect(await byId(db, 2)).toEqual([TWO]);
  });

  it('gives each statement of a pipeline its own columns, described or remembered', async () => {
    const db = open();
    const q = (text: string, ...parameters: unknown[]) => CompiledQuery.raw(text, parameters);
    const pipeline = (items: CompiledQuery[], on: Kysely<any> = db) => on.executeQuery(CompiledQuery.raw(PIPELINE, items))
      .then((r) => r.rows as unknown as Array<{ rows: unknown[] }>);
    const statements = () => [
      q('select name from t where id = $1', 1),
      q('update t set name = name where id = $1', 1),
      q('select * from t where id = $1', 2),
      q('select id, price from t where id = $1', 7),
    ];
    const first = await counted(() => pipeline(statements()));
    const expected = [[{ name: 'one' }], [], [TWO], []];
    expect(first.result.map((r) => r.rows)).toEqual(expected);
    expect(first.descriptions).toBe(3);
    const again = await counted(() => pipeline(statements()));
    expect(again.result.map((r) => r.rows)).toEqual(expected);
    expect(again.descriptions).toBe(0);
    // Remembered and fresh statements mixed in one pipeline, inside a transaction.
    const mixed = await counted(() => db.transaction().execute((tx) => pipeline([...statements().slice(2), q('select id from t where id = $1', 1)], tx)));
    expect(mixed.result.map((r) => r.rows)).toEqual([[TWO], [], [{ id: 1 }]]);
    expect(mixed.descriptions).toBe(1);
  });

  it('refuses a value it cannot send, without a Describe as with one, and the connection goes on', async () => {
    const db = open();
    const byName = (name: unknown, on: Kysely<any> = db) => sql<Record<string, unknown>>`select id from t where name = ${name}`.execute(on).then((r) => r.rows);
    expect(await byName('one')).toEqual([{ id: 1 }]);
    const circular: Record<string, unknown> = {};
    circular.self = circular;
    await expect(byName(circular)).rejects.toThrow(/circular/i);
    expect(await counted(() => byName('two'))).toEqual({ result: [{ id: 2 }], descriptions: 0 });
    // In a transaction too: the statement fails, the transaction rolls back, the next one works.
    await expect(db.transaction().execute((tx) => byName(circular, tx))).rejects.toThrow(/circular/i);
    expect(await db.transaction().execute((tx) => byName('one', tx))).toEqual([{ id: 1 }]);
  });

  it('takes the new columns when the table changed under a remembered statement', async () => {
    const db = open();
    const stmt = (id: number) => sql<Record<string, unknown>>`select * from t where id = ${id} and ${id} > 0`.execute(db).then((r) => r.rows);
    expect(await stmt(1)).toEqual([ONE]);
    expect(await stmt(1)).toEqual([ONE]);
    await wire.admin().query('alter table t add column note text');
    expect(await stmt(1)).toEqual([{ ...ONE, note: null }]);
    expect(await counted(() => stmt(2))).toEqual({ result: [{ ...TWO, note: null }], descriptions: 0 });
    await wire.admin().query('alter table t drop column note');
  });
});
