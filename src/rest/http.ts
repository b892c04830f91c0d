// Sending representations: content negotiation, ETag and conditional requests, HEAD, and errors.
import * as crypto from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Principal } from '../auth/principal.js';
import type { AppServices } from '../container.js';
import type { ServiceContext } from '../services/context.js';
import type { ApiError, FieldError } from '../services/errors.js';
import { apiError } from '../services/error-catalog.js';
import { contentTypeHeader, negotiate, render, renderPaced } from '../representations/negotiate.js';
import { holdsMoreThan } from '../representations/paced-json.js';
import { Pacer } from '../services/pace.js';
import { HTML_CSP } from '../representations/html.js';
import type { MediaType, Representation } from '../representations/types.js';
import { errorRepresentation, httpHeadersOf, httpStatusOf } from './errors.js';
import { browserTokens } from '../web/browse-token.js';

declare module 'fastify' {
  interface FastifyRequest {
    principal: Principal;
    /** The negotiated representation of the response. */
    negotiated: MediaType;
    pacer?: Pacer;
  }
  interface FastifyInstance {
    container: AppServices;
  }
}

export function serviceContext(req: FastifyRequest): ServiceContext {
  const ctx = req.server.container.context(req.principal, req.id);
  if (req.server.container.config.responsePaceAbove > 0) ctx.pacer = pacerOf(req);
  // The key this request holds (rest/idempotency.ts): its write marks it in its own transaction.
  if (req.idempotency) ctx.idempotency = req.idempotency;
  return ctx;
}

const alone = () => false;

/** The request's slices of the loop (services/pace.ts), shared by its loading and its writing out. */
function pacerOf(req: FastifyRequest): Pacer {
  return req.pacer ??= new Pacer(req.server.container.config.responseSliceMs, req.server.loopShared ?? alone,
    () => req.raw.socket?.destroyed === true);
}

export function requestUrl(req: FastifyRequest): string {
  return req.server.container.config.baseUrl + req.url;
}

function renderContext(req: FastifyRequest, title?: string) {
  const cfg = req.server.container.config;
  const browserToken = req.negotiated === 'text/html' && browserTokens(req.server.container).has(req);
  return { baseUrl: cfg.baseUrl, title, mode: cfg.mode, curieName: cfg.curieName, browserToken };
}

// One-shot hashing (Node 20.12+) skips the Hash object; the same digest either way.
// A string is hashed as its UTF-8 bytes, so a text and its bytes have one tag.
const sha1 = typeof crypto.hash === 'function'
  ? (text: string | Buffer) => crypto.hash('sha1', text, 'base64url')
  : (text: string | Buffer) => crypto.createHash('sha1').update(text).digest('base64url');

export function etagOf(body: string | Buffer): string {
  return `"${sha1(body)}"`;
}

/**
 * Above this many UTF-16 units an answer is encoded once here: given a string, Fastify measures its
 * UTF-8 length and the socket encodes it again, two passes over what is megabytes for a zoomed
 * collection. Below it the string goes as is: Node writes a string body together with the headers
 * in one buffer, where a Buffer body costs a fresh allocation and a second chunk (writev).
 */
const ENCODE_ABOVE = 16 * 1024;

/**
 * Each representation has its own strong ETag (RFC 9110 §8.8.3: two bodies that differ must not
 * share one): the hash of the resource's HAL+JSON form, suffixed per other media type. If-None-Match
 * compares the exact tag; If-Match compares the hash, since any form of the current state may
 * guard a write.
 */
const ETAG_SUFFIX: Record<MediaType, string> = {
  'application/hal+json': '', 'application/hal+xml': '-xml', 'application/vnd.siren+json': '-siren', 'text/html': '-html',
};

function representationEtag(base: string, mediaType: MediaType): string {
  return `${base.slice(0, -1)}${ETAG_SUFFIX[mediaType]}"`;
}

