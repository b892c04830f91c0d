// The REST error body (DESIGN §3): `total` and the errors under `svc:errors`, each with the request
// id as `logref`, a stable code, a sentence and the field at fault. 401 and 403 bodies also carry
// RFC 6750's top-level `error` and `error_description`: SDKs of the hosted API read only those (the
// official one refreshes its token and retries when it sees `error: invalid_token`).
import type { FieldError } from '../services/errors.js';
import type { Representation } from '../representations/types.js';

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
