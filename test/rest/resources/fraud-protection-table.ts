// The spec's fraud_protection tables as test data: the resource's fields and the keys inside `json`
// per type. A field `json.<key>` sets that key of a valid json object of the row's type (undefined
// removes it); the row's extra properties choose the type.

export const VALID = { type: 'vendor_minfraud', score_threshold_reject: 80 };

export const VALID_JSON: Record<string, Record<string, unknown>> = {
  vendor_recaptcha: { config: 'enabled_by_errors', private_key: '', site_key: '' },
  custom_precheckout_hook: { enabled: true, url: 'https://hooks.example/precheckout', failure_handling: 'reject' },
};

const RECAPTCHA = { type: 'vendor_recaptcha' };
const HOOK = { type: 'custom_precheckout_hook' };

/** [field, violating value, extra properties]. */
export const VIOLATIONS: Array<[string, unknown, Record<string, unknown>?]> = [
  ['type', undefined],
  ['type', ''],
  ['type', 'vendor_other'],
  ['type', 'VENDOR_MINFRAUD'],
  ['type', 5],
  ['description', 'd'.repeat(101)],
  ['description', { text: 'x' }],
  ['json', 'not json'],
  ['json', '{"config": '],
  ['json', 7],
  ['json', undefined, RECAPTCHA],
  ['json', '', HOOK],
  ['json', '[]', RECAPTCHA],
  ['json', '"enabled_always"', HOOK],
  ['json.config', undefined, RECAPTCHA],
  ['json.config', 'sometimes', RECAPTCHA],
  ['json.config', 1, RECAPTCHA],
  ['json.private_key', 5, RECAPTCHA],
  ['json.site_key', false, RECAPTCHA],
  ['json.site_id', 'abc', RECAPTCHA],
  ['json.url', undefined, HOOK],
  ['json.url', 'not a url', HOOK],
  ['json.url', 'ftp://hooks.example/x', HOOK],
  ['json.url', 42, HOOK],
  ['json.failure_handling', undefined, HOOK],
  ['json.failure_handling', 'retry', HOOK],
  ['json.enabled', 'yes', HOOK],
  ['json.enabled', 2, HOOK],
  ['json.timeout', 5, HOOK],
  ['score_threshold_reject', -1],
  ['score_threshold_reject', 101],
  ['score_threshold_reject', 'high'],
  ['score_threshold_reject', 50.5],
  ['date_of_birth', '2000-01-01'],
];

export const VALID_VALUES: Array<[string, unknown, Record<string, unknown>?]> = [
  ['type', 'vendor_minfraud'],
  ['type', 'vendor_recaptcha', { json: JSON.stringify(VALID_JSON.vendor_recaptcha) }],
  ['type', 'custom_precheckout_hook', { json: JSON.stringify(VALID_JSON.custom_precheckout_hook) }],
  ['description', 'd'.repeat(100)],
  ['description', ''],
  ['json', '{"any": ["thing"]}'],
  ['json', { config: 'disabled' }, RECAPTCHA],
  ['json.config', 'disabled', RECAPTCHA],
  ['json.config', 'enabled_always', RECAPTCHA],
  ['json.private_key', 'private-abc', RECAPTCHA],
  ['json.private_key', undefined, RECAPTCHA],
  ['json.site_key', 'site-abc', RECAPTCHA],
  ['json.url', 'http://hooks.example/check?store=1', HOOK],
  ['json.failure_handling', 'approve', HOOK],
  ['json.enabled', false, HOOK],
  ['json.enabled', 1, HOOK],
  ['json.enabled', 0, HOOK],
  ['json.enabled', '1', HOOK],
  ['json.enabled', undefined, HOOK],
  ['score_threshold_reject', 0],
  ['score_threshold_reject', 100],
  ['score_threshold_reject', '55'],
  ['score_threshold_reject', null],
];

/** The request body of a table row. */
export function bodyOf(field: string, value: unknown, extra: Record<string, unknown> = {}): Record<string, unknown> {
  const body: Record<string, unknown> = { ...VALID, ...extra };
  if (field.startsWith('json.')) {
    const config: Record<string, unknown> = { ...VALID_JSON[String(body.type)] };
    const key = field.slice('json.'.length);
    if (value === undefined) delete config[key];
    else config[key] = value;
    body.json = JSON.stringify(config);
  } else if (value === undefined) {
    delete body[field];
  } else {
    body[field] = value;
  }
  return body;
}
