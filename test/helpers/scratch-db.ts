// Databases of their own for tests of the data layer below the app: an in-memory SQLite, or a fresh
// PostgreSQL schema dropped when the suite ends, and two stores to count rows in.
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openDatabase, type Database } from '../../src/db/database.js';
import { migrate } from '../../src/db/migrate.js';
import { Repository } from '../../src/data/repository.js';
import { PG_URL, type Engine } from './app.js';

const stamp = '2026-01-01T00:00:00+0000';

export interface ScratchDatabases {
  /** Opens another database (unmigrated). */
  open(): Promise<Database>;
  /** Closes every database opened and drops their schemas: for afterAll. */
  closeAll(): Promise<void>;
}

export function scratchDatabases(engine: Engine, prefix: string): ScratchDatabases {
  const schemas: string[] = [];
  const opened: Database[] = [];
  return {
    async open() {
      const schema = engine === 'postgres' ? `${prefix}_${randomBytes(4).toString('hex')}` : undefined;
      if (schema) schemas.push(schema);
      const d = await openDatabase({ url: engine === 'postgres' ? PG_URL! : ':memory:', schema });
      opened.push(d);
      return d;
    },
    async closeAll() {
      for (const d of opened) await d.close();
      if (!schemas.length) return;
      const c = new pg.Client({ connectionString: PG_URL });
      await c.connect();
      for (const s of schemas) await c.query(`DROP SCHEMA IF EXISTS "${s}" CASCADE`);
      await c.end();
    },
  };
}

/** Two stores of one user in a migrated database: their ids. */
export async function twoStores(d: Database): Promise<[number, number]> {
  const user = await d.db.insertInto('users').values({ first_name: 'A', last_name: 'B', email: 'a@b.c', date_created: stamp, date_modified: stamp }).returning('id').executeTakeFirstOrThrow();
  const one = async (domain: string) => Number((await d.db.insertInto('stores').values({
    user_id: user.id, store_name: domain, store_domain: domain, store_url: 'https://x.y', store_email: 'x@y.z', postal_code: '1',
    region: 'R', country: 'US', date_created: stamp, date_modified: stamp,
  }).returning('id').executeTakeFirstOrThrow()).id);
  return [await one('a'), await one('b')];
}

/** A fresh migrated database with two stores, and a repository over it: a counting suite's world. */
export async function openTwoStores(scratch: ScratchDatabases): Promise<{ database: Database; repo: Repository; storeA: number; storeB: number }> {
  const database = await scratch.open();
  await migrate(database);
  const [storeA, storeB] = await twoStores(database);
  return { database, repo: new Repository(database), storeA, storeB };
}

export interface ScratchPgDatabases {
  /** A fresh PostgreSQL database (not a schema: a server process connects to it by URL); its URL. */
  create(): Promise<string>;
  /** Drops every database created, closing what is still connected to it: for afterAll. */
  dropAll(): Promise<void>;
}

/** Whole PostgreSQL databases for tests that run the service as a process of its own. */
export function scratchPgDatabases(prefix: string): ScratchPgDatabases {
  const names: string[] = [];
  const admin = async (statements: string[]) => {
    const c = new pg.Client({ connectionString: PG_URL });
    await c.connect();
    try {
      for (const s of statements) await c.query(s);
    } finally {
      await c.end();
    }
  };
  return {
    async create() {
      const name = `${prefix}_${process.pid}_${randomBytes(3).toString('hex')}`;
      await admin([`CREATE DATABASE "${name}"`]);
      names.push(name);
      const url = new URL(PG_URL!);
      url.pathname = `/${name}`;
      return url.toString();
    },
    async dropAll() {
      if (names.length) await admin(names.splice(0).map((n) => `DROP DATABASE IF EXISTS "${n}" WITH (FORCE)`));
    },
  };
}
