// One delivery loop per shared execution of a live subscription (issue 20, fan-out). Subscribers
// whose operations share a key (ws.ts `shareable`: same document, operation name, variables and
// principal kind, tenancy and scopes) and are level with their store's feed form a group: the group
// is the feed's one member for all of them, filters each batch once, checks liveness once per token,
// executes each event once, serialises its `next` payload once, and writes every subscriber's
// frame in one synchronous loop. Only the operation id differs between their messages
// (`{"id":…,"type":"next","payload":…}`, graphql-ws's format), so each frame is the subscriber's
// prefix, made when it joined, and the shared payload bytes. Before this every subscriber ran
// graphql-ws's chain per event (stream wake-up, liveness await, `for await`, `emit.next`,
// `JSON.stringify`), about a dozen promise hops each, for identical bytes.
//
// What each subscriber keeps: its events in order (one serial chain per group, and it joins only
// when level with the feed, after graphql-ws sent its catch-up), the slow-consumer cut-off and
// sending rules (ws-transport.ts `mayQueue`), its own token's liveness before each batch (4403),
// and graphql-ws's bookkeeping: the operation stays open in graphql-ws, whose complete or close
// stops the stream, which lets go of the group at once (events/stream.ts `handOver`).
import type { ExecutionArgs, ExecutionResult, GraphQLError } from 'graphql';
import type { Values } from '../data/codec.js';
import type { FeedBatch, FeedMember } from '../events/store-feed.js';
import type { FeedHandOver } from '../events/stream.js';
import { fanoutLoops, fanoutSubscribers } from '../ops/metrics.js';
import { refusedForSize } from './response-size.js';
import { maskLiveResult } from './errors.js';
import { executeEvent } from './shared-subscribe.js';
import { joinedFrame } from './ws-frame.js';
import { untilRead } from '../events/stream.js';

/** One subscriber as the transport (ws.ts) hands it over. */
export interface FanoutRecipient {
  /** The graphql-ws operation id. */
  id: string;
  /** The operation's execution arguments; any member's serve the group (equal keys, equal results). */
  args: ExecutionArgs;
  /** Whether the socket's token was live at or after `readAt`; sockets of one token share the promise. */
  live: (readAt: number) => Promise<boolean>;
  /** The token is not live: close the socket (4403), as the stream's own check would. */
  refuse: () => void;
  /** Queues one message (within the slow-consumer rules); `frame()` is called only if it goes out. */
  send: (frame: () => Buffer, text: () => string) => void;
  /** Logs an error of ours met while executing an event; answers the logref the client is shown. */
  report: (err: GraphQLError) => string;
}

interface Member {
  readonly r: FanoutRecipient;
  readonly prefix: Buffer;
  readonly prefixText: string;
  readonly fail: (err: unknown) => void;
  active: boolean;
}

/** The `next` payload as graphql-ws's emit.next builds it, with ws.ts's onNext (masking, the size refusal). */
function nextPayload(given: ExecutionResult, report: FanoutRecipient['report']): unknown {
  const result = maskLiveResult(given, report) ?? given;
  const refused = refusedForSize(result);
  if (refused) return refused;
  const { errors, ...rest } = result;
  return { ...rest, ...(errors ? { errors: errors.map((e) => e.toJSON()) } : {}) };
}

class FanoutGroup implements FeedMember {
  private readonly members = new Set<Member>();
  /** Every event up to this sequence has been taken into the chain (or filtered out). */
  private position: number;
  private chain: Promise<void> = Promise.resolve();
  private readonly leaveFeed: () => void;

  constructor(h: FeedHandOver, readonly pollMs: number, private readonly wants: (row: Values) => boolean, private readonly gone: () => void) {
    const { cursor, leave } = h.join(this);
    this.position = cursor;
    this.leaveFeed = leave;
    fanoutLoops.inc();
  }

  /** Whether a stream level at `at` may join: the group has taken exactly the events up to it. */
  levelWith(at: number): boolean {
    return this.position === at;
  }

  add(h: FeedHandOver, r: FanoutRecipient): () => void {
    const prefixText = `{"id":${JSON.stringify(r.id)},"type":"next","payload":`;
    const m: Member = { r, prefix: Buffer.from(prefixText), prefixText, fail: h.fail, active: true };
    this.members.add(m);
    fanoutSubscribers.inc();
    return () => {
      if (!m.active) return;
      m.active = false;
      this.members.delete(m);
      fanoutSubscribers.dec();
      if (!this.members.size) this.close();
    };
  }

