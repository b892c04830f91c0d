// Download rules the SDL cannot state: the capability URL is derived from the row when it is read
// (src/services/download-urls.ts), and a download past its expires_at turns `expired` before rows
// are read, so filters on status see what the URL would answer. Downloads are created and revoked
// by the commerce flow (src/services/downloads.ts), never through the API.
import { formatTimestamp } from '../services/clock.js';
import { downloadUrl } from '../services/download-urls.js';
import type { ResourceRules } from './rules.js';
import { dataOf } from '../services/data-access.js';

export const downloadRules: ResourceRules = {
  derive(row, ctx) {
    return { download_url: downloadUrl(ctx, row) };
  },

  async beforeRead(ctx) {
    const now = formatTimestamp(ctx.clock.now());
    const storeId = ctx.principal.storeId;
    // Looked for first: a read that finds nothing to expire takes no write lock.
    let due = dataOf(ctx).database.db.selectFrom('downloads').select('id')
      .where('status', '=', 'active').where('expires_at', 'is not', null).where('expires_at', '<=', now);
    if (storeId) due = due.where('store_id', '=', storeId);
    if (!await due.limit(1).executeTakeFirst()) return;
    let q = dataOf(ctx).database.db.updateTable('downloads').set({ status: 'expired', date_modified: now })
      .where('status', '=', 'active').where('expires_at', 'is not', null).where('expires_at', '<=', now);
    if (storeId) q = q.where('store_id', '=', storeId);
    await q.execute();
  },
};
