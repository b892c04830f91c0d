// Instances started together on one empty database all come up: migrations run under a lock
// (PostgreSQL: an advisory lock per schema; SQLite: BEGIN IMMEDIATE and a second look), each
// applied exactly once, and a token issued by one instance is accepted by the others when they
// share JWT_SECRET (as the README's "Deploying several instances" asks).
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { makeApp, PG_URL, type TestApp } from '../helpers/app.js';
import { call, tokenChain } from '../helpers/rest.js';
import { migrations } from '../../src/db/migrate.js';
import { startServer, type ServerChild } from '../../scripts/reliability/child.js';
import { serverEntry } from '../helpers/server-entry.js';

const names = migrations.map((m) => m.name);

describe.skipIf(!PG_URL)('several instances on one empty PostgreSQL schema', () => {
  const schema = `t_many_${process.pid}_${randomBytes(3).toString('hex')}`;
  const apps: TestApp[] = [];
  afterAll(async () => {
    for (const t of apps) await t.close();
    const c = new pg.Client({ connectionString: PG_URL });
    await c.connect();
    await c.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
    await c.end();
  });

  it('start together: every one migrates or waits, each migration is applied once', async () => {
    const started = await Promise.allSettled(Array.from({ length: 4 }, () => makeApp({ engine: 'postgres', reuseSchema: schema })));
    for (const s of started) if (s.status === 'fulfilled') apps.push(s.value);
    expect(started.map((s) => (s.status === 'rejected' ? String(s.reason) : 'ok'))).toEqual(['ok', 'ok', 'ok', 'ok']);
    const c = new pg.Client({ connectionString: PG_URL });
    await c.connect();
    const { rows } = await c.query(`SELECT name FROM "${schema}".migrations ORDER BY name`);
    await c.end();
    expect(rows.map((r) => r.name)).toEqual(names);
    for (const t of apps) expect((await t.app.inject('/readyz')).statusCode).toBe(200);

    // Shared JWT_SECRET (the test helper gives every app the same one): a token from one works on all.
    const chain = await tokenChain(apps[0].app);
    for (const t of apps.slice(1)) expect((await call(t.app, '/', { token: chain.storeToken })).statusCode).toBe(200);
  }, 120_000);
});
if (!PG_URL) console.log('[skip] several PostgreSQL instances: TEST_DATABASE_URL is not set');

describe('several processes on one new SQLite file', () => {
  const servers: ServerChild[] = [];
  afterAll(() => {
    for (const s of servers) if (s.proc.exitCode === null) s.proc.kill('SIGKILL');
  });

  it('start together: all listen, each migration is applied once', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'many-sqlite-'));
    const file = join(dir, 'shared.sqlite');
    const started = await Promise.allSettled(Array.from({ length: 3 }, (_v, i) => startServer({ DATA_DIR: join(dir, `d${i}`), DATABASE_URL: file }, 90_000, serverEntry())));
    for (const s of started) if (s.status === 'fulfilled') servers.push(s.value);
    expect(started.map((s) => (s.status === 'rejected' ? String(s.reason) : 'ok'))).toEqual(['ok', 'ok', 'ok']);
    for (const s of servers) expect((await fetch(`${s.url}/readyz`)).status).toBe(200);
    const db = new SQLite(file, { readonly: true });
    const rows = db.prepare('SELECT name FROM migrations ORDER BY name').all() as { name: string }[];
    db.close();
    expect(rows.map((r) => r.name)).toEqual(names);
    for (const s of servers) {
      s.proc.kill('SIGTERM');
      expect((await s.exited).code).toBe(0);
    }
  }, 120_000);
});
