// Who may see which rows. Every read and write of the repository goes through ownerCondition, so a
// store token can never address another store's rows: they answer exactly like missing ones.
import { sql, type Expression, type SqlBool } from 'kysely';
import type { ResourceDef } from '../model/types.js';

/** The ids a token carries along the client → user → store chain. */
export interface TenantScope {
  clientId?: number;
  userId?: number;
  storeId?: number;
}

const NOTHING = sql<SqlBool>`1 = 0`;

/**
 * `unindexed` writes the column as `+col` (SQLite's way of saying "do not use an index for this
 * term"): for children found through their parent's id, the parent's index is the one to use, and
 * without statistics SQLite would otherwise walk the whole store.
 */
export function ownerCondition(r: ResourceDef, scope: TenantScope, alias?: string, unindexed = false): Expression<SqlBool> {
  const col = (c: string) => (unindexed ? sql`+${sql.ref(alias ? `${alias}.${c}` : c)}` : sql.ref(alias ? `${alias}.${c}` : c));
  switch (r.owner) {
    case 'STORE':
    case 'PARENT':
      return scope.storeId ? sql<SqlBool>`${col('store_id')} = ${scope.storeId}` : NOTHING;
    case 'USER':
      if (scope.storeId) return sql<SqlBool>`${col('id')} = ${scope.storeId}`;
      return scope.userId ? sql<SqlBool>`${col('user_id')} = ${scope.userId}` : NOTHING;
    case 'CLIENT':
      return scope.clientId ? sql<SqlBool>`${col('id')} = ${scope.clientId}` : NOTHING;
    case 'GLOBAL':
      return scope.userId ? sql<SqlBool>`${col('id')} = ${scope.userId}` : NOTHING;
  }
}

/** What shapes ownerCondition's SQL besides the ids' values: which of them the scope has. */
export function scopeShape(scope: TenantScope): string {
  return `${scope.storeId ? 's' : ''}${scope.userId ? 'u' : ''}${scope.clientId ? 'c' : ''}`;
}

/** The scope's shape with slot markers for its ids, to compile a query template (db/query-templates.ts). */
export function slotScope(scope: TenantScope, slots: Record<keyof TenantScope, unknown>): TenantScope {
  const pick = (k: keyof TenantScope) => (scope[k] ? slots[k] as number : undefined);
  return { storeId: pick('storeId'), userId: pick('userId'), clientId: pick('clientId') };
}

/**
 * The tenancy filter for children reached through a parent: their own owner's, except for children
 * that belong to whatever parent they hang off (attributes), which the parent's check covers.
 */
export function childScope(child: ResourceDef, scope: TenantScope): TenantScope | undefined {
  return child.owner === 'PARENT' ? undefined : scope;
}

/** Columns a new row gets from the scope that creates it. */
export function ownerColumns(r: ResourceDef, scope: TenantScope): Record<string, number> {
  if ((r.owner === 'STORE' || r.owner === 'PARENT') && scope.storeId) return { store_id: scope.storeId };
  if (r.owner === 'USER' && scope.userId) return { user_id: scope.userId };
  return {};
}
