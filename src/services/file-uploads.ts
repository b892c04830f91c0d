// A downloadable write that carries a file, the same for both ways a file arrives: a multipart part
// of a REST request (staged in `tmp/` by that request) and a staged upload claimed by a GraphQL
// mutation (parked in `uploads/` by an earlier PUT). The downloadable's rules put the bytes in
// place inside the write's transaction (src/files/blob-store.ts place()), so a committed row always
// names a file that is durably there; a write that does not commit takes its placed bytes back, and
// a crash in between leaves only a file no row names, which the start-up sweep removes.
import { tenantScope } from '../auth/principal.js';
import type { Values } from '../data/codec.js';
import type { UploadedFile } from '../resources/downloadable.js';
import type { ServiceContext } from './context.js';
import { ApiError } from './errors.js';
import { apiError } from './error-catalog.js';
import { createRow, updateRow, type Parent } from './resource-service.js';
import { dataOf } from './data-access.js';

/**
 * Runs the write. `upload` is asked afterwards because a staged upload is only resolved during
 * validation. On failure a request's own bytes go, while a staged upload's bytes stay parked (its
 * claim was rolled back with the write), so the client can correct the other fields and reference
 * the same upload again. After commit, what the write made unnecessary goes: the parked name of a
 * claimed upload, and the file a replacement replaced.
 */
async function writeWithUpload(ctx: ServiceContext, upload: () => UploadedFile | undefined, write: () => Promise<Values>): Promise<Values> {
  let row: Values;
  try {
    row = await write();
  } catch (err) {
    const u = upload();
    if (u) await ctx.files.discard(u.staged);
    throw err;
  }
  const u = upload();
  if (!u) return row;
  await ctx.files.settle(u.staged).catch(() => undefined);
  if (u.replacedKey) await ctx.files.remove(u.replacedKey).catch(() => undefined);
  return row;
}

/**
 * Refuses (404) a multipart upload under a parent the caller's store cannot see, before a byte of
 * the file is read; scopes are checked by the caller, then again by the write.
 */
export async function requireUploadParent(ctx: ServiceContext, parent: Parent): Promise<void> {
  if (!await dataOf(ctx).repo.findById(parent.resource, tenantScope(ctx.principal), parent.id)) throw apiError('NO_SUCH', { what: parent.resource.name });
}

/** Creates a downloadable with the file `upload` names (if any); the row goes again if the file cannot be put in place. */
export function createDownloadableWithFile(ctx: ServiceContext, input: Record<string | symbol, unknown>, parent: Parent | undefined,
  upload: () => UploadedFile | undefined): Promise<Values> {
  const r = ctx.registry.resource('downloadable');
  return writeWithUpload(ctx, upload, () => createRow(ctx, r, input, { parent }));
}

/**
 * Updates (patch) or replaces (put) downloadable `id`, with a new file when `upload` names one.
 * `_before` (the row as it was) is no longer needed: the file is in place before the row changes.
 */
export function updateDownloadableWithFile(ctx: ServiceContext, id: number, input: Record<string | symbol, unknown>,
  mode: 'patch' | 'put', upload: () => UploadedFile | undefined, _before?: Values): Promise<Values> {
  const r = ctx.registry.resource('downloadable');
  return writeWithUpload(ctx, upload, () => updateRow(ctx, r, id, input, mode));
}