  offer(batch: FeedBatch): void {
    // Offered every batch since joining at the feed's cursor, so `from` is the position.
    const rows = batch.rows.filter((r) => Number(r.sequence) > this.position && this.wants(r));
    this.position = Math.max(this.position, batch.to);
    if (!rows.length || !this.members.size) return;
    // Those who are members now get these events; who joins later is level after them.
    const to = [...this.members];
    this.chain = this.chain.then(() => this.deliver(rows, batch.readAt, to)).catch((err: unknown) => {
      // Nothing in a delivery should throw; if it did, its operations end with the error and the chain goes on.
      for (const m of to) if (m.active) m.fail(err);
    });
  }

  private close(): void {
    this.leaveFeed();
    this.gone();
    fanoutLoops.dec();
  }

  private async deliver(rows: Values[], readAt: number, to: Member[]): Promise<void> {
    // The batch's first event is executed while the tokens' liveness is checked, not after: it only
    // reads (with the principal's own tenancy and scopes), nothing is sent before the check says
    // live, and a batch nobody may see is thrown away. Each is a round trip, and the first of an
    // idle moment costs most (a waking database backend): one less between a write and its frames.
    const early = to.find((m) => m.active);
    const ahead = early ? Promise.resolve().then(() => executeEvent(early.r.args, rows[0])) : undefined;
    ahead?.catch(() => undefined);
    const live = await this.admitted(readAt, to);
    for (const [i, row] of rows.entries()) {
      const serving = live.find((m) => m.active);
      if (!serving) return;
      let payload: Buffer;
      try {
        const result = i === 0 && ahead ? await ahead : await executeEvent(serving.r.args, row);
        payload = Buffer.from(JSON.stringify(nextPayload(result, serving.r.report)));
      } catch (err) {
        // As when graphql-ws's loop over one stream throws: each operation ends with the error.
        for (const m of live) if (m.active) m.fail(err);
        return;
      }
      let text: string | undefined;
      for (const m of live) {
        if (m.active) m.r.send(() => joinedFrame(m.prefix, payload), () => m.prefixText + (text ??= payload.toString()) + '}');
      }
    }
  }

  /** The members whose token is live after the batch was read; the others are refused or failed. */
  private async admitted(readAt: number, to: Member[]): Promise<Member[]> {
    const byCheck = new Map<Promise<boolean>, Member[]>();
    for (const m of to) {
      if (!m.active) continue;
      const check = m.r.live(readAt);
      const same = byCheck.get(check);
      if (same) same.push(m);
      else byCheck.set(check, [m]);
    }
    const live: Member[] = [];
    for (const [check, members] of byCheck) {
      let ok: boolean | undefined;
      try {
        // A database that cannot serve for a moment delays the batch; the check is asked again.
        let first: Promise<boolean> | undefined = check;
        ok = await untilRead(() => {
          const now = first ?? members[0].r.live(readAt);
          first = undefined;
          return now;
        }, () => !members.some((m) => m.active));
      } catch (err) {
        for (const m of members) if (m.active) m.fail(err);
        continue;
      }
      if (ok === undefined) continue;
      if (ok) live.push(...members);
      else for (const m of members) if (m.active) m.r.refuse();
    }
    return live;
  }
}

/** The groups of one graphql-ws server, by share key. */
export class FanoutGroups {
  private readonly groups = new Map<string, FanoutGroup>();

  /**
   * Takes a level stream's later events into the group of `key` (made if there is none): the
   * function to let go, or undefined when it cannot join (the group has moved past `h.at`), and
   * the stream carries on by itself.
   */
  join(key: string, h: FeedHandOver, r: FanoutRecipient): (() => void) | undefined {
    let group = this.groups.get(key);
    if (!group) {
      const made: FanoutGroup = new FanoutGroup(h, h.pollMs, h.wants, () => {
        if (this.groups.get(key) === made) this.groups.delete(key);
      });
      group = made;
      if (!group.levelWith(h.at)) {
        // Cannot happen while the feed offers batches synchronously; never leave a member-less group behind.
        group.add(h, r)();
        return undefined;
      }
      this.groups.set(key, group);
    } else if (!group.levelWith(h.at)) {
      return undefined;
    }
    return group.add(h, r);
  }
}
