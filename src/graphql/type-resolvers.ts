// Resolvers of every resource type, generated from the registry: properties from columns,
// `*Uri` properties as links, to-one rels through loaders, to-many rels as batched connections,
// and @link relations (the store's collections, URLs below the resource).
import type DataLoader from 'dataloader';
import type { FieldNode, GraphQLResolveInfo } from 'graphql';
import type { RelDef, Registry, ResourceDef } from '../model/types.js';
import { linkApplies, linkFields, type LinkConnection } from '../model/derive.js';
import type { Values } from '../data/codec.js';
import { columnFor, sealedColumns, writerOnlyColumns } from '../services/reader-view.js';
import { refHref, selfHref } from '../services/refs.js';
import { viewFields } from './row-views.js';
import { derivedValue } from '../services/derived.js';
import type { GraphQLContext } from './context.js';
import { connectionQuery, makeConnection, type ConnectionArgs, type ConnectionQuery } from './connections.js';
import { guard } from './errors.js';

type Resolver = (row: Values, args: never, ctx: GraphQLContext, info: GraphQLResolveInfo) => unknown;

// The Reader decides whether the caller may read the target (a tax_settings_read token reaches a
// tax's store, not its webhooks) and keeps it to the caller's tenancy.
function toOne(owner: ResourceDef, rel: RelDef): Resolver {
  return (row, _args, ctx) => {
    const id = row[rel.fk!];
    if (id === null || id === undefined) return null;
    return guard(() => ctx.loaders.target(owner, rel).load(Number(id)));
  };
}

/** What a connection field needs for every parent it is resolved on, worked out on the first. */
interface ConnectionPlan {
  target: ResourceDef;
  cq: ConnectionQuery;
  rows: DataLoader<number, Values[]>;
  count: DataLoader<number, number>;
}

/**
 * A connection field on 500 items is resolved 500 times with the same arguments: its field node and
 * the request's variables decide them. The plan (scope check, parsed arguments, loaders) is made
 * once per field node and request, and only the parent id changes.
 */
function planned(make: (args: ConnectionArgs, ctx: GraphQLContext) => ConnectionPlan) {
  const plans = new WeakMap<GraphQLContext, WeakMap<FieldNode, ConnectionPlan>>();
  return (args: ConnectionArgs, ctx: GraphQLContext, info: GraphQLResolveInfo): ConnectionPlan => {
    let byNode = plans.get(ctx);
    if (!byNode) plans.set(ctx, byNode = new WeakMap());
    const node = info.fieldNodes[0];
    let plan = byNode.get(node);
    if (!plan) byNode.set(node, plan = make(args, ctx));
    return plan;
  };
}

function toMany(owner: ResourceDef, rel: RelDef): Resolver {
  const plan = planned((args, ctx) => {
    const target = ctx.svc.registry.resource(rel.target);
    // Refused before the arguments are looked at, as the Reader would refuse the load.
    ctx.loaders.mayFollow(owner, rel);
    const cq = connectionQuery(target, args);
    return { target, cq, rows: ctx.loaders.children(owner, rel, cq.query), count: ctx.loaders.childCount(owner, rel, cq.query) };
  });
  return (row, args: ConnectionArgs, ctx, info) => guard(async () => {
    const p = plan(args, ctx, info);
    const rows = await p.rows.load(row.id);
    return makeConnection(p.target, p.cq, rows, () => p.count.load(row.id));
  }) as unknown;
}

/** A link to one of the store's collections: that collection, narrowed by the link's query. */
function storeCollection(owner: ResourceDef, lc: LinkConnection): Resolver {
  return (row, args: ConnectionArgs, ctx) => guard(async () => {
    const store = ctx.svc.registry.resource('store');
    const target = ctx.svc.registry.resource(lc.rel.target);
    ctx.loaders.mayFollow(store, lc.rel);
    const cq = connectionQuery(target, args);
    const storeId = owner.name === 'store' ? row.id : Number(row.store_id);
    if (!storeId || !linkApplies(lc.link, owner, row)) return makeConnection(target, cq, [], async () => 0);
    cq.query.filters.push(...lc.filters.map((f) => ({ field: f.field, op: 'eq' as const, value: f.value })));
    const rows = await ctx.loaders.children(store, lc.rel, cq.query).load(storeId);
    return makeConnection(target, cq, rows, () => ctx.loaders.childCount(store, lc.rel, cq.query).load(storeId));
  }) as unknown;
}

export function typeResolvers(registry: Registry, baseUrl: string): Record<string, Record<string, Resolver>> {
  const out: Record<string, Record<string, Resolver>> = {};
  for (const r of registry.resources) {
    // `id`, `href` and the plain columns are properties of the row's view (row-views.ts).
    const fields: Record<string, Resolver> = {};
    const viewed = new Set(viewFields(r));
    for (const f of r.fields) {
      if (viewed.has(f)) continue;
      if (f.writeOnly) fields[f.gqlName] = () => null;
      else if (f.derived) fields[f.gqlName] = (row, _args, ctx) => derivedValue(ctx.svc, r, row, f.name);
      else if (f.ref) fields[f.gqlName] = (row) => refHref({ baseUrl, registry }, r, f, row);
      else if (f.column && (writerOnlyColumns(r).includes(f.column) || sealedColumns(r).includes(f.column))) {
        const col = f.column;
        fields[f.gqlName] = (row, _args, ctx: GraphQLContext) => columnFor(ctx.svc, r, col, row[col]);
      } else if (f.column) {
        // A column under a name the view keeps for itself (`id`, `href`).
        const col = f.column;
        fields[f.gqlName] = (row) => row[col];
      }
    }
    for (const rel of r.rels) fields[rel.gqlName] = rel.kind === 'one' ? toOne(r, rel) : toMany(r, rel);
    const links = linkFields(registry, r);
    for (const lc of links.connections) fields[lc.gqlName] = storeCollection(r, lc);
    for (const { gqlName, link } of links.hrefs) {
      fields[gqlName] = (row) => (linkApplies(link, r, row) ? link.href.replace('{self}', selfHref(baseUrl, r, row.id)) : null);
    }
    out[r.typeName] = fields;
  }
  return out;
}

/** Enum resolvers: GraphQL names ⇄ the REST values the services use. */
export function enumResolvers(registry: Registry): Record<string, Record<string, string>> {
  const out: Record<string, Record<string, string>> = {};
  for (const r of registry.resources) {
    for (const f of r.fields) {
      if (f.enumValues && !out[f.gqlType]) out[f.gqlType] = Object.fromEntries(f.enumValues.map((e) => [e.gql, e.rest]));
    }
  }
  return out;
}
