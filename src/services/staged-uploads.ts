// Staged uploads of downloadable files: a mutation hands out a one-time URL, the client PUTs the
// bytes to it, and a create/update of a downloadable references the upload by id.
//
// The URL's secret is the only credential the PUT needs (a plain HTTP client or a browser can send
// the bytes without holding an API token); it is stored hashed, expires, and stops working after
// the first complete upload. The upload belongs to the store that staged it: its bytes are parked
// under that store's key and only a write by that store can claim them. Claiming happens in the
// write's transaction, so a failed write leaves the upload claimable and two writes cannot both win.
import { createHash, randomBytes } from 'node:crypto';
import type { Readable } from 'node:stream';
import type { Tx } from '../db/database.js';
import { randomToken } from '../auth/hashing.js';
import { BlobSourceError, BlobTooLargeError } from '../files/blob-store.js';
import { isMediaType, mediaTypeOrDefault, sanitizeFileName } from '../files/file-name.js';
import type { UploadedFile } from '../resources/downloadable.js';
import { formatTimestamp } from './clock.js';
import type { ServiceContext } from './context.js';
import { ApiError, type FieldError } from './errors.js';
import { authorize } from './resource-service.js';
import * as rows from './staged-upload-rows.js';
import { dataOf } from './data-access.js';
import { CATALOG, fieldError, formatMessage, type ErrorCode } from './error-catalog.js';

/** How long a staged upload may wait for its bytes and then for the write that claims them. */
export const STAGED_UPLOAD_TTL_MS = 60 * 60 * 1000;
/** Where the one-time URLs live, below the base URL (the PUT route is registered there). */
export const UPLOAD_PATH = '/uploads';
/** The field a write names a staged upload in (REST spelling; GraphQL says stagedUploadId). */
export const STAGED_FIELD = 'staged_upload_id';
const TOKEN = /^[A-Za-z0-9_-]{43}$/;
const PUBLIC_ID = /^[0-9a-f]{32}$/;
const SWEEP_BATCH = 100;

export interface StageRequest {
  file_name?: string | null;
  content_type?: string | null;
  size?: number | null;
}

export interface StagedUploadTicket {
  id: string;
  url: string;
  expiresAt: string;
  maxBytes: number;
  fileName: string;
  contentType: string | null;
}

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');
const parkedKey = (row: rows.StagedUploadRow) => `${row.store_id}/${row.public_id}`;

function stageErrors(req: StageRequest, maxBytes: number): FieldError[] {
  const errors: FieldError[] = [];
  if (typeof req.file_name !== 'string' || req.file_name.trim() === '') {
    errors.push({ field: 'file_name', code: 'required', message: 'file_name is required: the name the file is shown and downloaded under' });
  }
  if (req.content_type != null && !isMediaType(req.content_type.toLowerCase())) {
    errors.push({ field: 'content_type', code: 'invalid_format', message: 'content_type must be a media type such as application/pdf' });
  }
  if (req.size != null && (!Number.isInteger(req.size) || req.size < 0)) {
    errors.push({ field: 'size', code: 'min', message: 'size must be a whole number of bytes, at least 0' });
  } else if (req.size != null && req.size > maxBytes) {
    errors.push({ field: 'size', code: 'too_large', message: `size must be at most ${maxBytes} bytes` });
  }
  return errors;
}

