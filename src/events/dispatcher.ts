// The webhook dispatcher: reads the durable event log after commit (woken by the in-process bus,
// with a periodic poll as the safety net for other instances' events, retries coming due and lost
// signals), queues a delivery per matching webhook and makes the due attempts, up to a fixed
// number at once. Each webhook has at most one attempt in flight (its deliveries go in event
// order), so a webhook that hangs, resets or answers slowly holds one slot and no one else's.
// Work is done in batches: one transaction queues newly committed events, records every attempt
// that finished since the last one and claims, for the free slots, the oldest due deliveries of
// any webhook; attempts launched together are gathered so that they share the next commit.
// Everything it knows is in the database (events, webhook_statuses), so a restart loses nothing.
import { performance } from 'node:perf_hooks';
import type { Database } from '../db/database.js';
import { inTransaction } from '../db/database.js';
import type { Registry } from '../model/types.js';
import type { Repository } from '../data/repository.js';
import type { Principal } from '../auth/principal.js';
import type { ServiceContext } from '../services/context.js';
import { formatTimestamp, type Clock } from '../services/clock.js';
import type { Config } from '../config.js';
import type { TokenService } from '../auth/tokens.js';
import type { Outbound } from '../net/outbound.js';
import type { EventBus } from './bus.js';
import { attemptAll, type Claim, type DeliveryDeps } from './delivery.js';
import { MAX_BATCH, recordAttempts, type Attempted } from './outcomes.js';
import type { PayloadRenderer } from './payload.js';
import { webhookHeaderPrefix } from './signing.js';
import { anyDue, anyUndispatched, claimIn, FAN_OUT_BATCH, fanOutIn } from './queue.js';

export interface DispatcherDeps {
  config: Config;
  tokens: TokenService;
  database: Database;
  registry: Registry;
  repo: Repository;
  clock: Clock;
  bus: EventBus;
  outbound: Outbound;
  context(principal: Principal, requestId: string): ServiceContext;
}

export interface DispatcherOptions {
  renderer: PayloadRenderer;
  /** Attempts in flight at once in this process (to different webhooks); default config.webhookConcurrency. */
  concurrency?: number;
  log?: { error(obj: unknown, msg?: string): void };
}

export interface DispatcherStats {
  /** Events queued (fanned out to their webhooks) since start. */
  queued: number;
  /** Attempts claimed since start. */
  attempts: number;
  /** Transactions that recorded finished attempts and claimed the next ones. */
  batches: number;
  /** Attempts claimed and not recorded yet (being made, or made and waiting for the next batch). */
  inFlight: number;
  /** The most there ever were at once: never more than `limit`. */
  peakInFlight: number;
  /** Writers' signals that said they left work (an undispatched event), each a look at the log. */
  signals: number;
  /** The concurrency limit; it also bounds what the dispatcher holds in memory. */
  limit: number;
}

/**
 * How long finished attempts wait for the others still in flight before being recorded without
 * them: attempts launched together finish together (a few ms on a LAN), and recording them in
 * one transaction is what batching buys; an attempt older than this (a slow or hanging receiver)
 * is not waited for.
 */
const GATHER_MS = 10;

interface Lane { done: Promise<void>; since: number; webhookId: number }

export class Dispatcher {
  private readonly delivery: DeliveryDeps;
  /** Attempts being made, by webhook_statuses id. */
  private readonly lanes = new Map<number, Lane>();
  private gatherTimer?: NodeJS.Timeout;
  /** Attempts made and not recorded yet; a failed batch write is tried once more. */
  private finished: Array<Attempted & { retried?: boolean }> = [];
  private pass: Promise<void> | null = null;
  private again = false;
  /** A signal or the poll said the log may have grown or deliveries may have come due. */
  private look = false;
  private stopping = false;
  private unsubscribe?: () => void;
  private timer?: NodeJS.Timeout;
  private readonly concurrency: number;
  readonly stats: DispatcherStats;

