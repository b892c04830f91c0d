// Maps service errors to GraphQL: invalid input becomes userErrors in mutation payloads (with
// camelCase field names), everything else a GraphQL error with a stable extensions.code. A database
// outage is SERVICE_UNAVAILABLE wherever it is met (and 503 with Retry-After, as REST answers it,
// when the request got nothing else).
import type { ApolloServerPlugin } from '@apollo/server';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { GraphQLError, type ExecutionResult, type GraphQLFormattedError } from 'graphql';
import type { ResourceDef } from '../model/types.js';
import { ApiError, type ErrorKind } from '../services/errors.js';
import { QueryError } from '../data/query-fields.js';
import { isStorageFull, isUnavailable, storageFullError, unavailableError } from '../ops/unavailable.js';
import type { GraphQLContext } from './context.js';
import { HTTP_STATUS, httpHeadersOf, httpStatusOf, statusOfThrown } from '../rest/errors.js';
import { plainValidationMessage } from './limits.js';
import { CATALOG } from '../services/error-catalog.js';

/** extensions.code of each kind of service error. */
export const GRAPHQL_CODES: Record<ErrorKind, string> = {
  unauthenticated: 'UNAUTHENTICATED', forbidden: 'FORBIDDEN', not_found: 'NOT_FOUND', invalid: 'BAD_USER_INPUT',
  conflict: 'CONFLICT', precondition_failed: 'PRECONDITION_FAILED', too_large: 'PAYLOAD_TOO_LARGE',
  rate_limited: 'RATE_LIMITED', unavailable: 'UNAVAILABLE', insufficient_storage: 'INSUFFICIENT_STORAGE',
  // Met by /graphql's body parser (graphqlRouteErrors), never by a resolver.
  unsupported_media_type: 'UNSUPPORTED_MEDIA_TYPE',
  // Raised only by the HTTP layer, never met on /graphql.
  method_not_allowed: 'INTERNAL_SERVER_ERROR',
  not_acceptable: 'INTERNAL_SERVER_ERROR', internal: 'INTERNAL_SERVER_ERROR', gone: 'NOT_FOUND', unprocessable: 'BAD_USER_INPUT',
  range_not_satisfiable: 'BAD_USER_INPUT', uri_too_long: 'BAD_REQUEST',
};

/** What a client can act on besides the code: the scopes that would grant a FORBIDDEN action, the wait of a retry. */
function extensionsOf(err: ApiError): Record<string, unknown> {
  const { scopes, retryAfter } = err.details;
  return {
    code: GRAPHQL_CODES[err.kind],
    ...(err.kind === 'forbidden' ? { scopes: scopes ?? [] } : {}),
    ...(retryAfter !== undefined ? { retryAfter } : {}),
  };
}

