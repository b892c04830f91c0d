// The documentation of a link relation (`svc:<rel>`, the curie target `/rels/{rel}`), built from the
// registry: what the relation leads to, which methods it answers, the target's properties with their
// constraints, and an example rendered by the real renderers from a synthetic row.
import type { FieldDef, LinkDef, RelDef, Registry, ResourceDef } from '../model/types.js';
import type { Values } from '../data/codec.js';
import type { MediaType, Representation } from '../representations/types.js';
import { render } from '../representations/negotiate.js';
import { selfHref } from '../services/refs.js';
import { errorRepresentation } from './errors.js';
import { actionFields, relTitle } from './links.js';
import { collectionEnvelope, memberRepresentation } from './represent.js';
import { collectionAllow, memberAllow } from './resource-routes.js';
import { exampleRow } from './rels-example.js';

export interface PropertyDoc {
  name: string;
  type: string;
  description?: string;
  required: boolean;
  read_only: boolean;
  write_once: boolean;
  write_only: boolean;
  unique?: boolean;
  max_length?: number;
  min_length?: number;
  minimum?: string;
  maximum?: string;
  greater_than?: string;
  format?: string;
  enum?: string[];
  default?: string;
  required_when?: string;
  /** For `*_uri` properties: the relation whose target they name. */
  reference?: string;
}

export interface LinkDoc { rel: string; title: string; methods: string[] }

export interface RelDoc {
  rel: string;
  title: string;
  description?: string;
  /** resource: a single resource; collection: a list of them; action: a POST on the linking resource; endpoint: a service endpoint. */
  kind: 'resource' | 'collection' | 'action' | 'endpoint';
  methods: string[];
  /** The resource the relation leads to (or acts on). */
  resource?: string;
  properties: PropertyDoc[];
  /** Links the target carries, each to its own page. */
  links: LinkDoc[];
  example?: Representation;
}

export const EXAMPLE_MEDIA_TYPES: MediaType[] = ['application/hal+json', 'application/hal+xml', 'application/vnd.siren+json'];

const TYPE_NAMES: Record<FieldDef['kind'], string> = {
  string: 'String', int: 'Integer', decimal: 'Decimal', boolean: 'Boolean', datetime: 'Timestamp (YYYY-MM-DDThh:mm:ss+zzzz)',
  date: 'Date (YYYY-MM-DD)', json: 'JSON text', enum: 'String',
};

function typeName(f: FieldDef): string {
  const t = f.ref || f.constraints.format === 'URL' ? 'URL' : f.bit ? 'Boolean (1 or 0)' : TYPE_NAMES[f.kind];
  return f.list ? `Array of ${t}` : t;
}

export function propertyDoc(f: FieldDef): PropertyDoc {
  const c = f.constraints;
  const doc: PropertyDoc = {
    name: f.name, type: typeName(f), required: !!c.required, read_only: f.readOnly, write_once: f.writeOnce, write_only: f.writeOnly,
  };
  const optional: Partial<PropertyDoc> = {
    description: f.description, unique: c.unique || undefined, max_length: c.maxLength, min_length: c.minLength,
    minimum: c.min, maximum: c.max, greater_than: c.gt, format: c.format && c.format !== 'URL' ? c.format.toLowerCase() : undefined,
    enum: f.enumValues?.map((e) => e.rest) ?? c.oneOf, default: f.default,
    required_when: c.requiredWhen ? `${c.requiredWhen.field} = ${c.requiredWhen.value}` : undefined, reference: f.ref,
  };
  for (const [k, v] of Object.entries(optional)) if (v !== undefined) (doc as unknown as Record<string, unknown>)[k] = v;
  return doc;
}

function linkDocs(registry: Registry, r: ResourceDef): LinkDoc[] {
  return [
    ...r.rels.map((rel) => ({ rel: `svc:${rel.name}`, title: relTitle(registry, rel), methods: relMethods(registry, rel) })),
    ...r.links.map((l) => ({ rel: `svc:${l.rel}`, title: l.title ?? l.rel.replace(/_/g, ' '), methods: linkMethods(l) })),
  ];
}

function relMethods(registry: Registry, rel: RelDef): string[] {
  return rel.kind === 'many' ? collectionAllow(rel, registry.resource(rel.target)) : memberAllow(registry.resource(rel.target));
}

function linkMethods(l: LinkDef): string[] {
  const m = new Set<string>(l.methods);
  if (m.has('GET')) m.add('HEAD').add('OPTIONS');
  return [...m].sort(byVerb);
}

