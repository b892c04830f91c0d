// Derives the GraphQL plumbing that every resource needs (connections, filters, orders, inputs,
// payloads, root fields) from the resource types of schema/, so the SDL states each resource once.
// The result is printed to src/graphql/__generated__/schema.graphql for codegen and clients.
import {
  Kind, parse, print, type DefinitionNode, type DocumentNode, type FieldDefinitionNode, type ObjectTypeDefinitionNode,
  type InputValueDefinitionNode,
} from 'graphql';
import { camelCase, connectionNode, enumGqlValue, EVENT_RESOURCE_ENUM, EVENT_SUBJECT_UNION, gqlNames } from './names.js';
import type { FieldDef, LinkDef, RelDef, Registry, ResourceDef } from './types.js';

const CONNECTION_ARGS = parse(`type X { f(
  "Filter by property values (AND of every given condition)."
  filter: F
  "Sort order; ties are broken by id."
  orderBy: [O!]
  "Page size from the start (at most 300)."
  first: Int
  "Cursor of the last edge of the previous page."
  after: String
  "Page size from the end (at most 300)."
  last: Int
  "Cursor of the first edge of the next page."
  before: String
  "Skip this many rows (parity with REST's offset)."
  offset: Int
): Int }`);

function connectionArgs(target: string): InputValueDefinitionNode[] {
  const obj = CONNECTION_ARGS.definitions[0] as ObjectTypeDefinitionNode;
  const args = obj.fields![0].arguments!;
  return args.map((a) => {
    const rename = (n: string) => (n === 'F' ? `${target}Filter` : n === 'O' ? `${target}Order` : n);
    const retype = (t: InputValueDefinitionNode['type']): InputValueDefinitionNode['type'] => {
      if (t.kind === Kind.NAMED_TYPE) return { ...t, name: { ...t.name, value: rename(t.name.value) } };
      if (t.kind === Kind.LIST_TYPE) return { ...t, type: retype(t.type) };
      return { ...t, type: retype(t.type) as never };
    };
    return { ...a, type: retype(a.type) };
  });
}

function filterType(f: FieldDef): string {
  if (f.kind === 'boolean') return 'BooleanFilter';
  if (f.kind === 'int' || f.kind === 'decimal') return 'NumberFilter';
  if (f.kind === 'datetime' || f.kind === 'date') return 'DateFilter';
  return 'StringFilter';
}

function inputFields(r: ResourceDef): string {
  return r.fields
    .filter((f) => !f.readOnly)
    .map((f) => `  ${f.gqlName}: ${f.list ? `[${f.gqlType}!]` : f.gqlType}`)
    .join('\n');
}

/** A GET link to one of the store's collections (`{store}/webhooks`): a connection field. */
export interface LinkConnection {
  gqlName: string;
  link: LinkDef;
  /** The store's to-many rel that the link lists. */
  rel: RelDef;
  /** Equalities of the link's query string (`?item_delivery_type=downloaded`), REST names. */
  filters: Array<{ field: string; value: string }>;
}

/** A GET link below the resource itself (`{self}/file`): a field with its URL. */
export interface LinkHref {
  gqlName: string;
  link: LinkDef;
}

/**
 * The @link relations of a resource as GraphQL fields. Links that only take POST are actions
 * (checkout, capture…), which are mutations instead.
 */
export function linkFields(registry: Registry, r: ResourceDef): { connections: LinkConnection[]; hrefs: LinkHref[] } {
  const taken = new Set([...r.fields.map((f) => f.gqlName), ...r.rels.map((rel) => rel.gqlName)]);
  const connections: LinkConnection[] = [];
  const hrefs: LinkHref[] = [];
  for (const link of r.links) {
    if (!link.methods.includes('GET')) continue;
    const collection = /^\{(?:store|base)\}\/([a-z_]+)(?:\?(.*))?$/.exec(link.href);
    const rel = collection ? registry.resource('store').relsByName.get(collection[1]) : undefined;
    const gqlName = camelCase(link.rel) + (rel ? '' : 'Href');
    if (taken.has(gqlName)) continue;
    if (rel && rel.kind === 'many') {
      const filters = [...new URLSearchParams(collection![2] ?? '')].map(([field, value]) => ({ field, value }));
      connections.push({ gqlName, link, rel, filters });
    } else if (/^\{self\}\/[a-z_]+$/.test(link.href)) {
      hrefs.push({ gqlName, link });
    }
  }
  return { connections, hrefs };
}