/** Stages an upload for the caller's store (needs write access to downloadables). */
export async function stageUpload(ctx: ServiceContext, req: StageRequest): Promise<StagedUploadTicket> {
  const storeId = authorizedStore(ctx);
  const maxBytes = ctx.files.maxUploadBytes;
  const errors = stageErrors(req, maxBytes);
  if (errors.length) throw ApiError.invalid(errors);
  await sweepExpiredUploads(ctx);
  const now = ctx.clock.now();
  const token = randomToken(32);
  const row: rows.NewStagedUpload = {
    store_id: storeId, public_id: randomBytes(16).toString('hex'), token_hash: hashToken(token),
    file_name: sanitizeFileName(req.file_name), content_type: req.content_type?.toLowerCase() ?? null,
    declared_size: req.size ?? null, max_bytes: maxBytes,
    expires_at: formatTimestamp(new Date(now.getTime() + STAGED_UPLOAD_TTL_MS)),
  };
  await rows.insertStagedUpload(dataOf(ctx).database.db, row, formatTimestamp(now));
  return {
    id: row.public_id, url: `${ctx.baseUrl}${UPLOAD_PATH}/${token}`, expiresAt: row.expires_at, maxBytes,
    fileName: row.file_name, contentType: row.content_type,
  };
}

function authorizedStore(ctx: ServiceContext): number {
  authorize(ctx, ctx.registry.resource('downloadable'), 'write');
  // Write access to a store-owned resource implies a store token.
  return ctx.principal.storeId!;
}

export type RefusalReason = 'unknown' | 'expired' | 'already_uploaded' | 'too_large' | 'size_mismatch' | 'incomplete';

/** Why a PUT of bytes was refused; the transport picks the status. Nothing it sent is kept. */
export class UploadRefused extends Error {
  constructor(readonly reason: RefusalReason, message: string) {
    super(message);
  }
}

export interface ReceivedUpload {
  id: string;
  size: number;
  sha256: string;
}

/**
 * Receives the bytes for the URL secret `token`. `storeId`, when the request also carried a store
 * token, must be the upload's store. The upload is taken only by the first PUT that completes; a
 * failed PUT (too large, cut off) leaves the URL usable until it expires.
 */
export async function receiveUpload(ctx: ServiceContext, token: string, body: Readable,
  opts: { contentType?: string; contentLength?: number; storeId?: number }): Promise<ReceivedUpload> {
  const db = dataOf(ctx).database.db;
  const row = TOKEN.test(token) ? await rows.findByTokenHash(db, hashToken(token)) : undefined;
  if (!row || (opts.storeId !== undefined && opts.storeId !== row.store_id)) throw new UploadRefused('unknown', CATALOG.UPLOAD_UNKNOWN.message);
  const refusal = putRefusal(row, formatTimestamp(ctx.clock.now()));
  if (refusal) throw refusal;
  if (opts.contentLength !== undefined && opts.contentLength > row.max_bytes) throw tooLarge(row.max_bytes);
  if (opts.contentLength !== undefined && row.declared_size !== null && opts.contentLength !== row.declared_size) {
    throw sizeMismatch(row.declared_size, opts.contentLength);
  }
  let staged;
  try {
    staged = await ctx.files.stage(body, row.store_id, row.max_bytes);
  } catch (err) {
    if (err instanceof BlobTooLargeError) throw tooLarge(row.max_bytes);
    if (err instanceof BlobSourceError) throw new UploadRefused('incomplete', CATALOG.UPLOAD_INCOMPLETE.message);
    throw err;
  }
  if (row.declared_size !== null && staged.size !== row.declared_size) {
    await ctx.files.discard(staged);
    throw sizeMismatch(row.declared_size, staged.size);
  }
  const now = formatTimestamp(ctx.clock.now());
  const bytes = { file_size: staged.size, file_sha256: staged.sha256, file_content_type: row.content_type ?? mediaTypeOrDefault(opts.contentType) };
  if (!await rows.markUploaded(db, row.id, bytes, now)) {
    await ctx.files.discard(staged);
    // Another PUT completed first, or the upload expired while the bytes were arriving.
    throw row.expires_at > now ? alreadyUploaded() : expiredUrl();
  }
  try {
    await ctx.files.park(staged, parkedKey(row));
  } catch (err) {
    await rows.unmarkUploaded(db, row.id, now).catch(() => undefined);
    await ctx.files.discard(staged);
    throw err;
  }
  return { id: row.public_id, size: staged.size, sha256: staged.sha256 };
}

