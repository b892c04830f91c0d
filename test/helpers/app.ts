// Builds a real app over a real database for a test file: its own SQLite :memory: database, or its
// own PostgreSQL schema when asked for PostgreSQL (dropped again on close).
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/app.js';
import { loadConfig, type Config } from '../../src/config.js';
import type { Clock } from '../../src/services/clock.js';

export const BASE = 'http://api.test';
export const TEST_JWT_SECRET = 'k1:' + 'x'.repeat(48);
export const PG_URL = process.env.TEST_DATABASE_URL;
export const REDIS_URL = process.env.TEST_REDIS_URL;

export type Engine = 'sqlite' | 'postgres';

/** The engines a suite should run on: SQLite always, PostgreSQL when TEST_DATABASE_URL is set. */
export function engines(): Engine[] {
  if (!PG_URL) {
    console.log('[skip] PostgreSQL variants: TEST_DATABASE_URL is not set');
    return ['sqlite'];
  }
  return ['sqlite', 'postgres'];
}

export interface TestApp {
  app: FastifyInstance;
  config: Config;
  close(): Promise<void>;
}

export interface MakeAppOptions {
  engine?: Engine;
  clock?: Clock;
  config?: Partial<Config>;
  /**
   * Run the webhook dispatcher (default: no). Off, the app does no background work, so suites that
   * count statements or time requests see only their own; webhook suites turn it on.
   */
  dispatcher?: boolean;
  /** Another app's PostgreSQL schema to share (a second instance); its owner drops it. */
  reuseSchema?: string;
  /** How long an Idempotency-Key claim holds without renewal (default 30 s). */
  idempotencyLeaseMs?: number;
}

export async function makeApp(opts: MakeAppOptions = {}): Promise<TestApp> {
  const engine = opts.engine ?? 'sqlite';
  const dataDir = mkdtempSync(join(tmpdir(), 'commerce-test-'));
  const ownSchema = engine === 'postgres' && !opts.reuseSchema;
  const schema = engine === 'postgres' ? opts.reuseSchema ?? `t_${process.pid}_${randomBytes(4).toString('hex')}` : undefined;
  if (engine === 'postgres' && !PG_URL) throw new Error('TEST_DATABASE_URL is not set');
  const config = loadConfig({}, {
    baseUrl: BASE, dataDir, jwtSecret: TEST_JWT_SECRET, logLevel: 'silent',
    // SQLite in a file, as the service runs: a second connection answers reads beside the writer
    // (src/db/sqlite-reads.ts), which an in-memory database cannot have. NORMAL: no fsync per commit.
    databaseUrl: engine === 'postgres' ? PG_URL! : join(dataDir, 'service.sqlite'), sqliteSynchronous: 'NORMAL', databaseSchema: schema, ...opts.config,
  });
  const app = await buildApp(config, { clock: opts.clock, logger: false, dispatcher: opts.dispatcher ?? false, idempotencyLeaseMs: opts.idempotencyLeaseMs });
  return {
    app, config,
    async close() {
      await app.close();
      if (schema && ownSchema) {
        const c = new pg.Client({ connectionString: PG_URL });
        await c.connect();
        await c.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
        await c.end();
      }
    },
  };
}
