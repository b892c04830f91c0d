// On PostgreSQL, rows are fetched as arrays and built into objects by a compiled literal
// (src/db/pg-rows.ts). Through Kysely they must be exactly the rows node-postgres itself returns:
// names, types (NUMERIC as text, BIGINT as numbers), duplicate names, RETURNING, changed-row counts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { sql } from 'kysely';
import { openDatabase, type Database } from '../../src/db/database.js';
import { PG_URL } from '../helpers/app.js';

if (!PG_URL) console.log('[skip] PostgreSQL row building: TEST_DATABASE_URL is not set');

describe.skipIf(!PG_URL)('PostgreSQL rows through Kysely', () => {
  const schema = `rows_${randomBytes(4).toString('hex')}`;
  let database: Database;
  let plain: pg.Client;
  beforeAll(async () => {
    database = await openDatabase({ url: PG_URL!, schema });
    plain = new pg.Client({ connectionString: PG_URL, options: `-c search_path=${schema}` });
    await plain.connect();
    await plain.query('create table t (id bigserial primary key, name text, price numeric, flag boolean, n bigint)');
    await plain.query("insert into t (name, price, flag, n) values ('a', 1.50, true, 7), ('b \"q\"', null, false, null)");
  });
  afterAll(async () => {
    await plain?.query(`drop schema if exists ${schema} cascade`);
    await plain?.end();
    await database?.close();
  });

  it('returns the rows node-postgres returns', async () => {
    for (const text of ['select * from t order by id', 'select id, name as n, name as n from t order by id',
      'select t.*, (select count(*) from t) as _total from t order by id']) {
      const mine = (await sql.raw(text).execute(database.db)).rows;
      expect(mine, text).toEqual((await plain.query(text)).rows);
    }
  });

  it('reads RETURNING rows and counts changed rows', async () => {
    const inserted = await database.db.insertInto('t' as never).values({ name: 'c', price: '9.99' } as never).returningAll().execute();
    expect(inserted).toEqual([{ id: 3, name: 'c', price: '9.99', flag: null, n: null }]);
    const updated = await database.db.updateTable('t' as never).set({ flag: true } as never).where(sql<boolean>`flag is not true`).executeTakeFirst();
    expect(Number(updated.numUpdatedRows)).toBe(2);
  });
});
