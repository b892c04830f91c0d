// The OpenAPI 3.1 description of the REST facade, generated at run time from the model registry
// (never written by hand, so it cannot drift): paths from the same registry the routes come from,
// schemas from the same fields the renderers read, security from the same declared scopes.
import type { Registry } from '../model/types.js';
import { areaScopes, CLIENT_FULL, STORE_FULL, USER_FULL } from '../auth/scopes.js';
import { commonSchemas, sirenOf } from './common-schemas.js';
import { API_VERSION_HEADER, API_VERSION_VALUE, errorResponses, headOperation, type PathItem } from './operations.js';
import { extraPaths, homeSchema } from './extra-paths.js';
import { CREATED_WITH_TOKEN, filterParameter, filterParameterName, queryParameters, resourcePaths, takesUpload } from './resource-paths.js';
import {
  collectionCounts, collectionName, halCollection, halMember, inputSchema, propertiesObject, ref, requiredOnCreate, type Schema,
} from './schemas.js';

function resourceSchemas(registry: Registry, base: string): Record<string, Schema> {
  const out: Record<string, Schema> = {};
  for (const r of registry.resources) {
    const T = r.typeName;
    out[T] = halMember(registry, base, r);
    out[`${T}Siren`] = sirenOf(propertiesObject(r));
    out[`${T}Input`] = inputSchema(r);
    out[`${T}Create`] = inputSchema(r, requiredOnCreate(r));
    if (takesUpload(r)) {
      const file = { type: 'string', contentMediaType: 'application/octet-stream', description: 'The file content (a file part).' };
      const parts = Object.fromEntries(r.uploads.map((part) => [part, file]));
      const upload = (s: Schema) => ({ ...s, properties: { ...(s.properties as object), ...parts } });
      out[`${T}Upload`] = upload(inputSchema(r));
      out[`${T}UploadCreate`] = upload(inputSchema(r, [...requiredOnCreate(r), ...r.uploads]));
    }
    if (CREATED_WITH_TOKEN[r.name]) out[`${T}Created`] = halMember(registry, base, r, { token: ref('Token') });
    for (const rel of r.rels.filter((x) => x.kind === 'many')) {
      const C = collectionName(rel);
      out[C] ??= halCollection(registry, rel);
      out[`${C}Siren`] ??= sirenOf({ type: 'object', properties: collectionCounts(), additionalProperties: false });
    }
  }
  return out;
}

function specialSchemas(registry: Registry, base: string): Record<string, Schema> {
  const client = registry.resource('client');
  const linkMap: Schema = { type: 'object', additionalProperties: { oneOf: [ref('Link'), { type: 'array', items: ref('Link') }] } };
  return {
    Home: homeSchema(base),
    HomeSiren: sirenOf({ type: 'object', properties: { message: { type: 'string' } } }),
    GenericSiren: ref('SirenEntity'),
    ErrorSiren: sirenOf({ type: 'object', properties: { total: { type: 'integer' } } }),
    ClientRegistration: {
      type: 'object',
      description: 'The registration response: the client\'s secret and its client_full_access token, shown only here.',
      required: ['_links', 'message', 'token', 'client_id', 'client_secret'],
      properties: {
        _links: {
          type: 'object', required: ['self'], additionalProperties: false,
          properties: { self: ref('Link'), curies: ref('Curies'), 'svc:attributes': ref('Link') },
        },
        message: { type: 'string', description: '"client <id> created successfully."' },
        token: ref('Token'),
        client_id: { type: 'string', description: client.fieldsByName.get('client_id')?.description },
        client_secret: { type: 'string' },
      },
      additionalProperties: false,
    },
    UserCreated: halMember(registry, base, registry.resource('user'), { token: ref('Token') }),
    Reporting: { type: 'object', required: ['_links'], properties: { _links: linkMap, message: { type: 'string' } }, additionalProperties: false },
    ReportingCheck: {
      type: 'object', required: ['_links', 'exists'],
      properties: { _links: linkMap, exists: { type: 'boolean' }, email: { type: 'string' }, store_domain: { type: 'string' } },
      additionalProperties: false,
    },
    WebhookResend: {
      type: 'object', required: ['_links', 'since', 'queued'],
      properties: { _links: linkMap, since: { type: 'string' }, queued: { type: 'integer', minimum: 0 } },
      additionalProperties: false,
    },
  };
}

function scopeDescriptions(registry: Registry): Record<string, string> {
  const out: Record<string, string> = {
    [CLIENT_FULL]: 'The client itself: create users, reporting (issued at registration).',
    [USER_FULL]: 'A user: read and change the user, create and connect stores.',
    [STORE_FULL]: 'Everything in one store.',
  };
  for (const s of areaScopes(registry)) {
    const areas = registry.resources.filter((r) => [...r.scopes.read, ...r.scopes.write, ...r.scopes.resend].includes(s)).map((r) => r.collection);
    const mode = s.endsWith('_read') ? 'Read' : s.endsWith('_write') ? 'Read and write' : 'Resend events of';
    out[s] = `${mode} ${areas.join(', ')} of one store.`;
  }
  return out;
}

