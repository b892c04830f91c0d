// The operations of the routes generated from the registry (src/rest/resource-routes.ts): every
// resource's member path and every to-many rel's collection path, with the same Allow lists the
// routes answer, the query language of the collection and the scopes that grant each method.
import type { Registry, RelDef, ResourceDef } from '../model/types.js';
import { accessTarget, grantingScopes, USER_FULL } from '../auth/scopes.js';
import { collectionAllow, memberAllow } from '../rest/resource-routes.js';
import {
  errors, HEADERS, headOperation, ok, optionsOperation, param, READ_ERRORS, represented, requestBody, security, WRITE_ERRORS,
  type Operation, type PathItem,
} from './operations.js';
import { collectionName, pascal, ref, type Schema } from './schemas.js';

/** Resources whose creation through a collection also returns the next token of the chain (custom-creates.ts). */
export const CREATED_WITH_TOKEN: Record<string, string[]> = { store: [USER_FULL] };

/** A resource that takes its file as multipart/form-data (`@upload`). */
export function takesUpload(r: ResourceDef): boolean {
  return r.uploads.length > 0;
}

const FILTER_OPS = 'not|in|isdefined|greaterthan|greaterthanorequal|lessthan|lessthanorequal';

function filterable(r: ResourceDef): string[] {
  return ['id', ...r.fields.filter((f) => f.column && !f.writeOnly && !f.list && f.kind !== 'json').map((f) => f.name)];
}

/** The filters of a collection of `r` as one exploded object parameter (each key is its own query parameter). */
export function filterParameter(registry: Registry, r: ResourceDef): Schema {
  const patterns: Record<string, Schema> = { [`^(${filterable(r).join('|')})(:(${FILTER_OPS}))?$`]: { type: 'string' } };
  for (const rel of r.rels.filter((x) => x.zoom && x.kind === 'many')) {
    const child = registry.resource(rel.target);
    patterns[`^${rel.name}:(${filterable(child).join('|')})(:(${FILTER_OPS}))?$`] = { type: 'string' };
  }
  const attributes = r.rels.find((x) => x.name === 'attributes');
  if (attributes) patterns['^attributes:name\\[[^\\]]{1,500}\\]$'] = { type: 'string' };
  return {
    name: 'filter',
    in: 'query',
    description: 'Filters, each its own query parameter: `name=value` (equality; `a..b` range; `*` wildcard in text), ' +
      '`name:not=`, `name:in=a,b`, `name:isdefined=true|false`, `name:greaterthan=`, `:greaterthanorequal=`, `:lessthan=`, ' +
      '`:lessthanorequal=`; `child:name=value` filters a zoomed child collection (adding the zoom); ' +
      '`attributes:name[<name>]=<value>` matches custom attributes. Unknown names answer 400 naming them.',
    style: 'form',
    explode: true,
    schema: { type: 'object', patternProperties: patterns, additionalProperties: false },
  };
}

export function filterParameterName(r: ResourceDef): string {
  return `${r.typeName}Filter`;
}

/** A comma list whose entries match `entry`. */
const commaList = (entry: string) => `^${entry}(,${entry})*$`;

/** The zoom, fields and order parameters of `r`, each naming exactly what `r` offers (400 otherwise). */
export function queryParameters(r: ResourceDef): Record<string, Schema> {
  const out: Record<string, Schema> = {};
  const zoomable = r.rels.filter((x) => x.zoom || x.embed).map((x) => x.name);
  if (zoomable.length) {
    out[`${r.typeName}Zoom`] = {
      name: 'zoom', in: 'query', schema: { type: 'string', pattern: commaList(`(${zoomable.join('|')})(:[a-z_]+)*`) },
      description: `Embed children: ${zoomable.map((z) => `\`${z}\``).join(', ')}; \`:\` zooms further into a child's own children.`,
    };
  }
  const shown = r.fields.filter((f) => !f.writeOnly).map((f) => f.name);
  out[`${r.typeName}Fields`] = {
    name: 'fields', in: 'query', schema: { type: 'string', pattern: commaList(`(${shown.join('|')})`) },
    description: 'Only these properties (links and embeds stay).',
  };
  const orderable = ['id', ...r.fields.filter((f) => f.column && !f.writeOnly && !f.list).map((f) => f.name)];
  out[`${r.typeName}Order`] = {
    name: 'order', in: 'query', schema: { type: 'string', pattern: commaList(`(${orderable.join('|')})( (asc|desc|ASC|DESC))?`) },
    description: 'Sort keys with an optional direction: `date_created desc,name asc`.',
  };
  return out;
}

/** References to the query parameters `queryParameters` defines for `r`. */
function queryRefs(r: ResourceDef, order: boolean): Schema[] {
  const zoom = r.rels.some((x) => x.zoom || x.embed) ? [param(`${r.typeName}Zoom`)] : [];
  return [...zoom, param(`${r.typeName}Fields`), ...(order ? [param(`${r.typeName}Order`)] : [])];
}

