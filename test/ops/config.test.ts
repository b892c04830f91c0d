// Configuration is checked at start: every wrong value is refused with one line naming the
// variable, what is wrong and an example; nothing silently falls back to a default.
import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config.js';
import { ROOT } from '../../scripts/reliability/child.js';
import { serverEntry } from '../helpers/server-entry.js';

function problems(env: Record<string, string>): string[] {
  try {
    loadConfig(env);
  } catch (err) {
    expect(err).toBeInstanceOf(ConfigError);
    return (err as ConfigError).problems.map((p) => p.message);
  }
  return [];
}

describe('configuration from the environment', () => {
  it('takes the defaults when nothing is set, and empty values as unset', () => {
    const c = loadConfig({ PORT: '', REDIS_URL: '' });
    expect(c).toMatchObject({ port: 3000, host: '127.0.0.1', baseUrl: 'http://localhost:3000', redisUrl: undefined, databaseUrl: join('data', 'commerce.sqlite') });
  });

  it.each([
    ['PORT', 'abc', /^PORT="abc" is not a whole number .*for example PORT=3000$/],
    ['PORT', '3000.5', /^PORT="3000.5" is not a whole number/],
    ['PORT', '70000', /^PORT="70000" is out of range: must be from 0 to 65535/],
    ['WEBHOOK_CONCURRENCY', '0', /^WEBHOOK_CONCURRENCY="0" is out of range: must be from 1 to/],
    ['RATE_LIMIT_WINDOW_MS', '10', /^RATE_LIMIT_WINDOW_MS="10" is out of range: must be at least 1000/],
    ['MAX_UPLOAD_BYTES', '1e9', /^MAX_UPLOAD_BYTES="1e9" is not a whole number/],
    // A file's size is a GraphQL Int (fileSize).
    ['MAX_UPLOAD_BYTES', '2147483648', /^MAX_UPLOAD_BYTES="2147483648" is out of range: must be from 1 to 2147483647/],
    ['LOG_LEVEL', 'loud', /^LOG_LEVEL="loud" must be one of fatal, error, warn, info, debug, trace, silent; for example LOG_LEVEL=info$/],
    ['MODE', 'Sandbox', /^MODE="Sandbox" must be one of production, sandbox/],
    ['ROTATE_REFRESH_TOKENS', 'yes please', /^ROTATE_REFRESH_TOKENS="yes please" is not a boolean/],
    ['WEBHOOK_RETRY_SCHEDULE', '60,soon', /^WEBHOOK_RETRY_SCHEDULE="60,soon" must be a comma-separated list/],
    ['BASE_URL', 'api.example.com', /^BASE_URL="api.example.com" is not a URL/],
    ['BASE_URL', 'ftp://api.example.com', /^BASE_URL="ftp:\/\/api.example.com" has the unsupported scheme "ftp:"/],
    ['REDIS_URL', 'http://127.0.0.1:6379', /^REDIS_URL=.* has the unsupported scheme "http:".*for example REDIS_URL=redis:\/\//],
    ['DATABASE_URL', 'mysql://u:p@db/shop', /^DATABASE_URL="mysql:\/\/u:p@db\/shop" uses the unsupported scheme "mysql:"/],
    ['DATABASE_URL', 'not a url', /^DATABASE_URL="not a url" is neither a postgres:\/\/ URL nor a SQLite file path/],
    ['DATABASE_URL', 'commerce', /is neither a postgres/],
    ['DATABASE_URL', 'postgres://', /^DATABASE_URL="postgres:\/\/" names no host/],
    ['DATABASE_URL', 'sqlite:', /names no SQLite file/],
  ])('refuses %s=%s with one line naming it', (name, value, expected) => {
    const lines = problems({ [name]: value });
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(expected);
    expect(lines[0]).toMatch(new RegExp(`for example ${name}=\\S`));
  });

  it('never echoes a JWT_SECRET, and says why it is refused', () => {
    const [line] = problems({ JWT_SECRET: 'k1:tooshort' });
    expect(line).toMatch(/^JWT_SECRET=\(value hidden\) is not usable: .*at least 32 .*for example JWT_SECRET=/);
    expect(line).not.toContain('tooshort');
  });

  it('reports every wrong variable at once', () => {
    expect(problems({ PORT: 'x', LOG_LEVEL: 'y', DATABASE_URL: 'mongodb://z' }).map((l) => l.split('=')[0])).toEqual(['PORT', 'DATABASE_URL', 'LOG_LEVEL']);
  });

  it.each([
    ['postgres://u:p@db.example.com:5432/shop', 'postgres://u:p@db.example.com:5432/shop'],
    ['postgresql://u@db/shop?sslmode=require', 'postgresql://u@db/shop?sslmode=require'],
    [':memory:', ':memory:'],
    ['./data/shop.sqlite', './data/shop.sqlite'],
    ['shop.db', 'shop.db'],
    ['/var/lib/commerce/shop', '/var/lib/commerce/shop'],
    ['sqlite:data/x.sqlite3', 'data/x.sqlite3'],
    ['sqlite:///var/lib/x', '/var/lib/x'],
    ['sqlite::memory:', ':memory:'],
  ])('accepts DATABASE_URL=%s', (value, url) => {
    expect(loadConfig({ DATABASE_URL: value }).databaseUrl).toBe(url);
  });

  it('reads valid values', () => {
    const c = loadConfig({ PORT: ' 8080 ', ROTATE_REFRESH_TOKENS: 'TRUE', GRAPHQL_JIT: '0', WEBHOOK_RETRY_SCHEDULE: '1, 2.5,3', REDIS_URL: 'rediss://r.example.com:6380' });
    expect(c).toMatchObject({ port: 8080, rotateRefreshTokens: true, graphqlJit: false, webhookRetrySchedule: [1, 2.5, 3], redisUrl: 'rediss://r.example.com:6380' });
  });
});

/** Runs the service (as bundled for `npm start`) with `env` until it exits (these starts all fail before listening). */
function runMain(env: Record<string, string>): Promise<{ code: number | null; stderr: string; stdout: string }> {
  const proc = spawn(process.execPath, [serverEntry()], {
    cwd: ROOT,
    env: { PATH: process.env.PATH, HOME: process.env.HOME, DATA_DIR: mkdtempSync(join(tmpdir(), 'config-')), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  let stdout = '';
  proc.stderr.on('data', (d) => { stderr += d; });
  proc.stdout.on('data', (d) => { stdout += d; });
  return new Promise((resolve) => proc.on('exit', (code) => resolve({ code, stderr, stdout })));
}

describe('a start with a wrong configuration', () => {
  it.each([
    [{ PORT: 'abc' }, /^invalid configuration: PORT="abc" is not a whole number/],
    [{ DATABASE_URL: 'not a url' }, /^invalid configuration: DATABASE_URL="not a url" is neither/],
    [{ JWT_SECRET: 'short' }, /^invalid configuration: JWT_SECRET=\(value hidden\)/],
  ])('%o stops with exit 1 and one line, no stack trace', async (env, expected) => {
    const { code, stderr, stdout } = await runMain(env);
    expect(code).toBe(1);
    expect(stdout).toBe('');
    expect(stderr.trimEnd().split('\n')).toHaveLength(1);
    expect(stderr).toMatch(expected);
    expect(stderr).not.toMatch(/\n\s+at /);
  }, 30_000);

  it('a PostgreSQL database that does not exist stops with one line (no waiting: waiting cannot fix it)', async (ctx) => {
    const pg = process.env.TEST_DATABASE_URL;
    if (!pg) {
      console.log('[skip] needs TEST_DATABASE_URL');
      return ctx.skip();
    }
    const url = new URL(pg);
    url.pathname = '/no_such_database_i16';
    url.password = 'hidden-pw';
    const { code, stderr } = await runMain({ DATABASE_URL: url.toString(), JWT_SECRET: 'k1:' + 'x'.repeat(40) });
    expect(code).toBe(1);
    expect(stderr.trimEnd().split('\n')).toHaveLength(1);
    expect(stderr).toMatch(/database "no_such_database_i16" does not exist \(SQLSTATE 3D000\); check DATABASE_URL/);
    expect(stderr).not.toContain('hidden-pw');
  }, 30_000);
});
