// The REST error body (DESIGN §3): `total` and the errors under `svc:errors`, each with the request
// id as `logref`, a stable code, a sentence and the field at fault. 401 and 403 bodies also carry
// RFC 6750's top-level `error` and `error_description`: SDKs of the hosted API read only those (the
// official one refreshes its token and retries when it sees `error: invalid_token`).
// Service errors know no HTTP: the status and headers of each kind are decided here.
import { ApiError, type ErrorKind, type FieldError } from '../services/errors.js';
import type { Representation } from '../representations/types.js';

export const HTTP_STATUS: Record<ErrorKind, number> = {
  invalid: 400, unauthenticated: 401, forbidden: 403, not_found: 404, method_not_allowed: 405,
  not_acceptable: 406, conflict: 409, precondition_failed: 412, too_large: 413, unsupported_media_type: 415,
  rate_limited: 429, internal: 500, unavailable: 503, insufficient_storage: 507,
  gone: 410, unprocessable: 422, range_not_satisfiable: 416, uri_too_long: 414,
};

export function httpStatusOf(err: ApiError): number {
  return HTTP_STATUS[err.kind];
}

/** The status of anything thrown at Fastify: ours by kind, Fastify's own by their statusCode. */
export function statusOfThrown(err: unknown): number {
  if (err instanceof ApiError) return HTTP_STATUS[err.kind];
  return (err as { statusCode?: number } | null)?.statusCode ?? 500;
}

/** RFC 6750 §3 challenges, RFC 9110 Allow and Retry-After, Connection: close for abandoned bodies. */
export function httpHeadersOf(err: ApiError): Record<string, string> {
  const h: Record<string, string> = {};
  const d = err.details;
  if (err.kind === 'unauthenticated') {
    h['www-authenticate'] = `Bearer error="invalid_token", error_description="${err.message.replace(/"/g, "'")}"`;
  }
  if (err.kind === 'forbidden' && d.scopes) h['www-authenticate'] = `Bearer error="insufficient_scope", scope="${d.scopes.join(' ')}"`;
  if (d.retryAfter !== undefined) h['retry-after'] = String(d.retryAfter);
  if (d.allow) h.allow = d.allow.join(', ');
  if (d.abandonsBody) h.connection = 'close';
  return h;
}

/** RFC 6750 §3.1 error codes, and the one each status stands for when no error names one. */
const BEARER_CODES = new Set(['invalid_request', 'invalid_token', 'insufficient_scope']);
const BEARER_DEFAULT: Record<number, string> = { 401: 'invalid_token', 403: 'insufficient_scope' };

export function bearerError(status: number, errors: FieldError[]): { error: string; error_description: string } | undefined {
  const fallback = BEARER_DEFAULT[status];
  if (!fallback) return undefined;
  const named = errors.find((e) => BEARER_CODES.has(e.code));
  return { error: named?.code ?? fallback, error_description: (named ?? errors[0])?.message ?? '' };
}

export function errorRepresentation(requestUrl: string, requestId: string, errors: FieldError[], status = 400): Representation {
  return {
    self: { href: requestUrl, title: 'Errors of this request' },
    class: ['error'],
    properties: { ...bearerError(status, errors), total: errors.length },
    links: [],
    embedded: [{
      rel: 'svc:errors',
      items: errors.map((e) => ({
        self: { href: requestUrl, title: 'Error' },
        class: ['error'],
        properties: { logref: requestId, code: e.code, message: e.message, ...(e.field ? { field: e.field } : {}) },
        links: [],
        embedded: [],
        actions: [],
      })),
    }],
    actions: [],
  };
}