const VERBS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'];
const byVerb = (a: string, b: string) => VERBS.indexOf(a) - VERBS.indexOf(b);

function member(registry: Registry, baseUrl: string, r: ResourceDef): Representation {
  return memberRepresentation({ baseUrl, registry }, r, exampleRow(r), undefined, []);
}

function collection(registry: Registry, baseUrl: string, target: ResourceDef, rel: string, href: string, canPost: boolean): Representation {
  return collectionEnvelope(target, rel, href, new URLSearchParams(), 1, [member(registry, baseUrl, target)], { limit: 20, offset: 0 },
    canPost ? { fields: actionFields(target) } : undefined);
}

function resourceDoc(registry: Registry, baseUrl: string, rel: string, title: string, r: ResourceDef, extra: Partial<RelDoc> = {}): RelDoc {
  return {
    rel, title, description: r.description, kind: 'resource', methods: memberAllow(r), resource: r.name,
    properties: r.fields.map(propertyDoc), links: linkDocs(registry, r), example: member(registry, baseUrl, r), ...extra,
  };
}

function fromRel(registry: Registry, baseUrl: string, owner: ResourceDef, rel: RelDef): RelDoc {
  const target = registry.resource(rel.target);
  const title = relTitle(registry, rel);
  if (rel.kind === 'one') return resourceDoc(registry, baseUrl, rel.name, title, target);
  const methods = collectionAllow(rel, target);
  const href = `${selfHref(baseUrl, owner, 1)}/${rel.name}`;
  return resourceDoc(registry, baseUrl, rel.name, title, target, {
    kind: 'collection', methods,
    description: `The ${target.title} collection of a ${owner.title}${methods.includes('POST') ? '; POST a new member to it' : ''}. ${target.description ?? ''}`.trim(),
    example: collection(registry, baseUrl, target, rel.name, href, methods.includes('POST')),
  });
}

function fromLink(registry: Registry, baseUrl: string, owner: ResourceDef, link: LinkDef): RelDoc {
  const title = link.title ?? link.rel.replace(/_/g, ' ');
  // A link to a collection (`{store}/item_categories?…`) documents that collection's members.
  const segment = /\/([a-z_]+)(?:\?|$)/.exec(link.href)?.[1];
  const target = segment ? registry.byCollection.get(segment) : undefined;
  if (target && !link.href.startsWith('{self}')) {
    const href = link.href.replace('{base}', baseUrl).replace('{store}', `${baseUrl}/stores/1`).replace(/\?.*$/, '');
    return resourceDoc(registry, baseUrl, link.rel, title, target, {
      kind: 'collection', methods: linkMethods(link), description: `${title}.`,
      example: collection(registry, baseUrl, target, segment!, href, link.methods.includes('POST')),
    });
  }
  return {
    rel: link.rel, title, kind: 'action', methods: linkMethods(link), resource: owner.name, properties: [], links: [],
    description: `${title}. An action on a ${owner.title}: send it with an empty body; the link is present only while the action is possible.`,
    example: member(registry, baseUrl, owner),
  };
}

const ERROR_PROPERTIES: PropertyDoc[] = [
  ['logref', 'The request id; quote it when reporting a problem.'],
  ['code', 'A stable machine-readable code (required, max_length, not_found, …).'],
  ['message', 'A sentence for people.'],
  ['field', 'The property (or parameter, or header) at fault, when one is.'],
].map(([name, description]) => ({ name, type: 'String', description, required: name !== 'field', read_only: true, write_once: false, write_only: false }));

const TOKEN_PARAMETERS: PropertyDoc[] = [
  ['grant_type', 'refresh_token, authorization_code or client_credentials.', true],
  ['client_id', 'The client (or send HTTP Basic authentication).', false],
  ['client_secret', 'The client secret (or send HTTP Basic authentication).', false],
  ['refresh_token', 'For grant_type=refresh_token.', false],
  ['scope', 'Space-separated scopes, to narrow a refresh (RFC 6749 §6).', false],
  ['code', 'For grant_type=authorization_code.', false],
  ['redirect_uri', 'For grant_type=authorization_code: exactly the one of the authorization request.', false],
  ['code_verifier', 'For grant_type=authorization_code with PKCE (S256).', false],
].map(([name, description, required]) => ({
  name: name as string, type: 'String', description: description as string, required: required as boolean,
  read_only: false, write_once: false, write_only: true,
}));

