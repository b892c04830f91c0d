// Shipments of a checkout (multiship): one per distinct `shipto` address name of the items, plus the
// default shipment (address_name empty, the cart's shipping address) for items without one. Each
// item links its shipment (svc:shipment); each shipment carries its items' totals, its shipping and
// the taxes applied to it (DESIGN §7: taxes are applied per shipment). The address of a named
// shipment is the cart's shipping address too: the API has no address book to look names up in.
import { Decimal } from 'decimal.js';
import { sql, type CompiledQuery } from 'kysely';
import type { Tx } from '../db/database.js';
import type { QueryTemplates } from '../db/query-templates.js';
import { encodeRow, type Row, type Values } from '../data/codec.js';
import type { ServiceContext } from '../services/context.js';
import type { CartLine } from './checkout-data.js';
import type { AppliedTaxLine } from './taxes.js';

const ADDRESS = ['first_name', 'last_name', 'company', 'address1', 'address2', 'city', 'region', 'postal_code', 'country', 'phone'];

/** The shipment an item goes to: its trimmed `shipto`, or null for the default shipment. */
export function shiptoOf(item: Values): string | null {
  const s = item.shipto == null ? '' : String(item.shipto).trim();
  return s === '' ? null : s;
}

/** A checkout's shipments: their rows, and each item's shipment by its address name (distinct per transaction). */
export interface ShipmentPlan {
  rows: Row[];
  nameOf: Map<number, string>;
}

/** The shipments of a checkout's lines, to be written in the checkout's transaction (checkout-write.ts). */
export function planShipments(ctx: ServiceContext, txn: Values, cart: Values, lines: CartLine[],
  applied: AppliedTaxLine[], now: string, places = 2): ShipmentPlan {
  const r = ctx.registry.resource('shipment');
  const groups = new Map<string | null, CartLine[]>();
  for (const l of lines) {
    const key = shiptoOf(l.item);
    const group = groups.get(key);
    if (group) group.push(l);
    else groups.set(key, [l]);
  }
  const address: Record<string, unknown> = {};
  for (const f of ADDRESS) address[f] = cart[`shipping_${f}`] ?? null;
  const rows = [...groups].map(([shipto, own]) => {
    const items = own.reduce((s, l) => s.plus(l.amount), new Decimal(0));
    const shipping = own.reduce((s, l) => s.plus(l.shipping), new Decimal(0));
    const tax = applied.filter((a) => (a.shipto ?? null) === shipto).reduce((s, a) => s.plus(a.amount), new Decimal(0))
      .toDecimalPlaces(places, Decimal.ROUND_HALF_UP);
    return encodeRow(r, {
      store_id: txn.store_id, transaction_id: txn.id, address_name: shipto ?? '', ...address,
      total_item_price: items.toFixed(places), total_shipping: shipping.toFixed(places), total_tax: tax.toFixed(places),
      total_price: items.plus(shipping).plus(tax).toFixed(places), date_created: now, date_modified: now,
    });
  });
  const nameOf = new Map<number, string>();
  for (const [shipto, own] of groups) for (const l of own) nameOf.set(l.item.id, shipto ?? '');
  return { rows, nameOf };
}

/**
 * Moves a cart's items onto its transaction and into their shipments, in one statement. With one
 * shipment (the usual case: no item names another address) it finds that shipment by the
 * transaction and its address name, a lookup made once for the statement, so it needs no id from
 * the client and can follow the shipments' insert in the same round trip, and its text is the same
 * for every cart. With several, `idOf` gives each address name's shipment id (read back from their
 * insert): an item's shipment is then one CASE on its id. (Finding several shipments by name per
 * item compared every item with every shipment: 2.8 s of SQLite for 1,000 items with 1,000 names.)
 */
export function moveItemsQuery(tx: Tx, templates: QueryTemplates, txnId: number, cartId: number, nameOf: Map<number, string>, idOf?: Map<string, number>): CompiledQuery {
  const names = new Set(nameOf.values());
  if (idOf) {
    const whens = [...nameOf].map(([item, name]) => sql`when ${item} then ${idOf.get(name) ?? null}`);
    const shipment = whens.length ? sql`, shipment_id = case id ${sql.join(whens, sql` `)} else shipment_id end` : sql``;
    return sql`update items set transaction_id = ${txnId}, cart_id = ${null}${shipment} where cart_id = ${cartId}`.compile(tx);
  }
  if (names.size > 1) throw new Error('several shipments: their ids are needed to move the items');
  // One shipment or none, the usual checkout: compiled once each (db/query-templates.ts).
  const one = names.size === 1;
  return templates.bind(tx, `checkout move items ${one ? 'one' : 'none'}`, [txnId, null, cartId, [...names][0]],
    ([txn, none, cart, name]) => sql`update items set transaction_id = ${txn}, cart_id = ${none}${one
      ? sql`, shipment_id = coalesce((select s.id from shipments s where s.transaction_id = ${txn} and s.address_name = ${name}), shipment_id)`
      : sql``} where cart_id = ${cart}`);
}
