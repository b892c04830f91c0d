// The events pull feed (GraphQL `events`): one page of a store's log after a cursor, oldest first,
// holding only events about resources the caller may read. Live consumers use stream.ts instead.
import type { Values } from '../data/codec.js';
import type { ServiceContext } from '../services/context.js';
import { dataOf } from '../services/data-access.js';
import { readLogPage } from './log-pages.js';
import { mayReceive } from './stream.js';

/** The most events one pull answers, and how many it answers when not told. */
export const FEED_MAX = 300;
export const FEED_DEFAULT = 100;

export interface FeedQuery {
  storeId: number;
  after?: number;
  resources?: string[];
  names?: string[];
  first?: number;
}

export async function eventFeedPage(ctx: ServiceContext, q: FeedQuery): Promise<Values[]> {
  const limit = Math.min(Math.max(q.first ?? FEED_DEFAULT, 1), FEED_MAX);
  const rows = await readLogPage(dataOf(ctx).database, {
    storeId: q.storeId, after: q.after ?? 0, resources: q.resources, names: q.names, limit,
  });
  return rows.filter((r) => mayReceive(ctx, String(r.resource_type)));
}
