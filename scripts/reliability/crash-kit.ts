// What the kill -9 trials share (crash.ts: writes; crash-checkout.ts: checkouts): a scratch database
// per run, the writes in flight until a kill, and the database's own integrity check afterwards.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import type { ServerChild } from './child.js';

export type Engine = 'sqlite' | 'postgres';

export interface Scratch {
  dataDir: string;
  /** The service's DATABASE_URL: a SQLite file, or the server with the run's own schema. */
  databaseUrl: string;
  /** PostgreSQL: the run's schema. */
  schema?: string;
}

/** A data directory and a database of the run's own (on PostgreSQL a fresh schema `<tag>_<pid>`). */
export async function scratchDatabase(engine: Engine, tag: string, pgUrl: string): Promise<Scratch> {
  const dataDir = mkdtempSync(join(tmpdir(), `${tag}-`));
  if (engine === 'sqlite') return { dataDir, databaseUrl: join(dataDir, 'db.sqlite') };
  const schema = `${tag.replace(/\W/g, '_')}_${process.pid}`;
  const admin = new pg.Client({ connectionString: pgUrl });
  await admin.connect();
  await admin.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE; CREATE SCHEMA ${schema}`);
  await admin.end();
  const u = new URL(pgUrl);
  u.searchParams.set('options', `-c search_path=${schema}`);
  return { dataDir, databaseUrl: u.toString(), schema };
}

/**
 * Runs `task(i)` for i = 0 … count-1, `concurrency` at a time, and kills the server with SIGKILL
 * once `killAfter` tasks were acknowledged (`task` resolves true); a task the kill cut off resolves
 * false. Resolves once every worker stopped and the process is gone.
 */
export async function untilKilled(server: ServerChild, count: number, concurrency: number, killAfter: number,
  task: (i: number) => Promise<boolean>): Promise<void> {
  let next = 0;
  let acked = 0;
  let killed = false;
  const worker = async () => {
    while (next < count && !killed) {
      if (await task(next++).catch(() => false)) acked++;
      if (!killed && acked >= killAfter) {
        killed = true;
        server.proc.kill('SIGKILL');
      }
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  if (!killed) server.proc.kill('SIGKILL');
  await server.exited;
}

/**
 * The database's own verdict after the run: SQLite's integrity and foreign-key checks; on
 * PostgreSQL (no integrity_check) `orphans`, a count of rows that lost what they belong to, must
 * be 0. The run's schema is dropped.
 */
export async function integrityOf(engine: Engine, scratch: Scratch, pgUrl: string, orphans: (schema: string) => string): Promise<string> {
  if (engine === 'sqlite') {
    const db = new SQLite(scratch.databaseUrl, { readonly: true });
    let verdict = String(db.pragma('integrity_check', { simple: true }));
    const fk = db.pragma('foreign_key_check') as unknown[];
    if (fk.length) verdict += ` (${fk.length} foreign key violations)`;
    db.close();
    return verdict;
  }
  const admin = new pg.Client({ connectionString: pgUrl });
  await admin.connect();
  try {
    const n = (await admin.query(orphans(scratch.schema!))).rows[0].n as number;
    return n === 0 ? 'ok (no orphans)' : `${n} orphans`;
  } finally {
    await admin.query(`DROP SCHEMA IF EXISTS ${scratch.schema} CASCADE`);
    await admin.end();
  }
}
