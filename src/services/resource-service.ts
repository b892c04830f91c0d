// Create, read, update and delete for every resource, driven by the registry: scopes, tenancy,
// validation, references, uniqueness and the resource's own rules, the same for REST and GraphQL.
import { markEffect } from './idempotency-store.js';
import type { ResourceDef } from '../model/types.js';
import type { RowOf, Values } from '../data/codec.js';
import type { ListQuery } from '../data/query.js';
import type { Page } from '../data/repository.js';
import { ownerColumns } from '../data/tenancy.js';
import { dynamic, inTransaction, type Tx } from '../db/database.js';
import { accessTarget, type AccessMode } from '../auth/scopes.js';
import { tenantScope } from '../auth/principal.js';
import { rulesOf } from './rule-book.js';
import type { WriteInput } from '../resources/rules.js';
import { formatTimestamp } from './clock.js';
import type { ServiceContext } from './context.js';
import { ApiError, type FieldError } from './errors.js';
import { idFromHref, invalidReference, refHref, resolveRef, selfHref, type DeferredRef } from './refs.js';
import { normalizeInput, type WriteMode } from './validate.js';
import { checkUnique, isUniqueViolation, uniqueProbes } from './unique.js';
import { recordChange, recordsChange, type Growth } from '../events/record.js';
import { assertParentWritable, assertWritable } from './frozen.js';
import { insertUnlessExists } from '../data/conditional-insert.js';
import { dataOf } from './data-access.js';
import { apiError } from './error-catalog.js';
import { authorize, readerOf, runBeforeRead, type Parent } from './reader.js';

// Who may read what is decided in one place, the Reader (src/services/reader.ts); these are the
// entry points REST routes, GraphQL root fields and the commerce flows have always called.
export { authorize, type Parent } from './reader.js';

/** Lets the resource's rules tidy its rows before the caller reads them (expired cart items go). */
export const beforeRead = runBeforeRead;

/** A row the caller may see, or 404 whether it is missing or another store's. */
export async function getRow<R extends ResourceDef>(ctx: ServiceContext, r: R, id: number, mode: AccessMode = 'read'): Promise<RowOf<R>> {
  return readerOf(ctx).row(r, id, mode) as Promise<RowOf<R>>;
}

/** One parent's collection (`/stores/1/taxes`), as the caller may see it. */
export async function listChildren(ctx: ServiceContext, parent: Parent, q: ListQuery): Promise<Page> {
  return readerOf(ctx).childPage(parent, q);
}

interface Prepared { columns: Record<string, unknown>; deferred: DeferredRef[] }

/**
 * Validated column values. With `deferRefs`, a well-formed reference (other than to the parent the
 * path gives) is not looked up here: the caller checks it in its transaction. When anything else is
 * invalid, the put-off references are looked up after all, so one answer lists every invalid field.
 */
async function prepareWrite(ctx: ServiceContext, r: ResourceDef, w: WriteInput, deferRefs = false): Promise<Prepared> {
  const rules = rulesOf(r.name);
  const prep = rules?.prepare?.(w, ctx) ?? {};
  const existingRest = w.existing ? restValues(r, w.existing, ctx) : undefined;
  const { values, errors } = normalizeInput(r, w.input, w.mode, {
    existing: existingRest, now: ctx.clock.now(), relaxed: new Set(prep.relaxed ?? []),
  });
  const columns: Record<string, unknown> = {};
  for (const f of r.fields) {
    if (!(f.name in values) || !f.column) continue;
    columns[f.column] = values[f.name];
  }
  const deferred: DeferredRef[] = [];
  for (const f of r.fields) {
    if (!f.ref || !(f.name in values) || errors.some((e) => e.field === f.name)) continue;
    if (values[f.name] === null) continue;
    const rel = r.relsByName.get(f.ref)!;
    if (deferRefs && rel.fk !== w.parent?.fk) {
      const target = ctx.registry.resource(rel.target);
      const uri = values[f.name];
      const id = typeof uri === 'string' ? idFromHref(ctx.baseUrl, target, uri) : undefined;
      if (id) {
        deferred.push({ field: f, target, id });
        columns[rel.fk!] = id;
        continue;
      }
    }
    const res = await resolveRef(ctx, r, f, values[f.name]);
    if ('code' in res) errors.push(res);
    else if (w.parent?.fk === res.fk && res.row.id !== w.parent.id) {
      errors.push({ field: f.name, code: 'parent_mismatch', message: `${f.name} must be the collection's own ${f.ref} (the one in its path), or left out` });
    } else columns[res.fk] = res.row.id;
  }
  let more: FieldError[] = [];
  if (rules?.validate) more = await rules.validate({ ...existingRest, ...values }, w, ctx);
  if (deferred.length && (errors.length || more.length)) {
    for (const d of deferred) {
      if (!await dataOf(ctx).repo.findById(d.target, tenantScope(ctx.principal), d.id)) errors.push(invalidReference(d.field, d.target));
    }
  }
  // Rules run even when a declared constraint failed, so one answer lists every invalid field;
  // a field already reported is not reported twice.
  const reported = new Set(errors.map((e) => e.field));
  errors.push(...more.filter((e) => !e.field || !reported.has(e.field)));
  if (errors.length) throw ApiError.invalid(errors);
  // Write-only values (passwords) are handed to the rules through the input, never stored as is.
  return { columns, deferred };
}

