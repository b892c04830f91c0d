// Root query fields: one per resource by id (derived), viewer, store and node(href).
import type { Registry, ResourceDef } from '../model/types.js';
import { gqlNames } from '../model/names.js';
import { ApiError } from '../services/errors.js';
import { authorize, getRow } from '../services/resource-service.js';
import type { GraphQLContext } from './context.js';
import { guard } from './errors.js';
import type { QueryResolvers } from './__generated__/resolvers-types.js';
import { apiError } from '../services/error-catalog.js';

/** A row by id, or null when it does not exist or belongs to another tenant. */
async function rowOrNull(ctx: GraphQLContext, r: ResourceDef, rawId: unknown) {
  const id = /^[1-9]\d{0,15}$/.test(String(rawId)) ? Number(rawId) : 0;
  try {
    return await getRow(ctx.svc, r, id);
  } catch (err) {
    if (err instanceof ApiError && err.kind === 'not_found') return null;
    throw err;
  }
}

function byHref(registry: Registry, baseUrl: string, href: string): { r: ResourceDef; id: string } | undefined {
  if (!href.startsWith(baseUrl)) return undefined;
  const m = /^(\/[a-z_]+)\/([1-9]\d{0,15})$/.exec(href.slice(baseUrl.length));
  if (!m) return undefined;
  const r = registry.resources.find((x) => x.path === m[1]);
  return r ? { r, id: m[2] } : undefined;
}

export function queryResolvers(registry: Registry): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const r of registry.resources) {
    out[gqlNames(r.typeName).query] = (_: unknown, args: { id: string }, ctx: GraphQLContext) => guard(() => rowOrNull(ctx, r, args.id));
  }
  const handwritten: Pick<QueryResolvers, 'store' | 'node' | 'viewer'> = {
    store: (_, args, ctx) => guard(async () => {
      const p = ctx.svc.principal;
      if (p.kind === 'anonymous') throw apiError('TOKEN_REQUIRED');
      const id = args.id ?? (p.storeId ? String(p.storeId) : undefined);
      return id ? rowOrNull(ctx, registry.resource('store'), id) : null;
    }),
    node: (_, args, ctx) => guard(async () => {
      const found = byHref(registry, ctx.svc.baseUrl, args.href);
      if (!found) return null;
      const row = await rowOrNull(ctx, found.r, found.id);
      return row ? { ...row, __typename: found.r.typeName } : null;
    }),
    viewer: (_, _args, ctx) => {
      const p = ctx.svc.principal;
      // The token's own client, user and store, each as far as its scopes may read that resource
      // (a store token reads its store and user, not its client's registration).
      const load = (name: string, id?: number) => (id ? guard(async () => {
        const r = registry.resource(name);
        authorize(ctx.svc, r, 'read');
        return ctx.loaders.byId(r).load(id);
      }) : null);
      return { scopes: [...p.scopes], client: () => load('client', p.clientId), user: () => load('user', p.userId), store: () => load('store', p.storeId) };
    },
  };
  Object.assign(out, handwritten);
  return out;
}

export function nodeTypeResolver(registry: Registry) {
  return (obj: { __typename?: string }) => obj.__typename ?? null;
}

export { byHref };
