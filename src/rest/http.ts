// Sending representations: content negotiation, ETag and conditional requests, HEAD, and errors.
import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Principal } from '../auth/principal.js';
import type { Container } from '../container.js';
import type { ServiceContext } from '../services/context.js';
import { ApiError, type FieldError } from '../services/errors.js';
import { contentTypeHeader, negotiate, render } from '../representations/negotiate.js';
import { HTML_CSP } from '../representations/html.js';
import type { MediaType, Representation } from '../representations/types.js';
import { errorRepresentation } from './errors.js';
import { browserTokens } from '../web/browse-token.js';

declare module 'fastify' {
  interface FastifyRequest {
    principal: Principal;
    /** The negotiated representation of the response. */
    negotiated: MediaType;
  }
  interface FastifyInstance {
    container: Container;
  }
}

export function serviceContext(req: FastifyRequest): ServiceContext {
  return req.server.container.context(req.principal, req.id);
}

export function requestUrl(req: FastifyRequest): string {
  return req.server.container.config.baseUrl + req.url;
}

function renderContext(req: FastifyRequest, title?: string) {
  const cfg = req.server.container.config;
  const browserToken = req.negotiated === 'text/html' && browserTokens(req.server.container).has(req);
  return { baseUrl: cfg.baseUrl, title, mode: cfg.mode, browserToken };
}

export function etagOf(body: string): string {
  return `"${createHash('sha1').update(body).digest('base64url')}"`;
}

function matches(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header.split(',').map((s) => s.trim().replace(/^W\//, '')).some((t) => t === '*' || t === etag);
}

/**
 * Sends a representation in the negotiated media type. Single resources carry an ETag computed from
 * the HAL+JSON form, so it is the same whatever the media type, and If-None-Match answers 304.
 */
export function sendRepresentation(req: FastifyRequest, reply: FastifyReply, rep: Representation,
  opts: { status?: number; etag?: boolean; headers?: Record<string, string> } = {}): FastifyReply {
  const ctx = renderContext(req, rep.self.title);
  const body = render(req.negotiated, rep, ctx);
  const status = opts.status ?? 200;
  reply.headers(opts.headers ?? {});
  reply.header('content-type', contentTypeHeader(req.negotiated)).header('vary', 'Accept, Authorization')
    .header('x-content-type-options', 'nosniff');
  if (req.negotiated === 'text/html') {
    // Pages may be answered with the token pasted on /browse (a cookie): never shared or stored.
    reply.header('content-security-policy', HTML_CSP).header('x-frame-options', 'DENY')
      .header('vary', 'Accept, Authorization, Cookie').header('cache-control', 'private, no-store');
  }
  if (opts.etag) {
    const etag = etagOf(render('application/hal+json', rep, ctx));
    reply.header('etag', etag);
    if (status === 200 && (req.method === 'GET' || req.method === 'HEAD') && matches(req.headers['if-none-match'], etag)) {
      return reply.code(304).send();
    }
  }
  // Encoded once here: given a string, Fastify measures its UTF-8 length and the socket encodes it
  // again, two passes over what is megabytes for a zoomed collection.
  const bytes = Buffer.from(body);
  if (req.method === 'HEAD') return reply.code(status).header('content-length', bytes.length).send();
  return reply.code(status).send(bytes);
}

/** If-Match must name the current representation's ETag (412 otherwise). */
export function checkIfMatch(req: FastifyRequest, rep: Representation): void {
  const header = req.headers['if-match'];
  if (!header) return;
  const etag = etagOf(render('application/hal+json', rep, renderContext(req, rep.self.title)));
  if (!matches(header, etag)) {
    throw new ApiError('precondition_failed', [{ code: 'precondition_failed', message: 'If-Match does not match the current ETag; fetch the resource again' }]);
  }
}

export function sendErrors(req: FastifyRequest, reply: FastifyReply, status: number, errors: FieldError[], headers: Record<string, string> = {}): FastifyReply {
  if (!req.negotiated) req.negotiated = negotiate(req.headers.accept) ?? 'application/hal+json';
  const rep = errorRepresentation(requestUrl(req), req.id, errors);
  return sendRepresentation(req, reply, rep, { status, headers });
}

export function sendApiError(req: FastifyRequest, reply: FastifyReply, err: ApiError): FastifyReply {
  return sendErrors(req, reply, err.status, err.errors, err.headers);
}
