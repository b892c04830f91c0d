// Validates an input against the constraints the SDL declares for a resource, reporting every
// invalid field at once. Resource modules add the rules a directive cannot say.
import { Decimal } from 'decimal.js';
import { INT_RANGE, type FieldDef, type ResourceDef } from '../model/types.js';
import { ISO_COUNTRIES } from '../model/countries.js';
import { coerce } from './coerce.js';
import type { FieldError } from './errors.js';
import type { FieldCode } from './field-codes.js';

export type WriteMode = 'create' | 'patch' | 'put';

export interface Normalized {
  /** Typed values of the writable fields given (and defaults), keyed by REST name. */
  values: Record<string, unknown>;
  errors: FieldError[];
}

/** Keys a client may send back from a representation without meaning to write them. */
const REPRESENTATION_KEYS = new Set(['_links', '_embedded', 'id', 'href', 'links', 'class', 'entities', 'actions']);

const isBlank = (v: unknown) => v === undefined || v === null || v === '';

/** Why `v` is not an absolute http(s) URL, or undefined when it is one. */
export function httpUrlProblem(v: string): string | undefined {
  try {
    const u = new URL(v);
    return u.protocol === 'http:' || u.protocol === 'https:' ? undefined : 'must be an http or https URL';
  } catch {
    return 'must be an absolute URL';
  }
}

function checkFormat(f: FieldDef, v: unknown, now: Date): FieldError | undefined {
  const fmt = f.constraints.format;
  const err = (message: string, code: FieldCode = 'invalid_format'): FieldError => ({ field: f.name, code, message });
  if (fmt === 'URL') {
    const problem = httpUrlProblem(String(v));
    if (problem) return err(`${f.name} ${problem}`);
  } else if (fmt === 'EMAIL') {
    if (!/^[^\s@<>]+@[^\s@<>]+\.[^\s@<>]+$/.test(String(v))) return err(`${f.name} must be an email address`);
  } else if (fmt === 'COUNTRY') {
    if (!ISO_COUNTRIES.has(String(v))) return err(`${f.name} must be an ISO 3166-1 alpha-2 country code such as US`);
  } else if (fmt === 'DATE') {
    const s = String(v);
    const d = new Date(`${s}T00:00:00Z`);
    if (!/^\d{4}-\d{2}-\d{2}$/.test(s) || Number.isNaN(d.getTime()) || d.toISOString().slice(0, 10) !== s) {
      return err(`${f.name} must be a date YYYY-MM-DD`);
    }
    if (f.constraints.future && s <= now.toISOString().slice(0, 10)) return err(`${f.name} must be in the future`, 'future');
  } else if (fmt === 'UNIX_TIMESTAMP') {
    if (f.constraints.future && Number(v) * 1000 <= now.getTime()) return err(`${f.name} must be in the future`, 'future');
  } else if (fmt === 'JSON') {
    try { JSON.parse(String(v)); } catch { return err(`${f.name} must be valid JSON text`); }
  } else if (fmt === 'FREQUENCY') {
    // A zero period would renew on every scheduler tick (src/commerce/frequency.ts has the same rule).
    if (!/^([1-9]\d{0,3}[dwmy]|\.5m)$/.test(String(v))) return err(`${f.name} must be a number of at least 1 followed by d, w, m or y (or .5m)`);
  }
  return undefined;
}

function checkConstraints(f: FieldDef, v: unknown, now: Date): FieldError | undefined {
  const c = f.constraints;
  if (typeof v === 'string' && (f.kind === 'string' || f.kind === 'json')) {
    const len = [...v].length;
    if (c.maxLength !== undefined && len > c.maxLength) {
      return { field: f.name, code: 'max_length', message: `${f.name} must be at most ${c.maxLength} characters` };
    }
    if (c.minLength !== undefined && len < c.minLength && len > 0) {
      return { field: f.name, code: 'min_length', message: `${f.name} must be at least ${c.minLength} characters` };
    }
    if (c.oneOf && !c.oneOf.includes(v)) {
      return { field: f.name, code: 'one_of', message: `${f.name} must be one of ${c.oneOf.join(', ')}` };
    }
  }
  if ((f.kind === 'int' || f.kind === 'decimal') && v !== null) {
    const d = new Decimal(String(v));
    if (c.min !== undefined && d.lt(c.min)) return { field: f.name, code: 'min', message: `${f.name} must be at least ${c.min}` };
    if (c.max !== undefined && d.gt(c.max)) return { field: f.name, code: 'max', message: `${f.name} must be at most ${c.max}` };
    if (c.gt !== undefined && d.lte(c.gt)) return { field: f.name, code: 'gt', message: `${f.name} must be greater than ${c.gt}` };
    if (f.kind === 'int') {
      if (d.lt(INT_RANGE.min)) return { field: f.name, code: 'min', message: `${f.name} must be at least ${INT_RANGE.min}` };
      if (d.gt(INT_RANGE.max)) return { field: f.name, code: 'max', message: `${f.name} must be at most ${INT_RANGE.max}` };
    }
  }
  return c.format ? checkFormat(f, v, now) : undefined;
}

