// Errors the services raise. Transports map them: REST to status codes and the error body,
// GraphQL to userErrors (validation) or errors with extensions.code (auth, not found).

export interface FieldError {
  /** REST property name; undefined when the whole input is at fault. */
  field?: string;
  code: string;
  message: string;
}

export type ErrorKind =
  | 'invalid' | 'unauthenticated' | 'forbidden' | 'not_found' | 'method_not_allowed' | 'conflict'
  | 'precondition_failed' | 'too_large' | 'unsupported_media_type' | 'not_acceptable' | 'rate_limited'
  | 'unavailable' | 'insufficient_storage';

const STATUS: Record<ErrorKind, number> = {
  invalid: 400, unauthenticated: 401, forbidden: 403, not_found: 404, method_not_allowed: 405,
  not_acceptable: 406, conflict: 409, precondition_failed: 412, too_large: 413, unsupported_media_type: 415,
  rate_limited: 429, unavailable: 503, insufficient_storage: 507,
};

export class ApiError extends Error {
  readonly status: number;
  constructor(readonly kind: ErrorKind, readonly errors: FieldError[], readonly headers: Record<string, string> = {}) {
    super(errors.map((e) => e.message).join('; '));
    this.status = STATUS[kind];
  }

  /** Fastify's name for the status: error handlers that know only Fastify errors still answer 4xx. */
  get statusCode(): number {
    return this.status;
  }

  static invalid(errors: FieldError[]): ApiError {
    return new ApiError('invalid', errors);
  }
  static notFound(what = 'resource'): ApiError {
    return new ApiError('not_found', [{ code: 'not_found', message: `No such ${what}.` }]);
  }
  static unauthenticated(message = 'A valid bearer token is required.'): ApiError {
    return new ApiError('unauthenticated', [{ code: 'invalid_token', message }],
      { 'www-authenticate': `Bearer error="invalid_token", error_description="${message.replace(/"/g, "'")}"` });
  }
  static forbidden(scopes: string[]): ApiError {
    const message = `The token lacks the scope needed here (one of: ${scopes.join(', ')}).`;
    return new ApiError('forbidden', [{ code: 'insufficient_scope', message }],
      { 'www-authenticate': `Bearer error="insufficient_scope", scope="${scopes.join(' ')}"` });
  }
  static conflict(code: string, message: string, field?: string): ApiError {
    return new ApiError('conflict', [{ code, message, field }]);
  }
}
