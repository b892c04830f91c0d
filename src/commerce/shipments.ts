// Shipments of a checkout (multiship): one per distinct `shipto` address name of the items, plus the
// default shipment (address_name empty, the cart's shipping address) for items without one. Each
// item links its shipment (svc:shipment); each shipment carries its items' totals, its shipping and
// the taxes applied to it (DESIGN §7: taxes are applied per shipment). The address of a named
// shipment is the cart's shipping address too: the API has no address book to look names up in.
import { Decimal } from 'decimal.js';
import type { Tx } from '../db/database.js';
import { insertRows } from '../data/cached-insert.js';
import { encodeRow, type Values } from '../data/codec.js';
import type { ServiceContext } from '../services/context.js';
import type { CartLine } from './checkout-data.js';
import type { AppliedTaxLine } from './taxes.js';
import { dataOf } from '../services/data-access.js';

const ADDRESS = ['first_name', 'last_name', 'company', 'address1', 'address2', 'city', 'region', 'postal_code', 'country', 'phone'];

/** The shipment an item goes to: its trimmed `shipto`, or null for the default shipment. */
export function shiptoOf(item: Values): string | null {
  const s = item.shipto == null ? '' : String(item.shipto).trim();
  return s === '' ? null : s;
}

/** Writes the shipments (one statement) and returns each item's shipment id, for the caller's item update. */
export async function createShipments(tx: Tx, ctx: ServiceContext, txn: Values, cart: Values, lines: CartLine[],
  applied: AppliedTaxLine[], now: string, places = 2): Promise<Map<number, number>> {
  const r = ctx.registry.resource('shipment');
  const groups = new Map<string | null, CartLine[]>();
  for (const l of lines) {
    const key = shiptoOf(l.item);
    groups.set(key, [...(groups.get(key) ?? []), l]);
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
  const shipmentOf = new Map<number, number>();
  if (!rows.length) return shipmentOf;
  // Address names are distinct per group, so each written row finds its items by its name.
  const written = await insertRows(tx, r.table, rows, 'id,address_name');
  const idOf = new Map(written.map((w) => [String(w.address_name), Number(w.id)]));
  for (const [shipto, own] of groups) for (const l of own) shipmentOf.set(l.item.id, idOf.get(shipto ?? '')!);
  return shipmentOf;
}
