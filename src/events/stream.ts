// A store's event log as a live stream: everything after a position, in order and exactly once,
// then each new event as it is committed. A stream that is behind (resuming with `after`, or a
// consumer slower than the store) reads the log itself at its own pace; once level with the
// store's shared feed (store-feed.ts) it takes its events from there, so N live subscribers cost
// one read per signal, not N. A lost signal only delays until the next one or the poll. Level, it
// may instead hand its later events to a transport that serves many identical subscribers at once
// (`handOver`; graphql/ws-fanout.ts), and then only waits to be stopped.
import type { Values } from '../data/codec.js';
import type { ServiceContext } from '../services/context.js';
import { allowed } from '../auth/scopes.js';
import { liveEnd, PAGE, readLogPage } from './log-pages.js';
import { storeFeeds, type FeedMember } from './store-feed.js';
import { dataOf } from '../services/data-access.js';
import { transientDbError } from '../db/connection-lost.js';

/** The longest a stream waits before it reads the log again after the database failed it. */
const RETRY_MAX_MS = 2000;

/**
 * Runs `read` until it succeeds, while the stream is not stopped: a database that cannot serve
 * for a moment (a failover, a terminated connection) delays the stream's events, it does not end
 * the subscription. Anything else is the stream's error. Undefined when stopped meanwhile.
 */
export async function untilRead<T>(read: () => Promise<T>, stopped: () => boolean, firstWaitMs = 50): Promise<T | undefined> {
  for (let wait = firstWaitMs; ; wait = Math.min(wait * 2, RETRY_MAX_MS)) {
    try {
      return await read();
    } catch (err) {
      if (!transientDbError(err)) throw err;
    }
    if (stopped()) return undefined;
    await new Promise((resolve) => setTimeout(resolve, wait));
    if (stopped()) return undefined;
  }
}

export interface StreamOptions {
  storeId: number;
  /** Sequence to resume after; undefined starts at the live end of the log. */
  after?: number;
  resources?: string[];
  names?: string[];
  /** How long to wait for a signal before looking at the log anyway (0: never). */
  pollMs?: number;
  signal?: AbortSignal;
  /**
   * Asked before each batch of events is handed out, with performance.now() of when the batch was
   * read; false ends the stream before any of it is (a revoked token must not see the next event).
   */
  admit?: (readAt: number) => Promise<boolean>;
  /** Events the stream may hold from the feed for a consumer that is not pulling (default 1,000). */
  maxQueued?: number;
  /**
   * Offered the rest of the stream once it is level with the store's shared feed: a transport that
   * delivers one event to many identical subscribers at once (graphql/ws-fanout.ts) takes every
   * later event from there and returns the function that lets go; undefined keeps the stream as is.
   */
  handOver?: (h: FeedHandOver) => (() => void) | undefined;
}

/** What a stream level with its store's feed hands to whoever takes its later events. */
export interface FeedHandOver {
  /** Every event up to this sequence has been handed out (or filtered out). */
  at: number;
  /** Whether the stream would hand out this event (its resources, names and the principal's read access). */
  wants: (row: Values) => boolean;
  /** How often the stream wanted the log looked at without a signal. */
  pollMs: number;
  /**
   * Joins `member` to the store's feed; it is offered every batch read after the returned cursor.
   * Called synchronously within handOver, the cursor is `at`.
   */
  join: (member: FeedMember) => { cursor: number; leave: () => void };
  /** Ends the stream with this error, as a failed read of the log would (the transport reports it). */
  fail: (err: unknown) => void;
}

interface Batch { rows: Values[]; to: number; readAt: number }

export function encodeEventCursor(sequence: number): string {
  return Buffer.from(`event:${sequence}`).toString('base64url');
}

export function decodeEventCursor(cursor: string): number | undefined {
  const m = /^event:(\d{1,15})$/.exec(Buffer.from(cursor, 'base64url').toString('utf8'));
  return m ? Number(m[1]) : undefined;
}

/** Whether the principal may see events about `resourceType` (read access to that resource). */
export function mayReceive(ctx: ServiceContext, resourceType: string): boolean {
  const r = ctx.registry.byName.get(resourceType);
  return !!r && allowed(ctx.principal, r, 'read');
}

/**
 * The stream as an async iterator whose return() ends it even while it waits for events: an async
 * generator would queue return() until its next yield, and graphql-ws awaits return() when a client
 * completes an operation or its socket closes, so on a quiet store that wait would never end.
 */
export function streamEvents(ctx: ServiceContext, o: StreamOptions): AsyncGenerator<Values> {
  const run = follow(ctx, o);
  const it: AsyncGenerator<Values> = {
    next: () => run.events.next(),
    return: (value) => {
      run.stop();
      return run.events.return(value);
    },
    throw: (err) => {
      run.stop();
      return run.events.throw(err);
    },
    [Symbol.asyncIterator]: () => it,
  };
  return it;
}

