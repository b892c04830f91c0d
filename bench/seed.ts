// Seeds a realistic store: the store, its tokens, item categories and taxes through the real API,
// then customers, transactions × items × options and ready-to-check-out carts through Kysely in
// batched inserts inside one transaction (the HTTP API would take minutes for 210,000 rows).
import { sql } from 'kysely';
import { dynamic, inTransaction, type Database, type Tx } from '../src/db/database.js';
import { formatTimestamp } from '../src/services/clock.js';
import { expectStatus, link, tokenChain, type Chain, type Send } from './api.js';

export interface Seeded extends Chain {
  categoryIds: number[];
  /** Carts with one taxed item and a shipping address, each checked out once by scenario 5. */
  checkoutCarts: number[];
  /** Carts that scenario 4 adds items to. */
  mutationCarts: number[];
  counts: Record<string, number>;
  seconds: { api: number; bulk: number };
}

const ITEMS_PER_TRANSACTION = 5;
const OPTIONS_PER_ITEM = 3;
const CUSTOMERS = 1000;
const CATEGORIES = 10;
const MUTATION_CARTS = 20;

type Row = Record<string, unknown>;

/** Inserts rows in batches small enough for SQLite's and PostgreSQL's bound-parameter limits. */
async function insertAll(tx: Tx, table: string, rows: Row[]): Promise<void> {
  if (!rows.length) return;
  const per = Math.max(1, Math.floor(30_000 / Object.keys(rows[0]).length));
  for (let i = 0; i < rows.length; i += per) await dynamic(tx).insertInto(table).values(rows.slice(i, i + per)).execute();
}

async function nextId(tx: Tx, table: string): Promise<number> {
  const r = await dynamic(tx).selectFrom(table).select(sql<number>`max(id)`.as('m')).executeTakeFirst();
  return Number(r?.m ?? 0) + 1;
}

const pick = <T>(list: readonly T[], i: number): T => list[i % list.length];
const FIRST = ['Ada', 'Grace', 'Alan', 'Edsger', 'Barbara', 'Donald', 'Frances', 'Ken', 'Radia', 'Tim'];
const LAST = ['Lovelace', 'Hopper', 'Turing', 'Dijkstra', 'Liskov', 'Knuth', 'Allen', 'Thompson', 'Perlman', 'Berners-Lee'];
const CITIES: Array<[string, string, string, string]> = [
  ['Portland', 'OR', '97201', 'US'], ['Seattle', 'WA', '98101', 'US'], ['Austin', 'TX', '73301', 'US'], ['Berlin', 'BE', '10115', 'DE'],
];
const PRODUCTS = ['T-shirt', 'Mug', 'Notebook', 'Sticker pack', 'Hoodie', 'Cap', 'Poster', 'Tote bag'];
const OPTIONS: Array<[string, string[]]> = [['size', ['S', 'M', 'L', 'XL']], ['color', ['red', 'blue', 'black']], ['gift_wrap', ['yes', 'no']]];

function address(prefix: 'billing' | 'shipping', n: number): Row {
  const [city, region, postal, country] = pick(CITIES, n);
  return {
    [`${prefix}_first_name`]: pick(FIRST, n), [`${prefix}_last_name`]: pick(LAST, n + 3), [`${prefix}_company`]: null,
    [`${prefix}_address1`]: `${100 + (n % 900)} Main Street`, [`${prefix}_address2`]: null, [`${prefix}_city`]: city,
    [`${prefix}_region`]: region, [`${prefix}_postal_code`]: postal, [`${prefix}_country`]: country, [`${prefix}_phone`]: '+1 555 0100',
  };
}

function item(storeId: number, id: number, n: number, categoryId: number, owner: { transaction_id?: number; cart_id?: number }, when: string): Row {
  return {
    id, store_id: storeId, cart_id: owner.cart_id ?? null, transaction_id: owner.transaction_id ?? null, item_category_id: categoryId,
    shipment_id: null, subscription_id: null, name: pick(PRODUCTS, n), price: `${(5 + (n % 40)).toFixed(2)}`, quantity: 1 + (n % 3),
    quantity_min: null, quantity_max: null, weight: '0.5', code: `SKU-${n % 500}`, parent_code: null, discount_name: null,
    discount_type: null, discount_details: null, subscription_frequency: null, subscription_start_date: null,
    subscription_next_transaction_date: null, subscription_end_date: null, is_future_line_item: 0, shipto: null,
    url: null, image: `https://cdn.example/${n % 500}.png`, length: null, width: null, height: null, expires: null,
    date_created: when, date_modified: when,
  };
}

