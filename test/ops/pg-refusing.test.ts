// PostgreSQL refusing connections (SQLSTATE 55000: a database not accepting connections, as during
// maintenance) and its kin ("not now" rather than "wrong request") answer 503 with Retry-After,
// never 500; /readyz says the database is unavailable; service resumes without a restart.
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/app.js';
import { loadConfig } from '../../src/config.js';
import { isStorageFull, isUnavailable } from '../../src/ops/unavailable.js';
import { BASE, PG_URL, TEST_JWT_SECRET } from '../helpers/app.js';
import { CLIENT_FORM, call } from '../helpers/rest.js';

if (!PG_URL) console.log('[skip] PostgreSQL refusing connections: TEST_DATABASE_URL is not set');

describe.skipIf(!PG_URL)('PostgreSQL refusing connections', () => {
  const name = `i16_refuse_${process.pid}_${randomBytes(3).toString('hex')}`;
  const url = new URL(PG_URL ?? 'postgres://x/y');
  url.pathname = `/${name}`;
  let app: FastifyInstance | undefined;
  const admin = new pg.Client({ connectionString: PG_URL });

  afterAll(async () => {
    await admin.query(`ALTER DATABASE "${name}" ALLOW_CONNECTIONS true`).catch(() => undefined);
    await app?.close();
    await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    await admin.end();
  });

  it('answers 503 with Retry-After (SQLSTATE 55000 and the terminated connections before it), then recovers', async () => {
    await admin.connect();
    await admin.query(`CREATE DATABASE "${name}"`);
    const config = loadConfig({}, { baseUrl: BASE, dataDir: mkdtempSync(join(tmpdir(), 'refuse-')), jwtSecret: TEST_JWT_SECRET, logLevel: 'silent', databaseUrl: url.toString() });
    app = await buildApp(config, { logger: false, dispatcher: false });
    expect((await call(app, '/clients', { method: 'POST', form: CLIENT_FORM })).statusCode).toBe(201);

    await admin.query(`ALTER DATABASE "${name}" ALLOW_CONNECTIONS false`);
    await admin.query('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()', [name]);
    // What a new connection now meets, straight from the server:
    const refused = await new pg.Client({ connectionString: url.toString() }).connect().then(() => undefined, (err: unknown) => err);
    expect((refused as { code?: string }).code).toBe('55000');
    expect(isUnavailable(refused)).toBe(true);

    for (let i = 0; i < 4; i++) {
      const res = await call(app, '/clients', { method: 'POST', form: CLIENT_FORM });
      expect(res.statusCode).toBe(503);
      expect(res.headers['retry-after']).toMatch(/^\d+$/);
      expect(res.json()._embedded['svc:errors'][0]).toMatchObject({ code: 'unavailable' });
    }
    expect(await app.inject('/readyz')).toMatchObject({ statusCode: 503 });

    await admin.query(`ALTER DATABASE "${name}" ALLOW_CONNECTIONS true`);
    expect((await call(app, '/clients', { method: 'POST', form: CLIENT_FORM })).statusCode).toBe(201);
    expect((await app.inject('/readyz')).statusCode).toBe(200);
  }, 60_000);

  it('counts a lock that is not available (55P03) as "not now" too, and a full disk (53100) as storage', async () => {
    const a = new pg.Client({ connectionString: PG_URL });
    const b = new pg.Client({ connectionString: PG_URL });
    await a.connect();
    await b.connect();
    const table = `public.i16_lock_${process.pid}_${randomBytes(3).toString('hex')}`;
    try {
      await a.query(`CREATE TABLE ${table} (x int)`);
      await a.query('BEGIN');
      await a.query(`LOCK TABLE ${table} IN ACCESS EXCLUSIVE MODE`);
      await b.query('BEGIN');
      const lockErr = await b.query(`LOCK TABLE ${table} IN ACCESS EXCLUSIVE MODE NOWAIT`).then(() => undefined, (e: unknown) => e);
      await b.query('ROLLBACK');
      expect((lockErr as { code?: string }).code).toBe('55P03');
      expect(isUnavailable(lockErr)).toBe(true);
    } finally {
      await a.query('ROLLBACK').catch(() => undefined);
      await a.query(`DROP TABLE IF EXISTS ${table}`);
      await a.end();
      await b.end();
    }
    expect(isStorageFull({ code: '53100', message: 'could not extend file: No space left on device' })).toBe(true);
    expect(isUnavailable({ code: '53100' })).toBe(false);
  });
});
