// A downloadable write that carries a file, the same for both ways a file arrives: a multipart part
// of a REST request (staged in `tmp/` by that request) and a staged upload claimed by a GraphQL
// mutation (parked in `uploads/` by an earlier PUT). The row commits first and the bytes move into
// place after it, so a committed row never names a partial file; whatever fails in between is
// taken back.
import type { Values } from '../data/codec.js';
import type { UploadedFile } from '../resources/downloadable.js';
import type { ServiceContext } from './context.js';
import { createRow, deleteRow, updateRow, type Parent } from './resource-service.js';
import { releaseStagedUpload } from './staged-uploads.js';

/** The columns an upload writes, as they are in `row`: what an undone replacement restores. */
function fileColumns(row: Values): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const c of ['file_name', 'file_size', 'upload_date', 'file_key', 'file_content_type', 'file_sha256']) out[c] = row[c] ?? null;
  return out;
}

/**
 * Runs the write, then moves the upload into place. `upload` is asked after the write because a
 * staged upload is only resolved during validation. On failure a request's own bytes go, while a
 * staged upload's bytes stay parked (its claim was rolled back or is released), so the client can
 * correct the other fields and reference the same upload again.
 */
async function writeWithUpload(ctx: ServiceContext, upload: () => UploadedFile | undefined,
  write: () => Promise<Values>, undo: (row: Values) => Promise<unknown>): Promise<Values> {
  let row: Values;
  try {
    row = await write();
  } catch (err) {
    const u = upload();
    if (u && u.stagedUploadId === undefined) await ctx.files.discard(u.staged);
    throw err;
  }
  const u = upload();
  if (!u) return row;
  try {
    await ctx.files.commit(u.staged);
  } catch (err) {
    // The row names a blob that could not be put in place: take the write back, then fail.
    await undo(row).catch(() => undefined);
    if (u.stagedUploadId === undefined) await ctx.files.discard(u.staged);
    else await releaseStagedUpload(ctx, u.stagedUploadId).catch(() => undefined);
    throw err;
  }
  if (u.replacedKey) await ctx.files.remove(u.replacedKey).catch(() => undefined);
  return row;
}

/** Creates a downloadable with the file `upload` names (if any); the row goes again if the file cannot be put in place. */
export function createDownloadableWithFile(ctx: ServiceContext, input: Record<string | symbol, unknown>, parent: Parent | undefined,
  upload: () => UploadedFile | undefined): Promise<Values> {
  const r = ctx.registry.resource('downloadable');
  return writeWithUpload(ctx, upload, () => createRow(ctx, r, input, { parent }), (created) => deleteRow(ctx, r, created.id));
}

/**
 * Updates (patch) or replaces (put) downloadable `id`, with a new file when `upload` names one; then
 * `before` (the row as it was) restores the file columns if the new file cannot be put in place.
 */
export function updateDownloadableWithFile(ctx: ServiceContext, id: number, input: Record<string | symbol, unknown>,
  mode: 'patch' | 'put', upload: () => UploadedFile | undefined, before: Values | undefined): Promise<Values> {
  const r = ctx.registry.resource('downloadable');
  return writeWithUpload(ctx, upload, () => updateRow(ctx, r, id, input, mode),
    () => (before ? ctx.repo.update(r, id, fileColumns(before)) : Promise.resolve(undefined)));
}
