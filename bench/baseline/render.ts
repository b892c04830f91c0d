// The baseline's output: the same HAL+JSON collection and the same GraphQL answer the service
// gives for this one query, written out by hand for these four tables (the harness checks that
// both answers are equal to the service's, so the comparison is like for like).
import type { Page, Row } from './load.js';

const TXN_PROPS = ['status', 'is_test', 'currency_code', 'customer_first_name', 'customer_last_name', 'customer_email', 'customer_tax_id',
  ...['billing', 'shipping'].flatMap((p) => ['first_name', 'last_name', 'company', 'address1', 'address2', 'city', 'region', 'postal_code', 'country', 'phone'].map((c) => `${p}_${c}`)),
  'total_item_price', 'total_tax', 'total_shipping', 'total_order', 'hide_transaction', 'data_is_fed', 'date_created', 'date_modified'];
const ITEM_PROPS = ['name', 'price', 'quantity', 'quantity_min', 'quantity_max', 'weight', 'code', 'parent_code', 'discount_name',
  'discount_type', 'discount_details', 'subscription_frequency', 'subscription_start_date', 'subscription_next_transaction_date',
  'subscription_end_date', 'is_future_line_item', 'shipto', 'url', 'image', 'length', 'width', 'height', 'expires', 'date_created', 'date_modified'];
const OPTION_PROPS = ['name', 'value', 'price_mod', 'weight_mod', 'date_created', 'date_modified'];
const CATEGORY_PROPS = ['code', 'name', 'item_delivery_type', 'max_downloads_per_customer', 'max_downloads_time_period', 'default_weight',
  'shipping_flat_rate', 'handling_fee_type', 'handling_fee', 'date_created', 'date_modified'];
const DECIMALS = new Set(['total_item_price', 'total_tax', 'total_shipping', 'total_order', 'price', 'weight', 'price_mod', 'weight_mod',
  'default_weight', 'shipping_flat_rate', 'handling_fee']);
const BOOLEANS = new Set(['is_test', 'hide_transaction', 'data_is_fed', 'is_future_line_item']);
const ENUMS = new Set(['status', 'discount_type', 'item_delivery_type']);

const l = (href: string, title: string) => ({ href, title });

function restValue(col: string, v: unknown): unknown {
  if (v === null || v === undefined) return null;
  if (DECIMALS.has(col)) return Number(v);
  if (BOOLEANS.has(col)) return v === 1 || v === true || v === '1';
  return v;
}

function props(out: Record<string, unknown>, row: Row, cols: string[]): Record<string, unknown> {
  for (const c of cols) out[c] = restValue(c, row[c]);
  return out;
}

function itemObject(base: string, it: Row, embedded?: Record<string, unknown>, top = false): Record<string, unknown> {
  const iself = `${base}/items/${it.id}`;
  const ilinks: Record<string, unknown> = { self: l(iself, 'item') };
  if (top) ilinks.curies = [{ name: 'svc', href: `${base}/rels/{rel}`, templated: true }];
  ilinks['svc:store'] = l(`${base}/stores/${it.store_id}`, 'Store');
  if (it.transaction_id != null) ilinks['svc:transaction'] = l(`${base}/transactions/${it.transaction_id}`, 'Transaction');
  const catHref = it.item_category_id != null ? `${base}/item_categories/${it.item_category_id}` : null;
  if (catHref) ilinks['svc:item_category'] = l(catHref, 'Item category');
  ilinks['svc:item_options'] = l(`${iself}/item_options`, 'Item option collection');
  if (it.shipment_id != null) ilinks['svc:shipment'] = l(`${base}/shipments/${it.shipment_id}`, 'Shipment');
  ilinks['svc:attributes'] = l(`${iself}/attributes`, 'Attribute collection');
  ilinks['svc:discount_details'] = l(`${iself}/discount_details`, 'Discount detail collection');
  ilinks['svc:coupon_details'] = l(`${iself}/coupon_details`, 'Coupon detail collection');
  ilinks['svc:gift_card_codes'] = l(`${iself}/gift_card_codes`, 'Gift card code collection');
  const out: Record<string, unknown> = { _links: ilinks };
  if (embedded) out._embedded = embedded;
  out.item_category_uri = catHref;
  return props(out, it, ITEM_PROPS);
}

/** One item as GET /items/:id answers it. */
export function halItem(base: string, it: Row): string {
  return JSON.stringify(itemObject(base, it, undefined, true));
}

