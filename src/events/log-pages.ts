// Reads of a store's event log for live consumers: one page after a position (optionally up to a
// bound and filtered by resource type and name), and the live end of the log.
import type { Values } from '../data/codec.js';
import type { Database } from '../db/database.js';

/** Events per read: a reader that is behind catches up in pages of this size. */
export const PAGE = 100;

export interface PageQuery {
  storeId: number;
  /** Sequences strictly after this one. */
  after: number;
  /** Sequences up to and including this one; unbounded when undefined. */
  upTo?: number;
  resources?: string[];
  names?: string[];
  /** At most this many events (default PAGE). */
  limit?: number;
}

/** Up to PAGE (or `limit`) events of the store after `after`, oldest first, with numeric ids and sequences. */
export async function readLogPage(database: Database, q: PageQuery): Promise<Values[]> {
  let sel = database.db.selectFrom('events').selectAll().where('store_id', '=', q.storeId).where('sequence', '>', q.after);
  if (q.upTo !== undefined) sel = sel.where('sequence', '<=', q.upTo);
  if (q.resources?.length) sel = sel.where('resource_type', 'in', q.resources);
  if (q.names?.length) sel = sel.where('name', 'in', q.names);
  const rows = await sel.orderBy('sequence').limit(q.limit ?? PAGE).execute();
  return rows.map((r) => ({ ...r, id: Number(r.id), sequence: Number(r.sequence) }));
}

/**
 * The store's last committed sequence. Sequences are taken under the store row's lock in the
 * writing transaction (log.ts), so every event up to this one is committed and visible.
 */
export async function liveEnd(database: Database, storeId: number): Promise<number> {
  const row = await database.db.selectFrom('stores').select('event_sequence').where('id', '=', storeId).executeTakeFirst();
  return Number(row?.event_sequence ?? 0);
}
