// decodeRow is compiled per resource (src/data/codec.ts) and must decode exactly as decodeValue
// decides, column by column, for every resource and whatever form each driver returns a value in:
// booleans as 0/1 (or '1'), integers as numbers or digit strings, decimals as strings or numbers,
// lists as JSON text; null stays null, a present undefined becomes null, an absent column stays absent.
import { describe, expect, it } from 'vitest';
import { buildRegistry } from '../../src/model/registry.js';
import { decodeRow, decodeValue, encodeRow, encodeValue } from '../../src/data/codec.js';
import type { FieldDef } from '../../src/model/types.js';

const registry = buildRegistry();

/** Raw forms a driver may hand over for a field, by kind. */
function rawForms(f: FieldDef): unknown[] {
  if (f.list) return ['["a","b"]', 'not json', null];
  switch (f.kind) {
    case 'boolean': return [1, 0, '1', true, null];
    case 'int': return [42, '42', null];
    case 'decimal': return ['12.50', 12.5, null];
    default: return ['text', 7, null];
  }
}

describe('decodeRow (compiled per resource)', () => {
  it('decodes every column of every resource as decodeValue does', () => {
    let checked = 0;
    for (const r of registry.resources) {
      const fields = r.fields.filter((f) => f.column);
      for (let variant = 0; variant < 5; variant++) {
        const row: Record<string, unknown> = { id: '17', store_id: 3 };
        const expected: Record<string, unknown> = { id: 17, store_id: 3 };
        fields.forEach((f, i) => {
          const col = f.column!;
          // Every seventh column absent, every eleventh present but undefined, the others in turn.
          if ((i + variant) % 7 === 0) return;
          if ((i + variant) % 11 === 0) {
            row[col] = undefined;
            expected[col] = null;
            return;
          }
          const forms = rawForms(f);
          const raw = forms[(i + variant) % forms.length];
          row[col] = raw;
          expected[col] = decodeValue(f, raw);
        });
        const decoded = decodeRow(r, row);
        expect(decoded, r.name).toBe(row);
        expect({ ...decoded }, `${r.name} variant ${variant}`).toEqual(expected);
        for (const f of fields) if (!(f.column! in expected)) expect(f.column! in decoded).toBe(false);
        checked += fields.length;
      }
    }
    expect(checked).toBeGreaterThan(1000);
  });
});

describe('encodeRow', () => {
  it('encodes every column of every resource as encodeValue does, and passes keys of no field unchanged', () => {
    for (const r of registry.resources) {
      const fields = r.fields.filter((f) => f.column);
      const values: Record<string, unknown> = { store_id: 3, _helper: 'as is' };
      const expected: Record<string, unknown> = { store_id: 3, _helper: 'as is' };
      for (const f of fields) {
        const v = f.list ? ['a', 'b'] : f.kind === 'boolean' ? true : f.kind === 'decimal' ? 12.5 : f.kind === 'json' ? { a: 1 } : 'text';
        values[f.column!] = v;
        expected[f.column!] = encodeValue(f, v);
      }
      expect(encodeRow(r, values), r.name).toEqual(expected);
    }
  });
});
