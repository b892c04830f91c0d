// A process evaluates node-postgres only for a PostgreSQL database, ioredis only for a REDIS_URL and
// undici only at its first outbound call (src/db/postgres.ts, loaded by database.ts;
// OptionalRedis.open; Outbound): on Node 20 node-postgres alone took ~40 ms of a cold start,
// probing for Cloudflare Workers through the fetch implementation (BENCHMARKS.md round 20). Each
// case builds the app in a fresh process and lists the client packages that process loaded.
import { spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { PG_URL, REDIS_URL } from '../helpers/app.js';

function driversLoaded(config: Record<string, unknown>): string[] {
  const dataDir = mkdtempSync(join(tmpdir(), 'commerce-drivers-'));
  const child = spawnSync(process.execPath, ['--import', 'tsx', join(import.meta.dirname, '..', 'fixtures', 'loaded-drivers.ts'),
    JSON.stringify({ dataDir, databaseUrl: join(dataDir, 'service.sqlite'), ...config })], { encoding: 'utf8', timeout: 60_000 });
  expect(child.status, child.stderr).toBe(0);
  return JSON.parse(child.stdout.trim().split('\n').pop()!);
}

if (!PG_URL) console.log('[skip] node-postgres loaded for PostgreSQL: TEST_DATABASE_URL is not set');
if (!REDIS_URL) console.log('[skip] ioredis loaded for a REDIS_URL: TEST_REDIS_URL is not set');

describe('client packages a process loads at start', () => {
  it('are none on SQLite without Redis', () => {
    expect(driversLoaded({})).toEqual([]);
  }, 60_000);

  it.skipIf(!PG_URL)('include node-postgres on PostgreSQL', async () => {
    const schema = `t_drivers_${process.pid}`;
    try {
      expect(driversLoaded({ databaseUrl: PG_URL, databaseSchema: schema })).toEqual(['pg']);
    } finally {
      const c = new pg.Client({ connectionString: PG_URL });
      await c.connect();
      await c.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`).finally(() => c.end());
    }
  }, 60_000);

  it.skipIf(!REDIS_URL)('include ioredis with a REDIS_URL', () => {
    expect(driversLoaded({ redisUrl: REDIS_URL })).toEqual(['ioredis']);
  }, 60_000);
});
