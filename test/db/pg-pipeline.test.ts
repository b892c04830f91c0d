// Statements of a transaction that need nothing from each other's answers go to PostgreSQL in one
// write (src/db/pg-pipeline.ts through database.ts's pipelined): one round trip, in order, in the
// transaction. Round trips are the server's ReadyForQuery messages and parses its ParseComplete
// messages, counted on the real connections; what ran and what was kept is read back from the tables.
import { beforeAll, describe, expect, it } from 'vitest';
import { sql, type Kysely } from 'kysely';
import { lastOfTransaction, pipelined, type Tx } from '../../src/db/database.js';
import { PG_URL } from '../helpers/app.js';
import { pgWire } from '../helpers/pg-wire.js';

if (!PG_URL) console.log('[skip] pipelined statements: TEST_DATABASE_URL is not set');

describe.skipIf(!PG_URL)('statements pipelined in one write on PostgreSQL', () => {
  const wire = pgWire('pipe', ['readyForQuery', 'parseComplete']);
  const counted = async <T>(fn: () => Promise<T>) => {
    const { result, counts } = await wire.counted(fn);
    return { result, trips: counts.readyForQuery, parses: counts.parseComplete };
  };
  /** A Kysely over one connection (each statement meets that connection's named statements). */
  const open = () => wire.open();
  let db: Kysely<any>;
  beforeAll(async () => {
    await wire.admin().query('create table t (id serial primary key, v int not null check (v >= 0), doc jsonb, at timestamptz)');
    db = open();
    await sql`select 1`.execute(db);
  });

  const insert = (tx: Tx | Kysely<any>, v: number) => sql<{ id: number }>`insert into t (v) values (${v}) returning id`.compile(tx);
  const countOf = (tx: Tx | Kysely<any>, v: number) => sql<{ n: number }>`select count(*)::int as n from t where v = ${v}`.compile(tx);
  const kept = async (v: number) => (await wire.admin().query('select count(*)::int as n from t where v = $1', [v])).rows[0].n as number;

  it('sends BEGIN and the statements in one round trip; a later one sees what an earlier one wrote', async () => {
    const { result, trips: n } = await counted(() => db.transaction().execute(async (tx) => pipelined(tx as Tx, [insert(tx, 1), insert(tx, 1), countOf(tx, 1)])));
    // BEGIN with the pipeline, then COMMIT.
    expect(n).toBe(2);
    expect(result.map((r) => r.rows.length)).toEqual([1, 1, 1]);
    expect(result[2].rows[0]).toEqual({ n: 2 });
    expect(Number(result[1].rows[0].id)).toBe(Number(result[0].rows[0].id) + 1);
    expect(result[0].numAffectedRows).toBe(1n);
    expect(await kept(1)).toBe(2);
  });

  it('takes the COMMIT along when its last statement is marked the last of its transaction', async () => {
    const { trips: n } = await counted(() => db.transaction().execute(async (tx) => pipelined(tx as Tx, [insert(tx, 2), lastOfTransaction(insert(tx, 2))])));
    expect(n).toBe(1);
    expect(await kept(2)).toBe(2);
  });

  it('parses each named statement once per connection', async () => {
    const fresh = open();
    const run = () => fresh.transaction().execute(async (tx) => pipelined(tx as Tx, [insert(tx, 3), countOf(tx, 3)]));
    expect((await counted(run)).parses).toBe(2 + 1); // BEGIN's own, unnamed
    expect((await counted(run)).parses).toBe(1);
    expect(await kept(3)).toBe(2);
  });

  it('sends parameters as node-postgres would: dates, JSON, null', async () => {
    const at = new Date('2026-11-28T08:00:00.000Z');
    const [written, read] = await db.transaction().execute(async (tx) => pipelined<{ id: number; doc: unknown; at: Date }>(tx as Tx, [
      sql`insert into t (v, doc, at) values (${4}, ${JSON.stringify({ a: [1, 'x'] })}, ${at}) returning id`.compile(tx),
      sql`select doc, at from t where v = ${4} and doc is not null and ${null}::text is null`.compile(tx),
    ]));
    expect(written.rows).toHaveLength(1);
    expect(read.rows).toEqual([{ doc: { a: [1, 'x'] }, at }]);
  });

  it('fails at the failing statement: the ones after it do not run, nothing is kept, the connection works', async () => {
    const marker = (tx: Tx | Kysely<any>) => sql`insert into t (v) values (${50})`.compile(tx);
    await expect(db.transaction().execute(async (tx) => pipelined(tx as Tx, [insert(tx, 5), insert(tx, -5), marker(tx)])))
      .rejects.toThrow(/check constraint/);
    expect(await kept(5)).toBe(0);
    expect(await kept(50)).toBe(0);
    const { result } = await counted(() => db.transaction().execute(async (tx) => pipelined(tx as Tx, [insert(tx, 5), countOf(tx, 5)])));
    expect(result[1].rows[0]).toEqual({ n: 1 });
    expect((await sql<{ x: string | null }>`select pg_current_xact_id_if_assigned()::text as x`.execute(db)).rows[0].x).toBeNull();
  });

  it('names its statements afresh when a failed statement was on its first use (its parse is in doubt)', async () => {
    const fresh = open();
    const update = (tx: Tx | Kysely<any>, v: number) => sql`update t set v = ${v} where v = ${6}`.compile(tx);
    await fresh.transaction().execute(async (tx) => { await sql`insert into t (v) values (${6})`.execute(tx); });
    // The update is parsed, then fails (check constraint) in its first pipeline on this connection.
    await expect(fresh.transaction().execute(async (tx) => pipelined(tx as Tx, [countOf(tx, 6), update(tx, -6)]))).rejects.toThrow(/check constraint/);
    // Sent under its old name again it would meet "prepared statement already exists".
    const again = await fresh.transaction().execute(async (tx) => pipelined(tx as Tx, [countOf(tx, 6), update(tx, 6)]));
    expect(again[0].rows[0]).toEqual({ n: 1 });
    expect(again[1].numAffectedRows).toBe(1n);
  });

  it('refuses a value it cannot send before writing anything, and the connection works', async () => {
    const circular: Record<string, unknown> = {};
    circular.self = circular;
    await expect(db.transaction().execute(async (tx) => pipelined(tx as Tx, [insert(tx, 7), sql`select ${circular}::jsonb`.compile(tx)])))
      .rejects.toThrow(/circular/i);
    expect(await kept(7)).toBe(0);
    const res = await db.transaction().execute(async (tx) => pipelined(tx as Tx, [insert(tx, 7), countOf(tx, 7)]));
    expect(res[1].rows[0]).toEqual({ n: 1 });
  });

  it('runs a pipeline whose named statement went stale as its transaction\'s first: begun again', async () => {
    const fresh = open();
    const read = (tx: Tx | Kysely<any>) => sql<Record<string, unknown>>`select * from t where v = ${1} order by id limit ${1}`.compile(tx);
    const byV = (tx: Tx | Kysely<any>) => sql<Record<string, unknown>>`select * from t where v = ${2} and ${1} > 0`.compile(tx);
    const run = () => fresh.transaction().execute(async (tx) => pipelined(tx as Tx, [byV(tx), read(tx)]));
    expect((await run())[0].rows).toHaveLength(2);
    await wire.admin().query('alter table t add column note text');
    const after = await run();
    expect(after[0].rows[0]).toHaveProperty('note', null);
    expect(after[1].rows[0]).toHaveProperty('note', null);
  });

  it('fails, not hangs, when its connection is cut mid-pipeline, and the pool goes on', async () => {
    const cut = wire.open({ tolerateErrors: true });
    const pid = Number((await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(cut)).rows[0].pid);
    const running = cut.transaction().execute(async (tx) => pipelined(tx as Tx, [insert(tx, 8), sql`select pg_sleep(${5})`.compile(tx), insert(tx, 8)]));
    // It may fail before the terminating query's answer comes back: handled from now on, or Node
    // reports an unhandled rejection (the run's own error) before the expectation below is reached.
    running.catch(() => undefined);
    await new Promise((r) => setTimeout(r, 200));
    await wire.admin().query('select pg_terminate_backend($1)', [pid]);
    await expect(running).rejects.toThrow();
    expect(await kept(8)).toBe(0);
    const after = await cut.transaction().execute(async (tx) => pipelined<{ n: number }>(tx as Tx, [insert(tx, 9), countOf(tx, 9)]));
    expect(after[1].rows[0]).toEqual({ n: 1 });
  });

  it('keeps parallel pipelines on a pool apart', async () => {
    const shared = wire.open({ max: 4 });
    const results = await Promise.all(Array.from({ length: 16 }, (_, i) => shared.transaction().execute(async (tx) => {
      const [, count] = await pipelined<{ n: number }>(tx as Tx, [insert(tx, 100 + i), countOf(tx, 100 + i)]);
      if (i % 4 === 0) throw new Error('rolled back');
      return count.rows[0].n;
    }).catch(() => 0)));
    expect(results).toEqual(Array.from({ length: 16 }, (_, i) => (i % 4 === 0 ? 0 : 1)));
    for (let i = 0; i < 16; i++) expect(await kept(100 + i)).toBe(i % 4 === 0 ? 0 : 1);
  });
});
