// The tax table: each tax type against matching and non-matching destinations, shipping,
// exemption of customers with a tax id, live rates, several shipments, and rounding.
import { describe, expect, it } from 'vitest';
import { computeTaxes, type TaxRule } from '../../src/commerce/taxes.js';

const base: Omit<TaxRule, 'id' | 'name' | 'type'> = {
  rate: '10', applyToShipping: false, useOriginRates: false, exemptAllCustomerTaxIds: false, isLive: false, categoryIds: [1],
};
const PORTLAND = { country: 'US', region: 'OR', city: 'Portland' };

const CASES: Array<[string, Partial<TaxRule>, Record<string, string>, boolean]> = [
  ['global anywhere', { type: 'global' }, { country: 'JP' }, true],
  ['country match', { type: 'country', country: 'US' }, PORTLAND, true],
  ['country case-insensitive', { type: 'country', country: 'us' }, PORTLAND, true],
  ['country miss', { type: 'country', country: 'CA' }, PORTLAND, false],
  ['region match', { type: 'region', country: 'US', region: 'OR' }, PORTLAND, true],
  ['region other country', { type: 'region', country: 'AU', region: 'OR' }, PORTLAND, false],
  ['region miss', { type: 'region', country: 'US', region: 'WA' }, PORTLAND, false],
  ['local match', { type: 'local', country: 'US', region: 'OR', city: 'Portland' }, PORTLAND, true],
  ['local other city', { type: 'local', country: 'US', region: 'OR', city: 'Salem' }, PORTLAND, false],
  ['local same city other region', { type: 'local', country: 'US', region: 'ME', city: 'Portland' }, PORTLAND, false],
  ['union in EU, origin rates', { type: 'union', useOriginRates: true, country: 'DE' }, { country: 'FR' }, true],
  ['union in EU, destination rate of that country', { type: 'union', country: 'FR' }, { country: 'FR' }, true],
  ['union in EU, destination rate of another country', { type: 'union', country: 'DE' }, { country: 'FR' }, false],
  ['union outside EU', { type: 'union', useOriginRates: true }, { country: 'CH' }, false],
  ['no destination country', { type: 'country', country: 'US' }, {}, false],
];

describe('tax selection', () => {
  it.each(CASES)('%s', (_name, rule, destination, applies) => {
    const r = computeTaxes({
      taxes: [{ ...base, id: 1, name: 'T', type: 'global', ...rule } as TaxRule],
      lines: [{ categoryId: 1, amount: '100' }], destination, customerHasTaxId: false,
    });
    expect(r.applied.length).toBe(applies ? 1 : 0);
    expect(r.totalTax).toBe(applies ? '10.00' : '0.00');
  });

  it('taxes only items of the linked categories', () => {
    const r = computeTaxes({
      taxes: [{ ...base, id: 1, name: 'T', type: 'global', categoryIds: [2] }],
      lines: [{ categoryId: 1, amount: '100' }, { categoryId: 2, amount: '30' }, { categoryId: null, amount: '5' }],
      destination: {}, customerHasTaxId: false,
    });
    expect(r.applied.map((a) => a.amount)).toEqual(['3']);
  });

  it("adds each shipment's shipping when apply_to_shipping", () => {
    const r = computeTaxes({
      taxes: [{ ...base, id: 1, name: 'Ship', type: 'global', applyToShipping: true }, { ...base, id: 2, name: 'NoShip', type: 'global' }],
      lines: [{ categoryId: 1, amount: '50', shipping: '15', shipto: 'home' }, { categoryId: 1, amount: '50', shipping: '5', shipto: 'office' }],
      destination: {}, customerHasTaxId: false,
    });
    expect(r.applied.map((a) => [a.name, a.shipto, a.amount])).toEqual([
      ['Ship', 'home', '6.5'], ['Ship', 'office', '5.5'], ['NoShip', 'home', '5'], ['NoShip', 'office', '5'],
    ]);
    expect(r.totalTax).toBe('22.00');
  });

  it('exempts customers with a tax id only from exempting taxes', () => {
    const r = computeTaxes({
      taxes: [{ ...base, id: 1, name: 'Exempting', type: 'global', exemptAllCustomerTaxIds: true }, { ...base, id: 2, name: 'Always', type: 'global' }],
      lines: [{ categoryId: 1, amount: '100' }], destination: {}, customerHasTaxId: true,
    });
    expect(r.applied.map((a) => a.name)).toEqual(['Always']);
  });

  it('uses live rates for live and custom-endpoint taxes, and skips them without one', () => {
    const taxes: TaxRule[] = [
      { ...base, id: 1, name: 'Live', type: 'country', country: 'US', isLive: true, rate: '0' },
      { ...base, id: 2, name: 'Endpoint', type: 'custom_tax_endpoint', rate: '0' },
    ];
    const lines = [{ categoryId: 1, amount: '200' }];
    const withRates = computeTaxes({ taxes, lines, destination: PORTLAND, customerHasTaxId: false, liveRates: new Map([[1, '8.5'], [2, '1.25']]) });
    expect(withRates.applied.map((a) => [a.name, a.rate, a.amount])).toEqual([['Live', '8.5', '17'], ['Endpoint', '1.25', '2.5']]);
    expect(computeTaxes({ taxes, lines, destination: PORTLAND, customerHasTaxId: false }).applied).toEqual([]);
  });

  it('keeps amounts exact and rounds only the total, half up', () => {
    const r = computeTaxes({
      taxes: [{ ...base, id: 1, name: 'A', type: 'global', rate: '7.25' }, { ...base, id: 2, name: 'B', type: 'global', rate: '0.1' }],
      lines: [{ categoryId: 1, amount: '0.10' }, { categoryId: 1, amount: '19.99' }],
      destination: {}, customerHasTaxId: false,
    });
    expect(r.applied.map((a) => a.amount)).toEqual(['1.456525', '0.02009']);
    expect(r.totalTax).toBe('1.48');
    const half = computeTaxes({ taxes: [{ ...base, id: 1, name: 'H', type: 'global', rate: '5' }], lines: [{ categoryId: 1, amount: '0.1' }], destination: {}, customerHasTaxId: false });
    expect(half.totalTax).toBe('0.01');
    expect(computeTaxes({ taxes: [{ ...base, id: 1, name: 'Y', type: 'global', rate: '10' }], lines: [{ categoryId: 1, amount: '0.05' }], destination: {}, customerHasTaxId: false, currencyDecimals: 0 }).totalTax).toBe('0');
  });
});
