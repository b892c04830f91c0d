// Operations of the routes that are not generated member/collection routes: the home resource,
// client and user creation, the OAuth endpoints, reporting, the action links the SDL declares with
// @link (checkout, capture, void, refund, send_webhooks, the file download), webhook resend,
// staged uploads, the /rels pages and this description. Paths of action links come from the
// registry; test/openapi/document.test.ts checks every route the app registers is described here.
import type { Registry } from '../model/types.js';
import { CLIENT_FULL, grantingScopes } from '../auth/scopes.js';
import { UPLOAD_PATH } from '../services/staged-uploads.js';
import { ACTION_INPUTS } from '../rest/action-inputs.js';
import {
  errors, HEADERS, headOperation, ok, optionsOperation, param, READ_ERRORS, represented, requestBody, security, WRITE_ERRORS,
  type Operation, type PathItem,
} from './operations.js';
import { ref, type Schema } from './schemas.js';

const obj = (properties: Record<string, Schema>, required: string[] = []): Schema =>
  ({ type: 'object', ...(required.length ? { required } : {}), properties, additionalProperties: false });
const str = (description?: string): Schema => ({ type: 'string', ...(description ? { description } : {}) });

/** What a POST action link takes, from the list its HTML form and Siren action use too. */
function actionBody(rel: string): Schema | undefined {
  const inputs = ACTION_INPUTS[rel];
  if (!inputs) return undefined;
  const props = Object.fromEntries(inputs.map((i) => [i.name, {
    ...(i.list ? { oneOf: [{ type: 'array', items: { type: ['integer', 'string'] } }, { type: 'string' }] } : { type: 'string' }),
    ...(i.options ? { enum: i.options } : {}), description: i.title,
  }]));
  return obj(props, inputs.filter((i) => i.required).map((i) => i.name));
}

/** Answers of the POST action links, by rel; the path and who may call come from the model. */
const ACTIONS: Record<string, { status: number; answer: string; summary: string; mode: 'write' | 'resend' }> = {
  checkout: { status: 201, answer: 'Transaction', mode: 'write', summary: 'Pay for the cart: taxes, fraud checks, payment; creates the transaction' },
  capture: { status: 200, answer: 'Transaction', mode: 'write', summary: 'Capture an authorized payment' },
  void: { status: 200, answer: 'Transaction', mode: 'write', summary: 'Void an authorized payment' },
  refund: { status: 200, answer: 'Transaction', mode: 'write', summary: 'Refund a captured payment' },
  send_webhooks: { status: 202, answer: 'Event', mode: 'resend', summary: 'Send the transaction to chosen webhooks again (a transaction/refeed event)' },
};

function actionPaths(registry: Registry, base: string): Record<string, PathItem> {
  const paths: Record<string, PathItem> = {};
  for (const r of registry.resources) {
    for (const l of r.links) {
      const m = /^\{self\}\/([a-z_]+)$/.exec(l.href);
      if (!m) continue;
      const path = `${r.path}/{id}/${m[1]}`;
      const tags = [r.name];
      if (l.methods.includes('POST')) {
        const a = ACTIONS[l.rel];
        if (!a) throw new Error(`openapi: describe the action svc:${l.rel} in extra-paths.ts`);
        paths[path] = {
          post: {
            operationId: `${l.rel.replace(/_(.)/g, (_x, c: string) => c.toUpperCase())}${r.typeName}`, summary: a.summary, tags,
            description: `${l.title ?? ''} Linked as svc:${l.rel}${l.when ? ` only while ${l.when}` : ''}.`.trim(),
            externalDocs: { url: `${base}/rels/${l.rel}` },
            security: security(a.mode === 'resend' ? [...new Set(['store_full_access', ...r.scopes.resend])] : grantingScopes(r, 'write')),
            parameters: [param('Id'), param('ApiVersion'), param('IdempotencyKey')],
            ...(actionBody(l.rel) ? { requestBody: requestBody(actionBody(l.rel)!, { required: false }) } : {}),
            responses: { [a.status]: ok('The result.', represented(a.answer), a.status === 201 ? { Location: HEADERS.Location } : {}), ...errors(...WRITE_ERRORS) },
          },
        };
      } else if (l.methods.includes('GET')) {
        const get: Operation = {
          operationId: `download${r.typeName}${l.rel[0].toUpperCase()}${l.rel.slice(1)}`, summary: l.title ?? l.rel, tags,
          security: security(grantingScopes(r, 'read')), parameters: [param('Id'), param('ApiVersion')],
          responses: {
            200: ok('The bytes, as an attachment.', { 'application/octet-stream': { schema: { type: 'string', contentMediaType: 'application/octet-stream' } } },
              { ETag: HEADERS.ETag, 'Content-Disposition': { schema: { type: 'string' } } }),
            304: { description: 'Not modified.' }, ...errors(...READ_ERRORS),
          },
        };
        paths[path] = { get, head: headOperation(`head${r.typeName}File`, 'Headers of the file', get), options: optionsOperation(`options${r.typeName}File`, tags, ['GET', 'HEAD', 'OPTIONS'], [param('Id')]) };
      }
    }
  }
  return paths;
}

