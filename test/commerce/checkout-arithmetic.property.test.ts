// Property: for any cart (prices, quantities, option modifiers, categories with and without flat
// shipping, shipto addresses) and any tax configuration, checkout → capture → refund through the real
// server agrees to the cent (and applied taxes to the last digit) with an independent model written
// in BigInt fixed-point arithmetic: no decimal library, no binary float.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engines, makeApp, type TestApp } from '../helpers/app.js';
import { call, json, link, tokenChain, type Chain } from '../helpers/rest.js';
import { gqlData } from '../graphql/helpers.js';

/** A decimal string as an integer count of 10^-scale units (exact; refuses more digits than scale). */
function scaled(s: string, scale: number): bigint {
  const m = /^(-?)(\d*)(?:\.(\d*))?$/.exec(String(s));
  if (!m) throw new Error(`not a decimal: ${s}`);
  const frac = (m[3] ?? '').replace(/0+$/, '');
  if (frac.length > scale) throw new Error(`${s} has more than ${scale} decimals`);
  const v = BigInt((m[2] || '0') + frac.padEnd(scale, '0'));
  return m[1] ? -v : v;
}
const cents = (c: bigint) => `${c / 100n}.${String(c % 100n).padStart(2, '0')}`;

interface Line { price: number; qty: number; mods: number[]; flat: boolean; shipto: string | null }
interface Case { lines: Line[]; rate1: number; rate2: number; shipToo: boolean; flatRate: number }

/** Rates are in thousandths of a percent, money in cents. Returns expected totals in cents and applied taxes at 10^-7. */
function model(c: Case) {
  const lineCents = c.lines.map((l) => (BigInt(l.price) + l.mods.reduce((s, m) => s + BigInt(m), 0n)) * BigInt(l.qty));
  const shipCents = c.lines.map((l) => (l.flat ? BigInt(c.flatRate) * BigInt(l.qty) : 0n));
  const items = lineCents.reduce((s, x) => s + x, 0n);
  const shipping = shipCents.reduce((s, x) => s + x, 0n);
  // Exact tax in units of 10^-7 dollars: cents × milli-percent / (100 × 1000) cents = × 10^7 / 10^7 dollars.
  const applied: Array<{ tax: string; shipto: string; amount: bigint }> = [];
  const apply = (tax: string, rate: number, applies: (l: Line) => boolean, withShipping: boolean) => {
    const groups = new Map<string, bigint>();
    c.lines.forEach((l, i) => {
      if (!applies(l)) return;
      const key = l.shipto ?? '';
      groups.set(key, (groups.get(key) ?? 0n) + lineCents[i] + (withShipping ? shipCents[i] : 0n));
    });
    for (const [shipto, base] of groups) applied.push({ tax, shipto, amount: base * BigInt(rate) });
  };
  apply('All', c.rate1, () => true, c.shipToo);
  apply('US', c.rate2, (l) => !l.flat, false);
  const exact = applied.reduce((s, a) => s + a.amount, 0n); // 10^-7 dollars = 10^-5 cents
  const tax = (exact + 50_000n) / 100_000n; // half up to the cent (never negative)
  return { items, shipping, tax, order: items + shipping + tax, applied };
}

const line = fc.record({
  price: fc.integer({ min: 0, max: 99_999 }),
  qty: fc.integer({ min: 1, max: 5 }),
  mods: fc.array(fc.integer({ min: 0, max: 5_000 }), { maxLength: 2 }),
  flat: fc.boolean(),
  shipto: fc.constantFrom(null, 'home', 'office'),
});
const cases = fc.record({
  lines: fc.array(line, { minLength: 1, maxLength: 4 }),
  rate1: fc.integer({ min: 1, max: 30_000 }),
  rate2: fc.integer({ min: 1, max: 12_500 }),
  shipToo: fc.boolean(),
  flatRate: fc.integer({ min: 0, max: 2_000 }),
});

