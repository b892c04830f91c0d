// Downloadable files over REST: multipart creation and replacement, and the file download.
//
// The `file` part is streamed to a staged blob (src/files) whether it comes before or after the
// other fields; the fields are then validated by the generic service together with the upload, and
// the blob moves into place only after the row has committed. Every failure path removes the
// staged bytes, so an oversize (413) or invalid (400) upload leaves nothing on disk.
import { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ListQuery } from '../data/query.js';
import { BlobSourceError, BlobTooLargeError, StorageFullError } from '../files/blob-store.js';
import type { FileStore } from '../files/file-store.js';
import { sweepFiles } from '../files/sweep.js';
import { contentDisposition, mediaTypeOrDefault, sanitizeFileName } from '../files/file-name.js';
import { FILE, type UploadedFile } from '../resources/downloadable.js';
import { ANONYMOUS } from '../auth/principal.js';
import { ApiError, type FieldError } from '../services/errors.js';
import { apiError } from '../services/error-catalog.js';
import { methodNotAllowed } from './methods.js';
import { createDownloadableWithFile, requireUploadParent, updateDownloadableWithFile } from '../services/file-uploads.js';
import { authorize, getRow, type Parent } from '../services/resource-service.js';
import { bodyObject, idParam } from './body.js';
import { sendRepresentation, serviceContext } from './http.js';
import { representOne } from './represent.js';

const RESOURCE = 'downloadable';
/** Room for the form fields and part headers around the file, for the early Content-Length check. */
const ENVELOPE_BYTES = 2 * 1024 * 1024;

export async function registerUploads(app: FastifyInstance): Promise<void> {
  // Per-request limits (the file size) are passed to parts(); these bound everything else.
  await app.register(multipart, { limits: { fieldNameSize: 100, fieldSize: 64 * 1024, fields: 20, files: 3, parts: 30, headerPairs: 20 } });
  // The parser is global, but only downloadable routes read multipart bodies: anywhere else the
  // fields would be silently dropped, so those routes keep answering 415 as before.
  const accepting = multipartRoutes(app);
  app.addHook('preValidation', (req, _reply, done) => {
    done(req.isMultipart() && !accepting.has(req.routeOptions.url ?? '') ? apiError('MULTIPART_NOT_HERE') : undefined);
  });
  registerDownloadRoute(app);
  app.addHook('onReady', async () => {
    await sweepFiles(app.container.context(ANONYMOUS, 'startup'));
  });
}

/** Route patterns that take multipart bodies: the members and collections of resources with an `@upload`. */
function multipartRoutes(app: FastifyInstance): Set<string> {
  const registry = app.container.registry;
  const uploading = new Set(registry.resources.filter((r) => r.uploads.length).map((r) => r.name));
  const routes = new Set<string>();
  for (const r of registry.resources) {
    if (uploading.has(r.name)) routes.add(`${r.path}/:id`);
    for (const rel of r.rels) if (rel.kind === 'many' && uploading.has(rel.target)) routes.add(`${r.path}/:id/${rel.name}`);
  }
  return routes;
}

function tooLarge(max: number): ApiError {
  // The rest of an oversize body is not read; closing the connection spares the client sending it.
  return apiError('FILE_TOO_LARGE', { max }, { field: 'file', details: { abandonsBody: true } });
}

/**
 * Errors while reading the multipart body: too large is 413; a full disk is the error handler's 507;
 * another failing disk (an error with a syscall that did not come from the client's stream) stays a
 * 500; everything else is the body's
 * fault (malformed parts, busboy and plugin limits, a cut-off upload) and answers 400.
 */
function uploadError(err: unknown, max: number): unknown {
  if (err instanceof ApiError || err instanceof StorageFullError) return err;
  if (err instanceof BlobTooLargeError || (err as { code?: unknown } | null)?.code === 'FST_REQ_FILE_TOO_LARGE') return tooLarge(max);
  if (err instanceof Error && 'syscall' in err && !(err instanceof BlobSourceError)) return err;
  return apiError('INVALID_MULTIPART');
}

async function drain(stream: NodeJS.ReadableStream): Promise<void> {
  await pipeline(stream, new Writable({ write: (_c, _e, done) => done() }));
}

/** Reads whatever is left of the request body and throws it away (bounded by the request timeout). */
export function discardRest(raw: NodeJS.ReadableStream & { readableEnded?: boolean; destroyed?: boolean }): Promise<void> {
  return new Promise((resolve) => {
    if (raw.readableEnded || raw.destroyed) return resolve();
    raw.once('end', () => resolve());
    raw.once('close', () => resolve());
    raw.once('error', () => resolve());
    raw.resume();
  });
}

interface ParsedForm {
  fields: Record<string, string>;
  upload?: UploadedFile;
}

