// The staged_uploads table. Not a resource of the registry (nothing lists or links it), so it is
// read and written here directly, like the authorization codes. Every state change is one
// conditional UPDATE, so two requests racing for the same upload cannot both win.
import type { Selectable } from 'kysely';
import type { Db, Tx } from '../db/database.js';
import type { StagedUploadsTable } from '../db/__generated__/db-types.js';

const TABLE = 'staged_uploads';

const COLUMNS = ['id', 'store_id', 'public_id', 'file_name', 'content_type', 'declared_size', 'max_bytes', 'expires_at',
  'uploaded_at', 'file_size', 'file_sha256', 'file_content_type', 'consumed_at'] as const;

/** What the service reads of a staged upload (never its token hash). */
export type StagedUploadRow = Pick<Selectable<StagedUploadsTable>, typeof COLUMNS[number]>;

/** A staged upload as first written: before its bytes arrive. */
export type NewStagedUpload = Pick<Selectable<StagedUploadsTable>,
  'store_id' | 'public_id' | 'token_hash' | 'file_name' | 'content_type' | 'declared_size' | 'max_bytes' | 'expires_at'>;


export async function insertStagedUpload(db: Db, row: NewStagedUpload, now: string): Promise<void> {
  await db.insertInto(TABLE).values({ ...row, date_created: now, date_modified: now }).execute();
}

export async function findByTokenHash(db: Db, tokenHash: string): Promise<StagedUploadRow | undefined> {
  return (await db.selectFrom(TABLE).select(COLUMNS).where('token_hash', '=', tokenHash).executeTakeFirst());
}

export async function findByPublicId(db: Db | Tx, publicId: string): Promise<StagedUploadRow | undefined> {
  return (await db.selectFrom(TABLE).select(COLUMNS).where('public_id', '=', publicId).executeTakeFirst());
}

export async function findById(db: Db | Tx, id: number): Promise<StagedUploadRow | undefined> {
  return (await db.selectFrom(TABLE).select(COLUMNS).where('id', '=', id).executeTakeFirst());
}

export interface UploadedBytes {
  file_size: number;
  file_sha256: string;
  file_content_type: string;
}

/** Marks the upload as received, unless another PUT got there first or it expired meanwhile. */
export async function markUploaded(db: Db, id: number, bytes: UploadedBytes, now: string): Promise<boolean> {
  const res = await db.updateTable(TABLE).set({ ...bytes, uploaded_at: now, date_modified: now })
    .where('id', '=', id).where('uploaded_at', 'is', null).where('expires_at', '>', now).executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

/** Takes a mark back when the bytes could not be parked, so the URL can be used again. */
export async function unmarkUploaded(db: Db, id: number, now: string): Promise<void> {
  await db.updateTable(TABLE).set({ uploaded_at: null, file_size: null, file_sha256: null, file_content_type: null, date_modified: now })
    .where('id', '=', id).where('consumed_at', 'is', null).execute();
}

/** Claims an uploaded, unexpired, unclaimed upload of `storeId` inside the caller's write transaction. */
export async function consume(tx: Tx, id: number, storeId: number, now: string): Promise<boolean> {
  const res = await tx.updateTable(TABLE).set({ consumed_at: now, date_modified: now })
    .where('id', '=', id).where('store_id', '=', storeId).where('consumed_at', 'is', null)
    .where('uploaded_at', 'is not', null).where('expires_at', '>', now).executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

/** Uploads past their expiry, at most `limit` of them, oldest first. */
export async function expired(db: Db, now: string, limit: number): Promise<StagedUploadRow[]> {
  return db.selectFrom(TABLE).select(COLUMNS).where('expires_at', '<=', now).orderBy('expires_at').limit(limit).execute();
}

export async function deleteStagedUploads(db: Db, ids: number[]): Promise<void> {
  if (ids.length) await db.deleteFrom(TABLE).where('id', 'in', ids).execute();
}
