// Maps service errors to GraphQL: invalid input becomes userErrors in mutation payloads (with
// camelCase field names), everything else a GraphQL error with a stable extensions.code.
import { GraphQLError } from 'graphql';
import type { ResourceDef } from '../model/types.js';
import { ApiError } from '../services/errors.js';
import { QueryError } from '../data/compile.js';

const CODES: Record<string, string> = {
  unauthenticated: 'UNAUTHENTICATED', forbidden: 'FORBIDDEN', not_found: 'NOT_FOUND', invalid: 'BAD_USER_INPUT',
  conflict: 'CONFLICT', precondition_failed: 'PRECONDITION_FAILED', too_large: 'PAYLOAD_TOO_LARGE',
  rate_limited: 'RATE_LIMITED', unavailable: 'UNAVAILABLE',
};

export function toGraphQLError(err: unknown): unknown {
  if (err instanceof QueryError) {
    return new GraphQLError(err.message, { extensions: { code: 'BAD_USER_INPUT', field: err.field } });
  }
  if (!(err instanceof ApiError)) return err;
  return new GraphQLError(err.message, {
    extensions: { code: CODES[err.kind] ?? 'INTERNAL_SERVER_ERROR', ...(err.kind === 'forbidden' ? { scopes: err.headers } : {}) },
  });
}

export interface UserError {
  field: string | null;
  code: string;
  message: string;
}

/** userErrors for input problems; rethrows (as GraphQL errors) anything that is not about the input. */
export function userErrorsOf(err: unknown, r?: ResourceDef): UserError[] {
  if (err instanceof ApiError && (err.kind === 'invalid' || err.kind === 'conflict')) {
    return err.errors.map((e) => ({
      field: e.field ? (r?.fieldsByName.get(e.field)?.gqlName ?? e.field) : null,
      code: e.code,
      message: e.message,
    }));
  }
  throw toGraphQLError(err);
}

/** Runs a resolver body, turning service errors into GraphQL errors. */
export async function guard<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    throw toGraphQLError(err);
  }
}