function memberItem(r: ResourceDef): PathItem {
  const allow = memberAllow(r);
  const T = r.typeName;
  const tags = [r.name];
  const read = security(grantingScopes(r, 'read'));
  const write = security(grantingScopes(r, 'write'));
  const params = [param('Id'), param('ApiVersion')];
  const body = (mode: 'patch' | 'put') => requestBody(ref(mode === 'put' ? `${T}Create` : `${T}Input`), {
    multipart: takesUpload(r) ? ref(`${T}Upload`) : undefined,
    description: mode === 'put' ? 'The entire representation: omitted writable properties return to their defaults.' : 'Only the properties to change.',
  });
  const answer = ok(`The ${r.title}.`, represented(T), { ETag: HEADERS.ETag });
  const item: PathItem = {};
  item.get = {
    operationId: `get${T}`, summary: `Read a ${r.title}`, tags, security: read,
    parameters: [...params, ...queryRefs(r, false), param('IfNoneMatch')],
    responses: { 200: answer, 304: { description: 'Not modified (If-None-Match).' }, ...errors(...READ_ERRORS) },
  };
  item.head = headOperation(`head${T}`, `Headers of a ${r.title}`, item.get);
  if (allow.includes('PATCH')) {
    item.patch = {
      operationId: `update${T}`, summary: `Change some properties of a ${r.title}`, tags, security: write,
      parameters: [...params, param('IfMatch')], requestBody: body('patch'), responses: { 200: answer, ...errors(...WRITE_ERRORS) },
    };
  }
  if (allow.includes('PUT')) {
    item.put = {
      operationId: `replace${T}`, summary: `Replace a ${r.title}`, tags, security: write,
      parameters: [...params, param('IfMatch')], requestBody: body('put'), responses: { 200: answer, ...errors(...WRITE_ERRORS) },
    };
  }
  if (allow.includes('DELETE')) {
    item.delete = {
      operationId: `delete${T}`, summary: `Delete a ${r.title}`, tags, security: write,
      parameters: [...params, param('IfMatch')], responses: { 204: { description: 'Deleted.' }, ...errors(...READ_ERRORS, 409, 412) },
    };
  }
  item.options = optionsOperation(`options${T}`, tags, allow, [param('Id')]);
  return item;
}

function collectionItem(registry: Registry, parent: ResourceDef, rel: RelDef, topLevel: boolean): PathItem {
  const member = registry.resource(rel.target);
  const allow = collectionAllow(rel, member);
  const governing = accessTarget(parent, member);
  const C = collectionName(rel);
  const T = member.typeName;
  const id = `${topLevel ? '' : parent.typeName}${pascal(rel.name)}`;
  const tags = [member.name];
  const params = [...(topLevel ? [] : [param('Id')]), param('ApiVersion')];
  const listing = ok(`A page of svc:${rel.name}.`, represented(C));
  const bulk = member.handlers.collection.length > 0;
  const oneOrMany = (s: Schema): Schema => (bulk ? { oneOf: [s, { type: 'array', items: s }] } : s);
  const item: PathItem = {};
  const where = topLevel ? 'the token\'s store' : `a ${parent.title}`;
  item.get = {
    operationId: `list${id}`, summary: `List svc:${rel.name} of ${where}`, tags, security: security(grantingScopes(governing, 'read')),
    parameters: [...params, ...queryRefs(member, true), param('Limit'), param('Offset'),
      ...(member.fieldsByName.has('sequence') ? [param('After')] : []), param(filterParameterName(member))],
    responses: { 200: listing, ...errors(...READ_ERRORS) },
  };
  item.head = headOperation(`head${id}`, `Headers of svc:${rel.name}`, item.get);
  const write = security(CREATED_WITH_TOKEN[member.name] ?? grantingScopes(governing, 'write'));
  if (allow.includes('POST')) {
    const created = CREATED_WITH_TOKEN[member.name] ? `${T}Created` : T;
    const one = ok(`The new ${member.title}.`, represented(created, `${T}Siren`), { Location: HEADERS.Location, ETag: HEADERS.ETag });
    const post: Operation = {
      operationId: `create${id}`, summary: `Create a ${member.title} in svc:${rel.name}`, tags, security: write,
      parameters: [...params, param('IdempotencyKey')],
      requestBody: requestBody(oneOrMany(ref(`${T}Create`)), { multipart: takesUpload(member) ? ref(`${T}UploadCreate`) : undefined }),
      responses: {
        201: bulk ? ok('The new member (one posted) or the collection (a list posted).', {
          ...represented(T), 'application/hal+json': { schema: { oneOf: [ref(T), ref(C)] } },
        }, { Location: HEADERS.Location }) : one,
        ...(bulk ? {} : { 200: ok('An identical member already existed and absorbed this one (Content-Location names it).', represented(T)) }),
        ...errors(...WRITE_ERRORS),
      },
    };
    item.post = post;
  }
  if (allow.includes('PATCH')) {
    item.patch = {
      operationId: `merge${id}`, summary: `Merge into svc:${rel.name} by name`, tags, security: write, parameters: params,
      requestBody: requestBody(oneOrMany(ref(`${T}Create`))), responses: { 200: listing, ...errors(...WRITE_ERRORS) },
    };
  }
  if (allow.includes('PUT')) {
    item.put = {
      operationId: `replace${id}`, summary: `Replace the whole of svc:${rel.name}`, tags, security: write, parameters: params,
      requestBody: requestBody(oneOrMany(ref(`${T}Create`))), responses: { 200: listing, ...errors(...WRITE_ERRORS) },
    };
  }
  if (allow.includes('DELETE')) {
    item.delete = {
      operationId: `clear${id}`, summary: `Delete every member of svc:${rel.name}`, tags, security: write, parameters: params,
      responses: { 204: { description: 'Cleared.' }, ...errors(...READ_ERRORS) },
    };
  }
  item.options = optionsOperation(`options${id}`, tags, allow, topLevel ? [] : [param('Id')]);
  return item;
}

export function resourcePaths(registry: Registry): Record<string, PathItem> {
  const paths: Record<string, PathItem> = {};
  for (const r of registry.resources) {
    paths[`${r.path}/{id}`] = memberItem(r);
    for (const rel of r.rels) if (rel.kind === 'many') paths[`${r.path}/{id}/${rel.name}`] = collectionItem(registry, r, rel, false);
  }
  const store = registry.resource('store');
  for (const rel of store.rels.filter((x) => x.topLevel)) paths[`/${rel.name}`] = collectionItem(registry, store, rel, true);
  return paths;
}
