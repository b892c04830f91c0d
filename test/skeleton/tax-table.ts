// The spec's tax table as test data: violating values per field, and valid ones.

export const VALID = { name: 'Sales tax', type: 'country', country: 'US', rate: '5' };

/** [field, violating value, extra properties needed to make the violation apply]. */
export const VIOLATIONS: Array<[string, unknown, Record<string, unknown>?]> = [
  ['name', undefined],
  ['name', ''],
  ['name', 'x'.repeat(31)],
  ['name', { nested: true }],
  ['type', undefined],
  ['type', 'planetary'],
  ['type', 'GLOBAL'],
  ['country', 'USA'],
  ['country', 'XX'],
  ['country', 7],
  ['region', 'r'.repeat(21)],
  ['city', 'c'.repeat(51)],
  ['city', undefined, { type: 'local' }],
  ['is_live', 'maybe'],
  ['service_provider', 'vendor_z'],
  ['apply_to_shipping', 'yes please'],
  ['use_origin_rates', 2],
  ['exempt_all_customer_tax_ids', []],
  ['rate', undefined],
  ['rate', 0],
  ['rate', '-1'],
  ['rate', 'ten'],
  ['rate', '1e3'],
];

export const VALID_VALUES: Array<[string, unknown]> = [
  ['name', 'x'.repeat(30)], ['type', 'global'], ['type', 'union'], ['type', 'region'], ['country', 'DE'],
  ['region', 'r'.repeat(20)], ['city', 'c'.repeat(50)], ['is_live', true], ['is_live', '0'], ['service_provider', ''],
  ['service_provider', 'vendor_c'], ['apply_to_shipping', 1], ['use_origin_rates', 'false'],
  ['exempt_all_customer_tax_ids', true], ['rate', '0.001'], ['rate', 99.5],
];

