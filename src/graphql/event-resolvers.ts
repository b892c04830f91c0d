// The event log in GraphQL: Event.cursor and Event.resource (the announced resource as it is
// now), the `events` pull query, and the `events` subscription over graphql-ws. Both read the same
// log as webhooks, through src/events/stream.ts.
import type { Values } from '../data/codec.js';
import { decodeEventCursor, encodeEventCursor, mayReceive, streamEvents, untilRead, type StreamOptions } from '../events/stream.js';
import { eventFeedPage, feedList } from '../events/feed.js';
import type { Registry } from '../model/types.js';
import type { GraphQLContext } from './context.js';
import { guard } from './errors.js';
import { apiError, insufficientScope } from '../services/error-catalog.js';

/** What a live transport (ws.ts) adds to a subscription's context. */
export interface LiveContext {
  /** Aborted when the operation completes or its socket closes. */
  signal?: AbortSignal;
  /** Safety-net poll of the log besides bus signals (0: none). */
  pollMs?: number;
  /** Asked before each batch of events is sent; false stops the stream (the transport closes). */
  admit?: (readAt: number) => Promise<boolean>;
  /** Takes the stream's events once it is level with the store's feed (ws-fanout.ts). */
  handOver?: StreamOptions['handOver'];
}

interface EventArgs {
  after?: string | null;
  resources?: string[] | null;
  names?: string[] | null;
  first?: number | null;
}

function afterOf(args: EventArgs): number | undefined {
  if (!args.after) return undefined;
  const seq = decodeEventCursor(args.after);
  if (seq === undefined) throw apiError('EVENT_CURSOR_INVALID', {}, { field: 'after' });
  return seq;
}

function storeOf(ctx: GraphQLContext): number {
  const p = ctx.svc.principal;
  if (p.kind === 'anonymous') throw apiError('TOKEN_REQUIRED');
  if (!p.storeId) throw insufficientScope(['store_full_access']);
  return p.storeId;
}

export function eventTypeResolvers(registry: Registry) {
  const byType = new Map(registry.resources.map((r) => [r.name, r]));
  return {
    cursor: (row: Values) => encodeEventCursor(Number(row.sequence)),
    resource: async (row: Values, _args: unknown, ctx: GraphQLContext) => {
      const r = byType.get(String(row.resource_type));
      if (!r || !mayReceive(ctx.svc, r.name)) return null;
      // The Reader keeps rows loaded by id to the caller's store, the store whose log this is.
      const id = Number(row.resource_id);
      const loader = ctx.loaders.byId(r);
      // In a live subscription a database that cannot serve for a moment delays the event rather
      // than sending it without its resource (the loader forgets a failed load, to load it again).
      const signal = (ctx as { signal?: AbortSignal }).signal;
      const found = signal
        ? await untilRead(() => loader.load(id).catch((err: unknown) => { loader.clear(id); throw err; }), () => signal.aborted)
        : await loader.load(id);
      return found ? { ...found, __typename: r.typeName } : null;
    },
  };
}

/** Pull feed: the store's events after a cursor, oldest first. */
export function eventsQuery() {
  return (_: unknown, args: EventArgs, ctx: GraphQLContext) => guard(async () => {
    const storeId = storeOf(ctx);
    return eventFeedPage(ctx.svc, {
      storeId, after: afterOf(args), resources: feedList('resources', args.resources), names: feedList('names', args.names), first: args.first ?? undefined,
    });
  });
}

/**
 * Live feed: missed events after the cursor once and in order, then every new one. The stream's
 * rows are the payloads themselves (no wrapper object per subscriber), so subscribers sharing a
 * feed see the same payload object and may share its execution (shared-subscribe.ts).
 */
export function eventsSubscription() {
  return {
    subscribe: (_: unknown, args: EventArgs, ctx: GraphQLContext & LiveContext) => {
      const storeId = storeOf(ctx);
      return streamEvents(ctx.svc, {
        storeId, after: afterOf(args), resources: feedList('resources', args.resources), names: feedList('names', args.names),
        signal: ctx.signal, pollMs: ctx.pollMs, admit: ctx.admit, handOver: ctx.handOver,
      });
    },
    resolve: (row: Values) => row,
  };
}