/** Typed values keyed by REST field name, from a stored row; `*_uri` references as their links. */
export function restValues(r: ResourceDef, row: Values, ctx?: Pick<ServiceContext, 'baseUrl' | 'registry'>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const f of r.fields) {
    if (f.column) out[f.name] = row[f.column];
    else if (f.ref && ctx) out[f.name] = refHref(ctx, r, f, row);
  }
  return out;
}

export interface CreateOptions {
  parent?: Parent;
  /** Server-set columns (hashed secrets, owners of rows created outside the caller's tenancy). */
  extraColumns?: Record<string, unknown>;
  /** The caller has already checked access (registration, the token chain). */
  authorized?: boolean;
}

export async function createRow(ctx: ServiceContext, r: ResourceDef, input: Record<string, unknown>,
  opts: CreateOptions = {}): Promise<Values> {
  return (await createOrAbsorbRow(ctx, r, input, opts)).row;
}

/** Like createRow, and says whether a new row was made or an existing one absorbed the input. */
export async function createOrAbsorbRow(ctx: ServiceContext, r: ResourceDef, input: Record<string, unknown>,
  opts: CreateOptions = {}): Promise<{ row: Values; created: boolean }> {
  const { parent, extraColumns = {} } = opts;
  if (!opts.authorized) authorize(ctx, parent ? accessTarget(parent.resource, r) : r, 'write');
  const w: WriteInput = { mode: 'create', input: { ...input } };
  if (parent) {
    // A `*_uri` naming the parent the path already gives is optional, and must agree when sent.
    const via = parent.rel.via!;
    const f = r.fields.find((x) => x.ref && r.relsByName.get(x.ref)?.fk === via);
    if (f) {
      w.parent = { fk: via, id: parent.id };
      if (w.input[f.name] === undefined || w.input[f.name] === null || w.input[f.name] === '') {
        w.input[f.name] = selfHref(ctx.baseUrl, parent.resource, parent.id);
      }
    }
  }
  // The parent is read once, in the transaction; an input refused before that still answers 404
  // first when the parent is not the caller's.
  const parentFirst = (e: unknown) => parentMissing(ctx, parent).then((missing) => { throw missing ?? e; });
  const { columns: prepared, deferred } = await prepareWrite(ctx, r, w, !!parent).catch(parentFirst);
  const columns = { ...prepared, ...ownerColumns(r, tenantScope(ctx.principal)), ...extraColumns };
  if (parent) {
    columns[parent.rel.via!] = parent.id;
    if (parent.rel.where) columns[parent.rel.where.column] = parent.rel.where.value;
  }
  const now = formatTimestamp(ctx.clock.now());
  columns.date_created = now;
  columns.date_modified = now;
  // Under a parent, the parent's read in the transaction also asks whether a unique value is taken
  // (frozen.ts): a round trip less for a create under its store, the usual case.
  const probes = uniqueProbes(r, columns);
  if (!parent) await checkUnique(ctx, probes);
  const rules = rulesOf(r.name);
  // The last event append, or the insert when nothing is written after it, ends the transaction.
  const endsHere = commitsWithLast(ctx, rules);
  let grew: Growth | undefined;
  const write = (last: boolean) => writeGuarded(r, () => inTransaction(dataOf(ctx).database, async (tx) => {
    await markEffect(tx, ctx);
    if (parent) await assertParentWritable(ctx, tx, parent.resource, parent.id, parent.rel, deferred, probes);
    await rules?.beforeWrite?.(columns, w, ctx, tx);
    const insertIsLast = last && !recordsChange(r);
    // Usually no row can absorb the create: then one statement checks and inserts.
    const key = rules?.absorbKey?.(columns);
    let row = key ? await insertUnlessExists(dataOf(ctx).database.templates, tx, r, columns, key, insertIsLast) : undefined;
    if (!row) {
      // It was to be the last statement and wrote nothing: the transaction is over, and a row
      // exists that may absorb the create. Once more, with the transaction kept open for that.
      if (key && insertIsLast) return undefined;
      const absorbed = await rules?.absorb?.(columns, w, ctx, tx);
      if (absorbed) return { row: absorbed, created: false };
      row = await dataOf(ctx).repo.insert(r, columns, tx, insertIsLast);
    }
    await rules?.afterWrite?.(row, w, ctx, tx);
    grew = await recordChange(tx, ctx, r, 'created', undefined, row, { last });
    return { row, created: true };
  }));
  const result = await write(endsHere) ?? await write(false);
  if (grew) ctx.bus.publish(grew.storeId, grew.dispatch);
  return result!;
}

