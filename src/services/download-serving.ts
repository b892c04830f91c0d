// Serving a download through its capability URL: find the entitlement by the URL's hash, open the
// downloadable's current file, then spend one download with a conditional update (the data, not
// this code, keeps concurrent requests within the limit). A transfer that is cut off gives its
// download back; a completed one is logged on the transaction and announced.
import { sql } from 'kysely';
import type { Values } from '../data/codec.js';
import { inTransaction } from '../db/database.js';
import type { OpenBlob } from '../files/blob-store.js';
import { formatTimestamp } from './clock.js';
import type { ServiceContext } from './context.js';
import { hashToken, wellFormedToken } from './download-urls.js';
import { logTransactionStep } from './downloads.js';
import { appendEvents, type NewEvent } from '../events/log.js';
import { dataOf } from './data-access.js';
import { CATALOG, type ErrorName } from './error-catalog.js';

export type DownloadRefusal = 'unknown' | 'exhausted' | 'expired' | 'revoked' | 'withdrawn' | 'no_file';

/** The catalog entry of each refusal: its sentence, and the code `download_<reason>` REST answers. */
const ENTRIES: Record<DownloadRefusal, ErrorName> = {
  unknown: 'DOWNLOAD_UNKNOWN', exhausted: 'DOWNLOAD_EXHAUSTED', expired: 'DOWNLOAD_EXPIRED',
  revoked: 'DOWNLOAD_REVOKED', withdrawn: 'DOWNLOAD_WITHDRAWN', no_file: 'DOWNLOAD_NO_FILE',
};

export class DownloadRefused extends Error {
  constructor(readonly reason: DownloadRefusal) {
    super(CATALOG[ENTRIES[reason]].message);
  }
}

export interface OpenDownload {
  download: Values;
  fileName: string;
  /** SHA-256 of the file (hex): its ETag. */
  sha256: string;
  blob: OpenBlob;
}

/** Why a download cannot be used now, or undefined when it can. */
function refusalOf(row: Values, now: string): DownloadRefusal | undefined {
  if (row.status === 'revoked') return 'revoked';
  if (row.status === 'expired' || (typeof row.expires_at === 'string' && row.expires_at <= now)) return 'expired';
  if (row.status === 'exhausted' || (row.downloads_remaining != null && Number(row.downloads_remaining) <= 0)) return 'exhausted';
  return undefined;
}

/** The usable download behind a URL token, with its file opened (nothing spent yet). */
export async function openDownload(ctx: ServiceContext, token: string): Promise<OpenDownload> {
  if (!wellFormedToken(token)) throw new DownloadRefused('unknown');
  const db = dataOf(ctx).database.db;
  const row = await db.selectFrom('downloads').selectAll().where('token_hash', '=', hashToken(token)).executeTakeFirst();
  if (!row) throw new DownloadRefused('unknown');
  const why = refusalOf(row, formatTimestamp(ctx.clock.now()));
  if (why) throw new DownloadRefused(why);
  const file = row.downloadable_id == null ? undefined : await db.selectFrom('downloadables')
    .select(['file_key', 'file_name', 'file_sha256']).where('id', '=', row.downloadable_id).executeTakeFirst();
  if (!file) throw new DownloadRefused('withdrawn');
  const blob = typeof file.file_key === 'string' ? await ctx.files.open(file.file_key) : undefined;
  if (!blob) throw new DownloadRefused('no_file');
  return { download: row, fileName: String(file.file_name ?? 'download'), sha256: String(file.file_sha256 ?? ''), blob };
}

/**
 * Spends one download, or refuses when none is left (or the download stopped being active since
 * it was opened). One conditional UPDATE: on both engines two requests for the last download
 * cannot both see it.
 */
export async function spendDownload(ctx: ServiceContext, download: Values): Promise<Values> {
  const now = formatTimestamp(ctx.clock.now());
  const db = dataOf(ctx).database.db;
  const spent = await db.updateTable('downloads').set({
    downloads_remaining: sql`downloads_remaining - 1`,
    status: sql`case when downloads_remaining = 1 then 'exhausted' else status end`,
    date_modified: now,
  }).where('id', '=', download.id).where('status', '=', 'active')
    .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', now)]))
    .where((eb) => eb.or([eb('downloads_remaining', 'is', null), eb('downloads_remaining', '>', 0)]))
    .returningAll().executeTakeFirst();
  if (spent) return spent;
  const current = await db.selectFrom('downloads').selectAll().where('id', '=', download.id).executeTakeFirst();
  throw new DownloadRefused((current && refusalOf(current, now)) ?? 'exhausted');
}

/** Gives back the download a cut-off transfer spent (an unlimited one has nothing to give back). */
export async function refundDownload(ctx: ServiceContext, download: Values): Promise<void> {
  await dataOf(ctx).database.db.updateTable('downloads').set({
    downloads_remaining: sql`downloads_remaining + 1`,
    status: sql`case when status = 'exhausted' then 'active' else status end`,
  }).where('id', '=', download.id).where('downloads_remaining', 'is not', null).execute();
}

/** A completed transfer: logged on the transaction (action `download`) and announced as `transaction/downloaded`. */
export async function recordDownload(ctx: ServiceContext, spent: Values, range?: { start: number; end: number }): Promise<void> {
  const storeId = Number(spent.store_id);
  const database = dataOf(ctx).database;
  let dispatch = false;
  await inTransaction(database, async (tx) => {
    const txn = await tx.selectFrom('transactions').selectAll().where('id', '=', Number(spent.transaction_id)).executeTakeFirst();
    if (!txn) return;
    // The log's and the transaction's events, appended together at the end (with the COMMIT on PostgreSQL).
    const batch: NewEvent[] = [];
    const left = spent.downloads_remaining == null ? 'unlimited downloads left' : `${String(spent.downloads_remaining)} downloads left`;
    await logTransactionStep(tx, ctx, txn, 'transaction/downloaded', [{
      action: 'download',
      message: `download ${String(spent.id)} (${String(spent.file_name ?? '')}) downloaded${range ? ` (bytes ${range.start}-${range.end})` : ''}; ${left}`,
      details: {
        download_id: spent.id, item_id: spent.item_id ?? null, downloads_remaining: spent.downloads_remaining ?? null,
        ...(range ? { range: `${range.start}-${range.end}` } : {}),
      },
    }], batch);
    dispatch = await appendEvents(tx, batch, database.dialect === 'postgres');
  });
  ctx.bus.publish(storeId, dispatch);
}
