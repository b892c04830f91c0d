// The rate-limit counter store for an optional Redis: counts in Redis while it is ready (every
// instance shares them), in this process's memory while it is not, so limits hold through a Redis
// outage or a start without Redis. Counts do not move between the two: on a switch a window starts
// afresh, which lets at most one extra window's worth through, once.
import { createRequire } from 'node:module';
import type { Redis } from 'ioredis';
import type { FastifyRateLimitStoreCtor } from '@fastify/rate-limit';

interface Counter {
  current: number;
  ttl: number;
}
type Callback = (err: Error | null, res: Counter | null) => void;

interface Store {
  incr(key: string, cb: Callback, timeWindow: number, max: number): void;
  read?(key: string, cb: Callback, timeWindow: number, max: number): void;
  child(routeOptions: RouteOptions): Store;
}

interface RouteOptions {
  continueExceeding?: boolean;
  exponentialBackoff?: boolean;
  cache?: number;
  routeInfo: { method: string; url: string };
}

type LocalCtor = new (continueExceeding: boolean, exponentialBackoff: boolean, cache?: number) => Store;
type RedisCtor = new (continueExceeding: boolean, exponentialBackoff: boolean, redis: Redis, key: string) => Store;

// The plugin's own two stores (CommonJS, not in its typed exports), so the counting rules stay theirs.
const require = createRequire(import.meta.url);
const LocalStore = require('@fastify/rate-limit/store/LocalStore.js') as LocalCtor;
const RedisStore = require('@fastify/rate-limit/store/RedisStore.js') as RedisCtor;

class FallbackStore implements Store {
  constructor(private readonly redis: Redis, private readonly inRedis: Store, private readonly inMemory: Store) {}

  incr(key: string, cb: Callback, timeWindow: number, max: number): void {
    if (this.redis.status !== 'ready') return this.inMemory.incr(key, cb, timeWindow, max);
    // A Redis that fails mid-command (it just went away) counts this request in memory instead.
    this.inRedis.incr(key, (err, res) => (err ? this.inMemory.incr(key, cb, timeWindow, max) : cb(null, res)), timeWindow, max);
  }

  read(key: string, cb: Callback, timeWindow: number, max: number): void {
    const store = this.redis.status === 'ready' ? this.inRedis : this.inMemory;
    store.read!(key, cb, timeWindow, max);
  }

  child(routeOptions: RouteOptions): Store {
    return new FallbackStore(this.redis, this.inRedis.child(routeOptions), this.inMemory.child(routeOptions));
  }
}

/** The `store` option of @fastify/rate-limit: Redis `redis` when ready, memory otherwise. */
export function fallbackStore(redis: Redis, nameSpace: string): FastifyRateLimitStoreCtor {
  return class {
    constructor(params: { continueExceeding?: boolean; exponentialBackoff?: boolean }) {
      const c = params.continueExceeding ?? false;
      const e = params.exponentialBackoff ?? false;
      return new FallbackStore(redis, new RedisStore(c, e, redis, nameSpace), new LocalStore(c, e));
    }
  } as unknown as FastifyRateLimitStoreCtor;
}
