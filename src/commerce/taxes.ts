// Which taxes apply to a checkout and how much they come to (DESIGN §7). Pure: the caller loads
// the store's taxes, their categories and any live rates first, so no I/O happens here.
import { Decimal } from 'decimal.js';
import { EU_COUNTRIES } from '../model/countries.js';

export interface TaxRule {
  id: number;
  name: string;
  type: 'global' | 'union' | 'country' | 'region' | 'local' | 'custom_tax_endpoint';
  country?: string | null;
  region?: string | null;
  city?: string | null;
  rate: string;
  applyToShipping: boolean;
  useOriginRates: boolean;
  exemptAllCustomerTaxIds: boolean;
  isLive: boolean;
  /** Item categories the tax is linked to through tax_item_category. */
  categoryIds: number[];
}

export interface TaxableLine {
  categoryId: number | null;
  /** Price × quantity with option modifiers, before tax. */
  amount: string;
  /** The line's own shipping cost (flat rate × quantity), taxed by apply_to_shipping taxes. */
  shipping?: string;
  shipto?: string | null;
}

export interface Destination {
  country?: string | null;
  region?: string | null;
  city?: string | null;
  postalCode?: string | null;
}

export interface AppliedTaxLine {
  taxId: number;
  name: string;
  rate: string;
  /** Exact, unrounded. */
  amount: string;
  applyToShipping: boolean;
  shipto: string | null;
}

export interface TaxInput {
  taxes: TaxRule[];
  lines: TaxableLine[];
  destination: Destination;
  customerHasTaxId: boolean;
  /** Rates answered by a live provider or custom endpoint, by tax id; such taxes apply only with one. */
  liveRates?: Map<number, string>;
  /** Decimal places of the currency (2 for USD). */
  currencyDecimals?: number;
}

const same = (a?: string | null, b?: string | null) => !!a && !!b && a.trim().toLowerCase() === b.trim().toLowerCase();

/** Whether the tax's location rule matches the shipping destination. */
export function locationMatches(t: TaxRule, d: Destination): boolean {
  switch (t.type) {
    case 'global': return true;
    case 'country': return same(t.country, d.country);
    case 'region': return same(t.country, d.country) && same(t.region, d.region);
    case 'local': return same(t.country, d.country) && same(t.region, d.region) && same(t.city, d.city);
    case 'union':
      // Inside the EU; with destination rates the tax is the destination country's own (its country
      // set), with origin rates the store's rate applies to every EU destination.
      return !!d.country && EU_COUNTRIES.has(d.country.toUpperCase()) && (t.useOriginRates || !t.country || same(t.country, d.country));
    case 'custom_tax_endpoint': return true;
  }
}

export function computeTaxes(input: TaxInput): { applied: AppliedTaxLine[]; totalTax: string } {
  const applied: AppliedTaxLine[] = [];
  let total = new Decimal(0);
  for (const t of input.taxes) {
    if (t.exemptAllCustomerTaxIds && input.customerHasTaxId) continue;
    if (!locationMatches(t, input.destination)) continue;
    const live = t.isLive || t.type === 'custom_tax_endpoint';
    const rate = live ? input.liveRates?.get(t.id) : t.rate;
    if (rate === undefined) continue;
    // One application per shipment (DESIGN §7): the shipment's lines the tax applies to, plus their
    // shipping when the tax applies to shipping.
    const byShipto = new Map<string | null, Decimal>();
    for (const line of input.lines) {
      if (line.categoryId === null || !t.categoryIds.includes(line.categoryId)) continue;
      const key = line.shipto ?? null;
      const base = t.applyToShipping ? new Decimal(line.amount).plus(line.shipping ?? '0') : new Decimal(line.amount);
      byShipto.set(key, (byShipto.get(key) ?? new Decimal(0)).plus(base));
    }
    for (const [shipto, taxable] of byShipto) {
      const amount = taxable.times(rate).dividedBy(100);
      total = total.plus(amount);
      applied.push({ taxId: t.id, name: t.name, rate: new Decimal(rate).toFixed(), amount: amount.toFixed(), applyToShipping: t.applyToShipping, shipto });
    }
  }
  const places = input.currencyDecimals ?? 2;
  return { applied, totalTax: total.toDecimalPlaces(places, Decimal.ROUND_HALF_UP).toFixed(places) };
}
