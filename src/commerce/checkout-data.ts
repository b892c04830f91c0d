// Loads everything a checkout needs, in a fixed handful of statements whatever the cart's size.
import { Decimal } from 'decimal.js';
import { sql, type CompiledQuery } from 'kysely';
import { decodeRow, type ValuesOf } from '../data/codec.js';
import type { ServiceContext } from '../services/context.js';
import { orderedByKey, type Tx } from '../db/database.js';
import type { QueryTemplates } from '../db/query-templates.js';
import type { TaxRule } from './taxes.js';
import type { ProtectionRow } from './fraud.js';

export interface CartLine {
  item: ValuesOf<'item'>;
  /** (price + option modifiers) × quantity. */
  amount: Decimal;
  categoryId: number | null;
  shipping: Decimal;
  /** The item category's item_delivery_type (downloads are made only for `downloaded`). */
  deliveryType: string | null;
  /** Some gift card of the store that provisions codes has the item's code as its sku. */
  giftCardSku: boolean;
}

export interface CheckoutData {
  /** The store's settings a checkout uses. */
  store: { currency_code: unknown };
  customer: Pick<ValuesOf<'customer'>, typeof CUSTOMER_FIELDS[number]> | undefined;
  lines: CartLine[];
  taxes: TaxRule[];
  protections: ProtectionRow[];
  customTaxUrl: string | undefined;
  /** Gateway of the store's payment method set; `test` is the built-in test gateway. */
  gateway: string;
}

const bool = (v: unknown) => v === 1 || v === true;

/** What a checkout reads of the cart's customer (the transaction's snapshot, tax exemption, fraud checks). */
const CUSTOMER_FIELDS = ['id', 'first_name', 'last_name', 'email', 'tax_id'] as const;

/** A store's tax with one of its item categories (a LEFT JOIN: one row per link, or one without). */
export type TaxRow = Omit<ValuesOf<'tax'>, 'id'> & { id: unknown; _category: unknown };

/** Per-item extras of the one items statement: the store's settings ride along on every row. */
export interface ItemRow extends Record<string, unknown> {
  _mods: string | null; _delivery: string | null; _flat: unknown; _gift: unknown;
  _currency: string | null; _set_id: unknown; _gateway: string | null; _custom_tax: string | null;
}

// One statement for the items, their options' price modifiers (exact text, summed below), their
// categories' delivery, whether a gift card sku names them, the cart's customer and the store's
// settings. Written as one SQL text with fixed parts: a query builder's tree for this many columns
// cost more CPU than the statement itself takes to run. The LIMIT is written out: bound as a
// parameter, it made SQLite spend about 80 µs more on every run of the statement (measured with
// better-sqlite3 alone). It reads only a cart this checkout has claimed (its token), so it can be
// sent with the claim (loadQueries) and reads nothing when the claim was not made.
const CUSTOMER_COLUMNS = sql.raw(CUSTOMER_FIELDS.map((f) => `cu.${f} as _cu_${f}`).join(', '));
const MODS = { postgres: sql.raw(`string_agg(o.price_mod::text, ' ')`), sqlite: sql.raw(`group_concat(o.price_mod, ' ')`) };
const ITEMS_SQL = (dialect: 'sqlite' | 'postgres', limit: number, [cartId, token, autoprovisioning, customTax]: readonly unknown[]) => sql<ItemRow>`select i.*, ${CUSTOMER_COLUMNS},
  (select ${MODS[dialect]} from item_options o where o.item_id = i.id) as _mods,
  c.item_delivery_type as _delivery, c.shipping_flat_rate as _flat, s.currency_code as _currency,
  (select count(*) from gift_cards g where g.store_id = i.store_id and g.sku = i.code and g.allow_autoprovisioning = ${autoprovisioning}) as _gift,
  (select id from payment_method_sets p where p.store_id = s.id order by id limit 1) as _set_id,
  (select gateway from payment_method_sets p where p.store_id = s.id order by id limit 1) as _gateway,
  (select config from native_integrations n where n.store_id = s.id and n.provider = ${customTax}) as _custom_tax
  from items i inner join carts ca on ca.id = i.cart_id and ca.checkout_claim = ${token}
  inner join stores s on s.id = i.store_id left join item_categories c on c.id = i.item_category_id
  left join customers cu on cu.id = ca.customer_id
  where i.cart_id = ${cartId} order by i.id limit ${sql.raw(String(Math.floor(limit)))}${orderedByKey}`;

