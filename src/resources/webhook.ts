// Webhook rules the SDL cannot state: every `events` entry is `<resource>/<event>` with a known event
// name (DESIGN §6) of the webhook's own event_resource, since a webhook is bound to one resource and
// events of another would never reach it. Each bad entry is reported as its own error on `events`.
// An empty or absent list means every event of event_resource.
import type { FieldError } from '../services/errors.js';
import type { ResourceRules } from './rules.js';

/** The event names of DESIGN §6, by event resource (the EventResource enum's REST values). */
export const EVENT_NAMES: Readonly<Record<string, readonly string[]>> = {
  transaction: ['created', 'modified', 'captured', 'voided', 'refunded', 'refeed', 'downloaded', 'downloads_revoked'],
  subscription: ['created', 'modified', 'cancelled', 'refeed'],
  customer: ['created', 'modified', 'deleted', 'refeed'],
  cart: ['created', 'modified', 'deleted'],
  transaction_log: ['created'],
  changelog: ['created'],
  subscription_event: ['created'],
  subscription_mrr_snapshot: ['created'],
};

function eventProblem(entry: string, resource: string | undefined): string | undefined {
  const m = /^([a-z_]+)\/([a-z_]+)$/.exec(entry);
  if (!m) return `events entry "${entry}" must have the form <resource>/<event>, for example transaction/created`;
  const [, res, event] = m;
  const known = EVENT_NAMES[res];
  if (!known) return `events entry "${entry}" names an unknown resource; known: ${Object.keys(EVENT_NAMES).join(', ')}`;
  if (!known.includes(event)) return `events entry "${entry}" is not a known event; ${res} has ${known.map((e) => `${res}/${e}`).join(', ')}`;
  if (resource && res !== resource) return `events entry "${entry}" is not an event of this webhook's event_resource ${resource}`;
  return undefined;
}

export const webhookRules: ResourceRules = {
  validate(values) {
    const events = Array.isArray(values.events) ? (values.events as string[]) : [];
    const resource = typeof values.event_resource === 'string' ? values.event_resource : undefined;
    const errors: FieldError[] = [];
    for (const entry of events) {
      const problem = eventProblem(entry, resource);
      if (problem) errors.push({ field: 'events', code: 'unknown_event', message: problem });
    }
    return errors;
  },
};