function follow(ctx: ServiceContext, o: StreamOptions): { events: AsyncGenerator<Values>; stop: () => void } {
  // The principal is fixed for the stream's life: its read access per resource type is worked out once.
  const readable = new Map<string, boolean>();
  const may = (row: Values) => {
    const type = String(row.resource_type);
    let yes = readable.get(type);
    if (yes === undefined) readable.set(type, (yes = mayReceive(ctx, type)));
    return yes;
  };
  const wants = (row: Values) => (!o.resources?.length || o.resources.includes(String(row.resource_type)))
    && (!o.names?.length || o.names.includes(String(row.name))) && may(row);
  const maxQueued = o.maxQueued ?? 10 * PAGE;
  // `handed`: every event up to it has been handed out (or filtered out), counting the batch being
  // yielded. While `following`, every event up to `position` is queued or filtered out.
  let handed = 0;
  let position = 0;
  let following = false;
  const queue: Batch[] = [];
  let queued = 0;
  let stopped = false;
  let wake: (() => void) | undefined;
  /** Lets go of whoever took the stream's events over (handOver); called at once on stop. */
  let release: (() => void) | undefined;
  const stop = () => {
    stopped = true;
    release?.();
    release = undefined;
    wake?.();
  };
  const member: FeedMember = {
    pollMs: o.pollMs ?? 5000,
    offer(batch) {
      // While catching up the stream ignores the feed: it reads the log itself, up to where the feed is.
      if (following && batch.from <= position) {
        const rows = batch.rows.filter((r) => Number(r.sequence) > position && wants(r));
        position = Math.max(position, batch.to);
        if (rows.length) {
          queue.push({ rows, to: position, readAt: batch.readAt });
          queued += rows.length;
        }
        // The consumer is not keeping up: hold nothing for it, let it read the log at its pace.
        if (queued > maxQueued) {
          queue.length = 0;
          queued = 0;
          following = false;
        }
      }
      wake?.();
    },
  };
  async function* events(): AsyncGenerator<Values> {
    const feeds = storeFeeds(dataOf(ctx).database, ctx.bus);
    let feed = feeds.join(o.storeId, member);
    let joined = true;
    const leave = () => {
      if (joined) feeds.leave(feed, member);
      joined = false;
    };
    if (o.signal?.aborted) stopped = true;
    o.signal?.addEventListener('abort', stop);
    try {
      const gone = () => stopped;
      // A feed whose first read (the log's end) met the database unable to serve is dropped
      // (store-feed.ts); the stream joins a fresh one and tries again, as for its own reads.
      const joinedFeed = await untilRead(() => feed.ready.then(() => true, (err: unknown) => {
        if (transientDbError(err)) {
          leave();
          feed = feeds.join(o.storeId, member);
          joined = true;
        }
        throw err;
      }), gone);
      if (!joinedFeed) return;
      const end = o.after ?? await untilRead(() => liveEnd(dataOf(ctx).database, o.storeId), gone);
      if (end === undefined) return;
      handed = end;
      while (!stopped) {
        let batch = queue.shift();
        if (batch) {
          queued -= batch.rows.length;
        } else if (!following) {
          const bound = feed.cursor;
          if (handed >= bound) {
            if (handed === bound && o.handOver) {
              // Another takes every later event: wait to be stopped (or failed), holding nothing.
              let fail: (err: unknown) => void = () => undefined;
              const parked = new Promise<void>((resolve, reject) => { wake = resolve; fail = reject; });
              release = o.handOver({
                at: handed, wants, pollMs: member.pollMs, fail: (err) => { release?.(); release = undefined; fail(err); },
                join: (m) => {
                  const shared = feeds.join(o.storeId, m);
                  return { cursor: shared.cursor, leave: () => feeds.leave(shared, m) };
                },
              });
              if (release) {
                // The taker is a member of the feed now, so leaving it keeps the feed (and its reads) alive.
                leave();
                await parked;
                return;
              }
              wake = undefined;
            }
            // Level with the feed: from here on its batches carry everything after `handed`.
            following = true;
            position = handed;
            continue;
          }
          const rows = await untilRead(() => readLogPage(dataOf(ctx).database, { storeId: o.storeId, after: handed, upTo: bound, resources: o.resources, names: o.names }), gone);
          if (!rows) return;
          const to = rows.length === PAGE ? Number(rows.at(-1)!.sequence) : bound;
          batch = { rows: rows.filter(may), to, readAt: performance.now() };
        } else {
          await new Promise<void>((resolve) => { wake = resolve; });
          wake = undefined;
          continue;
        }
        handed = batch.to;
        if (!batch.rows.length) continue;
        if (o.admit) {
          const { readAt } = batch;
          if (!(await untilRead(() => o.admit!(readAt), gone))) return;
        }
        for (const row of batch.rows) {
          if (stopped) return;
          yield row;
        }
      }
    } finally {
      release?.();
      release = undefined;
      leave();
      o.signal?.removeEventListener('abort', stop);
    }
  }
  return { events: events(), stop };
}
