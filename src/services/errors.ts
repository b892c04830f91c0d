// Errors the services raise. They say what went wrong, never how a protocol answers it: the
// transports map the kind and details, REST to a status, headers and the error body (rest/errors.ts),
// GraphQL to userErrors (validation) or errors with extensions.code (graphql/errors.ts).
// Build them from the catalog (error-catalog.ts), which declares every code and message once.

import type { ErrorCode } from './error-catalog.js';

export interface FieldError {
  /** REST property name; undefined when the whole input is at fault. */
  field?: string;
  /** Only codes declared in the catalog or its field sub-catalog (field-codes.ts). */
  code: ErrorCode;
  message: string;
}

export type ErrorKind =
  | 'invalid' | 'unauthenticated' | 'forbidden' | 'not_found' | 'method_not_allowed' | 'conflict'
  | 'precondition_failed' | 'too_large' | 'unsupported_media_type' | 'not_acceptable' | 'rate_limited'
  | 'unavailable' | 'insufficient_storage' | 'internal' | 'gone' | 'unprocessable' | 'range_not_satisfiable' | 'uri_too_long';

/** What a client needs beyond the message, as data; each transport says it its own way. */
export interface ErrorDetails {
  /** forbidden: the scopes any one of which would grant the action. */
  scopes?: string[];
  /** rate_limited, unavailable, insufficient_storage: seconds until a retry may succeed. */
  retryAfter?: number;
  /** method_not_allowed: the methods the resource answers. */
  allow?: string[];
  /** The rest of the request body will not be read (an upload refused before its end). */
  abandonsBody?: boolean;
}

export class ApiError extends Error {
  constructor(readonly kind: ErrorKind, readonly errors: FieldError[], readonly details: ErrorDetails = {}) {
    super(errors.map((e) => e.message).join('; '));
  }

  /** Several input problems at once, each built with the catalog's fieldError or a field code. */
  static invalid(errors: FieldError[]): ApiError {
    return new ApiError('invalid', errors);
  }
}
