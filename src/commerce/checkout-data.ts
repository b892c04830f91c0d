// Loads everything a checkout needs, in a fixed handful of statements whatever the cart's size.
import { Decimal } from 'decimal.js';
import type { ValuesOf } from '../data/codec.js';
import type { ServiceContext } from '../services/context.js';
import { beforeRead } from '../services/resource-service.js';
import type { TaxRule } from './taxes.js';
import type { ProtectionRow } from './fraud.js';
import { dataOf } from '../services/data-access.js';

export interface CartLine {
  item: ValuesOf<'item'>;
  /** (price + option modifiers) × quantity. */
  amount: Decimal;
  categoryId: number | null;
  shipping: Decimal;
}

export interface CheckoutData {
  store: ValuesOf<'store'>;
  customer: ValuesOf<'customer'> | undefined;
  lines: CartLine[];
  taxes: TaxRule[];
  protections: ProtectionRow[];
  customTaxUrl: string | undefined;
  /** Gateway of the store's payment method set; `test` is the built-in test gateway. */
  gateway: string;
}

const bool = (v: unknown) => v === 1 || v === true;

export async function loadCheckoutData(ctx: ServiceContext, cart: ValuesOf<'cart'>): Promise<CheckoutData> {
  const db = dataOf(ctx).database.db;
  const storeId = Number(cart.store_id);
  const r = <N extends string>(name: N) => ctx.registry.resource(name);
  const store = (await dataOf(ctx).repo.findByIds(r('store'), [storeId])).get(storeId)!;
  // Expired items leave the cart before anything is priced.
  await beforeRead(ctx, r('item'));
  const items = (await dataOf(ctx).repo.listChildren(r('cart').relsByName.get('items')!, r('item'), [cart.id],
    { filters: [], attributeFilters: [], order: [{ field: 'id', dir: 'asc' }], limit: 10_000, offset: 0, zoom: [] })).byParent.get(cart.id) ?? [];
  const itemIds = items.map((i) => i.id);
  const options = itemIds.length
    ? await db.selectFrom('item_options').select(['item_id', 'price_mod']).where('item_id', 'in', itemIds).execute() : [];
  const categories = await dataOf(ctx).repo.findByIds(r('item_category'), items.map((i) => Number(i.item_category_id)).filter((x) => x > 0));
  const customer = cart.customer_id ? (await dataOf(ctx).repo.findByIds(r('customer'), [Number(cart.customer_id)])).get(Number(cart.customer_id)) : undefined;
  const lines = items.map((item): CartLine => {
    const mods = options.filter((o) => Number(o.item_id) === item.id).reduce((sum, o) => sum.plus(String(o.price_mod ?? '0')), new Decimal(0));
    const quantity = Number(item.quantity ?? 1);
    const category = item.item_category_id ? categories.get(Number(item.item_category_id)) : undefined;
    const flat = category?.item_delivery_type === 'flat_rate' && category.shipping_flat_rate ? new Decimal(String(category.shipping_flat_rate)) : new Decimal(0);
    return {
      item, amount: new Decimal(String(item.price)).plus(mods).times(quantity),
      categoryId: item.item_category_id ? Number(item.item_category_id) : null, shipping: flat.times(quantity),
    };
  });
  const taxRows = await db.selectFrom('taxes').selectAll().where('store_id', '=', storeId).orderBy('id').execute();
  const links = taxRows.length
    ? await db.selectFrom('tax_item_categories').select(['tax_id', 'item_category_id']).where('store_id', '=', storeId).execute() : [];
  const taxes = taxRows.map((t): TaxRule => ({
    id: Number(t.id), name: t.name, type: t.type as TaxRule['type'], country: t.country, region: t.region, city: t.city, rate: String(t.rate),
    applyToShipping: bool(t.apply_to_shipping), useOriginRates: bool(t.use_origin_rates),
    exemptAllCustomerTaxIds: bool(t.exempt_all_customer_tax_ids), isLive: bool(t.is_live),
    categoryIds: links.filter((l) => Number(l.tax_id) === Number(t.id)).map((l) => Number(l.item_category_id)),
  }));
  const set = await db.selectFrom('payment_method_sets').select(['id', 'gateway']).where('store_id', '=', storeId).orderBy('id').executeTakeFirst();
  const protections = set ? await db.selectFrom('fraud_protections as f')
    .innerJoin('payment_method_set_fraud_protections as p', 'p.fraud_protection_id', 'f.id')
    .select(['f.id', 'f.type', 'f.json', 'f.score_threshold_reject'])
    .where('p.payment_method_set_id', '=', set.id).orderBy('f.id').execute() : [];
  const native = await db.selectFrom('native_integrations').select('config')
    .where('store_id', '=', storeId).where('provider', '=', 'custom_tax').executeTakeFirst();
  let customTaxUrl: string | undefined;
  try {
    customTaxUrl = native ? (JSON.parse(native.config) as { url?: string }).url : undefined;
  } catch {
    customTaxUrl = undefined;
  }
  return {
    store, customer, lines, taxes, customTaxUrl, gateway: String(set?.gateway ?? 'test'),
    protections: protections.map((p) => ({ id: Number(p.id), type: p.type, json: p.json, score_threshold_reject: p.score_threshold_reject == null ? null : Number(p.score_threshold_reject) })),
  };
}
