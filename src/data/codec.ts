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
  let decode = decoders.get(r);
  if (!decode) decoders.set(r, decode = compileDecoder(r));
  decode(row);
  return row as RowOf<R>;
}

const decoders = new WeakMap<ResourceDef, (row: Row) => void>();

/**
 * What a driver already returns decoded, per kind: decodeValue gives these back unchanged (other
 * kinds not listed, besides booleans and lists, are always returned as they are).
 */
const AS_STORED: Record<string, string> = { int: "typeof v === 'number'", decimal: "typeof v === 'string'" };

/**
 * decodeRow for one resource, compiled once: a page decodes thousands of rows of dozens of columns,
 * and most columns (texts; numbers and decimals as the driver gives them) need nothing. The loop over
 * every field with an `in` test and a switch per value cost about 1 µs per row; the compiled form
 * touches only the columns that change and calls decodeValue for them, so the rules stay there.
 */
function compileDecoder(r: ResourceDef): (row: Row) => void {
  const fields = r.fields.filter((f) => f.column);
  const lines = fields.map((f, i) => {
    const k = JSON.stringify(f.column);
    const changes = f.list || f.kind === 'boolean' ? 'true' : AS_STORED[f.kind] ? `!(${AS_STORED[f.kind]})` : 'false';
    // A column present but undefined becomes null, as decodeValue makes it; an absent one stays absent.
    return `v = row[${k}]; if (v === undefined) { if (${k} in row) row[${k}] = null; }`
      + (changes === 'false' ? '' : ` else if (v !== null && ${changes}) row[${k}] = decodeValue(F[${i}], v);`);
  });
  return new Function('F', 'decodeValue', `return (row) => { let v;\n${lines.join('\n')}\nrow.id = Number(row.id); };`)(fields, decodeValue) as (row: Row) => void;
}

/** Encodes the columns of `values` that belong to fields of `r`; other keys (foreign keys) pass as is. */
export function encodeRow(r: ResourceDef, values: Row): Row {
  const byColumn = columnFields(r);
  const out: Row = {};
  for (const k of Object.keys(values)) {
    const f = byColumn.get(k);
    out[k] = f ? encodeValue(f, values[k]) : values[k];
  }
  return out;
}

/**
 * Each column's field (the first to name it), kept per resource: a search of the field list per
 * key was ~1,500 comparisons for a transaction's row (fifty columns), several rows a checkout.
 */
function columnFields(r: ResourceDef): Map<string, FieldDef> {
  let byColumn = fieldsOfColumns.get(r);
  if (!byColumn) {
    byColumn = new Map();
    for (const f of r.fields) if (f.column && !byColumn.has(f.column)) byColumn.set(f.column, f);
    fieldsOfColumns.set(r, byColumn);
  }
  return byColumn;
}

const fieldsOfColumns = new WeakMap<ResourceDef, Map<string, FieldDef>>();