/** An entity tag without its W/ prefix and representation suffix. */
function stateOf(tag: string): string {
  return tag.replace(/^W\//, '').replace(/-(?:xml|siren|html)"$/, '"');
}

function listed(header: string | undefined): string[] {
  return header ? header.split(',').map((s) => s.trim()).filter(Boolean) : [];
}

/**
 * Sends a representation in the negotiated media type. Single resources carry an ETag of this
 * representation, and If-None-Match answers 304.
 */
export function sendRepresentation(req: FastifyRequest, reply: FastifyReply, rep: Representation,
  opts: SendOptions = {}): FastifyReply {
  const ctx = renderContext(req, rep.self.title);
  const { responsePaceAbove } = req.server.container.config;
  const pacer = responsePaceAbove > 0 ? pacerOf(req) : undefined;
  if (pacer?.active && holdsMoreThan(rep, responsePaceAbove)) {
    // A large answer is written over several turns of the loop, so other callers' requests that
    // arrive meanwhile are answered between its slices (paced-json.ts). The reply is returned
    // now and sent when the text is done; Fastify waits for it.
    const etagHal = opts.etag && req.negotiated !== 'application/hal+json';
    Promise.all([renderPaced(req.negotiated, rep, ctx, pacer), etagHal ? renderPaced('application/hal+json', rep, ctx, pacer) : undefined])
      .then(([body, hal]) => { finishRepresentation(req, reply, body, hal ?? body, opts); })
      .catch((err: unknown) => { reply.send(err); });
    return reply;
  }
  const body = render(req.negotiated, rep, ctx);
  const hal = opts.etag && req.negotiated !== 'application/hal+json' ? render('application/hal+json', rep, ctx) : body;
  return finishRepresentation(req, reply, body, hal, opts);
}

interface SendOptions { status?: number; etag?: boolean; headers?: Record<string, string> }

/** Headers, the ETag and If-None-Match, then the body; `hal` is the HAL+JSON text the ETag hashes. */
function finishRepresentation(req: FastifyRequest, reply: FastifyReply, body: string | Buffer, hal: string | Buffer, opts: SendOptions): FastifyReply {
  const status = opts.status ?? 200;
  representationHeaders(req, reply, opts.headers);
  if (opts.etag) {
    const etag = representationEtag(etagOf(hal), req.negotiated);
    reply.header('etag', etag);
    const inm = listed(req.headers['if-none-match']);
    // Weak comparison (RFC 9110 §13.1.2), but of this representation's own tag.
    if (status === 200 && (req.method === 'GET' || req.method === 'HEAD') && inm.some((t) => t === '*' || t.replace(/^W\//, '') === etag)) {
      return reply.code(304).send();
    }
  }
  // HEAD sends the same bytes: Fastify sets Content-Length from them and Node writes no body for
  // HEAD, so the length is the GET's on every HEAD route (Fastify's automatic ones included).
  return reply.code(status).send(typeof body === 'string' && body.length > ENCODE_ABOVE ? Buffer.from(body) : body);
}

/** The headers of a representation in the negotiated media type, besides its ETag. */
function representationHeaders(req: FastifyRequest, reply: FastifyReply, headers: Record<string, string> = {}): void {
  reply.headers(headers);
  // Vary adds to what is already there (CORS's Origin).
  const vary = reply.getHeader('vary');
  reply.header('content-type', contentTypeHeader(req.negotiated)).header('vary', vary ? `${String(vary)}, Accept, Authorization` : 'Accept, Authorization')
    .header('x-content-type-options', 'nosniff');
  if (req.negotiated === 'text/html') {
    // Pages may be answered with the token pasted on /browse (a cookie): never shared or stored.
    reply.header('content-security-policy', HTML_CSP).header('x-frame-options', 'DENY')
      .header('vary', 'Accept, Authorization, Cookie').header('cache-control', 'private, no-store');
  }
}

/**
 * The error body that replaces an answer already made (rest/held-answers.ts: an answer held until
 * its token check came back, and the token was dead): status and headers set on `reply`, the body
 * returned for onSend.
 */
export function replacedByError(req: FastifyRequest, reply: FastifyReply, err: ApiError): string {
  if (!req.negotiated) req.negotiated = negotiate(req.headers.accept) ?? 'application/hal+json';
  const status = httpStatusOf(err);
  representationHeaders(req, reply, httpHeadersOf(err));
  reply.code(status);
  return render(req.negotiated, errorRepresentation(requestUrl(req), req.id, err.errors, status), renderContext(req));
}

/** If-Match must name the current state's ETag, in any of its representations (412 otherwise). */
export function checkIfMatch(req: FastifyRequest, rep: Representation): void {
  const header = req.headers['if-match'];
  if (!header) return;
  const etag = etagOf(render('application/hal+json', rep, renderContext(req, rep.self.title)));
  if (!listed(header).some((t) => t === '*' || stateOf(t) === etag)) {
    throw apiError('ETAG_MISMATCH');
  }
}

export function sendErrors(req: FastifyRequest, reply: FastifyReply, status: number, errors: FieldError[], headers: Record<string, string> = {}): FastifyReply {
  if (!req.negotiated) req.negotiated = negotiate(req.headers.accept) ?? 'application/hal+json';
  const rep = errorRepresentation(requestUrl(req), req.id, errors, status);
  return sendRepresentation(req, reply, rep, { status, headers });
}

export function sendApiError(req: FastifyRequest, reply: FastifyReply, err: ApiError): FastifyReply {
  return sendErrors(req, reply, httpStatusOf(err), err.errors, httpHeadersOf(err));
}
