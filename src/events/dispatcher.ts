// The webhook dispatcher: reads the durable event log after commit (woken by the in-process bus,
// with a periodic poll as the safety net for other instances' events, retries coming due and lost
// signals), queues a delivery per matching webhook and makes the due attempts, a few at a time.
// Everything it knows is in the database (events, webhook_statuses), so a restart loses nothing.
import type { Database } from '../db/database.js';
import type { Registry } from '../model/types.js';
import type { Repository } from '../data/repository.js';
import type { Principal } from '../auth/principal.js';
import type { ServiceContext } from '../services/context.js';
import { formatTimestamp, type Clock } from '../services/clock.js';
import type { Config } from '../config.js';
import type { EventBus } from './bus.js';
import { deliver, type Claim, type DeliveryDeps } from './delivery.js';
import type { PayloadRenderer } from './payload.js';
import { claimDue, fanOutBatch } from './queue.js';

export interface DispatcherDeps {
  config: Config;
  database: Database;
  registry: Registry;
  repo: Repository;
  clock: Clock;
  bus: EventBus;
  context(principal: Principal, requestId: string): ServiceContext;
}

export interface DispatcherOptions {
  renderer: PayloadRenderer;
  /** Deliveries in flight at once in this process (to different webhooks). */
  concurrency?: number;
  log?: { error(obj: unknown, msg?: string): void };
}

export class Dispatcher {
  private readonly delivery: DeliveryDeps;
  private readonly inFlight = new Set<Promise<void>>();
  private pass: Promise<void> | null = null;
  private again = false;
  private stopping = false;
  private unsubscribe?: () => void;
  private timer?: NodeJS.Timeout;
  private readonly concurrency: number;
  /** What this process did since start: events queued and attempts made. */
  readonly stats = { queued: 0, attempts: 0 };

  constructor(private readonly deps: DispatcherDeps, private readonly opts: DispatcherOptions) {
    const c = deps.config;
    this.concurrency = opts.concurrency ?? 8;
    this.delivery = {
      database: deps.database, registry: deps.registry, repo: deps.repo, clock: deps.clock, context: deps.context,
      renderer: opts.renderer, allowPrivate: c.outboundAllowPrivate, timeoutMs: c.webhookTimeoutMs,
      // The lease outlasts the attempt's timeout, so a live attempt is never taken over.
      retrySchedule: c.webhookRetrySchedule, disableAfter: c.webhookDisableAfter, leaseMs: c.webhookTimeoutMs + 30_000, log: opts.log,
    };
  }

  start(): void {
    if (this.unsubscribe || this.stopping) return;
    this.unsubscribe = this.deps.bus.subscribe(() => void this.wake());
    const every = this.deps.config.webhookPollMs;
    if (every > 0) {
      this.timer = setInterval(() => void this.wake(), every);
      this.timer.unref();
    }
    void this.wake();
  }

  /** Stops taking work and waits for the attempts in flight to be recorded. */
  async stop(): Promise<void> {
    this.stopping = true;
    this.unsubscribe?.();
    if (this.timer) clearInterval(this.timer);
    await this.pass;
    await Promise.allSettled([...this.inFlight]);
  }

  /**
   * Does everything due now and waits for it: queues every committed event and makes every due
   * attempt, including deliveries that become due because an earlier one of the same webhook
   * succeeded. Tests drive the retry schedule with a manual clock and this.
   */
  async runOnce(): Promise<void> {
    await this.wake();
    while (this.inFlight.size) {
      await Promise.allSettled([...this.inFlight]);
      await this.wake();
    }
  }

  /** Starts a pass, or asks the running one to go round again; resolves when the pass ends. */
  private wake(): Promise<void> {
    if (this.stopping) return this.pass ?? Promise.resolve();
    if (this.pass) {
      this.again = true;
      return this.pass;
    }
    this.pass = this.loop().finally(() => { this.pass = null; });
    return this.pass;
  }

  private async loop(): Promise<void> {
    do {
      this.again = false;
      try {
        for (let n = 1; n > 0 && !this.stopping;) {
          n = await fanOutBatch(this.deps.database, this.nowStamp());
          this.stats.queued += n;
        }
        await this.claimAndStart();
      } catch (err) {
        // A failed pass (database busy or closing) is retried by the next wake-up or poll.
        this.opts.log?.error({ err }, 'webhook dispatch pass failed');
      }
    } while (this.again && !this.stopping);
  }

  private async claimAndStart(): Promise<void> {
    while (!this.stopping && this.inFlight.size < this.concurrency) {
      const now = this.deps.clock.now();
      const window = { now: formatTimestamp(now), leaseUntil: formatTimestamp(new Date(now.getTime() + this.delivery.leaseMs)) };
      const claims = await claimDue(this.deps.database, window, this.concurrency - this.inFlight.size);
      if (!claims.length) return;
      for (const c of claims) this.track(c);
    }
  }

  private track(claim: Claim): void {
    this.stats.attempts++;
    let chained = false;
    const p: Promise<void> = deliver(this.delivery, claim, !this.stopping)
      .then((done) => {
        if (done.disabled) this.deps.bus.publish(claim.store_id);
        // The webhook's next delivery takes over this slot at once.
        if (done.next) {
          chained = true;
          this.track(done.next);
        }
      })
      .catch((err: unknown) => this.opts.log?.error({ err, status: claim.id }, 'webhook delivery failed unexpectedly'))
      .finally(() => {
        this.inFlight.delete(p);
        if (!chained) void this.wake();
      });
    this.inFlight.add(p);
  }

  private nowStamp(): string {
    return formatTimestamp(this.deps.clock.now());
  }
}
