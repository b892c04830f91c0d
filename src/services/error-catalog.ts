// Every error the API answers, declared once (in the manner of Fastify's lib/errors.js): the stable
// `code` clients read, the kind of failure (the transports turn it into a status or a GraphQL
// extensions.code), the message with {named} placeholders, and what it means for docs/errors.md.
// Several entries may share a code when the same failure is told in different words; the code and
// its meaning are what the documentation lists. `transport` marks errors only HTTP endpoints answer
// (content negotiation, body limits, unknown routes, file transfers): GraphQL never meets them.
// The codes a field's validation answers (required, max_length, …) are the sub-catalog in
// field-codes.ts.
import { ApiError, type ErrorDetails, type ErrorKind, type FieldError } from './errors.js';
import type { FieldCode } from './field-codes.js';

export interface CatalogEntry {
  readonly code: string;
  readonly kind: ErrorKind;
  /** The message, with {name} placeholders filled from the parameters (lists joined with ", "). */
  readonly message: string;
  /** One sentence for docs/errors.md: when this is answered and what the client can do. */
  readonly meaning: string;
  readonly transport?: true;
  /**
   * A passing conflict (another request holds what this one needs): the same request may succeed
   * in this many seconds. Answered with Retry-After, and never kept as an Idempotency-Key's answer,
   * so a retry with the key does the work instead of replaying the conflict.
   */
  readonly retryAfter?: number;
}

const entry = <const E extends CatalogEntry>(e: E): E => e;

