// Redis is not needed to start: with REDIS_URL naming a port nothing listens on, the instance starts
// on the in-process bus and memory rate limits, says so in its log and /readyz, and joins Redis
// when one comes up there (a redis-server of this test's own, on a free port; never the shared one),
// sharing signals and rate-limit counts with another instance; when it goes away again, requests
// are still served and limited. Redis does not depend on the database engine: SQLite only.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { afterAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/app.js';
import { loadConfig } from '../../src/config.js';
import { BASE, TEST_JWT_SECRET } from '../helpers/app.js';
import { freePort } from '../../scripts/reliability/api.js';

const port = await freePort();
const redisUrl = `redis://127.0.0.1:${port}`;
let redisServer: ChildProcess | undefined;
const apps: FastifyInstance[] = [];

async function startRedis(): Promise<void> {
  redisServer = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  redisServer.stdout!.on('data', (d) => { out += d; });
  await until(() => /Ready to accept connections/.test(out), 'redis-server to start');
}

async function stopRedis(): Promise<void> {
  const proc = redisServer!;
  const exited = new Promise((r) => proc.on('exit', r));
  proc.kill('SIGKILL');
  await exited;
  redisServer = undefined;
}

async function until(check: () => boolean | Promise<boolean>, what: string): Promise<void> {
  for (let i = 0; i < 400; i++) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`timed out waiting for ${what}`);
}

/** An instance with its log lines collected. */
async function instance(prefix: string): Promise<{ app: FastifyInstance; log: string[] }> {
  const log: string[] = [];
  const logStream = new Writable({ write(chunk, _e, done) { log.push(String(chunk)); done(); } });
  const config = loadConfig({}, {
    baseUrl: BASE, dataDir: mkdtempSync(join(tmpdir(), 'redis-opt-')), jwtSecret: TEST_JWT_SECRET, logLevel: 'info',
    databaseUrl: ':memory:', redisUrl, redisPrefix: prefix, rateLimitMax: 4, rateLimitCredentialsMax: 100,
  });
  const app = await buildApp(config, { logStream, dispatcher: false });
  apps.push(app);
  return { app, log };
}

/** GET / as an anonymous client at `address` (rate limits count per address). */
const home = async (app: FastifyInstance, address = '192.0.2.1') =>
  (await app.inject({ method: 'GET', url: '/', headers: { 'service-api-version': '1' }, remoteAddress: address })).statusCode;

const readyz = async (app: FastifyInstance) => (await app.inject('/readyz')).json() as { status: string; redis: string; degraded?: string[] };

afterAll(async () => {
  for (const app of apps) await app.close();
  if (redisServer) await stopRedis();
});

describe('Redis away at start', () => {
  const prefix = `redis-opt-${randomBytes(4).toString('hex')}:`;

  it('starts without it, says so, limits from memory, and joins it when it comes', async () => {
    const a = await instance(prefix);
    const b = await instance(prefix);
    const res = await a.app.inject('/readyz');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'degraded', redis: 'unavailable', degraded: ['redis'] });
    expect(a.log.join('')).toMatch(/"level":40.*Redis unavailable: running on the in-process event bus and memory rate limits/);

    // Memory rate limits: each instance counts alone, and does count.
    const statuses = async (app: FastifyInstance, n: number) => {
      const out: number[] = [];
      for (let i = 0; i < n; i++) out.push(await home(app));
      return out;
    };
    expect(await statuses(a.app, 5)).toEqual([200, 200, 200, 200, 429]);
    expect(await statuses(b.app, 1)).toEqual([200]);

    // The in-process bus still signals this instance's own subscribers.
    const local: number[] = [];
    a.app.container.bus.subscribe((s) => local.push(s));
    a.app.container.bus.publish(7);
    expect(local).toEqual([7]);

    await startRedis();
    await until(async () => (await readyz(a.app)).status === 'ready' && (await readyz(b.app)).status === 'ready', 'both instances to join Redis');
    expect(await readyz(a.app)).toMatchObject({ status: 'ready', redis: 'ready' });
    expect(a.log.join('')).toMatch(/Redis connected: events fan out to every instance/);

    // Signals now cross instances.
    const seenOnB: number[] = [];
    b.app.container.bus.subscribe((s) => seenOnB.push(s));
    a.app.container.bus.publish(42);
    await until(() => seenOnB.includes(42), 'the signal to reach instance B through Redis');

    // Rate-limit counts are shared from now on: a fresh window in Redis, counted by both.
    const shared: number[] = [];
    for (let i = 0; i < 5; i++) shared.push(await home(i % 2 ? b.app : a.app, '192.0.2.9'));
    expect(shared).toEqual([200, 200, 200, 200, 429]);
  }, 60_000);

  it('keeps serving and limiting when Redis goes away again, and reports it', async () => {
    const [a] = apps;
    await stopRedis();
    await until(async () => (await readyz(a)).status === 'degraded', '/readyz to report Redis gone');
    const out: number[] = [];
    for (let i = 0; i < 5; i++) out.push(await home(a, '192.0.2.77'));
    expect(out).toEqual([200, 200, 200, 200, 429]);
  }, 60_000);
});
