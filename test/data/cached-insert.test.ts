// insertRows (src/data/cached-insert.ts) on both engines: the same rows, values and RETURNING as
// Kysely's insert, one statement per call (split only past MAX_PARAMETERS), one SQL text per shape, and
// Kysely's own behaviour (DEFAULT for a missing or undefined value) for rows of differing shapes.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { sql } from 'kysely';
import { openDatabase, type Database } from '../../src/db/database.js';
import { insertRows, MAX_PARAMETERS } from '../../src/data/cached-insert.js';
import { statementLog } from '../../bench/statements.js';
import { engines, PG_URL } from '../helpers/app.js';

describe.each(engines())('insertRows on %s', (engine) => {
  const schema = engine === 'postgres' ? `cached_insert_${randomBytes(4).toString('hex')}` : undefined;
  let database: Database;
  const table = 'ci "odd" name';

  beforeAll(async () => {
    database = await openDatabase({ url: engine === 'postgres' ? PG_URL! : ':memory:', schema });
    const id = engine === 'postgres' ? sql`id serial primary key` : sql`id integer primary key`;
    await sql`create table ${sql.table(table)} (${id}, "a b" text, n integer, d integer not null default 7)`.execute(database.db);
  });
  afterAll(async () => {
    await database?.close();
    if (schema) {
      const c = new pg.Client({ connectionString: PG_URL });
      await c.connect();
      await c.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
      await c.end();
    }
  });

  const all = async () => (await sql<Record<string, unknown>>`select * from ${sql.table(table)} order by id`.execute(database.db)).rows
    .map((r) => ({ ...r, id: Number(r.id), n: r.n == null ? null : Number(r.n), d: Number(r.d) }));

  it('inserts rows in one statement and returns what RETURNING names', async () => {
    const log = statementLog(database);
    const { result, count, sql: texts } = await log.around(() => insertRows(database.db, table, [
      { 'a b': 'x', n: 1, d: 1 }, { 'a b': null, n: 2, d: 2 }, { 'a b': 'it\'s', n: null, d: 3 },
    ], '*'), 1);
    expect(count).toBe(1);
    expect(texts[0]).toMatch(/^insert into "ci ""odd"" name" \("a b", "n", "d"\) values/);
    expect(result.map((r) => ({ ...r, id: Number(r.id), n: r.n == null ? null : Number(r.n), d: Number(r.d) })).sort((a, b) => a.id - b.id))
      .toEqual(await all());
    expect((await all()).map(({ id: _, ...r }) => r)).toEqual([
      { 'a b': 'x', n: 1, d: 1 }, { 'a b': null, n: 2, d: 2 }, { 'a b': 'it\'s', n: null, d: 3 },
    ]);
    const named = await insertRows(database.db, table, [{ 'a b': 'y', n: 4, d: 4 }], 'id,a b');
    expect(Object.keys(named[0]).sort()).toEqual(['a b', 'id']);
    expect(await insertRows(database.db, table, [{ 'a b': 'z', n: 5, d: 5 }])).toEqual([]);
    expect(await insertRows(database.db, table, [], '*')).toEqual([]);
  });

  it('leaves an undefined or missing value to the column default, as Kysely does', async () => {
    const rows = await insertRows(database.db, table, [{ 'a b': 'u', n: 6, d: undefined }, { 'a b': 'v', n: 7 }], '*');
    expect(rows.map((r) => Number(r.d))).toEqual([7, 7]);
    const reordered = await insertRows(database.db, table, [{ 'a b': 'p', n: 8, d: 8 }, { d: 9, n: 9, 'a b': 'q' }], '*');
    expect(reordered.map((r) => [r['a b'], Number(r.n), Number(r.d)]).sort()).toEqual([['p', 8, 8], ['q', 9, 9]]);
  });

  it('splits an insert with more parameters than one statement may carry, rows in order', async () => {
    // 12,000 rows of 3 values: 36,000 parameters, over SQLite's 32,766 (in one statement SQLite
    // refuses it: "too many SQL variables"); two statements of at most MAX_PARAMETERS.
    const rows = Array.from({ length: 12_000 }, (_, i) => ({ 'a b': `bulk ${i}`, n: 100_000 + i, d: i % 7 }));
    const { result, count } = await statementLog(database).around(() => insertRows(database.db, table, rows, 'id,n'), 1);
    expect(count).toBe(Math.ceil(rows.length * 3 / MAX_PARAMETERS));
    expect(count).toBe(2);
    expect(result.map((r) => Number(r.n)).sort((a, b) => a - b)).toEqual(rows.map((r) => r.n));
    const stored = (await sql<{ n: number }>`select n from ${sql.table(table)} where n >= ${100_000} order by id`.execute(database.db)).rows;
    expect(stored.map((r) => Number(r.n))).toEqual(rows.map((r) => r.n));
  });
});
