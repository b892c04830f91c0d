// Tax rules the SDL cannot state: a custom tax endpoint needs only a name and a type. The endpoint
// supplies rates per address at checkout, so the rate is stored as 0 and the location fields and
// live-rate provider are set here (decision recorded in docs/decisions.md).
import { Decimal } from 'decimal.js';
import type { ResourceRules } from './rules.js';

const CUSTOM = 'custom_tax_endpoint';

export const taxRules: ResourceRules = {
  prepare(w) {
    const type = w.input.type ?? w.existing?.type;
    if (type !== CUSTOM) return;
    if (w.mode !== 'patch' || w.input.type !== undefined) {
      w.input.service_provider = 'custom_tax';
      w.input.is_live = false;
      for (const k of ['country', 'region', 'city']) if (!(k in w.input)) w.input[k] = null;
    }
    delete w.input.rate;
    return { relaxed: ['rate'] };
  },
  // The declared `gt: 0` checks a rate that is sent; a tax that leaves custom_tax_endpoint keeps the
  // stored 0 unless a rate comes with it, so the merged value is checked again here.
  validate(values) {
    if (values.type === CUSTOM || values.rate == null || values.rate === '' || new Decimal(String(values.rate)).gt(0)) return [];
    return [{ field: 'rate', code: 'gt', message: `rate must be greater than 0 for a ${String(values.type)} tax; send the rate with the new type` }];
  },
  beforeWrite(columns, w) {
    const type = columns.type ?? w.existing?.type;
    if (type === CUSTOM) columns.rate = '0';
  },
};
