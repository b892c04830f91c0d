// One database under test (SQLite file or a PostgreSQL schema of its own), the environment every
// server process gets for it, and an in-process app over the same database for seeding through the
// real API and for counting SQL statements per request.
import { join } from 'node:path';
import { mkdirSync } from 'node:fs';
import pg from 'pg';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { ROOT, type BenchConfig } from './config.js';
import { freePort, spawnNode, type Child } from './proc.js';
import { injector, type Send } from './api.js';

export type Engine = 'sqlite' | 'postgres';

export interface Target {
  engine: Engine;
  dataDir: string;
  port: number;
  baseUrl: string;
  /** Environment of the service process (and what the probe app is configured from). */
  env: Record<string, string>;
  /** Where the baseline and PostGraphile connect (a PostgreSQL URL or the SQLite file). */
  dbUrl: string;
  pgSchema?: string;
  probe: FastifyInstance;
  send: Send;
  close(): Promise<void>;
}

export async function openTarget(cfg: BenchConfig, engine: Engine, port: number): Promise<Target> {
  const dataDir = join(cfg.workDir, engine);
  mkdirSync(dataDir, { recursive: true });
  const baseUrl = `http://127.0.0.1:${port}`;
  const pgSchema = engine === 'postgres' ? `bench_${process.pid}_${Date.now().toString(36)}` : undefined;
  const dbUrl = engine === 'postgres' ? cfg.pgUrl! : join(dataDir, 'commerce.sqlite');
  const env: Record<string, string> = {
    HOST: '127.0.0.1', PORT: String(port), BASE_URL: baseUrl, DATA_DIR: dataDir, DATABASE_URL: dbUrl,
    JWT_SECRET: cfg.jwtSecret,
    // Fastify logs every request at info; at warn the log costs nothing per request.
    LOG_LEVEL: 'warn',
    NODE_ENV: 'production',
    // The webhook receiver of scenario 7 listens on loopback.
    OUTBOUND_ALLOW_PRIVATE: 'true',
    // The load generator is one address and one token: per-caller rate limits would measure the limiter.
    RATE_LIMIT_MAX: '100000000',
    RATE_LIMIT_CREDENTIALS_MAX: '100000000',
    // Scenario 6 stands for 1,000 separate subscribers, all with the load generator's one token.
    WS_MAX_SOCKETS_PER_TOKEN: '100000',
    ...(pgSchema ? { PGOPTIONS: `-c search_path=${pgSchema}` } : {}),
    // Pacing of large answers (src/services/pace.ts), prepared statements, SQLite sync and the rate limiter (0 turns it or its fair share off) can be switched from the bench's environment for an A/B in one tree.
    ...Object.fromEntries(['RESPONSE_PACE_ABOVE', 'RESPONSE_SLICE_MS', 'DATABASE_PREPARED_STATEMENTS', 'SQLITE_SYNCHRONOUS', 'RATE_LIMIT_MAX', 'RATE_LIMIT_FAIR_SHARE'].filter((k) => process.env[k] !== undefined).map((k) => [k, process.env[k]!])),
  };
  const config = loadConfig(env, { databaseSchema: pgSchema });
  // No dispatcher here: only the service process under test may deliver webhooks.
  const probe = await buildApp(config, { logger: false, dispatcher: false });
  return {
    engine, dataDir, port, baseUrl, env, dbUrl, pgSchema, probe, send: injector(probe, baseUrl),
    async close() {
      await probe.close();
      if (pgSchema) {
        const c = new pg.Client({ connectionString: cfg.pgUrl });
        await c.connect();
        await c.query(`DROP SCHEMA IF EXISTS "${pgSchema}" CASCADE`);
        await c.end();
      }
    },
  };
}

/**
 * The hand-written baseline (bench/baseline/server.ts) over the target's database, on a port of its
 * own; BENCH_BASELINE_FLAGS are its Node flags, as BENCH_SERVICE_FLAGS are the service's (profiles
 * of both on one clock).
 */
export async function startBaseline(cfg: BenchConfig, target: Target): Promise<Child> {
  const port = await freePort();
  return spawnNode({
    args: ['--import', 'tsx', join(ROOT, 'bench/baseline/server.ts')], port, readyPath: '/healthz',
    nodeFlags: (process.env.BENCH_BASELINE_FLAGS ?? '').split(/\s+/).filter(Boolean),
    env: {
      PORT: String(port), BASE_URL: target.baseUrl, ISSUER: target.baseUrl, JWT_SECRET: cfg.jwtSecret,
      DATABASE_URL: target.dbUrl, NODE_ENV: 'production', ...(target.pgSchema ? { PGOPTIONS: `-c search_path=${target.pgSchema}` } : {}),
    },
  });
}
