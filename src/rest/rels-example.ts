// A synthetic stored row of a resource for the /rels documentation examples: one plausible value per
// property, chosen from its kind and constraints so the example satisfies what the page documents.
import { Decimal } from 'decimal.js';
import type { FieldDef, ResourceDef } from '../model/types.js';
import type { Values } from '../data/codec.js';

const EXAMPLE_TIMESTAMP = '2024-01-31T12:00:00+0000';
const EXAMPLE_DATE = '2030-01-31';

function exampleString(f: FieldDef): string {
  const c = f.constraints;
  switch (c.format) {
    case 'URL': return `https://example.com/${f.name.replace(/_uri$|_url$/, '')}`;
    case 'EMAIL': return 'someone@example.com';
    case 'COUNTRY': return 'US';
    case 'DATE': return EXAMPLE_DATE;
    case 'JSON': return '{}';
    case 'FREQUENCY': return '1m';
    default: break;
  }
  let s = `Example ${f.name.replace(/_/g, ' ')}`;
  if (c.maxLength !== undefined) s = s.slice(0, c.maxLength);
  if (c.minLength !== undefined && s.length < c.minLength) s = s.padEnd(c.minLength, 'x');
  return s;
}

function exampleNumber(f: FieldDef): Decimal {
  const c = f.constraints;
  let n = new Decimal(f.kind === 'int' ? 1 : 10);
  if (c.min !== undefined && n.lt(c.min)) n = new Decimal(c.min);
  if (c.gt !== undefined && n.lte(c.gt)) n = new Decimal(c.gt).plus(1);
  if (c.max !== undefined && n.gt(c.max)) n = new Decimal(c.max);
  return n;
}

/** The stored (decoded) value of a property in the example. */
export function exampleValue(f: FieldDef): unknown {
  if (f.list) return [exampleString({ ...f, constraints: {} })];
  if (f.kind === 'enum') {
    // A non-empty value, so links that depend on the property (`when`) show in the example.
    return f.default || f.enumValues!.find((e) => e.rest !== '')?.rest || '';
  }
  if (f.constraints.oneOf?.length) return f.constraints.oneOf[0];
  switch (f.kind) {
    case 'boolean': return f.default === 'true';
    case 'int': return f.constraints.format === 'UNIX_TIMESTAMP' ? 1893456000 : (f.default !== undefined ? Number(f.default) : exampleNumber(f).toNumber());
    case 'decimal': return f.default ?? exampleNumber(f).toFixed();
    case 'datetime': return EXAMPLE_TIMESTAMP;
    case 'date': return EXAMPLE_DATE;
    case 'json': return '{}';
    default: return f.default || exampleString(f);
  }
}

/** Row 1 of `r`, owned by store 1, with every to-one relation pointing at row 1 of its target. */
export function exampleRow(r: ResourceDef): Values {
  const row: Values = { id: 1 };
  if (r.owner === 'STORE') row.store_id = 1;
  for (const rel of r.rels) if (rel.kind === 'one') row[rel.fk!] = 1;
  for (const f of r.fields) if (f.column) row[f.column] = exampleValue(f);
  return row;
}