function defaultValue(f: FieldDef): unknown {
  if (f.default === undefined) return undefined;
  const c = coerce(f, f.default);
  return c.ok ? c.value : undefined;
}

/**
 * Checks `input` (REST names) for a write. `existing` is the stored row's typed values (REST names)
 * for PATCH and PUT; `relaxed` names required fields a resource rule has waived for this input.
 */
export function normalizeInput(r: ResourceDef, input: Record<string, unknown>, mode: WriteMode,
  opts: { existing?: Record<string, unknown>; now: Date; relaxed?: Set<string> }): Normalized {
  const errors: FieldError[] = [];
  const values: Record<string, unknown> = {};
  for (const key of Object.keys(input)) {
    if (REPRESENTATION_KEYS.has(key) || r.fieldsByName.has(key)) continue;
    errors.push({ field: key, code: 'unknown_field', message: `${r.name} has no property "${key}"` });
  }
  for (const f of r.fields) {
    if (f.readOnly) continue;
    if (!Object.prototype.hasOwnProperty.call(input, f.name)) {
      // PATCH leaves absent fields alone; a create or a whole replacement falls back to the default.
      if (mode !== 'patch') values[f.name] = defaultValue(f) ?? null;
      continue;
    }
    const raw = input[f.name];
    const emptyIsValue = raw === '' && f.enumValues?.some((e) => e.rest === '');
    if (isBlank(raw) && !emptyIsValue) {
      // Clearing a property with a default restores the default (its column may not hold null).
      values[f.name] = defaultValue(f) ?? null;
      continue;
    }
    const c = coerce(f, raw);
    if (!c.ok) { errors.push(c.error); continue; }
    const e = checkConstraints(f, c.value, opts.now);
    if (e) { errors.push(e); continue; }
    values[f.name] = c.value;
  }
  const merged = { ...(opts.existing ?? {}), ...values };
  for (const f of r.fields) {
    if (f.readOnly || errors.some((e) => e.field === f.name)) continue;
    const v = merged[f.name];
    const emptyIsValue = v === '' && f.enumValues?.some((e) => e.rest === '');
    // A stored secret (password) is not echoed back in a PUT body, so its absence is not a removal.
    const missing = isBlank(v) && !emptyIsValue && !(f.writeOnly && opts.existing);
    if (f.constraints.required && missing && !opts.relaxed?.has(f.name)) {
      errors.push({ field: f.name, code: 'required', message: `${f.name} is required` });
    }
    const when = f.constraints.requiredWhen;
    if (when && missing && String(merged[when.field] ?? '') === when.value && !opts.relaxed?.has(f.name)) {
      errors.push({ field: f.name, code: 'required', message: `${f.name} is required when ${when.field} is ${when.value}` });
    }
    const given = Object.prototype.hasOwnProperty.call(input, f.name);
    if (f.writeOnce && opts.existing && given && values[f.name] !== opts.existing[f.name]) {
      errors.push({ field: f.name, code: 'write_once', message: `${f.name} is set on creation and cannot be changed` });
    }
  }
  if (mode === 'put' && opts.existing) {
    // Write-once fields and secrets keep their value when a whole representation omits them.
    for (const f of r.fields) if ((f.writeOnce || f.writeOnly) && !Object.prototype.hasOwnProperty.call(input, f.name)) delete values[f.name];
  }
  return { values, errors };
}
