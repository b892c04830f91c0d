// The life of download entitlements around the commerce flow: created with a transaction for each
// item that bought a downloadable, revoked when the transaction is voided or refunded, following
// the downloadable's file when it is replaced. Each download and revocation is written to the
// transaction's logs and announced as a transaction event, in the transaction of the change.
import type { Tx } from '../db/database.js';
import type { Row, Values } from '../data/codec.js';
import type { CompiledQuery } from 'kysely';
import type { NewEvent } from '../events/log.js';
import { recordChange } from '../events/record.js';
import { formatTimestamp } from './clock.js';
import type { ServiceContext } from './context.js';
import { newDownloadUrl } from './download-urls.js';
import { dataOf } from './data-access.js';

/** Statuses of a transaction whose buyer may download what it bought. */
const ENTITLED = new Set(['authorized', 'captured']);
/** Statuses that take the files back. */
const REVOKING = new Set(['voided', 'refunded']);
const HOUR_MS = 60 * 60 * 1000;

function timeOf(timestamp: unknown, fallback: Date): Date {
  const t = typeof timestamp === 'string' ? Date.parse(timestamp) : NaN;
  return Number.isFinite(t) ? new Date(t) : fallback;
}

/**
 * One download per item of `txn` whose code and category match a downloadable of the store whose
 * category is delivered by download. Call inside the transaction that wrote the items.
 */
export async function createDownloadsForTransaction(tx: Tx, ctx: ServiceContext, txn: Values): Promise<number> {
  if (!ENTITLED.has(String(txn.status))) return 0;
  const bought = await tx.selectFrom('items as i')
    .innerJoin('downloadables as d', (j) => j.onRef('d.store_id', '=', 'i.store_id').onRef('d.code', '=', 'i.code')
      .onRef('d.item_category_id', '=', 'i.item_category_id'))
    .innerJoin('item_categories as c', 'c.id', 'd.item_category_id')
    .where('i.transaction_id', '=', txn.id).where('c.item_delivery_type', '=', 'downloaded')
    .select(['i.id as item_id', 'd.id as downloadable_id', 'd.file_name', 'd.file_size',
      'c.max_downloads_per_customer as max_downloads', 'c.max_downloads_time_period as period'])
    .orderBy('i.id').execute();
  const now = formatTimestamp(ctx.clock.now());
  const start = timeOf(txn.date_created, ctx.clock.now());
  const r = ctx.registry.resource('download');
  for (const b of bought) {
    const max = Number(b.max_downloads ?? 0);
    const hours = Number(b.period ?? 0);
    await dataOf(ctx).repo.insert(r, {
      store_id: txn.store_id, transaction_id: txn.id, item_id: b.item_id, downloadable_id: b.downloadable_id,
      file_name: b.file_name ?? null, file_size: b.file_size ?? null,
      // 0 or unset in the category means no limit (docs/decisions.md).
      downloads_remaining: max > 0 ? max : null,
      expires_at: hours > 0 ? formatTimestamp(new Date(start.getTime() + hours * HOUR_MS)) : null,
      status: 'active', ...newDownloadUrl(ctx), date_created: now, date_modified: now,
    }, tx);
  }
  return bought.length;
}

/** Appends a step to the transaction's logs and announces it as `event` of the transaction. */
export async function logTransactionStep(tx: Tx, ctx: ServiceContext, txn: Values, event: string,
  steps: Array<{ action: string; message: string; details: unknown }>, batch?: NewEvent[]): Promise<void> {
  const now = formatTimestamp(ctx.clock.now());
  const logR = ctx.registry.resource('transaction_log');
  for (const s of steps) {
    const row = await dataOf(ctx).repo.insert(logR, {
      store_id: txn.store_id, transaction_id: txn.id, action: s.action, status: txn.status, amount: null,
      message: s.message, details: JSON.stringify(s.details), date_created: now, date_modified: now,
    }, tx);
    await recordChange(tx, ctx, logR, 'created', undefined, row, { batch });
  }
  const txR = ctx.registry.resource('transaction');
  await recordChange(tx, ctx, txR, 'modified', txn, txn, { event, batch });
}

/**
 * The statement that revokes a voided or refunded transaction's downloads, answering them (for
 * downloadsRevoked); undefined when the transaction's status revokes none. It needs nothing from
 * the status change's answer, so it goes in the same round trip (commerce/transitions.ts).
 */
export function revokeDownloadsQuery(tx: Tx, ctx: ServiceContext, txn: Values): CompiledQuery | undefined {
  if (!REVOKING.has(String(txn.status))) return undefined;
  return tx.updateTable('downloads').set({ status: 'revoked', date_modified: formatTimestamp(ctx.clock.now()) })
    .where('transaction_id', '=', txn.id).where('status', '<>', 'revoked')
    .returning(['id', 'file_name', 'item_id']).compile();
}

/** Logs and announces (into `batch`) the downloads a revocation answered; how many there were. */
export async function downloadsRevoked(tx: Tx, ctx: ServiceContext, txn: Values, revoked: Row[], batch?: NewEvent[]): Promise<number> {
  if (!revoked.length) return 0;
  await logTransactionStep(tx, ctx, txn, 'transaction/downloads_revoked', revoked.map((d) => ({
    action: 'download_revoked',
    message: `download ${String(d.id)} (${String(d.file_name ?? 'no file')}) revoked: the transaction was ${String(txn.status)}`,
    details: { download_id: Number(d.id), item_id: d.item_id == null ? null : Number(d.item_id), reason: txn.status },
  })), batch);
  return revoked.length;
}

/** After a downloadable's file was replaced: its downloads show (and serve) the new file. */
export async function followReplacedFile(tx: Tx, ctx: ServiceContext, downloadable: Values): Promise<void> {
  await tx.updateTable('downloads')
    .set({ file_name: (downloadable.file_name ?? null) as string | null, file_size: (downloadable.file_size ?? null) as number | null, date_modified: formatTimestamp(ctx.clock.now()) })
    .where('downloadable_id', '=', downloadable.id).execute();
}
