// "Frozen" rows: a row whose resource module says it may not change now (an item of a transaction,
// a cart being checked out), and every child the SDL declares `frozenWithParent` below such a row,
// by any path (REST member and collection routes, GraphQL mutations, attributes). The check runs
// inside the write's transaction on fresh rows, ancestors first: on PostgreSQL each is read
// FOR SHARE, in the same order checkout locks them (cart, then items), so a write that passed the
// check holds off a checkout until it commits, and one that comes after sees the checkout's result.
import { sql, type SqlBool } from 'kysely';
import { dynamic, type Tx } from '../db/database.js';
import { ownerCondition, scopeShape, slotScope } from '../data/tenancy.js';
import { tenantScope } from '../auth/principal.js';
import type { Values } from '../data/codec.js';
import { decodeRow } from '../data/codec.js';
import type { RelDef, Registry, ResourceDef } from '../model/types.js';
import { rulesOf } from './rule-book.js';
import type { ServiceContext } from './context.js';
import { apiError } from './error-catalog.js';
import { ApiError } from './errors.js';
import { invalidReference, type DeferredRef } from './refs.js';
import { dataOf } from './data-access.js';
import { duplicates, takenExpression, type UniqueProbe } from './unique.js';

interface Freezer { parent: ResourceDef; rel: RelDef }

const freezersCache = new WeakMap<ResourceDef, Freezer[]>();

/** The parents whose state freezes rows of `r` (declared once in the SDL with frozenWithParent). */
function freezersOf(registry: Registry, r: ResourceDef): Freezer[] {
  let found = freezersCache.get(r);
  if (!found) {
    found = registry.resources.flatMap((parent) => parent.rels
      .filter((rel) => rel.kind === 'many' && rel.frozenWithParent && rel.target === r.name)
      .map((rel) => ({ parent, rel })));
    freezersCache.set(r, found);
  }
  return found;
}

async function readRow(ctx: ServiceContext, tx: Tx, r: ResourceDef, id: number, lock: boolean): Promise<Values | undefined> {
  let q = dynamic(tx).selectFrom(r.table).selectAll().where('id', '=', id);
  if (lock && dataOf(ctx).database.dialect === 'postgres') q = q.forShare();
  const row = await q.executeTakeFirst();
  return row ? decodeRow(r, row) : undefined;
}

/** `r`/`id` and the ancestors that can freeze it, nearest first (plain reads, to learn the path). */
async function pathOf(ctx: ServiceContext, tx: Tx, r: ResourceDef, id: number): Promise<Array<{ r: ResourceDef; id: number }>> {
  const path = [{ r, id }];
  let row = await readRow(ctx, tx, r, id, false);
  let at = r;
  while (row) {
    const up = freezersOf(ctx.registry, at).find(({ rel }) => row![rel.via!] != null
      && (!rel.where || String(row![rel.where.column]) === rel.where.value));
    if (!up) break;
    const parentId = Number(row[up.rel.via!]);
    path.push({ r: up.parent, id: parentId });
    row = await readRow(ctx, tx, up.parent, parentId, false);
    at = up.parent;
  }
  return path;
}

/**
 * Inside a write transaction: 409 if the row `r`/`id` (or, with `childRel`, a child to be written
 * under it through that rel) may not change now. A child rel that does not freeze with its parent
 * needs no check.
 */
export async function assertWritable(ctx: ServiceContext, tx: Tx, r: ResourceDef, id: number, childRel?: RelDef): Promise<void> {
  if (childRel && !childRel.frozenWithParent) return;
  if (!rulesOf(r.name)?.frozen && !freezersOf(ctx.registry, r).length) return;
  const path = await pathOf(ctx, tx, r, id);
  for (const step of path.reverse()) {
    const fresh = await readRow(ctx, tx, step.r, step.id, true);
    const reason = fresh && rulesOf(step.r.name)?.frozen?.(fresh, ctx);
    if (reason) throw apiError('IMMUTABLE', { reason });
  }
}

