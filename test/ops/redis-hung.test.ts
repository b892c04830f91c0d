// A Redis that stops answering without going away (paused by its host, a network path that drops
// packets, a server stuck in a long command): its connection stays open, so nothing says it is
// gone, and without a bound every command waited for ever. Each request spends its rate-limit budget
// in Redis first, so every request hung with it: the whole service stopped while Redis did. Each
// command is bounded now (REDIS_COMMAND_TIMEOUT_MS): past it, the budget is kept in memory as while
// Redis is away (the insurance limiter), and requests are answered. A redis-server of this test's own
// on a free port, paused with SIGSTOP; never the shared one. SQLite only (Redis is not the database).
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/app.js';
import { loadConfig } from '../../src/config.js';
import { BASE, TEST_JWT_SECRET } from '../helpers/app.js';
import { freePort } from '../../scripts/reliability/api.js';

const port = await freePort();
let redisServer: ChildProcess | undefined;
let app: FastifyInstance | undefined;

afterAll(async () => {
  if (redisServer) {
    redisServer.kill('SIGCONT');
    const exited = new Promise((r) => redisServer!.on('exit', r));
    redisServer.kill('SIGKILL');
    await exited;
  }
  await app?.close();
});

async function until(check: () => boolean | Promise<boolean>, what: string): Promise<void> {
  for (let i = 0; i < 400; i++) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`timed out waiting for ${what}`);
}

describe('a Redis that stops answering', () => {
  it('answers requests all the same, limited from memory, and goes on once it answers again', async () => {
    redisServer = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    redisServer.stdout!.on('data', (d) => { out += d; });
    await until(() => /Ready to accept connections/.test(out), 'redis-server to start');
    const config = loadConfig({}, {
      baseUrl: BASE, dataDir: mkdtempSync(join(tmpdir(), 'redis-hung-')), jwtSecret: TEST_JWT_SECRET, logLevel: 'silent',
      databaseUrl: ':memory:', redisUrl: `redis://127.0.0.1:${port}`, redisPrefix: `redis-hung-${randomBytes(4).toString('hex')}:`,
      rateLimitMax: 1000, rateLimitCredentialsMax: 100,
    });
    app = await buildApp(config, { dispatcher: false });
    const home = () => app!.inject({ method: 'GET', url: '/', headers: { 'service-api-version': '1' }, remoteAddress: '192.0.2.7' });
    await until(async () => ((await app!.inject('/readyz')).json() as { redis: string }).redis === 'ready', 'Redis to be ready');
    expect((await home()).headers['ratelimit-remaining']).toBe('999');

    redisServer.kill('SIGSTOP');
    try {
      // Without a bound these never answer: the test gives up on them after 10 s.
      const answers = await Promise.all(Array.from({ length: 5 }, () => Promise.race([
        home().then((r) => r.statusCode),
        new Promise<string>((resolve) => { setTimeout(() => resolve('no answer in 10 s'), 10_000).unref(); }),
      ])));
      expect(answers).toEqual([200, 200, 200, 200, 200]);
      // And /readyz says so, though the connections look ready.
      expect((await app.inject('/readyz')).json()).toMatchObject({ status: 'degraded', redis: 'unavailable', degraded: ['redis'] });
    } finally {
      redisServer.kill('SIGCONT');
    }
    // Redis answers again, and so does the service, with the budget's headers.
    const after = await home();
    expect(after.statusCode).toBe(200);
    expect(Number(after.headers['ratelimit-remaining'])).toBeLessThan(999);
    expect(((await app!.inject('/readyz')).json() as { redis: string }).redis).toBe('ready');
  }, 60_000);
});
