// Opening and migrating the database: SQLite pragmas, idempotent migrations, exact decimals, and
// the write transaction helper rolling back on error.
import { afterAll, describe, expect, it } from 'vitest';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { inTransaction, openDatabase, type Database } from '../../src/db/database.js';
import { migrate, migrations, pendingMigrations } from '../../src/db/migrate.js';
import { makeApp } from '../helpers/app.js';

describe('SQLite database', () => {
  const opened: Database[] = [];
  afterAll(async () => { for (const d of opened) await d.close(); });

  it('runs in WAL mode with foreign keys, no busy wait inside the writer\'s calls and FULL synchronous', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'db-')), 'a.sqlite');
    const d = await openDatabase({ url: file });
    opened.push(d);
    const pragma = async (name: string) => Object.values((await sql.raw(`PRAGMA ${name}`).execute(d.db)).rows[0] as object)[0];
    expect(await pragma('journal_mode')).toBe('wal');
    expect(await pragma('foreign_keys')).toBe(1);
    // The writer meets another process's lock at once and waits for it between turns of the loop
    // (group-commit.ts waitingForLock; test/reliability/sqlite-write-lock.test.ts).
    expect(await pragma('busy_timeout')).toBe(0);
    expect(await pragma('synchronous')).toBe(2);
  });

  it('hands every statement outside a transaction the same reading connection', async () => {
    // Kysely records each connection object it is given in a WeakSet: a fresh object per statement
    // was an ephemeron per statement for V8's scavenger (BENCHMARKS.md, round 25).
    const file = join(mkdtempSync(join(tmpdir(), 'db-')), 'a.sqlite');
    const d = await openDatabase({ url: file });
    opened.push(d);
    const connection = () => d.db.getExecutor().provideConnection(async (c) => c);
    const first = await connection();
    expect(await connection()).toBe(first);
    // Through it, a write still goes to the writer and a read sees it once committed.
    await sql.raw('create table probe (x integer)').execute(d.db);
    await sql.raw('insert into probe values (7)').execute(d.db);
    expect((await sql.raw('select x from probe').execute(d.db)).rows).toEqual([{ x: 7 }]);
    expect(await connection()).toBe(first);
  });

  it('applies every migration once', async () => {
    const d = await openDatabase({ url: ':memory:' });
    opened.push(d);
    expect(await pendingMigrations(d)).toEqual(migrations.map((m) => m.name));
    expect(await migrate(d)).toEqual(migrations.map((m) => m.name));
    expect(await migrate(d)).toEqual([]);
    expect(await pendingMigrations(d)).toEqual([]);
  });

  it('keeps decimals exact and rolls back a failed write transaction', async () => {
    const d = await openDatabase({ url: ':memory:' });
    opened.push(d);
    await migrate(d);
    const stamp = '2026-01-01T00:00:00+0000';
    const user = await d.db.insertInto('users').values({ first_name: 'a', last_name: 'b', email: 'e@x.y', date_created: stamp, date_modified: stamp }).returning('id').executeTakeFirstOrThrow();
    await expect(inTransaction(d, async (tx) => {
      await tx.insertInto('users').values({ first_name: 'c', last_name: 'd', email: 'f@x.y', date_created: stamp, date_modified: stamp }).execute();
      throw new Error('boom');
    })).rejects.toThrow('boom');
    expect((await d.db.selectFrom('users').select('email').execute()).map((r) => r.email)).toEqual(['e@x.y']);
    const store = await d.db.insertInto('stores').values({ user_id: user.id, store_name: 's', store_domain: 'd', store_url: 'u', store_email: 'e', postal_code: 'p', region: 'r', country: 'US', date_created: stamp, date_modified: stamp }).returning('id').executeTakeFirstOrThrow();
    await d.db.insertInto('taxes').values({ store_id: store.id, name: 'n', type: 'global', rate: '0.1000000000000000055511151231257827', date_created: stamp, date_modified: stamp }).execute();
    expect((await d.db.selectFrom('taxes').select('rate').executeTakeFirstOrThrow()).rate).toBe('0.1000000000000000055511151231257827');
  });
});

describe('readiness', () => {
  it('answers /healthz and /readyz once migrated', async () => {
    const t = await makeApp();
    try {
      expect((await t.app.inject('/healthz')).json()).toEqual({ status: 'ok' });
      expect((await t.app.inject('/readyz')).json()).toMatchObject({ status: 'ready', database: 'sqlite', redis: 'off', storage: { full: false } });
    } finally {
      await t.close();
    }
  });
});