function homePath(): PathItem {
  const get: Operation = {
    operationId: 'getHome', summary: 'The home resource: where every integration starts', tags: ['home'],
    description: 'Links depend on the token: none → svc:create_client and svc:token; a client token adds svc:reporting, svc:client, svc:create_user; ' +
      'a user token svc:user and svc:stores; a store token svc:store. `service-desc` links this description (RFC 8631).',
    security: [{}, { oauth2: [] }], parameters: [param('ApiVersion')],
    responses: { 200: ok('Links and a message.', represented('Home')), ...errors(400, 401, 406) },
  };
  return { get, head: headOperation('headHome', 'Headers of the home resource', get) };
}

export function homeSchema(base: string): Schema {
  const rels = ['create_client', 'token', 'reporting', 'client', 'create_user', 'user', 'stores', 'store'];
  const links: Record<string, Schema> = { self: ref('Link'), curies: ref('Curies'), 'service-desc': ref('Link'), 'service-doc': ref('Link') };
  for (const rel of rels) links[`svc:${rel}`] = { allOf: [ref('Link')], externalDocs: { url: `${base}/rels/${rel}` } };
  return obj({ _links: { ...obj(links, ['self']) }, message: str() }, ['_links']);
}

function oauthPaths(): Record<string, PathItem> {
  const form = (properties: Record<string, Schema>, required: string[]) => ({
    required: true, content: { 'application/x-www-form-urlencoded': { schema: obj(properties, required) } },
  });
  const oauthError = { description: 'RFC 6749 error.', content: { 'application/json': { schema: ref('OAuthError') } } };
  const common = { tags: ['oauth'], security: [{ clientBasic: [] }, {}] };
  return {
    '/token': {
      post: {
        ...common, operationId: 'token', summary: 'OAuth 2.0 token endpoint (refresh_token, authorization_code with PKCE, client_credentials)',
        requestBody: form({
          grant_type: { type: 'string', enum: ['refresh_token', 'authorization_code', 'client_credentials'] },
          refresh_token: str(), code: str(), redirect_uri: str(), code_verifier: str(), scope: str('Space-separated; narrows a refresh.'),
          client_id: str(), client_secret: str(),
        }, ['grant_type']),
        responses: { 200: { description: 'Tokens.', content: { 'application/json': { schema: ref('Token') } } }, 400: oauthError, 401: oauthError, default: oauthError },
      },
    },
    '/revoke': {
      post: {
        ...common, operationId: 'revoke', summary: 'Revoke a token (RFC 7009)',
        requestBody: form({ token: str(), token_type_hint: str(), client_id: str(), client_secret: str() }, ['token']),
        responses: { 200: { description: 'Revoked (or unknown).' }, 400: oauthError, 401: oauthError, default: oauthError },
      },
    },
    '/introspect': {
      post: {
        ...common, operationId: 'introspect', summary: 'Introspect a token (RFC 7662)',
        requestBody: form({ token: str(), token_type_hint: str(), client_id: str(), client_secret: str() }, ['token']),
        responses: {
          200: { description: 'Token state.', content: { 'application/json': { schema: { type: 'object', required: ['active'], properties: { active: { type: 'boolean' } } } } } },
          400: oauthError, 401: oauthError, default: oauthError,
        },
      },
    },
  };
}

function reportingPaths(): Record<string, PathItem> {
  const sec = security([CLIENT_FULL]);
  const check = (param: string, what: string): PathItem => ({
    get: {
      operationId: `${what}Exists`, summary: `Does a ${what} with this ${param} exist?`, tags: ['reporting'], security: sec,
      parameters: [{ name: param, in: 'query', required: true, schema: { type: 'string', maxLength: 300 } }, { $ref: '#/components/parameters/ApiVersion' }],
      responses: { 200: ok(`The ${what} exists: linked.`, represented('ReportingCheck', 'GenericSiren')), ...errors(...READ_ERRORS) },
    },
  });
  return {
    '/reporting': {
      get: {
        operationId: 'getReporting', summary: 'Reporting home', tags: ['reporting'], security: sec, parameters: [param('ApiVersion')],
        responses: { 200: ok('Links to the checks.', represented('Reporting', 'GenericSiren')), ...errors(...READ_ERRORS) },
      },
    },
    '/reporting/email_exists': check('email', 'user'),
    '/reporting/store_domain_exists': check('store_domain', 'store'),
  };
}

