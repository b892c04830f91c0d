// Sockets per token (or address) across every instance (issue 21). With Redis, each token has a
// sorted set of its open sockets, one member per socket scored by when it expires; its instance
// pushes that time forward every TTL/3 while the socket is open and removes the member when it
// closes, so the sockets of an instance that crashed stop counting one TTL later. Taking a slot is
// one Lua script (drop expired members, count, add), atomic however many instances race for the
// last one. While Redis is away (also at start) each instance counts only its own sockets, as
// before; those join the shared count at the next refresh once Redis is back.
import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';

// Redis's own clock (TIME), so instances whose clocks disagree still agree on what has expired.
const NOW = `local t = redis.call('TIME') local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)`;

/** KEYS[1] the token's set; ARGV max (0 = no cap), member, ttl. 1 when the slot is taken. */
const OPEN = `${NOW}
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now)
local max = tonumber(ARGV[1])
if max > 0 and redis.call('ZCARD', KEYS[1]) >= max then return 0 end
redis.call('ZADD', KEYS[1], now + tonumber(ARGV[3]), ARGV[2])
redis.call('PEXPIRE', KEYS[1], tonumber(ARGV[3]))
return 1`;

/** KEYS[1] the token's set; ARGV ttl, then this instance's open members, kept (or put back) alive. */
const REFRESH = `${NOW}
local ttl = tonumber(ARGV[1])
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now)
for i = 2, #ARGV do redis.call('ZADD', KEYS[1], now + ttl, ARGV[i]) end
redis.call('PEXPIRE', KEYS[1], ttl)
return 0`;

export class SocketSlots {
  /** This instance's open sockets: key → members. */
  readonly #local = new Map<string, Set<string>>();
  readonly #instance = randomUUID();
  #seq = 0;
  readonly #timer?: NodeJS.Timeout;

  constructor(private readonly max: number, private readonly redis: Redis | undefined, private readonly prefix: string,
    /** How long a membership lasts without a refresh (WS_SOCKET_TTL_MS): a crashed instance's sockets free this late. */
    private readonly ttlMs: number) {
    if (redis) {
      this.#timer = setInterval(() => void this.refresh(), Math.max(1, Math.floor(ttlMs / 3)));
      this.#timer.unref();
    }
  }

  /** Takes a socket slot for `key`: its member id, or undefined when all are taken. */
  async open(key: string): Promise<string | undefined> {
    const member = `${this.#instance}:${++this.#seq}`;
    if (this.redis?.status === 'ready') {
      try {
        const taken = await this.redis.eval(OPEN, 1, this.setKey(key), this.max, member, this.ttlMs);
        if (Number(taken) !== 1) return undefined;
        this.#add(key, member);
        return member;
      } catch {
        // Redis went away mid-call: this instance decides alone, as below.
      }
    }
    // Checked and taken without an await in between, so concurrent opens cannot overshoot.
    if (this.max > 0 && (this.#local.get(key)?.size ?? 0) >= this.max) return undefined;
    this.#add(key, member);
    return member;
  }

  close(key: string, member: string): void {
    const members = this.#local.get(key);
    members?.delete(member);
    if (members && members.size === 0) this.#local.delete(key);
    // If this fails the member expires with its TTL, since nothing refreshes it any more.
    if (this.redis?.status === 'ready') this.redis.zrem(this.setKey(key), member).catch(() => undefined);
  }

  /** Keeps this instance's sockets counted (and adds those opened while Redis was away). */
  async refresh(): Promise<void> {
    if (this.redis?.status !== 'ready' || this.#local.size === 0) return;
    const batch = this.redis.pipeline();
    for (const [key, members] of this.#local) batch.eval(REFRESH, 1, this.setKey(key), this.ttlMs, ...members);
    await batch.exec().catch(() => undefined);
  }

  /** Sockets of `key` open on this instance. */
  local(key: string): number {
    return this.#local.get(key)?.size ?? 0;
  }

  stop(): void {
    if (this.#timer) clearInterval(this.#timer);
  }

  setKey(key: string): string {
    return `${this.prefix}ws:sockets:${key}`;
  }

  #add(key: string, member: string): void {
    let members = this.#local.get(key);
    if (!members) this.#local.set(key, members = new Set());
    members.add(member);
  }
}
