// PUT {base}/uploads/{token}: the one-time URL a stageDownloadableUpload mutation hands out. The
// body is the file itself, any Content-Type, streamed to the blob store with the same limit and
// hashing as a multipart upload.
//
// This is not a REST facade route: it needs no SERVICE-API-VERSION and no bearer token, because
// the URL's secret is the credential (so a browser or a plain HTTP client can send the bytes).
// A store token that is sent anyway must be the upload's store's.
import { PassThrough } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ANONYMOUS } from '../auth/principal.js';
import { StorageFullError } from '../files/blob-store.js';
import { discardRest } from './uploads.js';
import { receiveUpload, sweepExpiredUploads, UPLOAD_PATH, UploadRefused, type RefusalReason } from '../services/staged-uploads.js';
import { sendErrors, serviceContext } from './http.js';

const STATUS: Record<RefusalReason, number> = {
  unknown: 404, expired: 410, already_uploaded: 409, too_large: 413, size_mismatch: 400, incomplete: 400,
};

/**
 * The request body as a stream the blob store may destroy (it does, past the size limit) without
 * destroying the request itself, which would take the 413 down with it. A client that goes away
 * mid-body fails the stream, so nothing half-sent is kept.
 */
function bodyOf(req: FastifyRequest): PassThrough {
  const body = new PassThrough();
  const raw = req.raw;
  raw.once('error', (err) => body.destroy(err));
  raw.once('close', () => { if (!raw.readableEnded) body.destroy(new Error('the request was closed before its body ended')); });
  raw.pipe(body);
  return body;
}

async function put(req: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> {
  const ctx = serviceContext(req);
  const { token } = req.params as { token: string };
  const length = Number(req.headers['content-length']);
  try {
    const got = await receiveUpload(ctx, token, bodyOf(req), {
      contentType: req.headers['content-type'],
      contentLength: Number.isFinite(length) ? length : undefined,
      storeId: req.principal.storeId,
    });
    return reply.code(200).headers({ etag: `"${got.sha256}"`, 'cache-control': 'no-store' })
      .send({ staged_upload_id: got.id, file_size: got.size, sha256: got.sha256 });
  } catch (err) {
    // A full disk (507): read the rest into nothing so the client gets to read the answer.
    if (err instanceof StorageFullError) await discardRest(req.raw);
    if (!(err instanceof UploadRefused)) throw err;
    // A refusal may come before the body was read; closing spares the client sending the rest.
    return sendErrors(req, reply, STATUS[err.reason], [{ code: err.reason, message: err.message }], { connection: 'close' });
  }
}

export async function registerStagedUploadRoutes(app: FastifyInstance): Promise<void> {
  await app.register(async (scope) => {
    // The body is the file: no parser may read it (nor refuse its type); the handler streams req.raw.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', (_req, _payload, done) => done(null));
    scope.put(`${UPLOAD_PATH}/:token`, put);
  });
  app.addHook('onReady', async () => {
    // Housekeeping: a failure here must not keep the service from starting; the next stage retries.
    await sweepExpiredUploads(app.container.context(ANONYMOUS, 'startup'))
      .catch((err: unknown) => app.log.warn({ err }, 'sweeping expired staged uploads failed'));
  });
}