export const CATALOG = {
  // Authentication and authorization.
  TOKEN_REQUIRED: entry({ code: 'invalid_token', kind: 'unauthenticated', message: 'A valid bearer token is required.',
    meaning: 'No bearer token was sent where one is needed (401 with `WWW-Authenticate: Bearer error="invalid_token"`).' }),
  TOKEN_INVALID: entry({ code: 'invalid_token', kind: 'unauthenticated', message: 'The bearer token is invalid or expired.',
    meaning: 'The bearer token is malformed, expired or revoked; get a new one.' }),
  STORE_TOKEN_REQUIRED: entry({ code: 'invalid_token', kind: 'unauthenticated', message: 'A store token is required.',
    meaning: 'The operation acts in a store, and the token is not bound to one.' }),
  INSUFFICIENT_SCOPE: entry({ code: 'insufficient_scope', kind: 'forbidden', message: 'The token lacks the scope needed here (one of: {scopes}).',
    meaning: 'The token is valid but has none of the scopes that grant this action (REST: `WWW-Authenticate: Bearer error="insufficient_scope", scope="…"`; GraphQL: `extensions.scopes`).' }),
  CROSS_ORIGIN: entry({ code: 'cross_origin', kind: 'forbidden', message: 'a browser write with the pasted token must come from this site\'s own pages',
    meaning: 'A write made with the token pasted on /browse came from another site.' }),

  // Lookups.
  NO_SUCH: entry({ code: 'not_found', kind: 'not_found', message: 'No such {what}.',
    meaning: 'The resource (or its parent) does not exist, or is not visible to this token.' }),
  NO_FILE: entry({ code: 'no_file', kind: 'not_found', message: 'this downloadable has no uploaded file',
    meaning: 'The downloadable exists but no file was uploaded to it.' }),

  // Writes.
  IMMUTABLE: entry({ code: 'immutable', kind: 'conflict', message: '{reason}',
    meaning: 'The record can no longer change (a settled transaction, a used staged upload, …); the message says why.' }),
  DUPLICATE: entry({ code: 'duplicate', kind: 'conflict', message: 'another {resource} already has one of these unique values',
    meaning: 'A unique value (a code, a name) is already taken in this store or parent.' }),
  DUPLICATE_ATTRIBUTE_RACE: entry({ code: 'duplicate', kind: 'conflict', message: 'another request added an attribute of the same name; retry',
    meaning: 'A unique value (a code, a name) is already taken in this store or parent.', retryAfter: 1 }),
  DUPLICATE_FRAUD_PROTECTION: entry({ code: 'duplicate', kind: 'conflict', message: 'this fraud protection is already enabled on this payment method set',
    meaning: 'A unique value (a code, a name) is already taken in this store or parent.' }),
  ETAG_MISMATCH: entry({ code: 'precondition_failed', kind: 'precondition_failed', message: 'If-Match does not match the current ETag; fetch the resource again',
    meaning: 'If-Match names a state the resource is no longer in.' }),
  PARENT_REQUIRED: entry({ code: 'parent_required', kind: 'invalid', message: 'say which {candidates} to add to',
    meaning: 'A GraphQL create of a resource with several possible parents named none of them.' }),
  TOO_MANY_ATTRIBUTES: entry({ code: 'too_many', kind: 'invalid', message: 'send at most {max} attributes in one request',
    meaning: 'A bulk write sent more items than one request may hold.' }),
  ATTRIBUTES_SHAPE: entry({ code: 'invalid_body', kind: 'invalid', message: 'send an attribute object or a non-empty array of them',
    meaning: 'The body could not be read as the input this endpoint takes.' }),
  PAYMENT_METHOD_SET_REQUIRED: entry({ code: 'required', kind: 'invalid', message: 'payment_method_set_uri is required',
    meaning: 'A required property is missing (see the field codes).' }),
  PAYMENT_METHOD_SET_MISMATCH: entry({ code: 'mismatch', kind: 'invalid', message: 'payment_method_set_uri must be the payment method set whose collection this is posted to',
    meaning: 'A link in the body contradicts the collection it is posted to.' }),
  STAGED_UPLOAD_USED: entry({ code: 'already_used', kind: 'invalid', message: 'this staged upload has already been used',
    meaning: 'A staged upload is attached to at most one downloadable.' }),
  SINCE_INVALID: entry({ code: 'invalid_value', kind: 'invalid', message: 'since must be a date (YYYY-MM-DD) or a date-time such as 2026-01-31T12:00:00+0000',
    meaning: 'A value has the right type but is not acceptable (see the field codes).' }),
  SINCE_REQUIRED: entry({ code: 'required', kind: 'invalid', message: 'since must be a date (YYYY-MM-DD) or a date-time such as 2026-01-31T12:00:00+0000',
    meaning: 'A required property is missing (see the field codes).' }),
  REPORT_PARAM_REQUIRED: entry({ code: 'required', kind: 'invalid', message: 'give one {param} of at most 300 characters',
    meaning: 'A required property is missing (see the field codes).' }),
  CONNECTION_CURSOR_INVALID: entry({ code: 'invalid_cursor', kind: 'invalid', message: '{arg} is not a cursor of this connection and order',
    meaning: 'A paging cursor was not issued by this connection (or for another order).' }),
  EVENT_CURSOR_INVALID: entry({ code: 'invalid_cursor', kind: 'invalid', message: 'after is not an event cursor',
    meaning: 'A paging cursor was not issued by this connection (or for another order).' }),
  RESPONSE_TOO_LARGE: entry({ code: 'response_too_large', kind: 'invalid', message: 'The answer would embed more than {max} objects; ask for a smaller limit or fewer zooms, or follow links instead.',
    meaning: 'The zoomed representation would hold too many objects.' }),

  // Commerce.
  FOLDED_QUANTITY_TOO_LARGE: entry({ code: 'max', kind: 'invalid', message: 'quantity would become {quantity} with the identical item already in the cart; it must be at most {max}',
    meaning: 'Adding an item identical to a cart item would carry that item\'s quantity past what an integer property holds (2,147,483,647).' }),
  CART_TOO_LARGE: entry({ code: 'cart_too_large', kind: 'invalid', message: 'the cart has more than {max} items; a checkout takes at most {max}',
    meaning: 'A checkout of a cart with more items than CHECKOUT_MAX_LINES (default 1,000): remove items or split the order.' }),
  EMPTY_CART: entry({ code: 'empty_cart', kind: 'invalid', message: 'the cart has no items to check out',
    meaning: 'A checkout of a cart without items.' }),
  NEGATIVE_AMOUNT: entry({ code: 'negative_amount', kind: 'invalid', message: 'item {item} ({name}) comes to {amount}: option price modifiers may lower a price, not below zero',
    meaning: 'Option price modifiers bring an item below zero.' }),
  TOO_MANY_GIFT_CARDS: entry({ code: 'too_many_gift_cards', kind: 'invalid', message: 'item {item} ({name}) would provision {quantity} gift card codes; at most {max} per item',
    meaning: 'A line would provision more gift card codes than one item may; nothing was charged.' }),
  ALREADY_CHECKED_OUT: entry({ code: 'already_checked_out', kind: 'conflict', message: 'this cart was already checked out as transaction {href}',
    meaning: 'The cart became a transaction; the message links it.' }),
  CHECKOUT_IN_PROGRESS: entry({ code: 'checkout_in_progress', kind: 'conflict', message: 'another checkout of this cart is in progress; its result is the cart\'s transaction',
    meaning: 'Another checkout of the same cart holds its claim; retry after Retry-After to learn its result.', retryAfter: 1 }),
  CHECKOUT_CLAIM_LOST: entry({ code: 'checkout_claim_lost', kind: 'conflict', message: 'the checkout took longer than its claim on the cart and another checkout took it over; nothing was charged',
    meaning: 'The checkout outlived its claim on the cart and stepped back without charging; retry after Retry-After.', retryAfter: 1 }),
  INVALID_TRANSITION: entry({ code: 'invalid_transition', kind: 'conflict', message: 'a {status} transaction cannot be {to}; {action} needs status {from}',
    meaning: 'A transaction action (capture, void, refund) does not apply in its current status.' }),
  TRANSITION_RACED: entry({ code: 'invalid_transition', kind: 'conflict', message: 'the transaction is no longer {from}',
    meaning: 'A transaction action (capture, void, refund) does not apply in its current status.' }),
  TAX_ENDPOINT_UNAVAILABLE: entry({ code: 'tax_endpoint_unavailable', kind: 'unavailable', message: 'the store\'s tax endpoint did not answer; try the checkout again',
    meaning: 'The store\'s own tax service did not answer during checkout; nothing was charged.' }),

  // Limits and the platform.
  BUDGET_SPENT: entry({ code: 'rate_limited', kind: 'rate_limited', message: 'Too many requests; at most {limit} units per {window} s (a request or operation spends 1, and 1 more per {costPerPoint} of calculated cost). Retry in {reset} s.',
    meaning: 'The token or address spent its budget; retry after Retry-After seconds.' }),
  DATABASE_UNAVAILABLE: entry({ code: 'unavailable', kind: 'unavailable', message: 'The service cannot reach its database right now; retry shortly.',
    meaning: 'The database is briefly unreachable (503 with Retry-After; GraphQL SERVICE_UNAVAILABLE).' }),
  STORAGE_FULL: entry({ code: 'insufficient_storage', kind: 'insufficient_storage', message: 'The service has no storage space left to keep this; nothing of it was stored. Retry later.',
    meaning: 'The disk is full; nothing was stored (507 with Retry-After).' }),

  // Files: downloads (download-serving.ts) and staged uploads (staged-uploads.ts) refuse with a reason;
  // the REST routes answer it as `download_<reason>` or `<reason>`.
  DOWNLOAD_UNKNOWN: entry({ code: 'download_unknown', kind: 'not_found', transport: true, message: 'There is no download at this address.',
    meaning: 'The download link is not one the service issued.' }),
  DOWNLOAD_NO_FILE: entry({ code: 'download_no_file', kind: 'not_found', transport: true, message: 'The store has not uploaded this file yet; try again later.',
    meaning: 'The purchase is entitled to the file, which the store has not uploaded yet.' }),
  DOWNLOAD_EXHAUSTED: entry({ code: 'download_exhausted', kind: 'gone', transport: true, message: 'This download has been used up: every download it allowed has been made.',
    meaning: 'Every download the purchase allowed has been made (410).' }),
  DOWNLOAD_EXPIRED: entry({ code: 'download_expired', kind: 'gone', transport: true, message: 'This download has expired: its download period is over.',
    meaning: 'The download period is over (410).' }),
  DOWNLOAD_REVOKED: entry({ code: 'download_revoked', kind: 'gone', transport: true, message: 'This download has been revoked: the purchase was refunded or voided.',
    meaning: 'The purchase was refunded or voided (410).' }),
  DOWNLOAD_WITHDRAWN: entry({ code: 'download_withdrawn', kind: 'gone', transport: true, message: 'This file is no longer offered by the store.',
    meaning: 'The store removed the file (410).' }),
  RANGE_NOT_SATISFIABLE: entry({ code: 'range_not_satisfiable', kind: 'range_not_satisfiable', transport: true, message: 'the file has {size} bytes',
    meaning: 'A Range starts beyond the end of the file (416 with Content-Range).' }),
  UPLOAD_UNKNOWN: entry({ code: 'unknown', kind: 'not_found', transport: true, message: 'no upload is waiting at this URL',
    meaning: 'A PUT to an upload URL the service did not issue (or of another store).' }),
  UPLOAD_EXPIRED: entry({ code: 'expired', kind: 'gone', transport: true, message: 'this upload URL has expired; stage a new upload',
    meaning: 'The staged upload URL expired before the bytes came (410).' }),
  UPLOAD_ALREADY_UPLOADED: entry({ code: 'already_uploaded', kind: 'conflict', transport: true, message: 'this upload URL has already been used; stage a new upload',
    meaning: 'The staged upload URL already received its file.' }),
  UPLOAD_TOO_LARGE: entry({ code: 'too_large', kind: 'too_large', transport: true, message: 'the file must be at most {max} bytes',
    meaning: 'The body or file is larger than this endpoint takes (413).' }),
  UPLOAD_SIZE_MISMATCH: entry({ code: 'size_mismatch', kind: 'invalid', transport: true, message: 'the upload was staged for {declared} bytes but {sent} were sent',
    meaning: 'The bytes sent differ in number from the size the upload was staged with.' }),
  UPLOAD_INCOMPLETE: entry({ code: 'incomplete', kind: 'invalid', transport: true, message: 'the upload ended before the whole body arrived',
    meaning: 'The connection ended before the whole file arrived.' }),

  // Idempotency-Key (rest/idempotency.ts).
  IDEMPOTENCY_KEY_INVALID: entry({ code: 'invalid_value', kind: 'invalid', transport: true, message: 'Idempotency-Key must be 1 to 255 characters',
    meaning: 'A value has the right type but is not acceptable (see the field codes).' }),
  IDEMPOTENCY_KEY_REUSED: entry({ code: 'idempotency_key_reused', kind: 'unprocessable', transport: true, message: 'this Idempotency-Key was used for a different request',
    meaning: 'The key was first sent with another method, URL or body (422).' }),
  IDEMPOTENCY_KEY_IN_PROGRESS: entry({ code: 'idempotency_key_in_progress', kind: 'conflict', transport: true,
    message: 'a request with this Idempotency-Key is still being processed; retry shortly',
    meaning: 'The first request with this key has not finished; retry after Retry-After.' }),
  IDEMPOTENCY_KEY_NOT_REPLAYABLE: entry({ code: 'idempotency_key_not_replayable', kind: 'conflict', transport: true,
    message: 'the first request with this Idempotency-Key{where}; its answer carried credentials, which are shown once and not kept for replay. Send the request again with a new Idempotency-Key.',
    meaning: 'The first answer held credentials, which are not kept; send the request again with a new key.' }),
  IDEMPOTENCY_KEY_IN_DOUBT: entry({ code: 'idempotency_key_in_doubt', kind: 'conflict', transport: true,
    message: 'the first request with this Idempotency-Key lost its database connection while committing, so whether it took effect is not known; read the resource to see, and send the request again with a new Idempotency-Key only if it did not',
    meaning: 'The first request with this key may have taken effect although it was answered 503; it is not run a second time under the same key.' }),

  // Transport: the HTTP layer's own refusals.
  URI_TOO_LONG: entry({ code: 'uri_too_long', kind: 'uri_too_long', transport: true, message: 'the query string is longer than {max} bytes',
    meaning: 'The query string is longer than the service reads (414).' }),
  NO_RELATION: entry({ code: 'not_found', kind: 'not_found', transport: true, message: 'there is no relation svc:{rel}',
    meaning: 'The resource (or its parent) does not exist, or is not visible to this token.' }),
  DOCS_NOT_ACCEPTABLE: entry({ code: 'not_acceptable', kind: 'not_acceptable', transport: true,
    message: 'documentation pages are text/html, application/json or application/hal+json',
    meaning: 'Accept names no representation this resource has (406).' }),
  INVALID_XML: entry({ code: 'invalid_body', kind: 'invalid', transport: true, message: 'malformed XML body',
    meaning: 'The body could not be read as the input this endpoint takes.' }),
  NOT_AN_OBJECT: entry({ code: 'invalid_body', kind: 'invalid', transport: true, message: 'the request body must be an object of properties',
    meaning: 'The body could not be read as the input this endpoint takes.' }),
  INVALID_MULTIPART: entry({ code: 'invalid_body', kind: 'invalid', transport: true, message: 'malformed or incomplete multipart/form-data body',
    meaning: 'The body could not be read as the input this endpoint takes.' }),
  TOO_DEEP: entry({ code: 'too_deep', kind: 'invalid', transport: true, message: 'the JSON body nests deeper than {max} levels',
    meaning: 'The JSON body nests deeper than the service walks.' }),
  TEXT_BODY: entry({ code: 'unsupported_media_type', kind: 'unsupported_media_type', transport: true,
    message: 'send the properties as application/json, application/x-www-form-urlencoded or application/xml',
    meaning: 'The body\'s media type is not one this endpoint reads (415).' }),
  MULTIPART_NOT_HERE: entry({ code: 'unsupported_media_type', kind: 'unsupported_media_type', transport: true,
    message: 'multipart/form-data is accepted for downloadables only; send JSON, form-encoded or XML',
    meaning: 'The body\'s media type is not one this endpoint reads (415).' }),
  FILE_TOO_LARGE: entry({ code: 'too_large', kind: 'too_large', transport: true, message: 'file must be at most {max} bytes',
    meaning: 'The body or file is larger than this endpoint takes (413).' }),
  METHOD_NOT_ALLOWED: entry({ code: 'method_not_allowed', kind: 'method_not_allowed', transport: true, message: 'allowed methods: {allow}',
    meaning: 'The resource does not answer this method (405 with Allow).' }),
  NOT_ACCEPTABLE: entry({ code: 'not_acceptable', kind: 'not_acceptable', transport: true, message: 'supported media types: {types}',
    meaning: 'Accept names no representation this resource has (406).' }),
  API_VERSION_MISSING: entry({ code: 'api_version', kind: 'invalid', transport: true, message: 'send the header {header}: 1',
    meaning: 'The API version header is missing or names a version this service does not speak.' }),
  API_VERSION_UNSUPPORTED: entry({ code: 'api_version', kind: 'invalid', transport: true, message: '{header} {version} is not supported; send 1',
    meaning: 'The API version header is missing or names a version this service does not speak.' }),
  NO_ROUTE: entry({ code: 'not_found', kind: 'not_found', transport: true, message: 'nothing at {method} {path}',
    meaning: 'The resource (or its parent) does not exist, or is not visible to this token.' }),
  INVALID_REQUEST: entry({ code: 'invalid_request', kind: 'invalid', transport: true, message: '{detail}',
    meaning: 'The HTTP request itself could not be read (a malformed body, header or URL).' }),
  UNEXPECTED: entry({ code: 'internal', kind: 'internal', transport: true, message: 'Something went wrong on our side; quote the logref when reporting it.',
    meaning: 'An unexpected failure; the logref finds it in the logs.' }),
} as const;