  constructor(private readonly deps: DispatcherDeps, private readonly opts: DispatcherOptions) {
    const c = deps.config;
    this.concurrency = Math.max(1, opts.concurrency ?? c.webhookConcurrency);
    this.stats = { queued: 0, attempts: 0, batches: 0, inFlight: 0, peakInFlight: 0, signals: 0, limit: this.concurrency };
    this.delivery = {
      database: deps.database, registry: deps.registry, repo: deps.repo, clock: deps.clock, context: deps.context, keys: deps.tokens.opts.keys,
      renderer: opts.renderer, outbound: deps.outbound, timeoutMs: c.webhookTimeoutMs, headerPrefix: webhookHeaderPrefix(c.versionHeader),
      // The lease outlasts the attempt's timeout, so a live attempt is never taken over.
      retrySchedule: c.webhookRetrySchedule, disableAfter: c.webhookDisableAfter, leaseMs: c.webhookTimeoutMs + 30_000, log: opts.log,
    };
  }

  start(): void {
    if (this.unsubscribe || this.stopping) return;
    // A write that wrote every event dispatched (a store without webhooks) has nothing for it.
    this.unsubscribe = this.deps.bus.subscribe((_store, dispatch) => {
      if (!dispatch) return;
      this.stats.signals++;
      this.signal();
    });
    const every = this.deps.config.webhookPollMs;
    if (every > 0) {
      this.timer = setInterval(() => this.signal(), every);
      this.timer.unref();
    }
    void this.wake(true);
  }

  /** Stops taking work and waits for the attempts in flight to be recorded. */
  async stop(): Promise<void> {
    this.stopping = true;
    this.unsubscribe?.();
    if (this.timer) clearInterval(this.timer);
    await this.pass;
    await Promise.allSettled([...this.lanes.values()].map((l) => l.done));
    clearTimeout(this.gatherTimer);
    for (let failures = 0; this.finished.length && failures < 2;) {
      try {
        await this.settle(false);
      } catch (err) {
        failures++;
        this.opts.log?.error({ err }, 'webhook attempts could not be recorded at shutdown; their leases bring them back');
      }
    }
  }

  /**
   * Does everything due now and waits for it: queues every committed event and makes every due
   * attempt, including deliveries that become due because an earlier one of the same webhook
   * succeeded. Tests drive the retry schedule with a manual clock and this.
   */
  async runOnce(): Promise<void> {
    await this.wake(true);
    while (!this.stopping && (this.lanes.size || this.finished.length)) {
      await Promise.allSettled([...this.lanes.values()].map((l) => l.done));
      await this.wake(false);
    }
  }

  /** Starts a pass, or asks the running one to go round again; resolves when the pass ends. */
  private wake(look: boolean): Promise<void> {
    if (look) this.look = true;
    if (this.stopping) return this.pass ?? Promise.resolve();
    if (this.pass) {
      this.again = true;
      return this.pass;
    }
    this.pass = this.loop();
    return this.pass;
  }

  private async loop(): Promise<void> {
    try {
      do {
        this.again = false;
        const look = this.look;
        this.look = false;
        try {
          await this.settle(look);
        } catch (err) {
          // A failed pass (database busy or closing) is retried by the next wake-up or poll.
          this.opts.log?.error({ err }, 'webhook dispatch pass failed');
        }
      } while (this.again && !this.stopping);
    } finally {
      // Cleared in the same turn as the last check of `again`, so no wake-up falls in between.
      this.pass = null;
    }
  }