/** Categories and taxes through the API, so the configuration is exactly what the service would store. */
async function configure(send: Send, chain: Chain): Promise<number[]> {
  const token = chain.storeToken;
  const store = await expectStatus(send('GET', chain.storeHref, { token }), [200], 'store');
  const categoryIds: number[] = [];
  for (let i = 0; i < CATEGORIES; i++) {
    const cat = await expectStatus(send('POST', link(store, 'svc:item_categories'), {
      token, json: { code: `CAT${i}`, name: `Category ${i}`, item_delivery_type: i % 2 ? 'shipped' : 'notshipped', default_weight: 1 },
    }), [201], 'item category');
    categoryIds.push(Number(link(cat, 'self').split('/').pop()));
  }
  const taxes = [
    { name: 'US sales', type: 'country', country: 'US', rate: 5 },
    { name: 'Oregon', type: 'region', country: 'US', region: 'OR', rate: 1.5 },
    { name: 'Global', type: 'global', rate: 2 },
  ];
  for (const body of taxes) {
    const tax = await expectStatus(send('POST', link(store, 'svc:taxes'), { token, json: body }), [201], 'tax');
    for (const id of categoryIds.slice(0, 5)) {
      await expectStatus(send('POST', link(tax, 'svc:tax_item_categories'), {
        token, json: { tax_uri: link(tax, 'self'), item_category_uri: `${link(store, 'self').replace(/\/stores\/\d+$/, '')}/item_categories/${id}` },
      }), [201], 'tax item category');
    }
  }
  return categoryIds;
}

