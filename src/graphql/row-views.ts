// Rows as GraphQL sees them. graphql-jit reads a field without a resolver as a plain property of
// its parent, inline; a field with a resolver costs a call wrapped in three closures, a resolve-info
// object and a response path per object and field (60,000 of them for a page of 100 transactions
// with their items and options, most of a nested query's garbage). So every object of a resource
// type is handed to GraphQL as a view: one object literal, compiled per resource, whose keys are
// the GraphQL names of the row's plain columns (plus `id` and `href`), so those fields need no
// resolver; the row itself rides along under a symbol for the fields that still compute (rels,
// refs, links, derived and guarded columns), whose resolvers get the row as before.
//
// Views are made where GraphQL receives values: every field whose type is a resource type (or a
// list of them, or a union or interface of them) has its result turned into views, whichever
// resolver produced it (roots, rels, connection nodes and edges, payloads, events, the viewer).
import { getNamedType, isAbstractType, isObjectType, type GraphQLFieldResolver, type GraphQLSchema } from 'graphql';
import type { FieldDef, Registry, ResourceDef } from '../model/types.js';
import type { Values } from '../data/codec.js';
import { sealedColumns, writerOnlyColumns } from '../services/reader-view.js';

const ROW = Symbol('row');

type View = Record<string | symbol, unknown>;
type ToView = (row: Values) => View;

/** The row behind a view (a value that is not a view is its own row). */
export function rowOf(parent: unknown): Values {
  return ((parent as View)[ROW] ?? parent) as Values;
}

/**
 * The fields of `r` a view carries: stored columns the caller reads as they are (not write-only,
 * derived, a reference, or a column the Reader guards), under GraphQL names that name nothing else.
 */
export function viewFields(r: ResourceDef): FieldDef[] {
  const guarded = new Set([...writerOnlyColumns(r), ...sealedColumns(r)]);
  return r.fields.filter((f) => f.column && !f.writeOnly && !f.derived && !f.ref && !guarded.has(f.column)
    && f.gqlName !== 'id' && f.gqlName !== 'href' && f.gqlName !== '__typename');
}

function compile(r: ResourceDef, baseUrl: string): ToView {
  // One literal: every view of a resource shares V8's fast layout. Names are JSON string literals.
  const entries = viewFields(r).map((f) => `${JSON.stringify(f.gqlName)}: row[${JSON.stringify(f.column)}]`);
  return new Function('ROW', 'prefix', `return (row) => ({ [ROW]: row, id: row.id, href: prefix + row.id, ${entries.join(', ')} });`)(
    ROW, `${baseUrl}${r.path}/`,
  ) as ToView;
}

type Mapper = (v: unknown) => unknown;

function mapper(view: (v: Values) => unknown): Mapper {
  const map: Mapper = (v) => {
    if (v === null || v === undefined || typeof v !== 'object' || v instanceof Error) return v;
    if (Array.isArray(v)) return v.map(map);
    if (typeof (v as PromiseLike<unknown>).then === 'function') return (v as PromiseLike<unknown>).then(map);
    if ((v as View)[ROW]) return v;
    return view(v as Values);
  };
  return map;
}

/**
 * Makes views wherever the schema hands out resource objects, and gives the resource types'
 * remaining resolvers their row. Changes `schema` in place and returns it.
 */
export function withRowViews(schema: GraphQLSchema, registry: Registry, baseUrl: string): GraphQLSchema {
  const views = new Map(registry.resources.map((r) => [r.typeName, compile(r, baseUrl)]));
  const viewKeys = new Map(registry.resources.map((r) => [r.typeName, new Set(['id', 'href', ...viewFields(r).map((f) => f.gqlName)])]));
  const toType = new Map<string, Mapper>();
  for (const [name, view] of views) toType.set(name, mapper(view));
  // Union and interface values name their type (`__typename`, which their type resolvers read).
  const byTypename = mapper((row) => {
    const name = (row as { __typename?: unknown }).__typename;
    const view = typeof name === 'string' ? views.get(name) : undefined;
    if (!view) return row;
    const v = view(row);
    v.__typename = name;
    return v;
  });
  for (const type of Object.values(schema.getTypeMap())) {
    if (!isObjectType(type) || type.name.startsWith('__')) continue;
    const keys = viewKeys.get(type.name);
    for (const field of Object.values(type.getFields())) {
      const inner = field.resolve;
      if (keys && inner) field.resolve = (parent, args, ctx, info) => inner(rowOf(parent), args, ctx, info);
      // A field of a resource type that is not a view key reads its row, as it read the row before.
      else if (keys && !keys.has(field.name)) field.resolve = (parent) => rowOf(parent)[field.name];
      const named = getNamedType(field.type);
      const map = toType.get(named.name) ?? (isAbstractType(named) ? byTypename : undefined);
      if (!map) continue;
      const get: GraphQLFieldResolver<unknown, unknown> = field.resolve ?? ((parent) => (parent as View)[field.name]);
      field.resolve = (parent, args, ctx, info) => map(get(parent, args, ctx, info));
    }
  }
  return schema;
}
