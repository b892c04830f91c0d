// Liveness and readiness for orchestrators, and the log lines that say when an optional dependency
// (Redis) is away or back.
import { statfs } from 'node:fs/promises';
import type { FastifyInstance } from 'fastify';
import type { RedisState } from './ops/redis.js';

const REDIS_SAYS: Record<RedisState, string> = {
  off: 'no REDIS_URL: in-process event bus and memory rate limits',
  ready: 'Redis connected: events fan out to every instance and rate limits are shared',
  unavailable: 'Redis unavailable: running on the in-process event bus and memory rate limits (other instances see events by polling) until it comes back',
};

/** A write that failed for lack of space keeps the instance unready this long, unless one fits again. */
const FULL_MEMORY_MS = 60_000;

/** Whether DATA_DIR has room: free bytes below STORAGE_MIN_FREE_BYTES, or a recent write that did not fit, say no. */
async function storage(app: FastifyInstance): Promise<{ full: boolean; free_bytes?: number }> {
  const { config, files } = app.container;
  let free: number | undefined;
  try {
    const s = await statfs(config.dataDir);
    free = s.bavail * s.bsize;
  } catch {
    // A DATA_DIR not made yet (nothing written) or a platform without statfs: judged by failures only.
  }
  const recent = files.fullSince !== undefined && Date.now() - files.fullSince.getTime() < FULL_MEMORY_MS;
  const full = recent || (free !== undefined && free < config.storageMinFreeBytes);
  return free === undefined ? { full } : { full, free_bytes: free };
}

export function registerOpsRoutes(app: FastifyInstance): void {
  const { redis } = app.container;
  app.addHook('onReady', async () => {
    // A reachable Redis is joined before the first request; an absent one is only logged.
    const state = await redis.settle();
    if (state === 'unavailable') app.log.warn({ redis: redis.status() }, REDIS_SAYS[state]);
    else app.log.info(REDIS_SAYS[state]);
    redis.onChange((s) => (s === 'ready' ? app.log.info(REDIS_SAYS[s]) : app.log.warn({ redis: redis.status() }, REDIS_SAYS[s])));
    if (app.container.health.dialect === 'postgres' && !app.container.config.jwtSecret) {
      app.log.warn('no JWT_SECRET: this instance signs with a key generated into its own DATA_DIR, so other instances refuse its tokens; give every instance the same JWT_SECRET');
    }
  });

  app.get('/healthz', async () => ({ status: 'ok' }));
  /**
   * 503 when this instance cannot serve (database away, migrations pending, DATA_DIR full); 200 otherwise, with
   * `status: degraded` and what is missing while an optional dependency is away.
   */
  app.get('/readyz', async (_req, reply) => {
    const { health } = app.container;
    const db = await health.databaseHealth();
    if (db.state === 'migrating') return reply.code(503).send({ status: 'migrating', pending: db.pending });
    if (db.state === 'unavailable') return reply.code(503).send({ status: 'database unavailable' });
    const disk = await storage(app);
    if (disk.full) return reply.code(503).send({ status: 'storage full', storage: disk });
    const r = await redis.check();
    const degraded = r.state === 'unavailable' ? ['redis'] : [];
    return { status: degraded.length ? 'degraded' : 'ready', database: health.dialect, redis: r.state, storage: disk, ...(degraded.length ? { degraded } : {}) };
  });
}