function sizeMismatch(declared: number, sent: number): UploadRefused {
  return new UploadRefused('size_mismatch', formatMessage(CATALOG.UPLOAD_SIZE_MISMATCH.message, { declared, sent }));
}

function tooLarge(max: number): UploadRefused {
  return new UploadRefused('too_large', formatMessage(CATALOG.UPLOAD_TOO_LARGE.message, { max }));
}

const alreadyUploaded = () => new UploadRefused('already_uploaded', CATALOG.UPLOAD_ALREADY_UPLOADED.message);
const expiredUrl = () => new UploadRefused('expired', CATALOG.UPLOAD_EXPIRED.message);

function putRefusal(row: rows.StagedUploadRow, now: string): UploadRefused | undefined {
  if (row.uploaded_at) return alreadyUploaded();
  if (row.expires_at <= now) return expiredUrl();
  return undefined;
}

/** What is wrong with referencing `row` from a write of `storeId`, if anything. */
function referenceProblem(row: rows.StagedUploadRow | undefined, storeId: number | undefined, now: string): FieldError | undefined {
  const err = (code: ErrorCode, message: string): FieldError => ({ field: STAGED_FIELD, code, message });
  // Another store's upload is answered like a missing one: its existence is not the caller's business.
  if (!row || row.store_id !== storeId) return err('not_found', 'no staged upload of this store has this id');
  if (row.consumed_at) return err('already_used', 'this staged upload has already been used by a downloadable; stage a new one');
  if (row.expires_at <= now) return err('expired', 'this staged upload has expired; stage a new one');
  if (!row.uploaded_at) return err('not_uploaded', 'no file has been uploaded to this staged upload\'s URL yet');
  return undefined;
}

/** The upload a write referencing `ref` would carry, or the error naming the field. */
export async function resolveStagedUpload(ctx: ServiceContext, ref: unknown): Promise<UploadedFile | FieldError> {
  const id = typeof ref === 'string' ? ref : '';
  const row = PUBLIC_ID.test(id) ? await rows.findByPublicId(dataOf(ctx).database.db, id) : undefined;
  const problem = referenceProblem(row, ctx.principal.storeId, formatTimestamp(ctx.clock.now()));
  if (problem || !row) return problem!;
  return {
    staged: ctx.files.claimParked(parkedKey(row), row.store_id, row.file_size!, row.file_sha256!),
    fileName: row.file_name, contentType: row.file_content_type ?? mediaTypeOrDefault(row.content_type), stagedUploadId: row.id,
  };
}

/** Claims the upload inside the write transaction; a write that lost the race is refused. */
export async function consumeStagedUpload(tx: Tx, ctx: ServiceContext, id: number): Promise<void> {
  const now = formatTimestamp(ctx.clock.now());
  if (await rows.consume(tx, id, ctx.principal.storeId ?? 0, now)) return;
  const row = await rows.findById(tx, id);
  throw ApiError.invalid([referenceProblem(row, ctx.principal.storeId, now)
    ?? fieldError('STAGED_UPLOAD_USED', {}, { field: STAGED_FIELD })]);
}

/**
 * Removes expired staged uploads and their parked bytes (a claimed one's were linked into place).
 * Runs on start and whenever an upload is staged, so abandoned uploads do not pile up.
 */
export async function sweepExpiredUploads(ctx: ServiceContext, maxBatches = 10): Promise<number> {
  let removed = 0;
  for (let i = 0; i < maxBatches; i++) {
    const batch = await rows.expired(dataOf(ctx).database.db, formatTimestamp(ctx.clock.now()), SWEEP_BATCH);
    // A claimed upload's parked name normally went after its write committed; a crash may have kept it.
    for (const row of batch) await ctx.files.removeParked(parkedKey(row));
    await rows.deleteStagedUploads(dataOf(ctx).database.db, batch.map((r) => r.id));
    removed += batch.length;
    if (batch.length < SWEEP_BATCH) break;
  }
  return removed;
}