export function extraPaths(registry: Registry, base: string): Record<string, PathItem> {
  const created = (name: string) => ok('Created; the token is shown only now.', represented(name, `${registry.resource(name === 'ClientRegistration' ? 'client' : 'user').typeName}Siren`),
    { Location: HEADERS.Location });
  return {
    '/': homePath(),
    '/clients': {
      post: {
        operationId: 'registerClient', summary: 'Register an OAuth client (svc:create_client): no token needed', tags: ['client'],
        security: [{}], parameters: [param('ApiVersion'), param('IdempotencyKey')],
        requestBody: requestBody(ref('ClientCreate')),
        responses: { 201: created('ClientRegistration'), ...errors(400, 406, 409, 413, 415) },
      },
    },
    '/users': {
      post: {
        operationId: 'createUser', summary: 'Create a user (svc:create_user) with a user_full_access token', tags: ['user'],
        security: security([CLIENT_FULL]), parameters: [param('ApiVersion'), param('IdempotencyKey')],
        requestBody: requestBody(ref('UserCreate')),
        responses: { 201: created('UserCreated'), ...errors(...WRITE_ERRORS) },
      },
    },
    ...oauthPaths(),
    ...reportingPaths(),
    ...actionPaths(registry, base),
    '/webhooks/{id}/resend': {
      post: {
        operationId: 'resendWebhook', summary: 'Queue again every event of the webhook\'s resource since a time', tags: ['webhook'],
        security: security(['store_full_access', ...registry.resource('webhook').scopes.resend]),
        parameters: [param('Id'), param('ApiVersion'), param('IdempotencyKey')],
        requestBody: requestBody(obj({ since: str('YYYY-MM-DD or a date-time such as 2026-01-31T12:00:00+0000.') }, ['since'])),
        responses: { 202: ok('Queued.', represented('WebhookResend', 'GenericSiren')), ...errors(...WRITE_ERRORS) },
      },
    },
    [`${UPLOAD_PATH}/{token}`]: {
      put: {
        operationId: 'putStagedUpload', summary: 'Send the bytes of a staged upload (the URL is the credential)', tags: ['downloadable'],
        security: [{}], parameters: [{ name: 'token', in: 'path', required: true, schema: { type: 'string' } }],
        requestBody: { required: true, content: { '*/*': { schema: { type: 'string', contentMediaType: 'application/octet-stream' } } } },
        responses: {
          200: { description: 'Stored.', content: { 'application/json': { schema: obj({ staged_upload_id: str(), file_size: { type: 'integer' }, sha256: str() }) } } },
          default: { $ref: '#/components/responses/Error' },
        },
      },
    },
    '/download/{token}': downloadPath(),
    '/rels/{rel}': {
      get: {
        operationId: 'getRelation', summary: 'Documentation of a link relation (HTML, or JSON when asked)', tags: ['documentation'], security: [{}],
        parameters: [{ name: 'rel', in: 'path', required: true, schema: { type: 'string', pattern: '^[a-z][a-z0-9_]{0,99}$' } }],
        responses: {
          200: { description: 'The relation: description, methods, properties, examples.', content: { 'text/html': { schema: ref('HtmlPage') }, 'application/json': { schema: { type: 'object' } }, 'application/hal+json': { schema: { type: 'object' } } } },
          default: { $ref: '#/components/responses/Error' },
        },
      },
    },
    '/openapi.json': {
      get: {
        operationId: 'getOpenApi', summary: 'This description (OpenAPI 3.1), generated from the model', tags: ['documentation'], security: [{}],
        responses: { 200: { description: 'OpenAPI 3.1 document.', content: { 'application/openapi+json': { schema: { type: 'object' } }, 'application/json': { schema: { type: 'object' } } } } },
      },
    },
  };
}

/** A download's capability URL (issue 17): no token, no version header; the URL is the credential. */
function downloadPath(): PathItem {
  const get: Operation = {
    operationId: 'getPurchasedFile', summary: 'The purchased file, while its download is active (spends one download)', tags: ['download'],
    security: [{}], parameters: [{ name: 'token', in: 'path', required: true, schema: { type: 'string' } }, { name: 'Range', in: 'header', schema: { type: 'string' } }],
    responses: {
      200: { description: 'The bytes, as an attachment, in the file\'s own media type.', content: { '*/*': { schema: { type: 'string', contentMediaType: 'application/octet-stream' } } } },
      206: { description: 'The requested byte range.', content: { '*/*': { schema: { type: 'string', contentMediaType: 'application/octet-stream' } } } },
      default: { $ref: '#/components/responses/Error' },
    },
  };
  const token = { name: 'token', in: 'path', required: true, schema: { type: 'string' } };
  return {
    get, head: headOperation('headPurchasedFile', 'Headers of the purchased file (spends nothing)', get),
    options: optionsOperation('optionsPurchasedFile', ['download'], ['GET', 'HEAD', 'OPTIONS'], [token]),
  };
}