/**
 * Inside a create's transaction: the parent the new row goes under, which must be the caller's
 * (404 otherwise) and writable (409). One read when nothing above the parent can freeze it, the
 * usual case (a cart): the tenancy-scoped read is also the fresh, locked one the freeze check needs.
 * The same statement tells whether each of `refs` (the new row's references, resource-service.ts)
 * is the caller's to point at (422 otherwise), and whether another row already has a value of the
 * new row's that must be unique (`uniques`: 409), after a 404 for the parent: one round trip.
 */
export async function assertParentWritable(ctx: ServiceContext, tx: Tx, r: ResourceDef, id: number, childRel: RelDef,
  refs: readonly DeferredRef[] = [], uniques: readonly UniqueProbe[] = []): Promise<void> {
  const checks = childRel.frozenWithParent && (!!rulesOf(r.name)?.frozen || freezersOf(ctx.registry, r).length > 0);
  const postgres = dataOf(ctx).database.dialect === 'postgres';
  // A child that an existing sibling may absorb (an identical cart item adds to its quantity) reads
  // and then writes its siblings: on PostgreSQL (READ COMMITTED) two such creates under one parent
  // would both miss each other or both add to the same old quantity. Locking the parent for update
  // queues them, in this same statement; SQLite's BEGIN IMMEDIATE already does.
  const serialize = postgres && !!rulesOf(childRel.target)?.absorbKey;
  const lock = checks && !freezersOf(ctx.registry, r).length && postgres;
  const scope = tenantScope(ctx.principal);
  const mode = serialize ? 'update' : lock ? 'share' : '';
  // Every create under a parent reads it: compiled once per shape (db/query-templates.ts).
  const probes = uniques.map((p) => `${p.r.name}.${p.field.column}(${Object.keys(p.owner).join(',')})`);
  const shape = `parentWritable ${r.name} ${scopeShape(scope)} ${mode} ${refs.map((d) => d.target.name).join(',')} ${probes.join(',')}`;
  const read = () => dataOf(ctx).database.templates.execute(dynamic(tx), shape,
    [id, scope.storeId, scope.userId, scope.clientId, ...refs.map((d) => d.id), ...uniques.flatMap((p) => [p.value, ...Object.values(p.owner)])],
    ([i, storeId, userId, clientId, ...rest]) => {
      const slots = slotScope(scope, { storeId, userId, clientId });
      let q = dynamic(tx).selectFrom(`${r.table} as t`).selectAll('t')
        .where(sql<SqlBool>`t.id = ${i}`).where(ownerCondition(r, slots, 't'));
      refs.forEach((d, k) => {
        q = q.select(sql<boolean>`exists (select 1 from ${sql.table(d.target.table)} as c where c.id = ${rest[k]} and ${ownerCondition(d.target, slots, 'c')})`.as(`_ref${k}`));
      });
      let at = refs.length;
      uniques.forEach((p, k) => {
        const n = Object.keys(p.owner).length;
        q = q.select(takenExpression(p, rest[at], rest.slice(at + 1, at + 1 + n)).as(`_dup${k}`));
        at += 1 + n;
      });
      return mode === 'update' ? q.forUpdate() : mode === 'share' ? q.forShare() : q;
    });
  const raw = Number.isSafeInteger(id) && id > 0 ? (await read()).rows[0] as Record<string, unknown> | undefined : undefined;
  if (!raw) throw apiError('NO_SUCH', { what: r.name });
  // Before the references, as when the check was a statement of its own ahead of the transaction.
  duplicates(uniques, uniques.map((_, k) => !!raw[`_dup${k}`]));
  uniques.forEach((_, k) => delete raw[`_dup${k}`]);
  const invalid = refs.flatMap((d, k) => (raw[`_ref${k}`] ? [] : [invalidReference(d.field, d.target)]));
  if (invalid.length) throw ApiError.invalid(invalid);
  refs.forEach((_, k) => delete raw[`_ref${k}`]);
  if (!checks) return;
  if (freezersOf(ctx.registry, r).length) return assertWritable(ctx, tx, r, id, childRel);
  const reason = rulesOf(r.name)?.frozen?.(decodeRow(r, raw), ctx);
  if (reason) throw apiError('IMMUTABLE', { reason });
}
