// GET/HEAD {base}/download/{token}: a download's capability URL, the customer's link to the file.
//
// Not a REST facade route: no SERVICE-API-VERSION and no bearer token (the URL's secret is the
// credential, so a browser or any HTTP client can use it). The answer is the downloadable's
// current file as an attachment, whole or one byte range; errors use the usual error body: an
// unknown URL 404, a download that is used up, expired or revoked 410.
import { Readable } from 'node:stream';
import parseRange from 'range-parser';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { contentDisposition } from '../files/file-name.js';
import {
  DownloadRefused, openDownload, recordDownload, refundDownload, spendDownload, type DownloadRefusal,
} from '../services/download-serving.js';
import { DOWNLOAD_PATH } from '../services/download-urls.js';
import { sendErrors, serviceContext } from './http.js';
import { fieldError } from '../services/error-catalog.js';

const STATUS: Record<DownloadRefusal, number> = {
  unknown: 404, no_file: 404, exhausted: 410, expired: 410, revoked: 410, withdrawn: 410,
};

interface ByteRange { start: number; end: number }

/**
 * The one byte range asked for, `unsatisfiable`, or undefined for the whole file. Several ranges,
 * a malformed header or an If-Range that names another version are answered with the whole file,
 * as RFC 9110 allows.
 */
function rangeOf(req: FastifyRequest, size: number, etag: string): ByteRange | 'unsatisfiable' | undefined {
  const header = req.headers.range;
  if (!header) return undefined;
  const ifRange = req.headers['if-range'];
  if (ifRange !== undefined && String(ifRange).trim() !== etag) return undefined;
  const ranges = parseRange(size, header, { combine: true });
  if (ranges === -1) return 'unsatisfiable';
  if (ranges === -2 || ranges.type !== 'bytes' || ranges.length !== 1) return undefined;
  return { start: ranges[0].start, end: ranges[0].end };
}

/** Bytes `start`..`end` (inclusive) of `source`; leaving the loop early closes the file. */
async function* slice(source: AsyncIterable<Buffer>, { start, end }: ByteRange): AsyncGenerator<Buffer> {
  let pos = 0;
  for await (const chunk of source) {
    const from = Math.max(start - pos, 0);
    const to = Math.min(end + 1 - pos, chunk.length);
    pos += chunk.length;
    if (to > from) yield chunk.subarray(from, to);
    if (pos > end) break;
  }
}

async function serve(req: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> {
  const ctx = serviceContext(req);
  const { token } = req.params as { token: string };
  let opened;
  try {
    opened = await openDownload(ctx, token);
  } catch (err) {
    if (!(err instanceof DownloadRefused)) throw err;
    return sendErrors(req, reply, STATUS[err.reason], [{ code: `download_${err.reason}`, message: err.message }], { 'cache-control': 'no-store' });
  }
  const { blob } = opened;
  const etag = `"${opened.sha256}"`;
  reply.headers({
    'content-type': 'application/octet-stream',
    'content-disposition': contentDisposition(opened.fileName),
    'x-content-type-options': 'nosniff',
    'content-security-policy': "default-src 'none'; sandbox",
    // Each GET spends a download: no cache may answer it, and the URL must not leak onwards.
    'cache-control': 'private, no-store',
    'referrer-policy': 'no-referrer',
    'x-robots-tag': 'noindex',
    'accept-ranges': 'bytes',
    etag,
  });
  const range = rangeOf(req, blob.size, etag);
  if (range === 'unsatisfiable') {
    blob.stream.destroy();
    return sendErrors(req, reply, 416, [fieldError('RANGE_NOT_SATISFIABLE', { size: blob.size })],
      { 'content-range': `bytes */${blob.size}` });
  }
  const length = range ? range.end - range.start + 1 : blob.size;
  reply.code(range ? 206 : 200).header('content-length', length);
  if (range) reply.header('content-range', `bytes ${range.start}-${range.end}/${blob.size}`);
  if (req.method === 'HEAD') {
    blob.stream.destroy();
    return reply.send();
  }
  let spent;
  try {
    spent = await spendDownload(ctx, opened.download);
  } catch (err) {
    blob.stream.destroy();
    if (!(err instanceof DownloadRefused)) throw err;
    reply.removeHeader('content-range').removeHeader('content-disposition').removeHeader('content-length');
    return sendErrors(req, reply, STATUS[err.reason], [{ code: `download_${err.reason}`, message: err.message }], { 'cache-control': 'no-store' });
  }
  // Only a transfer that reached the client counts: a cut-off one gives its download back, and so
  // does a request whose client left while the download was being spent.
  if (reply.raw.closed || reply.raw.destroyed) {
    blob.stream.destroy();
    await refundDownload(ctx, spent);
    return reply;
  }
  let finished = false;
  reply.raw.once('finish', () => {
    finished = true;
    recordDownload(ctx, spent, range).catch((err: unknown) => req.log.error({ err }, 'recording a download failed'));
  });
  reply.raw.once('close', () => {
    if (!finished) refundDownload(ctx, spent).catch((err: unknown) => req.log.error({ err }, 'giving a download back failed'));
  });
  const body = range ? Readable.from(slice(blob.stream, range), { objectMode: false }) : blob.stream;
  return reply.send(body);
}

export function registerDownloadRoutes(app: FastifyInstance): void {
  app.route({ method: ['GET', 'HEAD'], url: `${DOWNLOAD_PATH}/:token`, handler: serve });
}
