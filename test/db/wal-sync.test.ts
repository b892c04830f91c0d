// SQLITE_SYNCHRONOUS=FULL with the WAL's sync off the event loop (src/db/wal-sync.ts): the writer
// runs synchronous=NORMAL, every commit is synced before its writer is told, and no read of this
// instance sees a commit before it is durable. On real database files, with real parallel writes.
import { afterAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync, unlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { inTransaction, openDatabase, type Database } from '../../src/db/database.js';

describe('SQLite commits synced off the event loop', () => {
  const dir = mkdtempSync(join(tmpdir(), 'wal-sync-'));
  const opened: Database[] = [];
  const open = async (name: string, sqliteSynchronous?: 'FULL' | 'NORMAL') => {
    const d = await openDatabase({ url: name === ':memory:' ? name : join(dir, name), sqliteSynchronous });
    opened.push(d);
    await sql`create table t (id integer primary key, v integer not null unique)`.execute(d.db);
    return d;
  };
  const synchronous = async (d: Database) => Number(Object.values((await sql.raw('PRAGMA synchronous').execute(d.db)).rows[0] as object)[0]);
  const values = async (d: Database) => (await sql<{ v: number }>`select v from t`.execute(d.db)).rows.map((r) => r.v);
  afterAll(async () => {
    for (const d of opened) await d.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('syncs every commit itself, in groups and alone, with the writer on synchronous=NORMAL', async () => {
    const d = await open('full.sqlite');
    expect(await synchronous(d)).toBe(1);
    const wal = d.wal!;
    expect(wal).toBeDefined();
    const syncs = wal.syncs;
    const commits = d.commits!.commits;
    for (let v = 0; v < 5; v++) await inTransaction(d, (tx) => sql`insert into t (v) values (${v})`.execute(tx));
    await Promise.all([5, 6, 7, 8].map((v) => inTransaction(d, (tx) => sql`insert into t (v) values (${v})`.execute(tx))));
    // Writes outside a transaction commit by themselves: each is synced too.
    for (let v = 9; v < 12; v++) await sql`insert into t (v) values (${v})`.execute(d.db);
    expect((await values(d)).sort((a, b) => a - b)).toEqual(Array.from({ length: 12 }, (_, i) => i));
    expect(wal.syncs - syncs).toBe(d.commits!.commits - commits + 3);
  });

  it('leaves SQLite its own sync where there is nothing to do it for', async () => {
    // NORMAL asks for no sync per commit; an in-memory database has no WAL file.
    for (const [name, mode, expected] of [['normal.sqlite', 'NORMAL', 1], [':memory:', 'FULL', 2]] as const) {
      const d = await open(name, mode);
      expect(d.wal).toBeUndefined();
      expect(await synchronous(d)).toBe(expected);
      await inTransaction(d, (tx) => sql`insert into t (v) values (1)`.execute(tx));
      expect(await values(d)).toEqual([1]);
    }
  });

  it('lets no read see a commit before it is durable and its writer is told', async () => {
    const d = await open('reads.sqlite');
    const told = new Set<number>();
    const early = new Set<number>();
    let writing = true;
    // Reads on every turn of the loop while the writes go on. A commit is on the disk and its
    // writer told in the same turn in which reads may see it: a read that sees a value not yet
    // told looks again after the turn's microtasks (setImmediate) before it counts as early.
    const reading = (async () => {
      while (writing) {
        const seen = await values(d);
        const untold = seen.filter((v) => !told.has(v));
        if (untold.length) {
          await new Promise((r) => setImmediate(r));
          for (const v of untold) if (!told.has(v)) early.add(v);
        }
        await new Promise((r) => setImmediate(r));
      }
    })();
    const write = (v: number) => (v % 3 === 0
      ? sql`insert into t (v) values (${v})`.execute(d.db)
      : inTransaction(d, (tx) => sql`insert into t (v) values (${v})`.execute(tx))).then(() => { told.add(v); });
    for (let round = 0; round < 20; round++) {
      await Promise.all(Array.from({ length: 6 }, (_, i) => write(round * 6 + i)));
      await new Promise((r) => setImmediate(r));
    }
    writing = false;
    await reading;
    expect(told.size).toBe(120);
    expect([...early]).toEqual([]);
  });

  it('does not tell a writer its commit was kept when the sync fails', async () => {
    const create = sql`create table t (id integer primary key, v integer not null unique)`;
    const cases = {
      group: (d: Database) => inTransaction(d, async (tx) => {
        await create.execute(tx);
        await sql`insert into t (v) values (1)`.execute(tx);
      }),
      // A statement outside a transaction commits by itself (group-commit.ts writeAlone, where the
      // reading connection sends it: not through that connection here, whose opening the file
      // would make a new WAL under the old name).
      alone: (d: Database) => d.commits!.writeAlone(create.compile(d.db)),
    };
    for (const [name, write] of Object.entries(cases)) {
      const d = await openDatabase({ url: join(dir, `lost-${name}.sqlite`) });
      opened.push(d);
      // The WAL's name is gone before this instance's first sync opens it: SQLite still writes to
      // the file it has open (its first read made it), but the sync cannot reach that file.
      await sql`pragma user_version`.execute(d.db);
      unlinkSync(join(dir, `lost-${name}.sqlite-wal`));
      const failed = await write(d).then(() => undefined, (err: unknown) => err);
      expect(failed, name).toMatchObject({ code: 'SQLITE_IOERR_FSYNC', cause: { code: 'ENOENT' } });
    }
  });
});
