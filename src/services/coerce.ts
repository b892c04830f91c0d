// Turns one raw input value (JSON, form field or GraphQL argument) into the typed value of a field,
// or says why it cannot. Form and XML bodies carry everything as strings, so strings are accepted
// wherever their text is a valid value of the type.
import { Decimal } from 'decimal.js';
import type { FieldDef } from '../model/types.js';
import type { FieldError } from './errors.js';
import type { FieldCode } from './field-codes.js';

export type Coerced = { ok: true; value: unknown } | { ok: false; error: FieldError };

const TRUE = new Set([true, 1, 'true', '1', 'on']);
const FALSE = new Set([false, 0, 'false', '0', 'off']);

function bad(f: FieldDef, code: FieldCode, message: string): Coerced {
  return { ok: false, error: { field: f.name, code, message } };
}

/**
 * Whether a value (a string, or the strings of a list or of an object's properties) holds a NUL
 * character: PostgreSQL text cannot hold or compare one (SQLite can), so any such input that reaches
 * a statement is refused first, on both engines alike, rather than answered 500 on PostgreSQL.
 */
export function hasNul(v: unknown): boolean {
  if (typeof v === 'string') return v.includes('\u0000');
  if (Array.isArray(v)) return v.some(hasNul);
  return v !== null && typeof v === 'object' && Object.values(v).some(hasNul);
}

export function coerce(f: FieldDef, raw: unknown): Coerced {
  if ((typeof raw === 'string' || Array.isArray(raw)) && hasNul(raw)) {
    return bad(f, 'invalid_value', `${f.name} must not contain NUL characters`);
  }
  if (f.list) {
    let v = raw;
    if (typeof v === 'string') {
      try { v = JSON.parse(v); } catch { v = v === '' ? [] : (v as string).split(','); }
    }
    if (!Array.isArray(v) || v.some((x) => typeof x !== 'string')) return bad(f, 'invalid_type', `${f.name} must be a list of strings`);
    return { ok: true, value: v };
  }
  switch (f.kind) {
    case 'string': case 'date': case 'datetime':
      if (typeof raw === 'string') return { ok: true, value: raw };
      if (typeof raw === 'number' && f.kind === 'string') return { ok: true, value: String(raw) };
      return bad(f, 'invalid_type', `${f.name} must be a string`);
    case 'enum': {
      const s = typeof raw === 'string' ? raw : undefined;
      const allowed = f.enumValues!.map((e) => e.rest);
      if (s === undefined || !allowed.includes(s)) {
        return bad(f, 'one_of', `${f.name} must be one of ${allowed.map((a) => (a === '' ? '"" (empty)' : a)).join(', ')}`);
      }
      return { ok: true, value: s };
    }
    case 'boolean':
      if (TRUE.has(raw as never)) return { ok: true, value: true };
      if (FALSE.has(raw as never)) return { ok: true, value: false };
      return bad(f, 'invalid_type', `${f.name} must be true or false (1 or 0)`);
    case 'int': {
      const n = typeof raw === 'string' && /^-?\d{1,15}$/.test(raw.trim()) ? Number(raw) : raw;
      if (typeof n !== 'number' || !Number.isSafeInteger(n)) return bad(f, 'invalid_type', `${f.name} must be an integer`);
      return { ok: true, value: n };
    }
    case 'decimal': {
      const s = typeof raw === 'number' && Number.isFinite(raw) ? String(raw) : typeof raw === 'string' ? raw.trim() : undefined;
      if (s === undefined || !/^-?(\d{1,20}(\.\d{0,12})?|\.\d{1,12})$/.test(s)) {
        return bad(f, 'invalid_type', `${f.name} must be a decimal number`);
      }
      return { ok: true, value: new Decimal(s).toFixed() };
    }
    case 'json':
      if (typeof raw === 'string') return { ok: true, value: raw };
      if (raw !== null && typeof raw === 'object') return { ok: true, value: JSON.stringify(raw) };
      return bad(f, 'invalid_type', `${f.name} must be JSON text`);
  }
}