  /**
   * One transaction: queues newly committed events (with `look`), records the finished attempts
   * (up to a batch) and claims due deliveries for the free slots. Doing the three in one commit
   * matters on SQLite, where every commit is an fsync.
   */
  private async settle(look: boolean): Promise<void> {
    clearTimeout(this.gatherTimer);
    this.gatherTimer = undefined;
    const { database } = this.deps;
    const batch = this.finished.splice(0, MAX_BATCH);
    const room = this.stopping ? 0 : this.concurrency - this.lanes.size - this.finished.length;
    const now = this.deps.clock.now();
    const stamp = formatTimestamp(now);
    // Plain reads first when there is nothing to record: most wake-ups find nothing to do, and on
    // SQLite a write transaction stalls every writer.
    const events = look && !this.stopping && (batch.length > 0 || await anyUndispatched(database.db));
    // Webhooks with an attempt in flight or unrecorded here are not claimed again (see claimIn).
    const busy = [...[...this.lanes.values()].map((l) => l.webhookId), ...this.finished.map((a) => a.claim.webhook_id)];
    const due = !batch.length && !events && look && room > 0 && await anyDue(database, stamp, busy);
    if (!batch.length && !events && !due) return;
    const window = { now: stamp, leaseMs: this.delivery.leaseMs };
    let done: { queued: number; grew: number[]; claims: Claim[] };
    try {
      done = await inTransaction(database, async (tx) => ({
        queued: events ? await fanOutIn(tx, database.dialect, stamp) : 0,
        grew: batch.length ? await recordAttempts(this.delivery, tx, batch, now) : [],
        claims: room > 0 ? await claimIn(tx, database.dialect, window, room, busy) : [],
      }));
    } catch (err) {
      // Kept for the next batch once (the database may be briefly busy); after that the leases
      // run out and the attempts are made again, with the same webhook-id.
      this.finished.push(...batch.filter((a) => !a.retried).map((a) => ({ ...a, retried: true })));
      this.count();
      throw err;
    } finally {
      if (this.finished.length) this.gather();
    }
    this.stats.batches++;
    this.stats.queued += done.queued;
    this.count();
    // A full batch of events: more may be waiting.
    if (done.queued >= FAN_OUT_BATCH) void this.wake(true);
    for (const store of new Set(done.grew)) this.deps.bus.publish(store);
    this.launch(done.claims);
  }

  /** The log may have grown or deliveries come due: looked at with the next batch. */
  private signal(): void {
    this.look = true;
    this.gather();
  }

  /**
   * Starts a pass now, or once the attempts in flight that started less than GATHER_MS ago have
   * finished too, so that their outcomes, newly committed events and new claims share one commit.
   */
  private gather(): void {
    if (this.stopping || (!this.finished.length && !this.look)) return;
    let youngest = -Infinity;
    for (const lane of this.lanes.values()) youngest = Math.max(youngest, lane.since);
    const wait = this.finished.length >= MAX_BATCH ? 0 : youngest + GATHER_MS - performance.now();
    if (wait <= 0) {
      void this.wake(false);
      return;
    }
    this.gatherTimer ??= setTimeout(() => {
      this.gatherTimer = undefined;
      void this.wake(false);
    }, wait);
  }

  private launch(claims: Claim[]): void {
    if (!claims.length) return;
    this.stats.attempts += claims.length;
    const since = performance.now();
    const attempts = attemptAll(this.delivery, claims);
    claims.forEach((claim, i) => {
      const done = attempts[i]
        .catch((err: unknown) => {
          this.opts.log?.error({ err, status: claim.id }, 'webhook attempt could not be made; its lease brings it back');
          return null;
        })
        .then((outcome) => {
          // Leaving the lane and joining the finished happen together, so the count never overshoots.
          this.lanes.delete(claim.id);
          if (outcome) this.finished.push({ claim, outcome });
          this.count();
          if (outcome) return this.gather();
          // Nothing to record frees the slot without a batch that would fill it: look for work.
          void this.wake(true);
        });
      this.lanes.set(claim.id, { done, since, webhookId: claim.webhook_id });
    });
    this.count();
  }

  private count(): void {
    this.stats.inFlight = this.lanes.size + this.finished.length;
    this.stats.peakInFlight = Math.max(this.stats.peakInFlight, this.stats.inFlight);
  }
}