/** Whether a link applies to a row: `when` names a property that must be set, or `<property> = <a>|<b>`. */
/** A link's `when` condition, parsed once: the field it reads and, for `prop = a|b`, the values it accepts. */
const conditions = new WeakMap<LinkDef, { field: string; values?: string[] }>();

export function linkApplies(link: LinkDef, r: ResourceDef, row: Record<string, unknown>): boolean {
  if (!link.when) return true;
  let c = conditions.get(link);
  if (!c) {
    const m = /^\s*([a-z_]+)\s*=\s*(.+?)\s*$/.exec(link.when);
    c = m ? { field: m[1], values: m[2].split('|') } : { field: link.when };
    conditions.set(link, c);
  }
  const f = r.fieldsByName.get(c.field);
  const v = f?.column ? row[f.column] : undefined;
  if (c.values) return c.values.includes(String(v));
  return v !== null && v !== undefined && v !== '' && v !== false && v !== 0;
}

function linkDefs(r: ResourceDef, registry: Registry): string {
  const { connections, hrefs } = linkFields(registry, r);
  const describe = (l: LinkDef, extra = '') => JSON.stringify(`${l.title ?? l.rel.replace(/_/g, ' ')}${extra} (REST: svc:${l.rel}).`);
  const fields = [
    ...connections.map(({ gqlName, link, rel }) => {
      const target = registry.resource(rel.target).typeName;
      const args = connectionArgs(target).map((a) => print(a)).join(', ');
      return `  ${describe(link)}\n  ${gqlName}(${args}): ${target}Connection!`;
    }),
    ...hrefs.map(({ gqlName, link }) => `  ${describe(link, ': its URL, null when there is none')}\n  ${gqlName}: String`),
  ];
  return fields.length ? `extend type ${r.typeName} {\n${fields.join('\n')}\n}` : '';
}

function resourceDefs(r: ResourceDef, registry: Registry, custom: { mutation: Set<string>; query: Set<string> }): string {
  const T = r.typeName;
  const n = gqlNames(T);
  const filterable = r.fields.filter((f) => f.column && !f.list && f.kind !== 'json');
  const parents = registry.resources.flatMap((p) =>
    p.rels.filter((rel) => rel.kind === 'many' && rel.target === r.name && rel.methods.includes('POST'))
      .map((rel) => ({ parent: p, rel })));
  const explicitParents = parents.filter((p) => p.parent.name !== 'store' && p.parent.name !== 'user');
  const parentArgs = [...new Set(explicitParents.map((p) => `${gqlNames(p.parent.typeName).parentArg}: ID`))];
  const out: string[] = [linkDefs(r, registry)];
  out.push(`"A page of ${r.title} resources."
type ${n.connection} {
  edges: [${n.edge}!]!
  nodes: [${T}!]!
  pageInfo: PageInfo!
  "Rows matching the filter, over all pages."
  totalCount: Int!
}
type ${n.edge} {
  cursor: String!
  node: ${T}!
}
"Conditions on ${r.title} properties; every given condition must hold."
input ${n.filter} {
  id: StringFilter
${filterable.map((f) => `  ${f.gqlName}: ${filterType(f)}`).join('\n')}
}
enum ${n.orderField} {
  ID
${filterable.map((f) => `  ${f.name.toUpperCase()}`).join('\n')}
}
input ${n.order} {
  field: ${n.orderField}!
  direction: SortDirection = ASC
}
"Result of a ${r.title} mutation: the resource, or what was wrong with the input."
type ${n.payload} {
  ${n.payloadField}: ${T}
  userErrors: [UserError!]!
}`);
  const writable = inputFields(r);
  if (writable) {
    out.push(`"Properties of a ${r.title}; every missing or invalid one is reported in userErrors."
input ${n.input} {
${writable}
}`);
  }
  const mutations: string[] = [];
  const add = (name: string, sig: string) => { if (!custom.mutation.has(name)) mutations.push(`  ${name}${sig}`); };
  if (parents.length && writable) {
    const args = [...parentArgs, `input: ${n.input}!`].join(', ');
    add(n.create, `(${args}): ${n.payload}!`);
  }
  if (r.methods.includes('PATCH') && writable) add(n.update, `(id: ID!, input: ${n.input}!): ${n.payload}!`);
  if (r.methods.includes('PUT') && writable) add(n.replace, `(id: ID!, input: ${n.input}!): ${n.payload}!`);
  if (r.methods.includes('DELETE')) add(n.delete, `(id: ID!): DeletePayload!`);
  if (mutations.length) out.push(`extend type Mutation {\n${mutations.join('\n')}\n}`);
  if (!custom.query.has(n.query)) {
    out.push(`extend type Query {\n  "One ${r.title} by id, when the token may see it."\n  ${n.query}(id: ID!): ${T}\n}`);
  }
  return out.join('\n');
}