describe.each(engines())('checkout arithmetic on %s', (engine) => {
  let t: TestApp;
  let chain: Chain;
  let store: any;
  let plain: any;
  let flat: any;
  let taxAll: any;
  let taxUs: any;
  beforeAll(async () => {
    t = await makeApp({ engine });
    chain = await tokenChain(t.app);
    const token = chain.storeToken;
    const post = async (href: string, body: unknown) => json(await call(t.app, href, { method: 'POST', token, body }));
    store = json(await call(t.app, chain.storeHref, { token }));
    plain = await post(link(store, 'svc:item_categories'), { code: 'PLAIN', name: 'Plain' });
    flat = await post(link(store, 'svc:item_categories'), { code: 'FLAT', name: 'Flat', item_delivery_type: 'flat_rate', shipping_flat_rate: '1' });
    taxAll = await post(link(store, 'svc:taxes'), { name: 'All', type: 'global', rate: 1 });
    taxUs = await post(link(store, 'svc:taxes'), { name: 'US', type: 'country', country: 'US', rate: 1 });
    for (const cat of [plain, flat]) await post(link(taxAll, 'svc:tax_item_categories'), { tax_uri: link(taxAll, 'self'), item_category_uri: link(cat, 'self') });
    await post(link(taxUs, 'svc:tax_item_categories'), { tax_uri: link(taxUs, 'self'), item_category_uri: link(plain, 'self') });
  });
  afterAll(async () => t?.close());

  it('matches the independent model for checkout, capture and refund', async () => {
    const token = chain.storeToken;
    const send = async (href: string, method: 'POST' | 'PATCH', body: unknown) => {
      const res = await call(t.app, href, { method, token, body });
      if (res.statusCode >= 300) throw new Error(`${method} ${href}: ${res.statusCode} ${res.body}`);
      return json(res);
    };
    const milli = (n: number) => `${Math.trunc(n / 1000)}.${String(n % 1000).padStart(3, '0')}`;
    await fc.assert(fc.asyncProperty(cases, async (c) => {
      await send(link(taxAll, 'self'), 'PATCH', { rate: milli(c.rate1), apply_to_shipping: c.shipToo });
      await send(link(taxUs, 'self'), 'PATCH', { rate: milli(c.rate2) });
      await send(link(flat, 'self'), 'PATCH', { shipping_flat_rate: cents(BigInt(c.flatRate)) });
      const cart = await send(link(store, 'svc:carts'), 'POST', { shipping_country: 'US', customer_email: 'prop@example.com' });
      for (const [i, l] of c.lines.entries()) {
        const item = await send(link(cart, 'svc:items'), 'POST', {
          name: `Line ${i}`, price: cents(BigInt(l.price)), quantity: l.qty, item_category_uri: link(l.flat ? flat : plain, 'self'), ...(l.shipto ? { shipto: l.shipto } : {}),
        });
        for (const m of l.mods) await send(link(item, 'svc:item_options'), 'POST', { name: 'opt', value: String(m), price_mod: cents(BigInt(m)) });
      }
      const txn = await send(link(cart, 'svc:checkout'), 'POST', {});
      const id = link(txn, 'self').split('/').pop();
      const q = `{ transaction(id: "${id}") { status totalItemPrice totalShipping totalTax totalOrder appliedTaxes(first: 50) { nodes { name shipto amount } } } }`;
      const got = (await gqlData(t.app, q, { token })).transaction;
      const want = model(c);
      expect(got.status).toBe('AUTHORIZED');
      expect([got.totalItemPrice, got.totalShipping, got.totalTax, got.totalOrder].map((v: string) => scaled(v, 2)))
        .toEqual([want.items, want.shipping, want.tax, want.order]);
      const appliedGot = got.appliedTaxes.nodes.map((a: any) => `${a.name}|${a.shipto ?? ''}|${scaled(a.amount, 7)}`).sort();
      expect(appliedGot).toEqual(want.applied.map((a) => `${a.tax}|${a.shipto}|${a.amount}`).sort());
      expect(want.order >= 0n).toBe(true);
      const captured = await send(link(txn, 'svc:capture'), 'POST', {});
      const refunded = await send(link(captured, 'svc:refund'), 'POST', {});
      expect(refunded.status).toBe('refunded');
      const logs = (await gqlData(t.app, `{ transaction(id: "${id}") { totalOrder transactionLogs(first: 10) { nodes { action amount } } } }`, { token })).transaction;
      const amounts = Object.fromEntries(logs.transactionLogs.nodes.map((l: any) => [l.action, scaled(l.amount, 2)]));
      expect(amounts).toEqual({ authorize: want.order, capture: want.order, refund: want.order });
      expect(scaled(logs.totalOrder, 2)).toBe(want.order);
    }), { numRuns: 25 });
  }, 240_000);
});
