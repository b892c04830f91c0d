// `*_uri` properties: a reference to another resource by its self link. The id is read from the
// link and the target must be visible to the caller (same store), or the field is invalid.
import type { FieldDef, ResourceDef } from '../model/types.js';
import type { Values } from '../data/codec.js';
import { tenantScope } from '../auth/principal.js';
import type { ServiceContext } from './context.js';
import type { FieldError } from './errors.js';
import { dataOf } from './data-access.js';

/** A row's self link is this and its id. */
export function selfPrefix(baseUrl: string, r: ResourceDef): string {
  return `${baseUrl}${r.path}/`;
}

export function selfHref(baseUrl: string, r: ResourceDef, id: number): string {
  return selfPrefix(baseUrl, r) + id;
}

/** The id in `uri` when it is a self link of a `target` resource of this service. */
export function idFromHref(baseUrl: string, target: ResourceDef, uri: string): number | undefined {
  const prefix = `${baseUrl}${target.path}/`;
  if (!uri.startsWith(prefix)) return undefined;
  const rest = uri.slice(prefix.length);
  return /^[1-9]\d{0,15}$/.test(rest) ? Number(rest) : undefined;
}

/**
 * A reference whose row is looked up in the write's transaction, in the statement that reads the
 * parent (frozen.ts): a create under a parent then pays no statement of its own per reference.
 */
export interface DeferredRef { field: FieldDef; target: ResourceDef; id: number }

/** The error of a reference whose row is not the caller's to point at. */
export function invalidReference(field: FieldDef, target: ResourceDef): FieldError {
  return { field: field.name, code: 'invalid_reference', message: `${field.name} must be the self link of a ${target.name} of this store` };
}

export async function resolveRef(ctx: ServiceContext, r: ResourceDef, f: FieldDef, uri: unknown):
  Promise<{ fk: string; row: Values } | FieldError> {
  const rel = r.relsByName.get(f.ref!)!;
  const target = ctx.registry.resource(rel.target);
  const id = typeof uri === 'string' ? idFromHref(ctx.baseUrl, target, uri) : undefined;
  const row = id ? await dataOf(ctx).repo.findById(target, tenantScope(ctx.principal), id) : undefined;
  if (!row) return invalidReference(f, target);
  return { fk: rel.fk!, row };
}

/** The REST value of a `*_uri` property from a stored row's foreign key. */
export function refHref(ctx: { baseUrl: string; registry: ServiceContext['registry'] }, r: ResourceDef, f: FieldDef, row: Values): string | null {
  const rel = r.relsByName.get(f.ref!)!;
  const id = row[rel.fk!];
  return id ? selfHref(ctx.baseUrl, ctx.registry.resource(rel.target), Number(id)) : null;
}