/**
 * The EventResource enum and the EventSubject union, which the SDL declares empty, filled in with
 * the resources that declare `@events` (in place, so the printed schema keeps its order).
 */
function eventDefinition(def: DefinitionNode, registry: Registry): DefinitionNode | undefined {
  const name = (value: string) => ({ kind: Kind.NAME, value } as const);
  if (def.kind === Kind.ENUM_TYPE_DEFINITION && def.name.value === EVENT_RESOURCE_ENUM) {
    return {
      ...def,
      values: registry.eventResources.map((r) => ({
        kind: Kind.ENUM_VALUE_DEFINITION, name: name(enumGqlValue(r.name)),
        description: r.eventsDoc === undefined ? undefined : { kind: Kind.STRING, value: r.eventsDoc },
      })),
    };
  }
  if (def.kind === Kind.UNION_TYPE_DEFINITION && def.name.value === EVENT_SUBJECT_UNION) {
    return { ...def, types: registry.eventResources.map((r) => ({ kind: Kind.NAMED_TYPE, name: name(r.typeName) })) };
  }
  return undefined;
}

/** The source document plus everything derived from the registry. */
export function deriveSchemaDocument(source: DocumentNode, registry: Registry): DocumentNode {
  const custom = { mutation: new Set<string>(), query: new Set<string>() };
  for (const def of source.definitions) {
    if (def.kind !== Kind.OBJECT_TYPE_DEFINITION && def.kind !== Kind.OBJECT_TYPE_EXTENSION) continue;
    const set = def.name.value === 'Mutation' ? custom.mutation : def.name.value === 'Query' ? custom.query : null;
    for (const f of def.fields ?? []) set?.add(f.name.value);
  }
  const withArgs = source.definitions.map((def) => {
    const events = eventDefinition(def, registry);
    if (events) return events;
    if (def.kind !== Kind.OBJECT_TYPE_DEFINITION || !registry.byType.has(def.name.value)) return def;
    const fields = (def.fields ?? []).map((f): FieldDefinitionNode => {
      let t = f.type;
      while (t.kind !== Kind.NAMED_TYPE) t = t.type;
      const node = connectionNode(t.name.value);
      if (!node || (f.arguments?.length ?? 0) > 0) return f;
      return { ...f, arguments: connectionArgs(node) };
    });
    return { ...def, fields };
  });
  const derived = registry.resources.map((r) => resourceDefs(r, registry, custom)).join('\n\n');
  const extra = parse(`"A resource was deleted, or what prevented it."
type DeletePayload {
  deletedId: ID
  userErrors: [UserError!]!
}
${derived}`);
  return { kind: Kind.DOCUMENT, definitions: [...withArgs, ...extra.definitions] };
}
