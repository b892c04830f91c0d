// What a crash may leave in the file storage, removed at start: temp files of uploads it cut off,
// and blobs no downloadable row names (put in place by a write that never committed, or left by a
// committed replacement or deletion before their removal). Only files older than STALE_MS are
// touched: younger ones may belong to a write in progress, here or in another process.
import type { ServiceContext } from '../services/context.js';
import { dataOf } from '../services/data-access.js';

/** A file this old belongs to no write still in progress. */
export const STALE_MS = 60 * 60 * 1000;
/** Keys asked about per statement. */
const BATCH = 500;

export async function sweepFiles(ctx: ServiceContext, now = Date.now()): Promise<{ temp: number; blobs: number }> {
  const temp = await ctx.files.sweepTemp(STALE_MS, now);
  const blobs = await ctx.files.sweepUnreferenced(STALE_MS, async (storeId, keys) => {
    const named = new Set<string>();
    for (let i = 0; i < keys.length; i += BATCH) {
      const rows = await dataOf(ctx).database.db.selectFrom('downloadables').select('file_key')
        .where('store_id', '=', storeId).where('file_key', 'in', keys.slice(i, i + BATCH)).execute();
      for (const r of rows) named.add(String(r.file_key));
    }
    return named;
  }, now);
  return { temp, blobs };
}