/** The store's taxes with their categories, of the store of a cart this checkout has claimed. */
const TAXES_SQL = ([cartId, token]: readonly unknown[]) => sql<TaxRow>`select t.*, l.item_category_id as _category from taxes t
  left join tax_item_categories l on l.tax_id = t.id and l.store_id = t.store_id
  where t.store_id = (select store_id from carts where id = ${cartId} and checkout_claim = ${token}) order by t.id${orderedByKey}`;

/**
 * The checkout's loads of a cart claimed with `token`, to run after the claim in its transaction,
 * which holds the cart meanwhile: they need nothing from the claim's answer, so they go with it in
 * one round trip (database.ts, pipelined). Their rows make the data (checkoutData). `limit`: items
 * read at most (the checkout's limit and one more, so a larger cart is known to be larger).
 */
export function loadQueries(tx: Tx, templates: QueryTemplates, dialect: 'sqlite' | 'postgres', cartId: number, token: string, limit: number): CompiledQuery[] {
  // Compiled once per dialect and limit (db/query-templates.ts).
  const n = Math.floor(limit);
  return [
    templates.bind(tx, `checkout items ${n}`, [cartId, token, 1, 'custom_tax'], (slots) => ITEMS_SQL(dialect, n, slots)),
    templates.bind(tx, 'checkout taxes', [cartId, token], TAXES_SQL),
  ];
}

/** What a checkout needs, from its loads' rows (loadQueries) and, when the store has a payment method set, its fraud protections. */
export async function checkoutData(ctx: ServiceContext, tx: Tx, raw: ItemRow[], taxRows: TaxRow[]): Promise<CheckoutData> {
  const r = <N extends string>(name: N) => ctx.registry.resource(name);
  const settings = raw[0];
  const customer = settings?._cu_id != null
    ? Object.fromEntries(CUSTOMER_FIELDS.map((f) => [f, settings[`_cu_${f}`] ?? null])) as CheckoutData['customer'] : undefined;
  const lines = raw.map((row): CartLine => {
    const { _mods, _delivery, _flat, _gift, _currency, _set_id, _gateway, _custom_tax, ...columns } = row;
    for (const f of CUSTOMER_FIELDS) delete columns[`_cu_${f}`];
    const item = decodeRow(r('item'), columns);
    const modSum = (_mods ?? '').split(' ').filter(Boolean).reduce((sum, m) => sum.plus(m), new Decimal(0));
    const quantity = Number(item.quantity ?? 1);
    const flat = _delivery === 'flat_rate' && _flat ? new Decimal(String(_flat)) : new Decimal(0);
    return {
      item, amount: new Decimal(String(item.price)).plus(modSum).times(quantity),
      categoryId: item.item_category_id ? Number(item.item_category_id) : null, shipping: flat.times(quantity),
      deliveryType: _delivery ?? null, giftCardSku: Number(_gift) > 0,
    };
  });
  const taxes: TaxRule[] = [];
  for (const t of taxRows) {
    const last = taxes[taxes.length - 1];
    const rule = last?.id === Number(t.id) ? last : undefined;
    if (rule) {
      if (t._category != null) rule.categoryIds.push(Number(t._category));
      continue;
    }
    taxes.push({
      id: Number(t.id), name: t.name, type: t.type as TaxRule['type'], country: t.country, region: t.region, city: t.city, rate: String(t.rate),
      applyToShipping: bool(t.apply_to_shipping), useOriginRates: bool(t.use_origin_rates),
      exemptAllCustomerTaxIds: bool(t.exempt_all_customer_tax_ids), isLive: bool(t.is_live),
      categoryIds: t._category != null ? [Number(t._category)] : [],
    });
  }
  const setId = settings?._set_id;
  const protections = setId != null ? await tx.selectFrom('fraud_protections as f')
    .innerJoin('payment_method_set_fraud_protections as p', 'p.fraud_protection_id', 'f.id')
    .select(['f.id', 'f.type', 'f.json', 'f.score_threshold_reject'])
    .where('p.payment_method_set_id', '=', Number(setId)).orderBy('f.id').modifyEnd(orderedByKey).execute() : [];
  let customTaxUrl: string | undefined;
  try {
    customTaxUrl = settings?._custom_tax ? (JSON.parse(settings._custom_tax) as { url?: string }).url : undefined;
  } catch {
    customTaxUrl = undefined;
  }
  return {
    store: { currency_code: settings?._currency ?? null }, customer, lines, taxes, customTaxUrl, gateway: String(settings?._gateway ?? 'test'),
    protections: protections.map((p) => ({ id: Number(p.id), type: p.type, json: p.json, score_threshold_reject: p.score_threshold_reject == null ? null : Number(p.score_threshold_reject) })),
  };
}
