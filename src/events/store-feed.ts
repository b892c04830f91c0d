// One reader of a store's event log per instance, shared by every live subscription to that store.
// After a bus signal (or a safety-net poll) it reads the new events once and offers each batch to
// every member, which filters it for itself. Before this, each subscription ran its own query per
// signal: 1,000 subscribers to one store meant 1,000 reads of the same rows for every write.
import type { Values } from '../data/codec.js';
import type { Database } from '../db/database.js';
import type { EventBus } from './bus.js';
import { liveEnd, PAGE, readLogPage } from './log-pages.js';

export interface FeedBatch {
  /** Every event of the store with a sequence in (from, to], oldest first. */
  rows: readonly Values[];
  from: number;
  to: number;
  /** performance.now() when the rows had been read: a check begun later sees state at least as new. */
  readAt: number;
}

export interface FeedMember {
  /** Called synchronously with every batch read while the member belongs to the feed. */
  offer(batch: FeedBatch): void;
  /** How often the member wants the log looked at without a signal (0: never). */
  pollMs: number;
}

export class StoreFeed {
  /** Every event up to this sequence has been read and offered to the members of the time. */
  cursor = 0;
  readonly ready: Promise<void>;
  private readonly members = new Set<FeedMember>();
  private reading = false;
  private again = false;
  private closed = false;
  private timer?: NodeJS.Timeout;

  constructor(private readonly database: Database, readonly storeId: number) {
    this.ready = liveEnd(database, storeId).then((end) => { this.cursor = end; this.arm(); });
  }

  get size(): number {
    return this.members.size;
  }

  add(member: FeedMember): void {
    this.members.add(member);
    this.arm();
  }

  remove(member: FeedMember): void {
    this.members.delete(member);
  }

  /** The log grew (or may have): read it, or read again after the read in progress. */
  signal(): void {
    if (this.closed) return;
    if (this.reading) {
      this.again = true;
      return;
    }
    void this.read();
  }

  close(): void {
    this.closed = true;
    clearTimeout(this.timer);
  }

  private async read(): Promise<void> {
    this.reading = true;
    clearTimeout(this.timer);
    try {
      await this.ready;
      do {
        this.again = false;
        let rows: Values[];
        do {
          rows = await readLogPage(this.database, { storeId: this.storeId, after: this.cursor });
          if (this.closed || !rows.length) break;
          const batch: FeedBatch = { rows, from: this.cursor, to: Number(rows.at(-1)!.sequence), readAt: performance.now() };
          this.cursor = batch.to;
          for (const m of this.members) m.offer(batch);
        } while (rows.length === PAGE);
      } while (this.again && !this.closed);
    } catch {
      // Database unavailable: nothing was offered past `cursor`, so the next signal or poll reads
      // from the same position and no member misses an event.
    } finally {
      this.reading = false;
      this.arm();
    }
  }

  /** The safety-net poll, at the shortest interval any member asked for. */
  private arm(): void {
    clearTimeout(this.timer);
    if (this.closed || this.reading) return;
    let ms = Infinity;
    for (const m of this.members) if (m.pollMs > 0) ms = Math.min(ms, m.pollMs);
    if (ms === Infinity) return;
    this.timer = setTimeout(() => this.signal(), ms);
    this.timer.unref();
  }
}

/** The feeds of one instance (one bus, one database), one per store with live members. */
export class StoreFeeds {
  private readonly feeds = new Map<number, StoreFeed>();
  private unsubscribe?: () => void;

  constructor(private readonly database: Database, private readonly bus: EventBus) {}

  join(storeId: number, member: FeedMember): StoreFeed {
    let feed = this.feeds.get(storeId);
    if (!feed) {
      const created = new StoreFeed(this.database, storeId);
      this.feeds.set(storeId, created);
      // A feed that could not find the log's end is dropped, so the next subscriber tries afresh.
      created.ready.catch(() => this.drop(created));
      // One bus listener for all feeds, not one per subscription.
      this.unsubscribe ??= this.bus.subscribe((id) => this.feeds.get(id)?.signal());
      feed = created;
    }
    feed.add(member);
    return feed;
  }

  leave(feed: StoreFeed, member: FeedMember): void {
    feed.remove(member);
    if (!feed.size) this.drop(feed);
  }

  private drop(feed: StoreFeed): void {
    feed.close();
    if (this.feeds.get(feed.storeId) === feed) this.feeds.delete(feed.storeId);
    if (!this.feeds.size) {
      this.unsubscribe?.();
      this.unsubscribe = undefined;
    }
  }
}

const byBus = new WeakMap<EventBus, StoreFeeds>();

/** The instance's feeds: a bus belongs to one container, and so to one database. */
export function storeFeeds(database: Database, bus: EventBus): StoreFeeds {
  let feeds = byBus.get(bus);
  if (!feeds) {
    feeds = new StoreFeeds(database, bus);
    byBus.set(bus, feeds);
  }
  return feeds;
}
