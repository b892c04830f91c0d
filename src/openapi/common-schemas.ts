// Schemas every representation shares: links and curies, the collection links, the error body
// (DESIGN §3), Siren entities, the token object of the token chain, and the text formats.
import { ref, type Schema } from './schemas.js';

export function commonSchemas(base: string): Record<string, Schema> {
  const link: Schema = {
    type: 'object',
    required: ['href'],
    properties: {
      href: { type: 'string', description: 'Absolute URL (or URI template when templated).' },
      title: { type: 'string' },
      templated: { type: 'boolean' },
      name: { type: 'string' },
    },
    additionalProperties: false,
  };
  return {
    Link: link,
    Curies: {
      type: 'array',
      description: `The svc curie: svc:<rel> expands to ${base}/rels/<rel>, the relation's documentation page.`,
      items: link,
    },
    CollectionLinks: {
      type: 'object',
      required: ['self'],
      description: 'Paging links carry offset and limit; prev is absent on the first page and next on the last.',
      properties: {
        self: ref('Link'), curies: ref('Curies'), first: ref('Link'), prev: ref('Link'), next: ref('Link'), last: ref('Link'),
      },
      additionalProperties: false,
    },
    ErrorItem: {
      type: 'object',
      required: ['logref', 'code', 'message'],
      properties: {
        _links: { type: 'object', properties: { self: ref('Link') } },
        logref: { type: 'string', description: 'The request id (also the x-request-id header): quote it when reporting a problem.' },
        code: { type: 'string', description: 'Stable machine-readable code (required, max_length, invalid_token, insufficient_scope, not_found, …).' },
        message: { type: 'string', description: 'A sentence for people.' },
        field: { type: 'string', description: 'The property or parameter at fault, when one is.' },
      },
      additionalProperties: false,
    },
    Error: {
      type: 'object',
      description: 'Every failed request: all errors at once, each naming its field.',
      required: ['total', '_embedded'],
      properties: {
        _links: { type: 'object', properties: { self: ref('Link'), curies: ref('Curies') } },
        _embedded: {
          type: 'object', required: ['svc:errors'],
          properties: { 'svc:errors': { type: 'array', items: ref('ErrorItem') } },
          externalDocs: { url: `${base}/rels/errors` },
        },
        total: { type: 'integer', minimum: 0 },
        error: { type: 'string', description: 'RFC 6750 error code on 401 and 403 (invalid_token, insufficient_scope).' },
        error_description: { type: 'string' },
      },
    },
    SirenLink: {
      type: 'object',
      required: ['rel', 'href'],
      properties: { rel: { type: 'array', items: { type: 'string' } }, href: { type: 'string' }, title: { type: 'string' } },
      additionalProperties: false,
    },
    SirenAction: {
      type: 'object',
      required: ['name', 'method', 'href', 'type', 'fields'],
      properties: {
        name: { type: 'string' }, title: { type: 'string' }, method: { type: 'string' }, href: { type: 'string' }, type: { type: 'string' },
        fields: {
          type: 'array',
          items: {
            type: 'object', required: ['name', 'type'],
            properties: { name: { type: 'string' }, type: { type: 'string' }, value: {}, title: { type: 'string' } },
            additionalProperties: false,
          },
        },
      },
      additionalProperties: false,
    },
    SirenEntity: {
      type: 'object',
      description: 'A Siren entity; svc: rels are written expanded to their documentation URLs.',
      required: ['class', 'properties', 'links'],
      properties: {
        rel: { type: 'array', items: { type: 'string' } },
        class: { type: 'array', items: { type: 'string' } },
        title: { type: 'string' },
        properties: { type: 'object' },
        entities: { type: 'array', items: ref('SirenEntity') },
        links: { type: 'array', items: ref('SirenLink') },
        actions: { type: 'array', items: ref('SirenAction') },
      },
      additionalProperties: false,
    },
    HalXml: {
      type: 'string',
      description: 'HAL+XML: a <resource rel="self" href=…> root with <link rel href title/> children, one element per property and nested <resource rel=…> for embedded resources.',
    },
    HtmlPage: { type: 'string', description: 'A browsable page: links, properties, embedded resources and a form per action.' },
    Token: {
      type: 'object',
      required: ['access_token', 'token_type', 'expires_in', 'scope'],
      properties: {
        access_token: { type: 'string' },
        token_type: { type: 'string', description: 'Bearer.' },
        expires_in: { type: 'integer', description: 'Seconds (7200).' },
        scope: { type: 'string' },
        refresh_token: { type: 'string' },
      },
      additionalProperties: false,
    },
    OAuthError: {
      type: 'object',
      required: ['error'],
      properties: { error: { type: 'string', description: 'RFC 6749 §5.2 code (invalid_grant, invalid_client, …).' }, error_description: { type: 'string' } },
    },
  };
}

/** A Siren entity whose `properties` follow `props`. */
export function sirenOf(props: Schema): Schema {
  return { allOf: [ref('SirenEntity'), { properties: { properties: props } }] };
}
