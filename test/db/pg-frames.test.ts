// On PostgreSQL a transaction's BEGIN is sent in the same write as its first statement, and its
// COMMIT with a statement marked as its last (src/db/pg-frames.ts, src/db/pg-rows.ts): a round trip
// less for each, with the same transaction. Round trips are counted as the server's ReadyForQuery messages on the real
// connection; that the statements ran in one transaction is told by PostgreSQL itself (now() is
// the transaction's start, the same for all its statements; a failed statement leaves nothing).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { Kysely, PostgresDialect, sql, type RawBuilder } from 'kysely';
import { fastRowPool } from '../../src/db/pg-rows.js';
import { lastOfTransaction } from '../../src/db/database.js';
import { PG_URL } from '../helpers/app.js';

if (!PG_URL) console.log('[skip] BEGIN with the first statement, COMMIT with the last: TEST_DATABASE_URL is not set');

describe.skipIf(!PG_URL)('BEGIN sent with a transaction\'s first statement', () => {
  const schema = `begin_${randomBytes(4).toString('hex')}`;
  let pool: pg.Pool;
  let db: Kysely<any>;
  let roundTrips = 0;
  beforeAll(async () => {
    pool = new pg.Pool({ connectionString: PG_URL, options: `-c search_path=${schema}`, max: 4 });
    pool.on('connect', (client) => (client as unknown as { connection: pg.Connection }).connection.on('readyForQuery', () => { roundTrips++; }));
    const admin = new pg.Client({ connectionString: PG_URL });
    await admin.connect();
    await admin.query(`create schema ${schema}`);
    await admin.query(`create table ${schema}.t (id serial primary key, v int not null check (v >= 0), at timestamptz)`);
    // Checked at COMMIT: a statement that passes and a COMMIT that fails.
    await admin.query(`create table ${schema}.d (k int, constraint d_k unique (k) deferrable initially deferred)`);
    await admin.end();
    db = new Kysely({ dialect: new PostgresDialect({ pool: fastRowPool(pool) }) });
    await sql`select 1`.execute(db);
  });
  afterAll(async () => {
    await sql.raw(`drop schema if exists ${schema} cascade`).execute(db);
    await db?.destroy();
  });

  const counted = async <T>(fn: () => Promise<T>) => {
    const before = roundTrips;
    const result = await fn();
    return { result, trips: roundTrips - before };
  };

  it('runs BEGIN and the first statement in one round trip, in one transaction', async () => {
    const { result, trips } = await counted(() => db.transaction().execute(async (tx) => {
      const first = await sql<{ at: Date; id: number }>`insert into t (v, at) values (${1}, now()) returning id, at`.execute(tx);
      await new Promise((r) => setTimeout(r, 20));
      const second = await sql<{ at: Date; xact: string }>`select now() as at, pg_current_xact_id_if_assigned()::text as xact`.execute(tx);
      return { first: first.rows[0], second: second.rows[0] };
    }));
    // BEGIN + insert, select, COMMIT: three (four with BEGIN on its own).
    expect(trips).toBe(3);
    // now() is the transaction's start: the same in both statements, 20 ms apart.
    expect(result.second.at.getTime()).toBe(result.first.at.getTime());
    expect(result.second.xact).not.toBeNull();
    expect((await sql<{ n: number }>`select count(*)::int as n from t where id = ${result.first.id}`.execute(db)).rows[0].n).toBe(1);
  });

  it('leaves nothing of a transaction whose first statement fails, and the connection usable', async () => {
    await expect(db.transaction().execute(async (tx) => {
      await sql`insert into t (v) values (${-1})`.execute(tx);
    })).rejects.toThrow(/check constraint/);
    await expect(db.transaction().execute(async (tx) => {
      await sql`insert into t (v) values (${5})`.execute(tx);
      await sql`insert into t (v) values (${-5})`.execute(tx);
    })).rejects.toThrow(/check constraint/);
    expect((await sql<{ n: number }>`select count(*)::int as n from t where v = 5`.execute(db)).rows[0].n).toBe(0);
    // Every connection of the pool still answers outside any transaction.
    const states = await Promise.all(Array.from({ length: 4 }, () => sql<{ x: string | null }>`select pg_current_xact_id_if_assigned()::text as x`.execute(db)));
    expect(states.map((s) => s.rows[0].x)).toEqual([null, null, null, null]);
  });

  it('sends nothing for a transaction that runs no statement', async () => {
    const { trips } = await counted(() => db.transaction().execute(async () => 'nothing'));
    expect(trips).toBe(0);
  });

  it('sends BEGIN ahead of a first statement without parameters, which may hold several', async () => {
    const { result, trips } = await counted(() => db.transaction().execute(async (tx) => {
      await sql.raw('insert into t (v) values (7); insert into t (v) values (8)').execute(tx);
      return (await sql<{ n: number }>`select count(*)::int as n from t where v in (${7}, ${8})`.execute(tx)).rows[0].n;
    }));
    expect(result).toBe(2);
    expect(trips).toBe(4);
  });

  it('keeps parallel transactions apart on the pool', async () => {
    await Promise.all(Array.from({ length: 12 }, (_, i) => db.transaction().execute(async (tx) => {
      await sql`insert into t (v) values (${100 + i})`.execute(tx);
      if (i % 3 === 0) throw new Error('rolled back');
    }).catch(() => undefined)));
    const kept = (await sql<{ v: number }>`select v from t where v >= 100 order by v`.execute(db)).rows.map((r) => r.v);
    expect(kept).toEqual(Array.from({ length: 12 }, (_, i) => 100 + i).filter((_, i) => i % 3 !== 0));
  });

  /** A statement marked as its transaction's last. */
  const last = <R>(query: RawBuilder<R>, tx: Kysely<any>) => tx.executeQuery(lastOfTransaction(query.compile(tx)));

  it('commits with a statement marked as the last: one round trip for a transaction of one statement', async () => {
    const { result, trips } = await counted(() => db.transaction().execute(async (tx) => (
      await last(sql<{ id: number }>`insert into t (v) values (${11}) returning id`, tx)).rows[0].id));
    expect(trips).toBe(1);
    expect((await sql<{ n: number }>`select count(*)::int as n from t where id = ${result}`.execute(db)).rows[0].n).toBe(1);
  });

  it('runs earlier statements in the same transaction and commits them with the last', async () => {
    const { result, trips } = await counted(() => db.transaction().execute(async (tx) => {
      const first = await sql<{ at: Date }>`insert into t (v, at) values (${12}, now()) returning at`.execute(tx);
      await new Promise((r) => setTimeout(r, 20));
      const second = await last(sql<{ at: Date }>`insert into t (v, at) values (${13}, now()) returning at`, tx);
      return [first.rows[0].at.getTime(), second.rows[0].at.getTime()];
    }));
    expect(trips).toBe(2);
    expect(result[1]).toBe(result[0]);
    expect((await sql<{ n: number }>`select count(*)::int as n from t where v in (${12}, ${13})`.execute(db)).rows[0].n).toBe(2);
  });

  it('leaves nothing when the last statement fails, or when its COMMIT does', async () => {
    await expect(db.transaction().execute(async (tx) => {
      await sql`insert into t (v) values (${14})`.execute(tx);
      await last(sql`insert into t (v) values (${-14})`, tx);
    })).rejects.toThrow(/check constraint/);
    expect((await sql<{ n: number }>`select count(*)::int as n from t where v = 14`.execute(db)).rows[0].n).toBe(0);
    // The statement passes; the deferred unique check fails at COMMIT, which the caller is told.
    await expect(db.transaction().execute(async (tx) => {
      await sql`insert into d (k) values (${1})`.execute(tx);
      await last(sql`insert into d (k) values (${1})`, tx);
    })).rejects.toThrow(/d_k/);
    expect((await sql<{ n: number }>`select count(*)::int as n from d`.execute(db)).rows[0].n).toBe(0);
    const states = await Promise.all(Array.from({ length: 4 }, () => sql<{ x: string | null }>`select pg_current_xact_id_if_assigned()::text as x`.execute(db)));
    expect(states.map((s) => s.rows[0].x)).toEqual([null, null, null, null]);
  });

  it('refuses a statement after the last, which would run outside the transaction', async () => {
    await expect(db.transaction().execute(async (tx) => {
      await last(sql`insert into t (v) values (${15})`, tx);
      await sql`insert into t (v) values (${16})`.execute(tx);
    })).rejects.toThrow(/after the last one of its transaction/);
    // What was committed stays; the refused statement never ran.
    const rows = (await sql<{ v: number }>`select v from t where v in (${15}, ${16})`.execute(db)).rows.map((r) => r.v);
    expect(rows).toEqual([15]);
    // The connection is usable again.
    const { trips } = await counted(() => db.transaction().execute(async (tx) => last(sql`insert into t (v) values (${17})`, tx)));
    expect(trips).toBe(1);
  });

  it('runs a marked statement outside a transaction as any other', async () => {
    const res = await last(sql<{ n: number }>`select ${3}::int as n`, db);
    expect(res.rows[0].n).toBe(3);
    const { trips } = await counted(() => db.transaction().execute(async (tx) => {
      await sql`insert into t (v) values (${18})`.execute(tx);
      await sql`insert into t (v) values (${19})`.execute(tx);
    }));
    expect(trips).toBe(3);
  });

  it('reads every column through its type\'s parser, alone, after BEGIN and before COMMIT', async () => {
    const select = (v: number) => sql<Record<string, unknown>>`select ${v}::int as i, ${v % 2 === 0}::boolean as b, ${'12.50'}::numeric as n,
      '2026-11-27T10:00:00Z'::timestamptz as at, null::text as none, ${'x'}::text as s`;
    const expected = (v: number) => ({ i: v, b: v % 2 === 0, n: '12.50', at: new Date('2026-11-27T10:00:00Z'), none: null, s: 'x' });
    expect((await select(1).execute(db)).rows).toEqual([expected(1)]);
    const [first, then] = await db.transaction().execute(async (tx) => [(await select(2).execute(tx)).rows, (await last(select(3), tx)).rows]);
    expect(first).toEqual([expected(2)]);
    expect(then).toEqual([expected(3)]);
    // Rows of a statement without parameters (the simple protocol, not through pg-frames.ts) alike.
    expect((await sql`select 4::int as i, true as b`.execute(db)).rows).toEqual([{ i: 4, b: true }]);
  });
});