/** Reads the form, staging the `file` part on disk; fields may come before or after it. */
async function readForm(req: FastifyRequest, files: FileStore, storeId: number, max: number): Promise<ParsedForm> {
  const declared = Number(req.headers['content-length']);
  if (Number.isFinite(declared) && declared > max + ENVELOPE_BYTES) throw tooLarge(max);
  const fields = new Map<string, string>();
  const errors: FieldError[] = [];
  let upload: UploadedFile | undefined;
  try {
    // busboy stops one byte past the limit, so the blob store is the one that says "too large".
    for await (const part of req.parts({ limits: { fileSize: max + 1 } })) {
      const name = part.fieldname;
      if (part.type === 'file') {
        if (name !== 'file' || upload) {
          await drain(part.file);
          errors.push(name === 'file'
            ? { field: 'file', code: 'repeated', message: 'send exactly one file part' }
            : { field: name, code: 'unknown_field', message: `${RESOURCE} has no file part "${name}"; send the file as "file"` });
          continue;
        }
        const staged = await files.stage(part.file, storeId, max);
        upload = { staged, fileName: sanitizeFileName(part.filename), contentType: mediaTypeOrDefault(part.mimetype) };
      } else if (name === 'file') {
        errors.push({ field: 'file', code: 'not_a_file', message: 'file must be a file part (with a filename), not a plain field' });
      } else if (part.valueTruncated) {
        errors.push({ field: name, code: 'max_length', message: `${name} is too long` });
      } else if (fields.has(name)) {
        errors.push({ field: name, code: 'repeated', message: `${name} was sent more than once` });
      } else if (name !== '_method') {
        // A part typed application/json arrives parsed; validation wants its text back.
        fields.set(name, typeof part.value === 'string' ? part.value : JSON.stringify(part.value));
      }
    }
  } catch (err) {
    if (upload) await files.discard(upload.staged);
    // The client is still sending: read the rest into nothing, so it gets to read the 507 instead of a
    // connection reset (closing under unread bytes makes the kernel drop the answer with them).
    if (err instanceof StorageFullError) await discardRest(req.raw);
    throw uploadError(err, max);
  }
  if (errors.length) {
    if (upload) await files.discard(upload.staged);
    throw ApiError.invalid(errors);
  }
  return { fields: Object.fromEntries(fields), upload };
}

/** POST {store}/downloadables: multipart with `file`; any other body is answered 400 naming `file`. */
export async function createDownloadable(req: FastifyRequest, reply: FastifyReply, parent: Parent): Promise<FastifyReply> {
  const ctx = serviceContext(req);
  const r = ctx.registry.resource(RESOURCE);
  let input: Record<string | symbol, unknown>;
  if (req.isMultipart()) {
    // Who may upload is settled before a byte of the file is read.
    if (ctx.principal.kind === 'anonymous') throw apiError('TOKEN_REQUIRED');
    await requireUploadParent(ctx, parent);
    authorize(ctx, r, 'write');
    const form = await readForm(req, ctx.files, parent.id, req.server.container.config.maxUploadBytes);
    input = { ...form.fields, [FILE]: form.upload ?? null };
  } else {
    const { file: _ignored, ...rest } = bodyObject(req);
    input = { ...rest, [FILE]: null };
  }
  const upload = input[FILE] as UploadedFile | null;
  const row = await createDownloadableWithFile(ctx, input, parent, () => upload ?? undefined);
  const rep = await representOne(ctx, r, row);
  return sendRepresentation(req, reply, rep, { status: 201, etag: true, headers: { location: rep.self.href } });
}

/** PATCH/PUT (or POST with X-HTTP-Method-Override) of a downloadable as multipart: may replace the file. */
export async function updateDownloadable(req: FastifyRequest, reply: FastifyReply, id: number,
  mode: 'patch' | 'put', query: ListQuery): Promise<FastifyReply> {
  const ctx = serviceContext(req);
  const r = ctx.registry.resource(RESOURCE);
  const existing = await getRow(ctx, r, id, 'write');
  const form = await readForm(req, ctx.files, Number(existing.store_id), req.server.container.config.maxUploadBytes);
  const input: Record<string | symbol, unknown> = form.upload ? { ...form.fields, [FILE]: form.upload } : form.fields;
  const row = await updateDownloadableWithFile(ctx, id, input, mode, () => form.upload, existing);
  return sendRepresentation(req, reply, await representOne(ctx, r, row, query), { etag: true });
}

/** {downloadable}/file: the uploaded bytes, as an attachment that no browser will render. */
function registerDownloadRoute(app: FastifyInstance): void {
  const r = app.container.registry.resource(RESOURCE);
  const allow = ['GET', 'HEAD', 'OPTIONS'];
  app.route({
    method: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'], url: `${r.path}/:id/file`,
    config: { rest: true, binary: true },
    // Registered before buildApp sets the REST error handler: errors must still be the REST error body.
    errorHandler: (err, req, reply) => app.errorHandler(err, req, reply),
    handler: async (req, reply) => {
      if (req.method === 'OPTIONS') return reply.header('allow', allow.join(', ')).code(204).send();
      if (req.method !== 'GET' && req.method !== 'HEAD') {
        throw methodNotAllowed(allow);
      }
      const ctx = serviceContext(req);
      const row = await getRow(ctx, r, idParam((req.params as { id: string }).id, r.name));
      const blob = typeof row.file_key === 'string' ? await ctx.files.open(row.file_key) : undefined;
      if (!blob) throw apiError('NO_FILE');
      const etag = `"${String(row.file_sha256)}"`;
      reply.headers({
        'content-type': 'application/octet-stream',
        'content-disposition': contentDisposition(String(row.file_name ?? '')),
        'x-content-type-options': 'nosniff',
        'content-security-policy': "default-src 'none'; sandbox",
        'cache-control': 'private, no-cache',
        vary: 'Authorization',
        etag,
      });
      const inm = req.headers['if-none-match'];
      if (req.method === 'HEAD' || (inm && inm.split(',').some((t) => t.trim().replace(/^W\//, '') === etag || t.trim() === '*'))) {
        blob.stream.destroy();
        if (req.method === 'HEAD') return reply.header('content-length', blob.size).code(200).send();
        return reply.code(304).send();
      }
      return reply.header('content-length', blob.size).send(blob.stream);
    },
  });
}
