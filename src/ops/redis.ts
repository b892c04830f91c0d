// Redis is optional, at start and at run time: every client made here connects in the background and
// keeps trying (backing off to 5 s), its errors never reach the process as unhandled events, and
// commands fail at once while it is away instead of queueing, or after a bound when it stops
// answering. Callers fall back to what works without it (the in-process event bus, memory rate
// limits) and use it again once it is back; `state()` says which it is, for the log, and `check()`
// for /readyz.
import type { Redis } from 'ioredis';

/** ioredis's client class, loaded by `OptionalRedis.open` only when a REDIS_URL is set. */
type RedisClass = typeof Redis;

export type RedisState = 'off' | 'ready' | 'unavailable';

export interface RedisStatus {
  state: RedisState;
  /** Each client's ioredis status ('ready', 'connecting', 'reconnecting', …). */
  clients: Record<string, string>;
  /** The last connection error, when not ready. */
  error?: string;
}

/** How long a start waits for a Redis that answers slowly before going on without it. */
const FIRST_CONNECT_MS = 3000;

export class OptionalRedis {
  private readonly clients = new Map<string, Redis>();
  private readonly prepared = new WeakSet<Redis>();
  private readonly listeners = new Set<(state: RedisState) => void>();
  private lastState: RedisState;
  private lastError?: string;

  /**
   * `commandTimeoutMs`: a command unanswered by then fails, as one sent while Redis is away does.
   * ioredis is loaded only for a REDIS_URL: a process without Redis does not evaluate it at start.
   */
  static async open(url: string | undefined, commandTimeoutMs?: number): Promise<OptionalRedis> {
    return new OptionalRedis(url, commandTimeoutMs, url ? (await import('ioredis')).Redis : undefined);
  }

  private constructor(readonly url: string | undefined, private readonly commandTimeoutMs = 500, private readonly driver?: RedisClass) {
    this.lastState = url ? 'unavailable' : 'off';
  }

  /**
   * A client named `name` (for the status), or undefined when no REDIS_URL is set. It is connecting
   * when returned; `onReady` runs on every (re)connection, for state a reconnect loses.
   */
  client(name: string, onReady?: (client: Redis) => Promise<unknown> | void): Redis | undefined {
    if (!this.url || !this.driver) return undefined;
    const c = new this.driver(this.url, {
      enableOfflineQueue: false,
      maxRetriesPerRequest: 1,
      connectTimeout: 2000,
      // A Redis that stops answering (paused, a path dropping packets) keeps the connection open:
      // without this, every command and the request waiting on it (its rate-limit budget) hung.
      commandTimeout: this.commandTimeoutMs,
      retryStrategy: (times) => Math.min(250 * times, 5000),
    });
    c.on('error', (err: Error) => {
      this.lastError = err.message;
    });
    c.on('ready', () => {
      // Ready counts once onReady's work (a SUBSCRIBE) is done, so nothing is missed in between.
      Promise.resolve(onReady?.(c)).catch(() => undefined).then(() => {
        if (c.status !== 'ready') return;
        this.prepared.add(c);
        c.emit('prepared');
        this.update();
      });
    });
    c.on('close', () => {
      this.prepared.delete(c);
      this.update();
    });
    this.clients.set(name, c);
    return c;
  }

  state(): RedisState {
    if (!this.url) return 'off';
    return [...this.clients.values()].every((c) => c.status === 'ready' && this.prepared.has(c)) ? 'ready' : 'unavailable';
  }

  status(): RedisStatus {
    const state = this.state();
    const clients = Object.fromEntries([...this.clients].map(([name, c]) => [name, c.status]));
    return state === 'unavailable' && this.lastError ? { state, clients, error: this.lastError } : { state, clients };
  }

  /**
   * The status, with a ready Redis asked to answer (PING, within the command bound): a Redis that
   * stopped answering keeps its connections and its clients' `ready`, and only a command tells.
   */
  async check(): Promise<RedisStatus> {
    const status = this.status();
    const probe = status.state === 'ready' ? [...this.clients.values()].find((c) => c.mode === 'normal') : undefined;
    if (!probe) return status;
    try {
      await probe.ping();
      return status;
    } catch (err) {
      return { ...status, state: 'unavailable', error: `not answering: ${(err as Error).message}` };
    }
  }

  /** Calls `fn` whenever the overall state changes. */
  onChange(fn: (state: RedisState) => void): () => void {
    this.listeners.add(fn);
    return () => this.listeners.delete(fn);
  }

  /**
   * Resolves once every client is ready, or has failed its first attempt, or FIRST_CONNECT_MS has
   * passed: a reachable Redis is joined before the instance serves, an absent one does not hold it up.
   */
  async settle(timeoutMs = FIRST_CONNECT_MS): Promise<RedisState> {
    const pending = [...this.clients.values()].map((c) => new Promise<void>((resolve) => {
      if (this.prepared.has(c)) return resolve();
      const done = () => {
        c.off('prepared', done);
        c.off('error', done);
        resolve();
      };
      c.on('prepared', done);
      c.on('error', done);
    }));
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([Promise.all(pending), new Promise((r) => { timer = setTimeout(r, timeoutMs); })]);
    clearTimeout(timer);
    return this.state();
  }

  async close(): Promise<void> {
    this.listeners.clear();
    await Promise.all([...this.clients.values()].map(async (c) => {
      // quit() waits for a connection that may never come; a client that is not ready just stops.
      if (c.status === 'ready') await c.quit().catch(() => c.disconnect());
      else c.disconnect();
    }));
  }

  private update(): void {
    const state = this.state();
    if (state === this.lastState) return;
    this.lastState = state;
    for (const fn of this.listeners) fn(state);
  }
}