export function halCollection(base: string, selfHref: string, collectionHref: string, qs: URLSearchParams, limit: number, offset: number, page: Page): string {
  const pageHref = (o: number) => {
    const p = new URLSearchParams(qs);
    p.set('offset', String(o));
    if (!p.has('limit')) p.set('limit', String(limit));
    return `${collectionHref}?${p.toString()}`;
  };
  const lastOffset = page.total > 0 ? Math.floor((page.total - 1) / limit) * limit : 0;
  const members = page.transactions.map((t) => {
    const self = `${base}/transactions/${t.id}`;
    const links: Record<string, unknown> = {
      self: l(self, 'transaction'), 'svc:store': l(`${base}/stores/${t.store_id}`, 'Store'),
      'svc:items': l(`${self}/items`, 'Item collection'), 'svc:applied_taxes': l(`${self}/applied_taxes`, 'Applied tax collection'),
      'svc:transaction_logs': l(`${self}/transaction_logs`, 'Transaction log collection'),
      'svc:downloads': l(`${self}/downloads`, 'Download collection'),
    };
    if (t.customer_id != null) links['svc:customer'] = l(`${base}/customers/${t.customer_id}`, 'Customer');
    if (t.subscription_id != null) links['svc:subscription'] = l(`${base}/subscriptions/${t.subscription_id}`, 'Subscription');
    links['svc:subscriptions'] = l(`${self}/subscriptions`, 'Subscription collection');
    links['svc:attributes'] = l(`${self}/attributes`, 'Attribute collection');
    if (t.status === 'authorized') {
      links['svc:capture'] = l(`${self}/capture`, 'Capture the authorized payment');
      links['svc:void'] = l(`${self}/void`, 'Void the authorized payment');
    }
    if (t.status === 'captured') links['svc:refund'] = l(`${self}/refund`, 'Refund the captured payment');
    links['svc:send_webhooks'] = l(`${self}/send_webhooks`, 'Send the transaction to webhooks again');
    const items = (page.itemsByTransaction.get(Number(t.id)) ?? []).map((it) => {
      const iself = `${base}/items/${it.id}`;
      const catHref = it.item_category_id != null ? `${base}/item_categories/${it.item_category_id}` : null;
      const options = (page.optionsByItem.get(Number(it.id)) ?? []).map((o) => props({
        _links: { self: l(`${base}/item_options/${o.id}`, 'item option'), 'svc:store': l(`${base}/stores/${o.store_id}`, 'Store'), 'svc:item': l(iself, 'Item') },
      }, o, OPTION_PROPS));
      const cat = it.item_category_id != null ? page.categories.get(Number(it.item_category_id)) : undefined;
      const category = cat ? props({
        _links: {
          self: l(catHref!, 'item category'), 'svc:store': l(`${base}/stores/${cat.store_id}`, 'Store'),
          'svc:tax_item_categories': l(`${catHref}/tax_item_categories`, 'Tax item category collection'),
        },
      }, cat, CATEGORY_PROPS) : null;
      return itemObject(base, it, { 'svc:item_options': options, 'svc:item_category': category });
    });
    return props({ _links: links, _embedded: { 'svc:items': items } }, t, TXN_PROPS);
  });
  return JSON.stringify({
    _links: {
      self: l(selfHref, 'transaction collection'),
      curies: [{ name: 'svc', href: `${base}/rels/{rel}`, templated: true }],
      // As the service (issue 19): titled, and prev / next only where such a page exists.
      first: { href: pageHref(0), title: 'First page' },
      ...(offset > 0 ? { prev: { href: pageHref(Math.max(0, Math.min(offset - limit, lastOffset))), title: 'Previous page' } } : {}),
      ...(offset + limit < page.total ? { next: { href: pageHref(offset + limit), title: 'Next page' } } : {}),
      last: { href: pageHref(lastOffset), title: 'Last page' },
    },
    _embedded: { 'svc:transactions': members },
    total_items: String(page.total), returned_items: page.transactions.length, limit, offset,
  });
}

const camel = (s: string) => s.replace(/_([a-z0-9])/g, (_m, c: string) => c.toUpperCase());

function gqlValue(col: string, v: unknown): unknown {
  if (v === null || v === undefined) return null;
  if (DECIMALS.has(col)) return String(v);
  if (BOOLEANS.has(col)) return v === 1 || v === true || v === '1';
  if (ENUMS.has(col)) return String(v).toUpperCase();
  return v;
}

function gqlObject(base: string, path: string, row: Row, cols: string[], extra: Record<string, unknown> = {}): Record<string, unknown> {
  const out: Record<string, unknown> = { id: String(row.id), href: `${base}/${path}/${row.id}` };
  Object.assign(out, extra);
  for (const c of cols) out[camel(c)] = gqlValue(c, row[c]);
  return out;
}

export function graphqlAnswer(base: string, page: Page): string {
  const nodes = page.transactions.map((t) => ({
    ...gqlObject(base, 'transactions', t, TXN_PROPS),
    items: {
      nodes: (page.itemsByTransaction.get(Number(t.id)) ?? []).map((it) => {
        const cat = it.item_category_id != null ? page.categories.get(Number(it.item_category_id)) : undefined;
        return {
          ...gqlObject(base, 'items', it, ITEM_PROPS, { itemCategoryUri: it.item_category_id != null ? `${base}/item_categories/${it.item_category_id}` : null }),
          itemOptions: { nodes: (page.optionsByItem.get(Number(it.id)) ?? []).map((o) => gqlObject(base, 'item_options', o, OPTION_PROPS)) },
          itemCategory: cat ? gqlObject(base, 'item_categories', cat, CATEGORY_PROPS) : null,
        };
      }),
    },
  }));
  return JSON.stringify({ data: { store: { transactions: { nodes } } } });
}
