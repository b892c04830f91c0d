// Fraud protection rules the SDL cannot state: `json` is required for vendor_recaptcha and
// custom_precheckout_hook and must then be an object with the keys of the spec's tables (dated
// 2017-08-30). Each bad key is its own error, named `json.<key>`. vendor_minfraud has no key table,
// so any object is accepted for it. A JSON object sent in place of the text is serialized.
import { httpUrlProblem } from '../services/validate.js';
import type { FieldError } from '../services/errors.js';
import type { ResourceRules } from './rules.js';

/** Why a key's value is invalid, or undefined when it is valid. */
type Check = (v: unknown) => string | undefined;

interface KeyRule {
  required?: boolean;
  check: Check;
}

const oneOf = (values: string[]): Check => (v) =>
  typeof v === 'string' && values.includes(v) ? undefined : `must be one of ${values.join(', ')}`;
const text: Check = (v) => (typeof v === 'string' ? undefined : 'must be a string (it may be empty)');
const httpUrl: Check = (v) => (typeof v === 'string' ? httpUrlProblem(v) : 'must be a string');
const boolish: Check = (v) =>
  [true, false, 1, 0, 'true', 'false', '1', '0'].includes(v as never) ? undefined : 'must be true/false or 1/0';

export const JSON_KEYS: Record<string, Record<string, KeyRule>> = {
  vendor_recaptcha: {
    config: { required: true, check: oneOf(['disabled', 'enabled_always', 'enabled_by_errors']) },
    // Required only with a custom subdomain, which the service does not model: empty otherwise.
    private_key: { check: text },
    site_key: { check: text },
  },
  custom_precheckout_hook: {
    enabled: { check: boolish },
    url: { required: true, check: httpUrl },
    failure_handling: { required: true, check: oneOf(['reject', 'approve']) },
  },
};

function checkJson(type: string, json: unknown): FieldError[] {
  const keys = JSON_KEYS[type];
  if (json === null || json === undefined || json === '') {
    return keys ? [{ field: 'json', code: 'required', message: `json is required when type is ${type}` }] : [];
  }
  let config: unknown;
  try {
    config = JSON.parse(String(json));
  } catch {
    return [{ field: 'json', code: 'invalid_format', message: 'json must be valid JSON text' }];
  }
  if (config === null || typeof config !== 'object' || Array.isArray(config)) {
    const shape = keys ? ` with the keys ${Object.keys(keys).join(', ')}` : '';
    return [{ field: 'json', code: 'invalid_type', message: `json must be the text of a JSON object${shape}` }];
  }
  if (!keys) return [];
  const obj = config as Record<string, unknown>;
  const errors: FieldError[] = [];
  for (const key of Object.keys(obj)) {
    if (!(key in keys)) errors.push({ field: `json.${key}`, code: 'unknown_field', message: `json of ${type} has no key "${key}"` });
  }
  for (const [key, rule] of Object.entries(keys)) {
    if (!(key in obj)) {
      if (rule.required) errors.push({ field: `json.${key}`, code: 'required', message: `json.${key} is required for ${type}` });
      continue;
    }
    const problem = rule.check(obj[key]);
    if (problem) errors.push({ field: `json.${key}`, code: 'invalid_value', message: `json.${key} ${problem}` });
  }
  return errors;
}

export const fraudProtectionRules: ResourceRules = {
  prepare(w) {
    const json = w.input.json;
    if (json !== null && typeof json === 'object') w.input.json = JSON.stringify(json);
  },
  validate(values) {
    return typeof values.type === 'string' ? checkJson(values.type, values.json) : [];
  },
};
