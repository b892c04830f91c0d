// Item rules the SDL cannot state (spec "item" table, DESIGN §5-6):
// - quantity is raised to quantity_min and lowered to quantity_max (0 means "no limit" for both);
// - adding an item identical to one already in the cart raises that item's quantity instead of
//   adding a row (the POST then answers 200 with the existing item);
// - discount_type and discount_details are required once discount_name is set;
// - the subscription_* properties are read only once the item belongs to a subscription;
// - items of a transaction never change (409);
// - an item whose `expires` has passed leaves its cart: expired cart items are deleted before any
//   read of items, so no background job is needed.
import { Decimal } from 'decimal.js';
import type { Values } from '../data/codec.js';
import { decodeRow } from '../data/codec.js';
import { inTransaction, type Tx } from '../db/database.js';
import { INT_RANGE, type FieldDef, type ResourceDef } from '../model/types.js';
import type { ServiceContext } from '../services/context.js';
import type { FieldError } from '../services/errors.js';
import { apiError } from '../services/error-catalog.js';
import type { ResourceRules } from './rules.js';
import { dataOf } from '../services/data-access.js';

const SUBSCRIPTION_FIELDS = [
  'subscription_frequency', 'subscription_start_date', 'subscription_next_transaction_date', 'subscription_end_date',
];
/** Properties that do not make two cart items different products. */
const NOT_IDENTITY = new Set(['quantity']);

const blank = (v: unknown) => v === undefined || v === null || v === '';
const unixNow = (ctx: ServiceContext) => Math.floor(ctx.clock.now().getTime() / 1000);

/** A limit of 0 (or none) does not limit. */
function clamp(quantity: number, min: unknown, max: unknown): number {
  let q = quantity;
  if (typeof min === 'number' && min > 0 && q < min) q = min;
  if (typeof max === 'number' && max > 0 && q > max) q = max;
  return q;
}

function sameValue(f: FieldDef, a: unknown, b: unknown): boolean {
  if (blank(a) || blank(b)) return blank(a) && blank(b);
  if (f.kind === 'decimal') return new Decimal(String(a)).eq(String(b));
  return a === b;
}

function identical(r: ResourceDef, row: Values, columns: Record<string, unknown>): boolean {
  if ((row.item_category_id ?? null) !== (columns.item_category_id ?? null) || row.subscription_id != null) return false;
  return r.fields.every((f) => !f.column || f.readOnly || NOT_IDENTITY.has(f.name) || sameValue(f, row[f.column], columns[f.column]));
}

/** Options and attributes are posted after the item, so an item that has any is never "the same product". */
async function hasChildren(tx: Tx, itemId: number): Promise<boolean> {
  const option = await tx.selectFrom('item_options').select('id').where('item_id', '=', itemId).executeTakeFirst();
  if (option) return true;
  const attr = await tx.selectFrom('attributes').select('id')
    .where('parent_type', '=', 'item').where('parent_id', '=', itemId).executeTakeFirst();
  return !!attr;
}

/** Deletes the caller's store's expired cart items (and their attributes, which have no foreign key). */
export async function purgeExpiredItems(ctx: ServiceContext): Promise<void> {
  const storeId = ctx.principal.storeId;
  if (!storeId || ctx.principal.expiredCartItems === false) return;
  // Purged once per request: the flag came from this request's token check.
  if (ctx.principal.expiredCartItems) ctx.principal.expiredCartItems = false;
  const now = unixNow(ctx);
  const expired = await dataOf(ctx).repo.db.selectFrom('items').select('id')
    // Migration 017's index of a store's expiring cart items: only those rows are visited.
    .where('store_id', '=', storeId).where('cart_id', 'is not', null).where('expires', 'is not', null).where('expires', '<=', now).execute();
  if (!expired.length) return;
  const ids = expired.map((x) => Number(x.id));
  await inTransaction(dataOf(ctx).database, async (tx) => {
    await tx.deleteFrom('attributes').where('parent_type', '=', 'item').where('parent_id', 'in', ids).execute();
    await tx.deleteFrom('items').where('id', 'in', ids).where('expires', '<=', now).execute();
  });
}

export const itemRules: ResourceRules = {
  prepare(w) {
    // Sending back the value an item already has is not a change, even where it is read only now.
    if (w.existing?.subscription_id == null) return;
    for (const k of SUBSCRIPTION_FIELDS) {
      if (k in w.input && String(w.input[k] ?? '') === String(w.existing[k] ?? '')) delete w.input[k];
    }
  },

  validate(values, w) {
    const errors: FieldError[] = [];
    if (!blank(values.discount_name)) {
      for (const k of ['discount_type', 'discount_details']) {
        if (blank(values[k])) errors.push({ field: k, code: 'required', message: `${k} is required when discount_name is set` });
      }
    }
    const { quantity_min: min, quantity_max: max } = values as { quantity_min?: number | null; quantity_max?: number | null };
    if (min && max && min > max) {
      errors.push({ field: 'quantity_max', code: 'min', message: `quantity_max must be at least quantity_min (${min})` });
    }
    const start = values.subscription_start_date as string | null | undefined;
    const end = values.subscription_end_date as string | null | undefined;
    if (start && end && end <= start) {
      errors.push({ field: 'subscription_end_date', code: 'after_start', message: 'subscription_end_date must be after subscription_start_date' });
    }
    if (w.existing?.subscription_id != null) {
      for (const k of SUBSCRIPTION_FIELDS) {
        if (k in w.input) errors.push({ field: k, code: 'read_only', message: `${k} is read only while the item belongs to a subscription; change it on the subscription` });
      }
    }
    return errors;
  },

  beforeWrite(columns, w) {
    if (w.existing?.subscription_id != null) for (const k of SUBSCRIPTION_FIELDS) delete columns[k];
    const pick = (k: string) => (k in columns ? columns[k] : w.existing?.[k]);
    const quantity = clamp(Number(pick('quantity') ?? 1), pick('quantity_min'), pick('quantity_max'));
    if ('quantity' in columns || quantity !== w.existing?.quantity) columns.quantity = quantity;
  },

  // Only an item of the same cart with the same name can be the same product.
  absorbKey: (columns) => (columns.cart_id == null ? undefined : { cart_id: columns.cart_id, name: columns.name }),

  async absorb(columns, _w, ctx, tx) {
    if (columns.cart_id == null) return undefined;
    const r = ctx.registry.resource('item');
    const now = unixNow(ctx);
    const rows = await tx.selectFrom('items').selectAll()
      .where('cart_id', '=', columns.cart_id as number).where('name', '=', columns.name as string).orderBy('id').execute();
    for (const raw of rows) {
      const row = decodeRow(r, raw);
      if (row.expires != null && Number(row.expires) <= now) continue;
      if (!identical(r, row, columns) || await hasChildren(tx, row.id)) continue;
      const quantity = clamp(Number(row.quantity) + Number(columns.quantity ?? 1), row.quantity_min, row.quantity_max);
      // The sum, unlike each addend, was never checked against what an Int holds (validate.ts).
      if (quantity > INT_RANGE.max) {
        throw apiError('FOLDED_QUANTITY_TOO_LARGE', { quantity, max: INT_RANGE.max }, { field: 'quantity' });
      }
      return dataOf(ctx).repo.update(r, row.id, { quantity, date_modified: columns.date_modified }, tx);
    }
    return undefined;
  },

  beforeRead: purgeExpiredItems,
  beforeReadFollowsCheck: true,

  frozen(row) {
    return row.transaction_id != null
      ? 'items of a transaction cannot be modified or deleted: they record what was sold' : undefined;
  },
};
