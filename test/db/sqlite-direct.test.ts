// A SQLite group member's statements run straight on the writing connection (src/db/sqlite-direct.ts)
// while its group holds the connection, and only then: answered as Kysely answers them (rows,
// affected rows, insert id), counted and observed as every statement is, failing as they fail
// (the member's savepoint undoes it alone), with a fraction of the promises Kysely's executor made.
import { createHook } from 'node:async_hooks';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CompiledQuery, sql } from 'kysely';
import { executeIn, inTransaction, openDatabase, pipelined, type Database, type Tx } from '../../src/db/database.js';
import { memberRun } from '../../src/db/group-commit.js';

describe('statements of a SQLite group member, run directly', () => {
  const dir = mkdtempSync(join(tmpdir(), 'sqlite-direct-'));
  let database: Database;
  const insert = (v: number) => CompiledQuery.raw('insert into t (v) values (?)', [v]);
  const select = (v: number) => CompiledQuery.raw('select id, v from t where v = ?', [v]);

  beforeAll(async () => {
    database = await openDatabase({ url: join(dir, 'db.sqlite'), sqliteSynchronous: 'NORMAL' });
    await sql`create table t (id integer primary key, v integer not null unique)`.execute(database.db);
  });
  afterAll(async () => {
    await database?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('answers what Kysely answers, and runs directly only while the group holds the connection', async () => {
    let held: Tx | undefined;
    const [direct, viaKysely] = await inTransaction(database, async (tx) => {
      held = tx;
      expect(memberRun(tx)).toBeTypeOf('function');
      const d = await pipelined(tx, [insert(1), select(1), CompiledQuery.raw('update t set v = v + 10 where v = 1')]);
      const k = [await tx.executeQuery(insert(2)), await tx.executeQuery(select(2)), await tx.executeQuery(CompiledQuery.raw('update t set v = v + 10 where v = 2'))];
      return [d, k];
    });
    expect(memberRun(held!)).toBeUndefined();
    expect(memberRun(database.db)).toBeUndefined();
    // Not even in the first continuation after the member's transaction, which runs before the
    // group's own code after its COMMIT.
    let first: Tx | undefined;
    const seen = await database.commits!.run(async (tx) => { first = tx; await pipelined(tx, [select(1)]); })
      .then(() => memberRun(first!));
    expect(seen).toBeUndefined();
    for (const r of [direct, viaKysely]) {
      expect(r[0]).toMatchObject({ numAffectedRows: 1n, rows: [] });
      expect(typeof r[0].insertId).toBe('bigint');
      expect(r[1].rows).toHaveLength(1);
      expect(r[2]).toMatchObject({ numAffectedRows: 1n, rows: [] });
    }
    expect(direct[1].rows[0]).toEqual({ id: Number(direct[0].insertId), v: 1 });
    expect(Object.keys(direct[1].rows[0] as object)).toEqual(Object.keys(viaKysely[1].rows[0] as object));
    const after = await database.db.selectFrom('t' as never).select(['v' as never]).orderBy('v' as never).execute();
    expect(after).toEqual([{ v: 11 }, { v: 12 }]);
  });

  it('counts and observes each statement as every statement is counted', async () => {
    const seen: string[] = [];
    database.stats.observe = (texts) => { seen.push(...texts); };
    try {
      const before = database.stats.statements;
      await inTransaction(database, (tx) => pipelined(tx, [insert(30), select(30)]));
      expect(seen).toEqual(expect.arrayContaining(['insert into t (v) values (?)', 'select id, v from t where v = ?']));
      // The two, and the group's BEGIN and COMMIT.
      expect(database.stats.statements - before).toBe(4);
    } finally {
      database.stats.observe = undefined;
    }
  });

  it('fails as the statement fails: the ones after it do not run, and the member is undone alone', async () => {
    const outcomes = await Promise.allSettled([
      inTransaction(database, (tx) => pipelined(tx, [insert(40)])),
      inTransaction(database, (tx) => pipelined(tx, [insert(41), insert(40), insert(42)])),
      inTransaction(database, (tx) => executeIn(tx, insert(43))),
    ]);
    expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(String((outcomes[1] as PromiseRejectedResult).reason)).toMatch(/UNIQUE/);
    const vs = (await database.db.selectFrom('t' as never).select(['v' as never]).where('v' as never, '>=', 40 as never).orderBy('v' as never).execute()).map((r: any) => r.v);
    expect(vs).toEqual([40, 43]);
  });

  it('makes a few promises for a member\'s statements where Kysely\'s executor made many', async () => {
    const promisesOf = async (run: (tx: Tx) => Promise<unknown>) => {
      let n = 0;
      const hook = createHook({ init(_id, type) { if (type === 'PROMISE') n++; } });
      await inTransaction(database, async (tx) => {
        hook.enable();
        try { await run(tx); } finally { hook.disable(); }
      });
      return n;
    };
    const statements = Array.from({ length: 10 }, (_, i) => select(i));
    const direct = await promisesOf((tx) => pipelined(tx, statements));
    const kysely = await promisesOf(async (tx) => { for (const q of statements) await tx.executeQuery(q); });
    expect(direct).toBeLessThan(10);
    expect(kysely).toBeGreaterThan(10 * 5);
  });
});
