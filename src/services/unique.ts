// Uniqueness of a resource's `unique` fields among its owner's rows (a customer's email within its
// store): checked before a write, so that a duplicate is answered 409 with the field's name, and
// recognised when a concurrent write beat the check to the unique index.
import { sql, type Expression, type RawBuilder, type SqlBool } from 'kysely';
import { sameValue } from '../data/compile.js';
import type { FieldDef, ResourceDef } from '../model/types.js';
import type { ServiceContext } from './context.js';
import { dataOf } from './data-access.js';
import { ApiError, type FieldError } from './errors.js';

/** Recognises a unique-constraint violation from either engine. */
export function isUniqueViolation(err: unknown): boolean {
  const e = err as { code?: string; message?: string };
  return e?.code === '23505' || e?.code === 'SQLITE_CONSTRAINT_UNIQUE' || /UNIQUE constraint failed/.test(e?.message ?? '');
}

/** One `unique` field of a row about to be written, and the owner columns it must be unique among. */
export interface UniqueProbe {
  r: ResourceDef;
  field: FieldDef & { column: string };
  value: unknown;
  owner: Record<string, unknown>;
}

/** The unique fields `columns` sets, with the owner they are unique within (the store, for a store's resources). */
export function uniqueProbes(r: ResourceDef, columns: Record<string, unknown>, ownerOf: Record<string, unknown> = columns): UniqueProbe[] {
  const owner = r.owner === 'STORE' && ownerOf.store_id != null ? { store_id: ownerOf.store_id } : {};
  return r.fields.flatMap((f) => (f.constraints.unique && f.column && columns[f.column] != null
    ? [{ r, field: f as FieldDef & { column: string }, value: columns[f.column], owner }] : []));
}

/** 409 naming each field whose value another row of the owner already has. */
export function duplicates(probes: readonly UniqueProbe[], taken: readonly boolean[]): void {
  const errors: FieldError[] = probes.flatMap((p, i) => (taken[i]
    ? [{ field: p.field.name, code: 'duplicate', message: `another ${p.r.name} already has this ${p.field.name}` }] : []));
  if (errors.length) throw new ApiError('conflict', errors);
}

/**
 * `exists (…)` for a probe, to ride along in another statement (a create's read of its parent,
 * services/frozen.ts): `value` and the owner's values are the statement's parameters, bound in the
 * probe's order (the owner columns' order, fixed per statement shape).
 */
export function takenExpression(p: UniqueProbe, value: unknown, ownerValues: readonly unknown[]): RawBuilder<boolean> {
  let where: Expression<SqlBool> = sameValue(p.field, sql.ref(`u.${p.field.column}`), value);
  Object.keys(p.owner).forEach((k, i) => { where = sql`${where} and u.${sql.ref(k)} = ${ownerValues[i]}`; });
  return sql<boolean>`exists (select 1 from ${sql.table(p.r.table)} as u where ${where})`;
}

/** Checks the probes with one read each (a write without a parent read to join them to). */
export async function checkUnique(ctx: ServiceContext, probes: readonly UniqueProbe[], exceptId?: number): Promise<void> {
  const taken: boolean[] = [];
  for (const p of probes) taken.push(await dataOf(ctx).repo.exists(p.r, p.field, p.value, p.owner, exceptId));
  duplicates(probes, taken);
}