export async function seed(send: Send, database: Database, opts: { transactions: number; carts: number; tag: string }): Promise<Seeded> {
  const t0 = performance.now();
  const chain = await tokenChain(send, opts.tag);
  const categoryIds = await configure(send, chain);
  const t1 = performance.now();
  const storeId = chain.storeId;
  const counts: Record<string, number> = {};
  const checkoutCarts: number[] = [];
  const mutationCarts: number[] = [];
  const start = Date.now() - 365 * 86_400_000;
  const at = (i: number, of: number) => formatTimestamp(new Date(start + Math.floor((i / of) * 364 * 86_400_000)));

  await inTransaction(database, async (tx) => {
    const customers: Row[] = [];
    let customerId = await nextId(tx, 'customers');
    const firstCustomer = customerId;
    for (let i = 0; i < CUSTOMERS; i++) {
      customers.push({
        id: customerId++, store_id: storeId, first_name: pick(FIRST, i), last_name: pick(LAST, i + 3), email: `customer${i}@example.com`,
        tax_id: i % 10 === 0 ? `TAX${i}` : null, is_anonymous: 0, date_created: at(i, CUSTOMERS), date_modified: at(i, CUSTOMERS),
      });
    }
    await insertAll(tx, 'customers', customers);

    let txnId = await nextId(tx, 'transactions');
    let itemId = await nextId(tx, 'items');
    let optionId = await nextId(tx, 'item_options');
    let shipmentId = await nextId(tx, 'shipments');
    const chunk = 1000;
    for (let from = 0; from < opts.transactions; from += chunk) {
      const txns: Row[] = [];
      const items: Row[] = [];
      const options: Row[] = [];
      const shipments: Row[] = [];
      for (let i = from; i < Math.min(opts.transactions, from + chunk); i++) {
        const when = at(i, opts.transactions);
        const c = i % CUSTOMERS;
        const id = txnId++;
        // Every checkout writes its transaction's default shipment and points the items at it; a
        // store's history without them left the planner no statistics for a table checkout reads.
        const shipment = shipmentId++;
        let total = 0;
        for (let k = 0; k < ITEMS_PER_TRANSACTION; k++) {
          const n = i * ITEMS_PER_TRANSACTION + k;
          const it: Row = { ...item(storeId, itemId++, n, pick(categoryIds, n), { transaction_id: id }, when), shipment_id: shipment };
          total += Number(it.price) * Number(it.quantity);
          items.push(it);
          for (let o = 0; o < OPTIONS_PER_ITEM; o++) {
            const [name, values] = OPTIONS[o];
            options.push({
              id: optionId++, store_id: storeId, item_id: it.id, name, value: pick(values, n + o),
              price_mod: o === 0 ? '1.50' : '0', weight_mod: o === 0 ? '0.1' : null, date_created: when, date_modified: when,
            });
          }
        }
        const tax = Math.round(total * 5) / 100;
        const ship = address('shipping', c);
        shipments.push({
          id: shipment, store_id: storeId, transaction_id: id, address_name: '',
          ...Object.fromEntries(Object.entries(ship).map(([k, v]) => [k.slice('shipping_'.length), v])),
          shipping_service_description: null, total_item_price: total.toFixed(2), total_tax: tax.toFixed(2), total_shipping: '4.99',
          total_price: (total + tax + 4.99).toFixed(2), date_created: when, date_modified: when,
        });
        txns.push({
          id, store_id: storeId, customer_id: firstCustomer + c, subscription_id: null,
          status: i % 10 < 6 ? 'captured' : i % 10 < 9 ? 'authorized' : 'refunded', is_test: 0, currency_code: 'USD',
          customer_first_name: pick(FIRST, c), customer_last_name: pick(LAST, c + 3), customer_email: `customer${c}@example.com`,
          customer_tax_id: null, ...address('billing', c), ...address('shipping', c),
          total_item_price: total.toFixed(2), total_tax: tax.toFixed(2), total_shipping: '4.99', total_order: (total + tax + 4.99).toFixed(2),
          hide_transaction: 0, data_is_fed: i % 3 === 0 ? 1 : 0, date_created: when, date_modified: when,
        });
      }
      await insertAll(tx, 'transactions', txns);
      await insertAll(tx, 'shipments', shipments);
      await insertAll(tx, 'items', items);
      await insertAll(tx, 'item_options', options);
    }
    counts.customers = CUSTOMERS;
    counts.transactions = opts.transactions;
    counts.shipments = opts.transactions;
    counts.items = opts.transactions * ITEMS_PER_TRANSACTION;
    counts.item_options = opts.transactions * ITEMS_PER_TRANSACTION * OPTIONS_PER_ITEM;

    let cartId = await nextId(tx, 'carts');
    const carts: Row[] = [];
    const cartItems: Row[] = [];
    const now = formatTimestamp(new Date());
    for (let i = 0; i < opts.carts + MUTATION_CARTS; i++) {
      const id = cartId++;
      (i < opts.carts ? checkoutCarts : mutationCarts).push(id);
      carts.push({
        id, store_id: storeId, customer_id: firstCustomer + (i % CUSTOMERS), customer_email: `customer${i % CUSTOMERS}@example.com`,
        ...address('billing', 0), ...address('shipping', 0), total_item_price: null, total_tax: null, total_shipping: null, total_order: null,
        date_created: now, date_modified: now,
      });
      if (i < opts.carts) cartItems.push(item(storeId, itemId++, i, categoryIds[0], { cart_id: id }, now));
    }
    await insertAll(tx, 'carts', carts);
    await insertAll(tx, 'items', cartItems);
    counts.carts = carts.length;
    if (database.dialect === 'postgres') {
      // Explicit ids bypass the sequences; move them past the seeded rows.
      for (const table of ['customers', 'transactions', 'shipments', 'items', 'item_options', 'carts']) {
        await sql`SELECT setval(pg_get_serial_sequence(${table}, 'id'), (SELECT max(id) FROM ${sql.table(table)}))`.execute(tx);
      }
    }
  });
  // PostgreSQL's autovacuum would analyze the new rows within a minute; SQLite never does unless the
  // service runs ANALYZE itself, which it does not, so SQLite is measured without statistics.
  if (database.dialect === 'postgres') await sql`ANALYZE`.execute(database.db);
  const t2 = performance.now();
  return {
    ...chain, categoryIds, checkoutCarts, mutationCarts, counts,
    seconds: { api: (t1 - t0) / 1000, bulk: (t2 - t1) / 1000 },
  };
}
