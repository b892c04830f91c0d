// Building blocks of operations: the four representations of a response, the error answers, the
// request body media types, parameters and per-operation security from the declared scopes.
import { ref, type Schema } from './schemas.js';

/** The version header every REST request sends (checked in src/app.ts's onRequest hook). */
export const API_VERSION_HEADER = 'SERVICE-API-VERSION';
export const API_VERSION_VALUE = '1';

export type Operation = Record<string, unknown>;
export type PathItem = Record<string, Operation>;

/** A response body in every representation the facade negotiates. */
export function represented(schemaName: string, sirenName = `${schemaName}Siren`): Record<string, { schema: Schema }> {
  return {
    'application/hal+json': { schema: ref(schemaName) },
    'application/hal+xml': { schema: ref('HalXml') },
    'application/vnd.siren+json': { schema: ref(sirenName) },
    'text/html': { schema: ref('HtmlPage') },
  };
}

const ERROR_RESPONSES: Record<string, [string, string]> = {
  400: ['BadRequest', 'Malformed or invalid input: every invalid field or parameter is listed.'],
  401: ['Unauthorized', 'Missing, invalid or expired bearer token (WWW-Authenticate: Bearer error="invalid_token").'],
  403: ['Forbidden', 'The token lacks the scope (WWW-Authenticate: Bearer error="insufficient_scope").'],
  404: ['NotFound', 'No such resource, or another store\'s.'],
  405: ['MethodNotAllowed', 'The path does not answer this method; Allow lists those it does.'],
  406: ['NotAcceptable', 'None of the Accept types is offered.'],
  409: ['Conflict', 'Duplicate unique value, immutable resource or invalid transition.'],
  412: ['PreconditionFailed', 'If-Match does not name the current ETag.'],
  413: ['PayloadTooLarge', 'Body or upload too large.'],
  415: ['UnsupportedMediaType', 'Body media type not accepted here.'],
  429: ['TooManyRequests', 'Rate limited; Retry-After and RateLimit-* headers say when to retry.'],
  503: ['ServiceUnavailable', 'Temporarily unavailable; retry after Retry-After seconds.'],
};

export function errorResponses(): Record<string, Schema> {
  const out: Record<string, Schema> = {};
  for (const [status, [name, description]] of Object.entries(ERROR_RESPONSES)) {
    out[name] = { description, content: represented('Error') };
    void status;
  }
  out.Error = { description: 'Any other failure, in the error body.', content: represented('Error') };
  return out;
}

/** The error answers an operation can give, plus `default`. */
export function errors(...statuses: number[]): Record<string, Schema> {
  const out: Record<string, Schema> = {};
  for (const s of [...statuses, 429, 503]) out[String(s)] = { $ref: `#/components/responses/${ERROR_RESPONSES[s][0]}` };
  out.default = { $ref: '#/components/responses/Error' };
  return out;
}

export const READ_ERRORS = [400, 401, 403, 404, 406];
export const WRITE_ERRORS = [400, 401, 403, 404, 406, 409, 412, 413, 415];

/** Request bodies the facade parses: JSON, form-encoded and XML (DESIGN §3), optionally multipart. */
export function requestBody(schema: Schema, opts: { multipart?: Schema; description?: string; required?: boolean } = {}): Schema {
  const content: Record<string, { schema: Schema }> = {
    'application/json': { schema },
    'application/x-www-form-urlencoded': { schema },
    'application/xml': { schema: { ...schema, xml: { name: 'resource' } } },
  };
  if (opts.multipart) content['multipart/form-data'] = { schema: opts.multipart };
  return { required: opts.required ?? true, ...(opts.description ? { description: opts.description } : {}), content };
}

/** Alternatives of the OAuth scopes that grant an operation (any one suffices). */
export function security(scopes: string[]): Array<Record<string, string[]>> {
  return scopes.filter((s) => /^[a-z_]+$/.test(s)).map((s) => ({ oauth2: [s] }));
}

export const param = (name: string): Schema => ({ $ref: `#/components/parameters/${name}` });

export const HEADERS = {
  ETag: { description: 'Entity tag of the representation; send it in If-Match to update safely.', schema: { type: 'string' } },
  Location: { description: 'The created resource.', schema: { type: 'string', format: 'uri' } },
  Allow: { description: 'Methods the path answers.', schema: { type: 'string' } },
};

export function ok(description: string, content: Record<string, unknown>, headers: Record<string, unknown> = {}): Schema {
  return { description, ...(Object.keys(headers).length ? { headers } : {}), content };
}

export function headOperation(operationId: string, summary: string, get: Operation): Operation {
  const { tags, parameters, security: sec } = get;
  return {
    operationId, summary, tags, parameters, security: sec,
    responses: { 200: { description: 'The headers GET would send, without a body.', headers: { ETag: HEADERS.ETag } }, ...errors(...READ_ERRORS) },
  };
}

export function optionsOperation(operationId: string, tags: unknown, allow: string[], parameters: Schema[] = []): Operation {
  return {
    operationId, summary: `Methods allowed here: ${allow.join(', ')}`, tags, security: [{}], parameters,
    responses: { 204: { description: 'Allow lists the methods.', headers: { Allow: HEADERS.Allow } }, ...errors() },
  };
}