/**
 * Whether a write's last statement may take its COMMIT along (db/database.ts, lastOfTransaction):
 * on PostgreSQL, when no rule of the resource writes after the row (afterWrite). SQLite commits in
 * process: marking gains nothing there (and would cost an absorbed create a second pass).
 */
function commitsWithLast(ctx: ServiceContext, rules: ReturnType<typeof rulesOf>): boolean {
  return dataOf(ctx).database.dialect === 'postgres' && !rules?.afterWrite;
}

/** The 404 to answer when the parent of a create is missing or another store's. */
async function parentMissing(ctx: ServiceContext, parent: Parent | undefined): Promise<ApiError | undefined> {
  if (!parent || await dataOf(ctx).repo.findById(parent.resource, tenantScope(ctx.principal), parent.id)) return undefined;
  return apiError('NO_SUCH', { what: parent.resource.name });
}

/** `ifUnchanged`: the row an If-Match was checked against; the write happens only if it still is. */
export interface GuardOptions {
  ifUnchanged?: Values;
}

/**
 * Inside the write transaction: 412 unless the row still equals the one the caller's If-Match was
 * checked against. Checking before the transaction is not enough: another writer may commit in
 * between (PostgreSQL runs READ COMMITTED), and its update would be lost.
 */
async function assertUnchanged(ctx: ServiceContext, r: ResourceDef, id: number, expected: Values, tx: Tx): Promise<void> {
  // SQLite's BEGIN IMMEDIATE already excludes other writers; PostgreSQL needs the row lock.
  if (dataOf(ctx).database.dialect === 'postgres') await dynamic(tx).selectFrom(r.table).select('id').where('id', '=', id).forUpdate().execute();
  const current = await dataOf(ctx).repo.findById(r, tenantScope(ctx.principal), id, tx);
  const same = current && Object.keys({ ...current, ...expected }).every((k) => JSON.stringify(current[k]) === JSON.stringify(expected[k]));
  if (!same) {
    throw apiError('ETAG_MISMATCH');
  }
}

export async function updateRow(ctx: ServiceContext, r: ResourceDef, id: number, input: Record<string, unknown>,
  mode: Exclude<WriteMode, 'create'>, guard: GuardOptions = {}): Promise<Values> {
  const existing = await getRow(ctx, r, id, 'write');
  const rules = rulesOf(r.name);
  const reason = rules?.frozen?.(existing, ctx);
  if (reason) throw apiError('IMMUTABLE', { reason });
  const w: WriteInput = { mode, input: { ...input }, existing };
  const { columns } = await prepareWrite(ctx, r, w);
  columns.date_modified = formatTimestamp(ctx.clock.now());
  await checkUnique(ctx, uniqueProbes(r, columns, existing), id);
  let grew: Growth | undefined;
  const updated = await writeGuarded(r, () => inTransaction(dataOf(ctx).database, async (tx) => {
    await markEffect(tx, ctx);
    if (guard.ifUnchanged) await assertUnchanged(ctx, r, id, guard.ifUnchanged, tx);
    await assertWritable(ctx, tx, r, id);
    await rules?.beforeWrite?.(columns, w, ctx, tx);
    const row = await dataOf(ctx).repo.update(r, id, columns, tx);
    if (!row) throw apiError('NO_SUCH', { what: r.name });
    await rules?.afterWrite?.(row, w, ctx, tx);
    grew = await recordChange(tx, ctx, r, 'modified', existing, row, { event: rules?.updateEvent?.(existing, row), last: commitsWithLast(ctx, rules) });
    return row;
  }));
  if (grew) ctx.bus.publish(grew.storeId, grew.dispatch);
  return updated;
}

export async function deleteRow(ctx: ServiceContext, r: ResourceDef, id: number, guard: GuardOptions = {}): Promise<void> {
  const existing = await getRow(ctx, r, id, 'write');
  const reason = rulesOf(r.name)?.frozen?.(existing, ctx);
  if (reason) throw apiError('IMMUTABLE', { reason });
  const grew = await inTransaction(dataOf(ctx).database, async (tx) => {
    await markEffect(tx, ctx);
    if (guard.ifUnchanged) await assertUnchanged(ctx, r, id, guard.ifUnchanged, tx);
    await assertWritable(ctx, tx, r, id);
    await dataOf(ctx).repo.delete(r, id, tx);
    return recordChange(tx, ctx, r, 'deleted', existing, undefined, { last: commitsWithLast(ctx, undefined) });
  });
  if (grew) ctx.bus.publish(grew.storeId, grew.dispatch);
  await rulesOf(r.name)?.afterDelete?.(existing, ctx);
}

/** A unique index that a concurrent write beat us to answers 409, like the pre-check. */
async function writeGuarded<T>(r: ResourceDef, fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    if (isUniqueViolation(err)) throw apiError('DUPLICATE', { resource: r.name });
    throw err;
  }
}
