// Sockets per token across instances (issue 21): with Redis the cap holds for the token over every
// instance sharing it, a closed socket frees its place everywhere, and the sockets of an instance
// that stopped refreshing them (a crash) stop counting once their TTL has passed. Without Redis,
// or while it is away, each instance counts its own.
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { makeApp, REDIS_URL, type TestApp } from '../helpers/app.js';
import { tokenChain } from '../helpers/rest.js';
import { RawWs } from '../helpers/raw-ws.js';
import { listenForWs } from './ws-world.js';
import type { Config } from '../../src/config.js';

const CLOSED_FULL = { code: 4430, reason: 'Too many open sockets for this token; close one first' };
const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('sockets per token', () => {
  const apps: TestApp[] = [];
  const sockets: RawWs[] = [];
  afterAll(async () => {
    for (const s of sockets) s.close();
    for (const a of apps) await a.close();
  });
  const app = async (config: Partial<Config>) => {
    const t = await makeApp({ config: { wsMaxSocketsPerToken: 2, ...config } });
    apps.push(t);
    return { t, url: await listenForWs(t) };
  };
  const open = async (url: string, token: string) => {
    const ws = await RawWs.open(url, token);
    sockets.push(ws);
    return ws;
  };
  /** Opens until admitted: a close reaches the server (and Redis) a moment after the client's. */
  const openOnceFreed = async (url: string, token: string) => {
    for (let i = 0; i < 40; i++) {
      const ws = await open(url, token);
      if (ws.acknowledged) return ws;
      await pause(50);
    }
    throw new Error('no socket slot came free');
  };

  it('counts each instance alone while Redis is unreachable', async () => {
    const { t, url } = await app({ redisUrl: 'redis://127.0.0.1:1', redisPrefix: `sockets-${randomBytes(4).toString('hex')}:` });
    expect(t.app.container.redis.state()).toBe('unavailable');
    const token = (await tokenChain(t.app)).storeToken;
    const [one, two] = [await open(url, token), await open(url, token)];
    expect([one.acknowledged, two.acknowledged]).toEqual([true, true]);
    const three = await open(url, token);
    await three.until(() => three.closed);
    expect(three.closed).toEqual(CLOSED_FULL);
  });

  describe.skipIf(!REDIS_URL)('shared through Redis', () => {
    it('holds the cap across two instances, frees a closed socket\'s place everywhere, and forgets a crashed instance\'s sockets', async () => {
      const prefix = `sockets-${randomBytes(4).toString('hex')}:`;
      const databaseUrl = join(mkdtempSync(join(tmpdir(), 'sockets-')), 'shared.sqlite');
      const config = { redisUrl: REDIS_URL, redisPrefix: prefix, databaseUrl };
      const a = await app(config);
      const b = await app(config);
      expect([a.t.app.container.redis.state(), b.t.app.container.redis.state()]).toEqual(['ready', 'ready']);
      const token = (await tokenChain(a.t.app)).storeToken;
      const onA = await open(a.url, token);
      const onB = await open(b.url, token);
      expect([onA.acknowledged, onB.acknowledged]).toEqual([true, true]);
      // Each instance holds one socket of the two allowed: the third is refused on both.
      for (const url of [a.url, b.url]) {
        const over = await open(url, token);
        await over.until(() => over.closed);
        expect(over.closed).toEqual(CLOSED_FULL);
      }
      onB.close();
      const again = await openOnceFreed(a.url, token);
      expect(again.acknowledged).toBe(true);

      const redis = new Redis(REDIS_URL!);
      try {
        const [key] = await redis.keys(`${prefix}ws:sockets:*`);
        expect(await redis.zcard(key)).toBe(2);
        // Both sockets are now on A. A crashed instance's socket is a member nobody refreshes: one
        // whose time has not run out still counts, one whose time has run out no longer does.
        onA.close();
        again.close();
        for (let i = 0; i < 40 && await redis.zcard(key) > 0; i++) await pause(50);
        expect(await redis.zcard(key)).toBe(0);
        const [seconds] = await redis.time();
        const now = Number(seconds) * 1000;
        await redis.zadd(key, now + 60_000, 'crashed-instance:1', now - 1, 'crashed-instance:2', now - 1, 'crashed-instance:3');
        const fresh = await open(b.url, token);
        expect(fresh.acknowledged).toBe(true);
        const over = await open(a.url, token);
        await over.until(() => over.closed);
        expect(over.closed).toEqual(CLOSED_FULL);
        expect((await redis.zrange(key, 0, -1)).filter((m) => m.startsWith('crashed'))).toEqual(['crashed-instance:1']);
        // Its time runs out: the place is free.
        await redis.zadd(key, now - 1, 'crashed-instance:1');
        expect((await open(a.url, token)).acknowledged).toBe(true);
        // The open sockets' memberships run a TTL from when they were taken.
        const scores = (await redis.zrange(key, 0, -1, 'WITHSCORES')).filter((_, i) => i % 2 === 1).map(Number);
        expect(scores).toHaveLength(2);
        for (const s of scores) expect(s).toBeGreaterThan(now);
      } finally {
        redis.disconnect();
      }
    });

    it('keeps an open socket counted past its TTL: its instance refreshes it', async () => {
      const prefix = `sockets-${randomBytes(4).toString('hex')}:`;
      const { t, url } = await app({ redisUrl: REDIS_URL, redisPrefix: prefix, wsSocketTtlMs: 300, wsMaxSocketsPerToken: 1 });
      const token = (await tokenChain(t.app)).storeToken;
      expect((await open(url, token)).acknowledged).toBe(true);
      const redis = new Redis(REDIS_URL!);
      try {
        const [key] = await redis.keys(`${prefix}ws:sockets:*`);
        const [first] = await redis.zrange(key, 0, 0, 'WITHSCORES');
        const firstScore = Number((await redis.zrange(key, 0, 0, 'WITHSCORES'))[1]);
        // Several TTLs later the membership is still there, its expiry pushed forward, and the cap holds.
        await pause(1200);
        const after = await redis.zrange(key, 0, -1, 'WITHSCORES');
        expect(after[0]).toBe(first);
        expect(Number(after[1])).toBeGreaterThan(firstScore);
        const over = await open(url, token);
        await over.until(() => over.closed);
        expect(over.closed).toEqual(CLOSED_FULL);
      } finally {
        redis.disconnect();
      }
    });
  });
  if (!REDIS_URL) console.log('[skip] sockets shared through Redis: TEST_REDIS_URL is not set');
});