export type ErrorName = keyof typeof CATALOG;

/** Every code the API answers: the catalog's and the field codes. */
export type ErrorCode = (typeof CATALOG)[ErrorName]['code'] | FieldCode;

/** The {names} of a message template. */
type Placeholders<S extends string> = S extends `${string}{${infer P}}${infer Rest}` ? P | Placeholders<Rest> : never;
type Value = string | number | readonly string[];
export type ParamsOf<N extends ErrorName> = { readonly [P in Placeholders<(typeof CATALOG)[N]['message']>]: Value };
type Args<N extends ErrorName> = [Placeholders<(typeof CATALOG)[N]['message']>] extends [never]
  ? [params?: Record<string, never>, opts?: ErrorOptions]
  : [params: ParamsOf<N>, opts?: ErrorOptions];

export interface ErrorOptions {
  /** The property at fault. */
  field?: string;
  details?: ErrorDetails;
}

export function formatMessage(template: string, params: Record<string, Value> = {}): string {
  return template.replace(/\{(\w+)\}/g, (_, name: string) => {
    const v = params[name];
    return Array.isArray(v) ? v.join(', ') : String(v);
  });
}

/** One error of the catalog, as an entry of an error list (several problems answered at once). */
export function fieldError<N extends ErrorName>(name: N, ...[params, opts]: Args<N>): FieldError {
  const e = CATALOG[name];
  return { code: e.code, message: formatMessage(e.message, params as Record<string, Value> | undefined), ...(opts?.field ? { field: opts.field } : {}) };
}

/** The error to throw, e.g. `throw apiError('IMMUTABLE', { reason })`. */
export function apiError<N extends ErrorName>(name: N, ...args: Args<N>): ApiError {
  const { kind, retryAfter } = CATALOG[name] as CatalogEntry;
  const details = retryAfter === undefined ? args[1]?.details : { retryAfter, ...args[1]?.details };
  return new ApiError(kind, [fieldError(name, ...args)], details);
}

/** 403: the token has none of these scopes; they travel as data, the transports say them. */
export function insufficientScope(scopes: readonly string[]): ApiError {
  return apiError('INSUFFICIENT_SCOPE', { scopes }, { details: { scopes: [...scopes] } });
}
