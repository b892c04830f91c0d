// Writes to an attributes collection (every parent with svc:attributes), beyond the generic POST of
// one object: POST takes one object or an array (bulk create), PATCH merges by name (existing names
// get the values sent, new names are added), PUT replaces the whole set (names not sent are deleted),
// DELETE removes every attribute of the parent. Names are unique per parent, so an attribute sent
// under an existing name is an update of that attribute: its id stays and its write-once visibility
// may not change. Every entry is checked before anything is written, errors name the entry
// (`[2].value`), and the write is one transaction.
import { decodeRow, type Values } from '../data/codec.js';
import { ownerColumns } from '../data/tenancy.js';
import { dynamic, inTransaction } from '../db/database.js';
import { markEffect } from '../services/idempotency-store.js';
import { accessTarget } from '../auth/scopes.js';
import { tenantScope } from '../auth/principal.js';
import type { ResourceDef } from '../model/types.js';
import { formatTimestamp } from '../services/clock.js';
import type { ServiceContext } from '../services/context.js';
import { ApiError, type FieldError } from '../services/errors.js';
import { authorize, restValues, type Parent } from '../services/resource-service.js';
import { isUniqueViolation } from '../services/unique.js';
import { normalizeInput } from '../services/validate.js';
import { assertWritable } from '../services/frozen.js';
import { dataOf } from '../services/data-access.js';
import { apiError } from '../services/error-catalog.js';

/** Most attributes one request may write. */
export const MAX_BULK_ATTRIBUTES = 1000;

/** append: POST (a name already present is a 409); merge: PATCH; replace: PUT. */
export type AttributeWrite = 'append' | 'merge' | 'replace';

interface Plan {
  current?: Values;
  columns: Record<string, unknown>;
}

async function parentAttributes(ctx: ServiceContext, parent: Parent): Promise<Values[]> {
  const r = ctx.registry.resource(parent.rel.target);
  let q = dynamic(dataOf(ctx).repo.db).selectFrom(r.table).selectAll().where(parent.rel.via!, '=', parent.id);
  if (parent.rel.where) q = q.where(parent.rel.where.column, '=', parent.rel.where.value);
  return (await q.orderBy('id').execute()).map((row) => decodeRow(r, row));
}

/** The parent must be the caller's (404) and writable by the caller (403). */
async function checkParent(ctx: ServiceContext, r: ResourceDef, parent: Parent): Promise<void> {
  authorize(ctx, accessTarget(parent.resource, r), 'write');
  const row = await dataOf(ctx).repo.findById(parent.resource, tenantScope(ctx.principal), parent.id);
  if (!row) throw apiError('NO_SUCH', { what: parent.resource.name });
}

function plan(ctx: ServiceContext, r: ResourceDef, entries: unknown[], bulk: boolean, mode: AttributeWrite,
  existing: Map<string, Values>): { plans: Plan[]; errors: FieldError[]; conflicts: FieldError[] } {
  const plans: Plan[] = [];
  const errors: FieldError[] = [];
  const conflicts: FieldError[] = [];
  const seen = new Set<string>();
  entries.forEach((entry, i) => {
    const at = (field?: string) => (bulk ? `[${i}]${field ? `.${field}` : ''}` : field);
    if (entry === null || typeof entry !== 'object' || Array.isArray(entry)) {
      errors.push({ field: at(), code: 'invalid_type', message: 'each attribute must be an object with name and value' });
      return;
    }
    const input = entry as Record<string, unknown>;
    const name = typeof input.name === 'string' ? input.name : undefined;
    const current = name !== undefined && mode !== 'append' ? existing.get(name) : undefined;
    const n = normalizeInput(r, input, current ? (mode === 'replace' ? 'put' : 'patch') : 'create', {
      existing: current ? restValues(r, current) : undefined, now: ctx.clock.now(),
    });
    errors.push(...n.errors.map((e) => ({ ...e, field: at(e.field) })));
    if (name !== undefined && seen.has(name)) {
      errors.push({ field: at('name'), code: 'duplicate', message: `attribute "${name}" is sent more than once` });
    } else if (name !== undefined && mode === 'append' && existing.has(name)) {
      conflicts.push({ field: at('name'), code: 'duplicate', message: `attribute "${name}" already exists; PATCH the collection to change its value` });
    }
    if (name !== undefined) seen.add(name);
    const columns: Record<string, unknown> = {};
    for (const f of r.fields) if (f.column && f.name in n.values) columns[f.column] = n.values[f.name];
    plans.push({ current, columns });
  });
  return { plans, errors, conflicts };
}

/** Writes `body` (one attribute object, or an array of them) to the parent's attributes. */
export async function writeAttributes(ctx: ServiceContext, parent: Parent, body: unknown, mode: AttributeWrite): Promise<Values[]> {
  const r = ctx.registry.resource(parent.rel.target);
  await checkParent(ctx, r, parent);
  const bulk = Array.isArray(body);
  const entries = bulk ? body : [body ?? {}];
  if (!entries.length && mode !== 'replace') {
    throw apiError('ATTRIBUTES_SHAPE');
  }
  // One write is one transaction: a bound keeps it short (other writers wait for it on SQLite).
  if (entries.length > MAX_BULK_ATTRIBUTES) {
    throw apiError('TOO_MANY_ATTRIBUTES', { max: MAX_BULK_ATTRIBUTES });
  }
  const existing = new Map((await parentAttributes(ctx, parent)).map((a) => [String(a.name), a]));
  const { plans, errors, conflicts } = plan(ctx, r, entries, bulk, mode, existing);
  if (errors.length) throw ApiError.invalid(errors);
  if (conflicts.length) throw new ApiError('conflict', conflicts);
  const now = formatTimestamp(ctx.clock.now());
  const owner = { ...ownerColumns(r, tenantScope(ctx.principal)), [parent.rel.via!]: parent.id,
    ...(parent.rel.where ? { [parent.rel.where.column]: parent.rel.where.value } : {}) };
  try {
    return await inTransaction(dataOf(ctx).database, async (tx) => {
      await markEffect(tx, ctx);
      await assertWritable(ctx, tx, parent.resource, parent.id, parent.rel);
      if (mode === 'replace') {
        const kept = new Set(plans.map((p) => p.current?.id).filter((id) => id !== undefined));
        const gone = [...existing.values()].filter((a) => !kept.has(a.id)).map((a) => a.id);
        if (gone.length) await dynamic(tx).deleteFrom(r.table).where('id', 'in', gone).execute();
      }
      const rows: Values[] = [];
      for (const p of plans) {
        const row = p.current
          ? await dataOf(ctx).repo.update(r, p.current.id, { ...p.columns, date_modified: now }, tx)
          : await dataOf(ctx).repo.insert(r, { ...p.columns, ...owner, date_created: now, date_modified: now }, tx);
        if (row) rows.push(row);
      }
      return rows;
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw apiError('DUPLICATE_ATTRIBUTE_RACE', {}, { field: 'name' });
    throw err;
  }
}

/** DELETE on an attributes collection: removes every attribute of the parent. */
export async function deleteAttributes(ctx: ServiceContext, parent: Parent): Promise<void> {
  const r = ctx.registry.resource(parent.rel.target);
  await checkParent(ctx, r, parent);
  const ids = (await parentAttributes(ctx, parent)).map((a) => a.id);
  if (!ids.length) return;
  await inTransaction(dataOf(ctx).database, async (tx) => {
    await assertWritable(ctx, tx, parent.resource, parent.id, parent.rel);
    await dynamic(tx).deleteFrom(r.table).where('id', 'in', ids).execute();
  });
}
