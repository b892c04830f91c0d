// SQLite write transactions waiting at the same time share one database transaction and one COMMIT
// (src/db/group-commit.ts), each in a savepoint of its own; reads outside transactions run on a
// read-only connection (src/db/sqlite-reads.ts) and never see a write before its COMMIT. Driven on
// a real database file (an in-memory database has no second connection), with real parallel calls.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, readdirSync, readlinkSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, SqliteDialect, sql } from 'kysely';
import { inTransaction, openDatabase, type Database } from '../../src/db/database.js';
import { ReadRoutingDialect } from '../../src/db/sqlite-reads.js';
import { cachingDatabase } from '../../src/db/statement-cache.js';

describe('SQLite group commit and reads beside the writer', () => {
  const dir = mkdtempSync(join(tmpdir(), 'group-commit-'));
  let database: Database;
  const count = async (where = sql`1 = 1`) => Number((await sql<{ n: number }>`select count(*) as n from t where ${where}`.execute(database.db)).rows[0].n);
  const insert = (tx: Parameters<Parameters<typeof inTransaction>[1]>[0], v: number) => sql`insert into t (v) values (${v})`.execute(tx);
  const tick = () => new Promise((r) => setTimeout(r, 5));

  beforeAll(async () => {
    database = await openDatabase({ url: join(dir, 'db.sqlite') });
    await sql`create table t (id integer primary key, v integer not null check (v >= 0))`.execute(database.db);
    await sql`create table parent (id integer primary key)`.execute(database.db);
    await sql`create table child (id integer primary key, parent_id integer references parent (id) deferrable initially deferred)`.execute(database.db);
  });
  afterAll(async () => {
    await database?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('commits transactions that wait together in fewer COMMITs, every one of them kept', async () => {
    const before = database.commits!.commits;
    const results = await Promise.all(Array.from({ length: 40 }, (_, i) => inTransaction(database, async (tx) => {
      // No wait inside a member: on a slow machine a member that waits can outlast the 10 ms a
      // group stays open, and every member would commit alone.
      await insert(tx, 1000 + i);
      return i;
    })));
    expect(results).toEqual(Array.from({ length: 40 }, (_, i) => i));
    expect(await count(sql`v >= 1000 and v < 1040`)).toBe(40);
    const commits = database.commits!.commits - before;
    expect(commits).toBeGreaterThan(0);
    expect(commits).toBeLessThan(40);
  });

  it('gathers writers that arrive one turn of the loop after another into one COMMIT', async () => {
    // A closed-loop client answers its previous response and sends its next write a moment after
    // the others: each arrives on a later turn of the loop. The group waits while turns bring
    // writers (a few at most), so they share its COMMIT instead of each starting a group.
    const before = database.commits!.commits;
    const write = (v: number) => inTransaction(database, async (tx) => { await insert(tx, v); return v; });
    const later = (turns: number, v: number) => new Promise<number>((resolve, reject) => {
      const step = (left: number) => (left === 0 ? write(v).then(resolve, reject) : setImmediate(() => step(left - 1)));
      step(turns);
    });
    const written = await Promise.all([write(7000), later(1, 7001), later(2, 7002), later(3, 7003)]);
    expect(written).toEqual([7000, 7001, 7002, 7003]);
    expect(await count(sql`v >= 7000 and v < 7004`)).toBe(4);
    expect(database.commits!.commits - before).toBe(1);
  });

  it('undoes a failing member alone, whether it came first or later in its group', async () => {
    const outcomes = await Promise.allSettled(Array.from({ length: 12 }, (_, i) => inTransaction(database, async (tx) => {
      await insert(tx, 2000 + i);
      await tick();
      if (i % 4 === 0) throw new Error(`member ${i} fails`);
      return i;
    })));
    expect(outcomes.map((o) => o.status)).toEqual(Array.from({ length: 12 }, (_, i) => (i % 4 === 0 ? 'rejected' : 'fulfilled')));
    const kept = (await sql<{ v: number }>`select v from t where v >= 2000 and v < 2012 order by v`.execute(database.db)).rows.map((r) => r.v);
    expect(kept).toEqual(Array.from({ length: 12 }, (_, i) => 2000 + i).filter((v) => v % 4 !== 0));
  });

  it('tells every member of a group whose transaction SQLite ended that it was not kept', async () => {
    // Whether members 0 and 1 share a group depends on timing (a group closes 10 ms after its
    // BEGIN; a slow machine can pass that within member 0). Whatever it was, a member is told it
    // was kept exactly when its row is there; the shared case is tried until it happened.
    let shared = 0;
    for (let round = 0; round < 5 && shared === 0; round++) {
      const v = 3000 + round * 10;
      const outcomes = await Promise.allSettled([0, 1, 2].map((i) => inTransaction(database, async (tx) => {
        await insert(tx, v + i);
        // As SQLITE_FULL or SQLITE_IOERR would: the whole transaction is gone, earlier members' writes with it.
        if (i === 1) {
          await sql.raw('rollback').execute(tx);
          throw new Error('the transaction was rolled back');
        }
      })));
      expect(outcomes[1].status).toBe('rejected');
      expect(await count(sql`v = ${v + 1}`)).toBe(0);
      for (const i of [0, 2]) expect(await count(sql`v = ${v + i}`), `member ${i}: ${outcomes[i].status}`).toBe(outcomes[i].status === 'fulfilled' ? 1 : 0);
      // A member after the failure runs in a group of its own and is kept.
      expect(outcomes[2].status).toBe('fulfilled');
      if (outcomes[0].status === 'rejected') shared++;
    }
    expect(shared).toBe(1);
  });

  it('tells every member of a group whose COMMIT failed, and keeps none of them', async () => {
    await sql`insert into parent (id) values (1)`.execute(database.db);
    const outcomes = await Promise.allSettled([0, 1, 2].map((i) => inTransaction(database, async (tx) => {
      await insert(tx, 4000 + i);
      // A foreign key checked at COMMIT: the middle member's child has no parent.
      await sql`insert into child (parent_id) values (${i === 1 ? 99 : 1})`.execute(tx);
    })));
    expect(String((outcomes[1] as PromiseRejectedResult).reason)).toMatch(/FOREIGN KEY/);
    // Which members shared the failing COMMIT depends on timing (a group closes after 10 ms);
    // whatever it was, a member is told it was kept exactly when its row is there.
    for (const [i, o] of outcomes.entries()) expect(await count(sql`v = ${4000 + i}`), `member ${i}: ${o.status}`).toBe(o.status === 'fulfilled' ? 1 : 0);
    expect(outcomes.filter((o) => o.status === 'rejected').length).toBeGreaterThanOrEqual(1);
    // The writer is usable again.
    await inTransaction(database, (tx) => insert(tx, 4010));
    expect(await count(sql`v = 4010`)).toBe(1);
  });

  it('answers reads while a write transaction is open, from what was committed', async () => {
    let release!: () => void;
    const held = new Promise<void>((r) => { release = r; });
    let inserted!: () => void;
    const written = new Promise<void>((r) => { inserted = r; });
    const writing = inTransaction(database, async (tx) => {
      await insert(tx, 5000);
      inserted();
      await held;
    });
    await written;
    // The writer is held in its transaction: the read is answered now, without the uncommitted row.
    expect(await count(sql`v = 5000`)).toBe(0);
    release();
    await writing;
    expect(await count(sql`v = 5000`)).toBe(1);
  });

  it('sends a write outside a transaction to the writer, and refuses transaction control there', async () => {
    await sql`insert into t (v) values (${6000})`.execute(database.db);
    expect(await count(sql`v = 6000`)).toBe(1);
    expect((await sql<{ journal_mode: string }>`pragma journal_mode`.execute(database.db)).rows[0].journal_mode).toBe('wal');
    await expect(sql`begin`.execute(database.db)).rejects.toThrow(/inTransaction/);
    await expect(database.db.transaction().execute(async () => undefined)).rejects.toThrow(/inTransaction/);
  });

  it('asks the reader about a writing text once: later runs go straight to the writer', async () => {
    const file = join(dir, 'routing.sqlite');
    const writerSqlite = new SQLite(file);
    writerSqlite.pragma('journal_mode = WAL');
    writerSqlite.exec('create table w (id integer primary key, v integer)');
    const writer = new Kysely<any>({ dialect: new SqliteDialect({ database: writerSqlite }) });
    const cache = cachingDatabase(new SQLite(file, { readonly: true, fileMustExist: true }));
    const prepared: string[] = [];
    const reader = { ...cache, prepare: (text: string) => { prepared.push(text); return cache.prepare(text); } };
    const routed = new Kysely<any>({ dialect: new ReadRoutingDialect(reader, writer, { statements: 0 }) });
    try {
      for (let v = 0; v < 5; v++) await sql`insert into w (v) values (${v})`.execute(routed);
      for (let i = 0; i < 3; i++) expect(Number((await sql<{ n: number }>`select count(*) as n from w`.execute(routed)).rows[0].n)).toBe(5);
      expect(prepared.filter((t) => t.startsWith('insert'))).toHaveLength(1);
      expect(prepared.filter((t) => t.startsWith('select'))).toHaveLength(3);
    } finally {
      await routed.destroy();
      await writer.destroy();
    }
  });

  // A later member's savepoint journals the pages it changes; past 64 KiB SQLite spilled that
  // journal to a temporary file (created, written and unlinked per group), unless temporary
  // storage is in memory (database.ts).
  it('keeps the savepoint journal of a member in memory, however many pages the member changes', async () => {
    await sql`create table wide (id integer primary key, body text not null)`.execute(database.db);
    await inTransaction(database, async (tx) => {
      for (let i = 0; i < 200; i++) await sql`insert into wide (body) values (${'x'.repeat(2000)})`.execute(tx);
    });
    // SQLite's temporary files are opened and unlinked at once: seen only as this process's open descriptors.
    const temporaryFiles = () => readdirSync('/proc/self/fd').map((fd) => {
      try {
        return readlinkSync(`/proc/self/fd/${fd}`);
      } catch {
        return '';
      }
    }).filter((target) => /etilqs_/.test(target));
    let during: string[] = [];
    await Promise.all([
      inTransaction(database, (tx) => insert(tx, 3000)),
      // Queued with the first: the second member of one group, in a savepoint.
      inTransaction(database, async (tx) => {
        await sql`update wide set body = ${'y'.repeat(2000)}`.execute(tx);
        during = temporaryFiles();
      }),
    ]);
    expect(await count(sql`v = 3000`)).toBe(1);
    expect(during).toEqual([]);
    // SQLITE_TEMP_STORE=FILE keeps SQLite's own behaviour, and shows what was looked for is there then.
    const filed = await openDatabase({ url: join(dir, 'filed.sqlite'), sqliteTempStore: 'FILE' });
    try {
      await sql`create table wide (id integer primary key, body text not null)`.execute(filed.db);
      await inTransaction(filed, async (tx) => {
        for (let i = 0; i < 200; i++) await sql`insert into wide (body) values (${'x'.repeat(2000)})`.execute(tx);
      });
      let spilled: string[] = [];
      await Promise.all([
        inTransaction(filed, (tx) => sql`insert into wide (body) values ('first')`.execute(tx)),
        inTransaction(filed, async (tx) => {
          await sql`update wide set body = ${'y'.repeat(2000)}`.execute(tx);
          spilled = temporaryFiles();
        }),
      ]);
      expect(spilled).toHaveLength(1);
    } finally {
      await filed.close();
    }
  });
});
