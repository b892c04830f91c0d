// A PostgreSQL schema of a test file's own, and Kyselys over the database layer's pool (pg-rows.ts)
// whose protocol messages the file counts on the real connections: the set-up the tests of the
// PostgreSQL wire (named statements, pipelines, row descriptions) share. Call it inside the
// describe: it registers the schema's creation before the file's own beforeAll and its removal,
// and every Kysely's, after the file's afterAll.
import { afterAll, beforeAll } from 'vitest';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { Kysely, PostgresDialect } from 'kysely';
import { fastRowPool } from '../../src/db/pg-rows.js';
import { PG_URL } from './app.js';

export interface PgWire {
  schema: string;
  /** A plain client in the schema, for set-up and for reading what was kept. */
  admin(): pg.Client;
  /**
   * A Kysely over a pool of `max` connections (one by default: every statement meets the same
   * connection's named statements), counting the server's messages named in `count`.
   */
  open(opts?: { max?: number; prepared?: boolean; tolerateErrors?: boolean }): Kysely<any>;
  /** The messages counted so far, by name. */
  counts: Record<string, number>;
  /** `fn`'s result and how many of each counted message it took. */
  counted<T>(fn: () => Promise<T>): Promise<{ result: T; counts: Record<string, number> }>;
}

export function pgWire(prefix: string, count: readonly string[]): PgWire {
  const schema = `${prefix}_${randomBytes(4).toString('hex')}`;
  const dbs: Kysely<any>[] = [];
  const counts: Record<string, number> = Object.fromEntries(count.map((m) => [m, 0]));
  let admin: pg.Client | undefined;
  beforeAll(async () => {
    admin = new pg.Client({ connectionString: PG_URL, options: `-c search_path=${schema}` });
    await admin.connect();
    await admin.query(`create schema ${schema}`);
  });
  afterAll(async () => {
    for (const db of dbs) await db.destroy();
    await admin?.query(`drop schema if exists ${schema} cascade`);
    await admin?.end();
  });
  return {
    schema,
    counts,
    admin: () => admin!,
    open(opts = {}) {
      const pool = new pg.Pool({ connectionString: PG_URL, options: `-c search_path=${schema}`, max: opts.max ?? 1 });
      if (opts.tolerateErrors) pool.on('error', () => undefined);
      pool.on('connect', (client) => {
        if (opts.tolerateErrors) client.on('error', () => undefined);
        const connection = (client as unknown as { connection: pg.Connection }).connection;
        for (const m of count) connection.on(m, () => { counts[m]++; });
      });
      const db = new Kysely<any>({ dialect: new PostgresDialect({ pool: fastRowPool(pool, { prepared: opts.prepared }) }) });
      dbs.push(db);
      return db;
    },
    async counted(fn) {
      const before = { ...counts };
      const result = await fn();
      return { result, counts: Object.fromEntries(count.map((m) => [m, counts[m] - before[m]])) };
    },
  };
}
