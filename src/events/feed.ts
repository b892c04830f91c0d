// The events pull feed (GraphQL `events`): one page of a store's log after a cursor, oldest first,
// holding only events about resources the caller may read. Live consumers use stream.ts instead.
import type { Values } from '../data/codec.js';
import type { ServiceContext } from '../services/context.js';
import { dataOf } from '../services/data-access.js';
import { ApiError, type FieldError } from '../services/errors.js';
import { readLogPage } from './log-pages.js';
import { mayReceive } from './stream.js';

/** The most events one pull answers, and how many it answers when not told. */
export const FEED_MAX = 300;
export const FEED_DEFAULT = 100;

/**
 * Distinct values a feed's `resources` or `names` list may hold: each is a statement parameter, and
 * 70,000 of them through a GraphQL variable were past what the engines take (an error of ours).
 * There are a few dozen event names.
 */
export const FEED_LIST_MAX = 200;

/** A feed's `resources` or `names` list, distinct, refused past FEED_LIST_MAX. */
export function feedList(field: string, values: readonly string[] | null | undefined): string[] | undefined {
  if (!values) return undefined;
  const distinct = [...new Set(values)];
  if (distinct.length > FEED_LIST_MAX) {
    const tooMany: FieldError = { field, code: 'invalid_value', message: `${field} lists at most ${FEED_LIST_MAX} distinct values` };
    throw ApiError.invalid([tooMany]);
  }
  return distinct;
}

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