function parameters(registry: Registry): Record<string, Schema> {
  const q = (name: string, description: string, schema: Schema): Schema => ({ name, in: 'query', description, schema });
  const out: Record<string, Schema> = {
    Id: { name: 'id', in: 'path', required: true, schema: { type: 'integer', minimum: 1 } },
    ApiVersion: {
      name: API_VERSION_HEADER, in: 'header', required: true,
      description: 'API version; every REST request sends 1 (a browser asking for text/html may omit it).',
      schema: { type: 'string', enum: [API_VERSION_VALUE] },
    },
    Limit: q('limit', 'Page size, 1 to 300.', { type: 'integer', minimum: 1, maximum: 300, default: 20 }),
    Offset: q('offset', 'Start index.', { type: 'integer', minimum: 0, default: 0 }),
    After: q('after', 'Resume after this sequence number (event feeds).', { type: 'integer', minimum: 0 }),
    IfMatch: { name: 'If-Match', in: 'header', description: 'ETag the write is based on (412 if stale).', schema: { type: 'string' } },
    IfNoneMatch: { name: 'If-None-Match', in: 'header', description: 'ETag held (304 if unchanged).', schema: { type: 'string' } },
    IdempotencyKey: { name: 'Idempotency-Key', in: 'header', description: 'Retrying with the same key answers the first result.', schema: { type: 'string', maxLength: 255 } },
  };
  for (const r of registry.resources) Object.assign(out, queryParameters(r), { [filterParameterName(r)]: filterParameter(registry, r) });
  return out;
}

/** The names an instance is configured with (CURIE_NAME, API_VERSION_HEADER); defaults `svc`, `SERVICE-API-VERSION`. */
export interface DescribedNames { curieName?: string; versionHeader?: string }

/**
 * The description under an instance's configured names: built with the defaults, then every `svc:`
 * rel key and the version header renamed, as the renderers rename them in answers.
 */
export function buildOpenApi(registry: Registry, base: string, names: DescribedNames = {}): Record<string, unknown> {
  const doc = buildDefaultOpenApi(registry, base);
  const curie = names.curieName ?? 'svc';
  const header = names.versionHeader ?? API_VERSION_HEADER;
  if (curie === 'svc' && header === API_VERSION_HEADER) return doc;
  return JSON.parse(JSON.stringify(doc).replaceAll('"svc:', `"${curie}:`).replaceAll('`svc:', `\`${curie}:`)
    .replaceAll(API_VERSION_HEADER, header)) as Record<string, unknown>;
}

function buildDefaultOpenApi(registry: Registry, base: string): Record<string, unknown> {
  const paths: Record<string, PathItem> = { ...extraPaths(registry, base), ...resourcePaths(registry) };
  // Every GET route also answers HEAD (Fastify exposes it), with the same headers and no body.
  for (const item of Object.values(paths)) {
    if (item.get && !item.head) item.head = headOperation(`head${String(item.get.operationId).replace(/^get/, '').replace(/^./, (c) => c.toUpperCase())}`, `Headers of: ${String(item.get.summary)}`, item.get);
  }
  const tags = [
    { name: 'home', description: 'Start here and follow links.' },
    { name: 'oauth', description: 'OAuth 2.0 endpoints.' },
    { name: 'reporting', description: 'Existence checks for client tokens.' },
    { name: 'documentation', description: 'This description and the link relation pages.' },
    ...registry.resources.map((r) => ({
      name: r.name, description: r.description ?? r.title, externalDocs: { url: `${base}/rels/${r.name}`, description: `svc:${r.name}` },
    })),
  ];
  return {
    openapi: '3.1.0',
    info: {
      title: 'Commerce API — REST facade',
      version: API_VERSION_VALUE,
      description: 'Hypermedia REST facade (HAL+JSON, HAL+XML, Siren, HTML) over the commerce model. Every link relation `svc:{rel}` ' +
        `is documented at \`${base}/rels/{rel}\`. Requests send \`SERVICE-API-VERSION: 1\`; a POST with \`X-HTTP-Method-Override\` ` +
        '(or an HTML form\'s `_method`) stands for PATCH, PUT or DELETE. Generated from the model at run time.',
    },
    jsonSchemaDialect: 'https://spec.openapis.org/oas/3.1/dialect/base',
    servers: [{ url: base }],
    externalDocs: { url: `${base}/docs`, description: 'Browsable documentation of this description' },
    tags,
    paths,
    components: {
      schemas: { ...commonSchemas(base), ...specialSchemas(registry, base), ...resourceSchemas(registry, base) },
      responses: errorResponses(),
      parameters: parameters(registry),
      securitySchemes: {
        oauth2: {
          type: 'oauth2',
          description: 'Bearer access tokens. Register a client (POST /clients) for a client_full_access token, then follow the chain to a store.',
          flows: {
            authorizationCode: { authorizationUrl: `${base}/authorize`, tokenUrl: `${base}/token`, refreshUrl: `${base}/token`, scopes: scopeDescriptions(registry) },
            clientCredentials: { tokenUrl: `${base}/token`, refreshUrl: `${base}/token`, scopes: { [CLIENT_FULL]: scopeDescriptions(registry)[CLIENT_FULL] } },
          },
        },
        clientBasic: { type: 'http', scheme: 'basic', description: 'client_id and client_secret (or send them as form parameters).' },
      },
    },
  };
}
