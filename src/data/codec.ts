// Converts between stored rows (SQL columns) and typed values (what services work with): booleans
// are 0/1 in SQL, decimals are strings, lists and JSON are text.
import type { FieldDef, ResourceDef } from '../model/types.js';
import type { ResourceValues } from '../db/__generated__/db-types.js';

export type Row = Record<string, unknown>;
/** A stored row decoded: `id`, foreign keys and every column field, typed. */
export type Values = Record<string, unknown> & { id: number };
/**
 * The decoded row of a resource whose name is known statically (`registry.resource('cart')`): its
 * columns typed as generated from the migrations and the model; of any other, plain Values.
 */
export type RowOf<R extends { name: string }> = R['name'] extends keyof ResourceValues ? ValuesOf<R['name']> : Values;
/** The decoded row of the resource `N` (`ValuesOf<'cart'>`): its columns only, so a misspelt one does not compile. */
export type ValuesOf<N extends keyof ResourceValues> = ResourceValues[N];

export function decodeValue(f: FieldDef, v: unknown): unknown {
  if (v === null || v === undefined) return null;
  if (f.list) {
    if (typeof v !== 'string') return v;
    try { return JSON.parse(v); } catch { return []; }
  }
  switch (f.kind) {
    case 'boolean': return v === 1 || v === true || v === '1';
    case 'int': return typeof v === 'number' ? v : Number(v);
    case 'decimal': return String(v);
    default: return v;
  }
}

export function encodeValue(f: FieldDef, v: unknown): unknown {
  if (v === null || v === undefined) return null;
  if (f.list) return JSON.stringify(v);
  switch (f.kind) {
    case 'boolean': return v ? 1 : 0;
    case 'decimal': return String(v);
    case 'json': return typeof v === 'string' ? v : JSON.stringify(v);
    default: return v;
  }
}

/**
 * Decodes a row the driver just returned, in place: the driver's object is not shared, and a page
 * of thousands of rows should not be copied once more on its way out. Columns of no field (foreign
 * keys, window helpers like `_rn`) stay as they are.
 */
export function decodeRow<R extends ResourceDef>(r: R, row: Row): RowOf<R> {
  for (const f of r.fields) if (f.column && f.column in row) row[f.column] = decodeValue(f, row[f.column]);
  row.id = Number(row.id);
  return row as RowOf<R>;
}

/** Encodes the columns of `values` that belong to fields of `r`; other keys (foreign keys) pass as is. */
export function encodeRow(r: ResourceDef, values: Row): Row {
  const out: Row = {};
  for (const [k, v] of Object.entries(values)) {
    const f = r.fields.find((x) => x.column === k);
    out[k] = f ? encodeValue(f, v) : v;
  }
  return out;
}