/** Relations of the home resource and the error body, which no resource declares. */
function serviceRel(registry: Registry, baseUrl: string, rel: string): RelDoc | undefined {
  switch (rel) {
    case 'create_client':
      return resourceDoc(registry, baseUrl, rel, 'Register a client', registry.resource('client'), {
        kind: 'endpoint', methods: ['POST'],
        description: 'POST the client properties (form-encoded or JSON, no token): the answer holds client_id, client_secret and a client_full_access token pair, shown once.',
      });
    case 'create_user':
      return resourceDoc(registry, baseUrl, rel, 'Create a user', registry.resource('user'), {
        kind: 'endpoint', methods: ['POST'],
        description: 'POST the user properties with a client_full_access token: the answer holds the user and a user_full_access token pair.',
      });
    case 'client':
      return resourceDoc(registry, baseUrl, rel, 'The client of the current token', registry.resource('client'));
    case 'token':
      return {
        rel, title: 'OAuth 2.0 token endpoint', kind: 'endpoint', methods: ['POST'], properties: TOKEN_PARAMETERS, links: [],
        description: 'POST form-encoded parameters (RFC 6749); the answer is JSON: access_token, token_type, expires_in, scope, refresh_token. Errors are RFC 6749 errors.',
      };
    case 'reporting':
      return {
        rel, title: 'Reporting', kind: 'endpoint', methods: ['GET', 'HEAD', 'OPTIONS'], properties: [],
        description: 'The reporting home of a client_full_access token: checks whether a user '
          + '(svc:reporting_email_exists?email=) or a store (svc:reporting_store_domain_exists?store_domain=) already exists.',
        links: [
          { rel: 'svc:reporting_email_exists', title: 'Does a user with this email exist?', methods: ['GET'] },
          { rel: 'svc:reporting_store_domain_exists', title: 'Does a store with this domain exist?', methods: ['GET'] },
        ],
      };
    case 'reporting_email_exists':
    case 'reporting_store_domain_exists': {
      const [param, what] = rel === 'reporting_email_exists' ? ['email', 'user'] : ['store_domain', 'store'];
      return {
        rel, title: `Does a ${what} with this ${param} exist?`, kind: 'endpoint', methods: ['GET', 'HEAD'], properties: [
          { name: param, type: 'String', description: 'The value to look for (query parameter).', required: true, read_only: false, write_once: false, write_only: false },
          { name: 'exists', type: 'Boolean', description: 'Always true in a 200 answer; a missing one answers 404.', required: false, read_only: true, write_once: false, write_only: false },
        ],
        links: [{ rel: `svc:${what}`, title: `The ${what} found`, methods: ['GET'] }],
        description: `A URI template taking ?${param}=: 200 with a svc:${what} link when the ${what} exists, 404 otherwise. Needs a client_full_access token.`,
      };
    }
    case 'errors':
      return {
        rel, title: 'Errors', kind: 'resource', methods: [], properties: ERROR_PROPERTIES, links: [],
        description: 'The errors of a failed request, under svc:errors of the error body; `total` counts them. Every invalid field is listed, not only the first.',
        example: errorRepresentation(`${baseUrl}/taxes/1`, '5f0c1d2e-0000-4000-8000-000000000000',
          [{ field: 'rate', code: 'gt', message: 'rate must be greater than 0' }]),
      };
    default:
      return undefined;
  }
}

/** Every relation with a page: the registry's, plus the home resource's and the error body's. */
export function relNames(registry: Registry): string[] {
  const extra = ['create_client', 'token', 'reporting', 'reporting_email_exists', 'reporting_store_domain_exists', 'client',
    'create_user', 'user', 'stores', 'store', 'errors'];
  return [...new Set([...registry.relNames.keys(), ...extra])];
}

export function relDoc(registry: Registry, baseUrl: string, rel: string): RelDoc | undefined {
  // A stored relation describes its target better than a link of the same name elsewhere.
  for (const r of registry.resources) {
    const def = r.relsByName.get(rel);
    if (def) return fromRel(registry, baseUrl, r, def);
  }
  for (const r of registry.resources) {
    const link = r.links.find((l) => l.rel === rel);
    if (link) return fromLink(registry, baseUrl, r, link);
  }
  return serviceRel(registry, baseUrl, rel);
}

/** The example in each representation, as the API would send it. */
export function renderExamples(doc: RelDoc, baseUrl: string): Array<{ mediaType: MediaType; body: string }> {
  if (!doc.example) return [];
  const ex = doc.example;
  return EXAMPLE_MEDIA_TYPES.map((mediaType) => ({ mediaType, body: render(mediaType, ex, { baseUrl, title: ex.self.title }) }));
}
