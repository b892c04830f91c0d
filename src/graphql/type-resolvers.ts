// Resolvers of every resource type, generated from the registry: properties from columns,
// `*Uri` properties as links, to-one rels through loaders, to-many rels as batched connections.
import type { RelDef, Registry, ResourceDef } from '../model/types.js';
import type { Values } from '../data/codec.js';
import { authorize } from '../services/resource-service.js';
import { accessTarget } from '../auth/scopes.js';
import { refHref, selfHref } from '../services/refs.js';
import type { GraphQLContext } from './context.js';
import { connectionQuery, makeConnection, type ConnectionArgs } from './connections.js';
import { guard } from './errors.js';

type Resolver = (row: Values, args: never, ctx: GraphQLContext) => unknown;

// The foreign key already proves the target is in the caller's tenancy; the scope still has to
// allow reading it (a tax_settings_read token reaches a tax's store, not its webhooks).
function toOne(rel: RelDef): Resolver {
  return (row, _args, ctx) => {
    const id = row[rel.fk!];
    if (id === null || id === undefined) return null;
    const target = ctx.svc.registry.resource(rel.target);
    return guard(async () => {
      authorize(ctx.svc, target, 'read');
      return ctx.loaders.byId(target).load(Number(id));
    });
  };
}

function toMany(owner: ResourceDef, rel: RelDef): Resolver {
  return (row, args: ConnectionArgs, ctx) => guard(async () => {
    const target = ctx.svc.registry.resource(rel.target);
    authorize(ctx.svc, accessTarget(owner, target), 'read');
    const cq = connectionQuery(target, args);
    const rows = await ctx.loaders.children(owner, rel, cq.query).load(row.id);
    return makeConnection(target, cq, rows, () => ctx.loaders.childCount(owner, rel, cq.query).load(row.id));
  }) as unknown;
}

export function typeResolvers(registry: Registry, baseUrl: string): Record<string, Record<string, Resolver>> {
  const out: Record<string, Record<string, Resolver>> = {};
  for (const r of registry.resources) {
    const fields: Record<string, Resolver> = {
      id: (row) => String(row.id),
      href: (row) => selfHref(baseUrl, r, row.id),
    };
    for (const f of r.fields) {
      if (f.writeOnly) fields[f.gqlName] = () => null;
      else if (f.ref) fields[f.gqlName] = (row) => refHref({ baseUrl, registry }, r, f, row);
      else if (f.column) {
        const col = f.column;
        fields[f.gqlName] = (row) => row[col];
      }
    }
    for (const rel of r.rels) fields[rel.gqlName] = rel.kind === 'one' ? toOne(rel) : toMany(r, rel);
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
