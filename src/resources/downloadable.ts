// Downloadable rules the SDL cannot state: the category must deliver by download, and the file
// columns (file_name, file_size, upload_date, the storage key and SHA-256) come only from an
// upload, never from input properties.
//
// The REST upload handler (src/rest/uploads.ts) streams the file to a staged blob first and hands
// it to the generic service under the FILE symbol of the input: the validator only looks at string
// keys, so the upload cannot be confused with, or spoofed by, a property. The blob is put in place
// inside the write's transaction, before commit; the blob a replacement or a deletion leaves behind
// is removed after commit, so a rollback never loses the file the stored row still names.
//
// GraphQL names a staged upload instead (src/services/staged-uploads.ts) under the STAGED symbol:
// validation resolves it into the same UploadedFile, reporting a bad reference with the other
// fields, and the write transaction claims it, so two writes cannot both take the same bytes.
import { tenantScope } from '../auth/principal.js';
import type { StagedBlob } from '../files/blob-store.js';
import { formatTimestamp } from '../services/clock.js';
import type { ServiceContext } from '../services/context.js';
import type { FieldError } from '../services/errors.js';
import { idFromHref } from '../services/refs.js';
import { consumeStagedUpload, resolveStagedUpload } from '../services/staged-uploads.js';
import { followReplacedFile } from '../services/downloads.js';
import type { ResourceRules } from './rules.js';
import { dataOf } from '../services/data-access.js';

/** Input key under which the REST facade passes an upload (or null: a file was required, none came). */
export const FILE = Symbol('downloadable file');

export interface UploadedFile {
  staged: StagedBlob;
  /** The client's name, already sanitized for display. */
  fileName: string;
  contentType: string;
  /** Set inside the write: the key of the file this upload replaces, removed after commit. */
  replacedKey?: string | null;
  /** The staged upload the bytes come from (its row id); unset for a multipart part. */
  stagedUploadId?: number;
}

/** Input key under which GraphQL names a staged upload; validation fills in `upload`. */
export const STAGED = Symbol('downloadable staged upload');

export interface StagedReference {
  /** What the client sent as stagedUploadId. */
  id: unknown;
  upload?: UploadedFile;
}

const DOWNLOADED = 'downloaded';

function uploadOf(input: Record<string | symbol, unknown>): UploadedFile | null | undefined {
  return input[FILE] as UploadedFile | null | undefined;
}

/** Resolves a staged upload reference into the upload the write will carry, or says what is wrong with it. */
async function resolveStaged(input: Record<string | symbol, unknown>, ctx: ServiceContext): Promise<FieldError[]> {
  const ref = input[STAGED] as StagedReference | undefined;
  if (!ref) return [];
  const resolved = await resolveStagedUpload(ctx, ref.id);
  if ('code' in resolved) return [resolved];
  ref.upload = resolved;
  input[FILE] = resolved;
  return [];
}

export const downloadableRules: ResourceRules = {
  prepare(w) {
    // price is optional with a default; an empty value means that default rather than a NULL the
    // NOT NULL column would refuse (decision in docs/decisions.md).
    if ('price' in w.input && (w.input.price === '' || w.input.price === null)) w.input.price = '0';
    // A reference is not among a stored row's values, so a PATCH that leaves the category alone
    // must not be told it is missing.
    if (w.mode === 'patch' && !('item_category_uri' in w.input) && w.existing?.item_category_id != null) {
      return { relaxed: ['item_category_uri'] };
    }
  },

  async validate(_values, w, ctx) {
    const errors: FieldError[] = [];
    if (w.mode === 'create' && FILE in w.input && !uploadOf(w.input)) {
      errors.push({ field: 'file', code: 'required', message: 'file is required: send the file as the multipart/form-data part "file"' });
    }
    const uri = w.input.item_category_uri;
    if (typeof uri === 'string' && uri !== '') {
      const categories = ctx.registry.resource('item_category');
      const id = idFromHref(ctx.baseUrl, categories, uri);
      const category = id ? await dataOf(ctx).repo.findById(categories, tenantScope(ctx.principal), id) : undefined;
      // A missing or foreign category is reported by the reference check already.
      if (category && category.item_delivery_type !== DOWNLOADED) {
        errors.push({
          field: 'item_category_uri', code: 'invalid_delivery_type',
          message: `item_category_uri must be an item category whose item_delivery_type is ${DOWNLOADED}`,
        });
      }
    }
    errors.push(...await resolveStaged(w.input, ctx));
    return errors;
  },

  async beforeWrite(columns, w, ctx, tx) {
    const upload = uploadOf(w.input);
    if (!upload) return;
    if (upload.stagedUploadId !== undefined) await consumeStagedUpload(tx, ctx, upload.stagedUploadId);
    if (w.existing) {
      // Read under the write lock, so two concurrent replacements each remove the blob they replaced.
      let q = tx.selectFrom('downloadables').select('file_key').where('id', '=', w.existing.id);
      if (dataOf(ctx).database.dialect === 'postgres') q = q.forUpdate();
      const current = await q.executeTakeFirst();
      upload.replacedKey = current?.file_key ?? null;
    }
    // The bytes are durably in place before the row that names them commits (src/files/blob-store.ts).
    await ctx.files.place(upload.staged, tx);
    Object.assign(columns, {
      file_name: upload.fileName,
      file_size: upload.staged.size,
      upload_date: formatTimestamp(ctx.clock.now()),
      file_key: upload.staged.key,
      file_content_type: upload.contentType,
      file_sha256: upload.staged.sha256,
    });
  },

  async afterWrite(row, w, ctx, tx) {
    if (uploadOf(w.input)) await followReplacedFile(tx, ctx, row);
  },

  async afterDelete(row, ctx) {
    if (typeof row.file_key !== 'string') return;
    // The deletion has committed; a blob that cannot be removed now is unreachable garbage, not a
    // reason to tell the caller the deletion failed.
    await ctx.files.remove(row.file_key).catch(() => undefined);
  },
};