export function toGraphQLError(err: unknown): unknown {
  if (err instanceof QueryError) {
    return new GraphQLError(err.message, { extensions: { code: 'BAD_USER_INPUT', field: err.field } });
  }
  // Also for graphql-ws, which formats errors without Apollo's formatError.
  if (isUnavailable(err)) return new GraphQLError(unavailableError().message, { originalError: err as Error, extensions: { code: SERVICE_UNAVAILABLE } });
  if (isStorageFull(err)) return new GraphQLError(storageFullError().message, { extensions: { code: 'INSUFFICIENT_STORAGE' } });
  if (!(err instanceof ApiError)) return err;
  return new GraphQLError(err.message, { extensions: extensionsOf(err) });
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

/** extensions.code of errors caused by the database being unreachable (REST: 503 `unavailable`). */
export const SERVICE_UNAVAILABLE = 'SERVICE_UNAVAILABLE';

function unavailable(logref?: string): GraphQLFormattedError {
  return { message: unavailableError().message, extensions: { code: SERVICE_UNAVAILABLE, ...(logref ? { logref } : {}) } };
}

/** The refusal of a bad bearer token, as the context function throws it (plugin.ts) and as held answers replace (graphqlRefusal). */
export const INVALID_TOKEN_MESSAGE = CATALOG.TOKEN_INVALID.message;
export const INVALID_TOKEN_CHALLENGE = 'Bearer error="invalid_token"';

/**
 * An answer made before its riding token check came back with a refusal (rest/held-answers.ts), in
 * GraphQL's shape: the 401 the context function gives a bad token, or the 503 of an outage.
 */
export function graphqlRefusal(req: FastifyRequest, reply: FastifyReply, err: ApiError): string {
  reply.code(httpStatusOf(err)).header('content-type', 'application/json; charset=utf-8');
  if (err.kind === 'unauthenticated') {
    reply.header('www-authenticate', INVALID_TOKEN_CHALLENGE);
    return JSON.stringify({ errors: [{ message: INVALID_TOKEN_MESSAGE, extensions: { code: 'UNAUTHENTICATED' } }] });
  }
  reply.headers(httpHeadersOf(err));
  return JSON.stringify({ errors: [err.kind === 'unavailable' ? unavailable(req.id) : { message: err.message, extensions: extensionsOf(err) }] });
}

/**
 * Apollo's formatError: whichever resolver or loader met the outage, the client learns that it is
 * temporary, without the driver's message.
 */
export function formatError(formatted: GraphQLFormattedError, error: unknown): GraphQLFormattedError {
  const original = (error as { originalError?: unknown } | null)?.originalError;
  if (isUnavailable(original ?? error)) return { ...formatted, ...unavailable() };
  const message = plainValidationMessage(formatted.message);
  return message === formatted.message ? formatted : { ...formatted, message };
}

/**
 * An operation that got no data, only SERVICE_UNAVAILABLE errors, is answered 503 with REST's
 * Retry-After; with partial data it stays 200. Errors get the request id as `logref`, as in REST.
 */
export const unavailableStatus: ApolloServerPlugin<GraphQLContext> = {
  async requestDidStart() {
    return {
      async willSendResponse(rc) {
        if (rc.response.body.kind !== 'single') return;
        const result = rc.response.body.singleResult;
        if (!result.errors?.some((e) => e.extensions?.code === SERVICE_UNAVAILABLE)) return;
        const logref = rc.contextValue?.svc?.requestId;
        result.errors = result.errors.map((e) => (e.extensions?.code === SERVICE_UNAVAILABLE ? { ...e, ...unavailable(logref) } : e));
        if (!result.errors.every((e) => e.extensions?.code === SERVICE_UNAVAILABLE)) return;
        if (result.data && Object.values(result.data).some((v) => v !== null)) return;
        rc.response.http.status = 503;
        rc.response.http.headers.set('retry-after', String(unavailableError().details.retryAfter));
      },
    };
  },
};

/** The kind of a refusal Fastify makes by status alone (body too large, unknown media type, bad JSON). */
const KIND_OF_STATUS = new Map(Object.entries(HTTP_STATUS).map(([kind, status]) => [status, kind as ErrorKind]));

/**
 * Error handler of the /graphql routes. What is refused before Apollo runs is answered in GraphQL's
 * shape, `errors` with a code, as the rate limit's refusal is (GraphQL clients read `errors`, not a
 * HAL error document): an outage met by the bearer token's liveness check (503), and a body that
 * does not parse, nests too deep, is too large or of another media type (its 4xx, BAD_REQUEST and
 * the like). Anything else goes on to the app's handler.
 */
export async function graphqlRouteErrors(err: FastifyError, req: FastifyRequest, reply: FastifyReply): Promise<void> {
  if (isUnavailable(err)) {
    req.log.warn({ err }, 'database unavailable');
    await reply.code(503).header('retry-after', String(unavailableError().details.retryAfter)).type('application/json; charset=utf-8').send({ errors: [unavailable(req.id)] });
    return;
  }
  const status = statusOfThrown(err);
  if (status < 400 || status >= 500) throw err;
  if (err instanceof ApiError) reply.headers(httpHeadersOf(err));
  const message = err instanceof ApiError ? err.message : err.message.replace(/^FST_\w+:?\s*/, '');
  // Each kind's code (GRAPHQL_CODES); a body that does not parse or nests too deep is the request's
  // fault, not an input value's: BAD_REQUEST, as Apollo says of a malformed request.
  const kind = err instanceof ApiError ? err.kind : KIND_OF_STATUS.get(status);
  const code = !kind || kind === 'invalid' ? 'BAD_REQUEST' : GRAPHQL_CODES[kind];
  await reply.code(status).type('application/json; charset=utf-8').send({ errors: [{ message, extensions: { code, logref: req.id } }] });
}

/** What a client reads of an error that is ours (a bug, data we cannot read): the logref finds it in the log. */
export const INTERNAL_MESSAGE = 'Something went wrong on our side; quote the logref when reporting it.';

/**
 * A `next` result as it goes out over graphql-ws, which has no Apollo formatError or masking
 * plugin, told as over HTTP: a field that met the database unable to serve says SERVICE_UNAVAILABLE
 * instead of the driver's message; an error of ours (a resolver that threw something not meant for
 * the client, a non-null field left null) says INTERNAL_SERVER_ERROR with a logref from `report`,
 * which logs it, never its own message (SQL, paths, internals); graphql-js's request errors (no
 * path: variables that do not coerce) are the client's input, BAD_USER_INPUT. Errors that carry a
 * code stay as they are. Undefined when nothing needs changing.
 */
export function maskLiveResult<T extends ExecutionResult>(result: T, report: (err: GraphQLError) => string): T | undefined {
  if (!result.errors?.some((e) => e.extensions?.code === undefined || isUnavailable(e.originalError))) return undefined;
  const told = (e: GraphQLError, message: string, extensions: Record<string, unknown>) =>
    new GraphQLError(message, { nodes: e.nodes, path: e.path, originalError: e.originalError, extensions });
  return {
    ...result,
    errors: result.errors.map((e) => {
      if (isUnavailable(e.originalError)) return told(e, unavailableError().message, { code: SERVICE_UNAVAILABLE });
      if (e.extensions?.code !== undefined) return e;
      if (!e.path && !e.originalError) return told(e, e.message, { code: 'BAD_USER_INPUT' });
      return told(e, INTERNAL_MESSAGE, { code: 'INTERNAL_SERVER_ERROR', logref: report(e) });
    }),
  };
}

/**
 * A live operation whose source fails (anything the stream does not retry: events/stream.ts) ends
 * alone, with the error as its last `next` (masked by maskLiveResult like any other) and then
 * `complete`. graphql-ws would let the error out of its message handler, and the transport close
 * the socket (4500) with every other operation on it, the error's message as the close reason.
 */
export function endsAlone(it: AsyncGenerator<ExecutionResult>): AsyncGenerator<ExecutionResult> {
  let failed = false;
  const contained: AsyncGenerator<ExecutionResult> = {
    next: () => (failed
      ? Promise.resolve({ done: true, value: undefined })
      : it.next().catch((err: unknown) => {
        failed = true;
        const original = err instanceof Error ? err : new Error(String(err));
        const error = err instanceof GraphQLError ? err : new GraphQLError(original.message, { originalError: original });
        return { done: false, value: { errors: [error] } };
      })),
    return: (value) => it.return(value),
    throw: (err) => it.throw(err),
    [Symbol.asyncIterator]: () => contained,
  };
  return contained;
}
