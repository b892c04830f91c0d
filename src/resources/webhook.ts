// Webhook rules the SDL cannot state: every `events` entry is `<resource>/<event>` with a known event
// name (DESIGN §6) of the webhook's own event_resource, since a webhook is bound to one resource and
// events of another would never reach it. Each bad entry is reported as its own error on `events`.
// An empty or absent list means every event of event_resource.
//
// One access rule for events (issue 15): a webhook delivers its event_resource and the children its
// `query` zooms, so the token that creates or changes it must be able to read all of them (403
// otherwise), and the query must parse with the REST facade's own parser and stay within the cost
// and zoom-depth limits of a REST read (issue 21; 400 on `query`). The
// token's scopes are kept with the webhook (access_scopes) and delivery renders with them, so a
// payload never holds what its webhook's owner could not read. encryption_key is shown only to
// tokens that may write webhooks.
import type { ListQuery, Zoom } from '../data/query.js';
import type { Registry, ResourceDef } from '../model/types.js';
import { checkRead } from '../data/cost.js';
import { accessTarget } from '../auth/scopes.js';
import { sealColumn } from '../auth/sealing.js';
import { authorize } from '../services/resource-service.js';
import type { FieldError } from '../services/errors.js';
import type { ServiceContext } from '../services/context.js';
import type { ResourceRules } from './rules.js';

/** The REST facade's query-string parser, handed over by the transport (src/rest/webhook-routes.ts). */
export type WebhookQueryParser = (registry: Registry, r: ResourceDef, query: string) => { query: ListQuery; errors: FieldError[] };
let parseQuery: WebhookQueryParser | undefined;

export function useWebhookQueryParser(parser: WebhookQueryParser): void {
  parseQuery = parser;
}

/** Read access to `r` and to every child the zoom reaches (403 naming the scopes otherwise). */
function authorizeZoom(ctx: ServiceContext, r: ResourceDef, zoom: Zoom[]): void {
  for (const z of zoom) {
    const rel = r.relsByName.get(z.rel);
    if (!rel) continue;
    const target = ctx.registry.resource(rel.target);
    if (!rel.embed) authorize(ctx, accessTarget(r, target), 'read');
    authorizeZoom(ctx, target, z.query.zoom);
  }
}

/** The events a resource announces (its `@events`), when it announces any (DESIGN §6). */
function eventsOf(registry: Registry, resource: string): readonly string[] | undefined {
  const events = registry.byName.get(resource)?.events;
  return events?.length ? events : undefined;
}

function eventProblem(registry: Registry, entry: string, resource: string | undefined): string | undefined {
  const m = /^([a-z_]+)\/([a-z_]+)$/.exec(entry);
  if (!m) return `events entry "${entry}" must have the form <resource>/<event>, for example transaction/created`;
  const [, res, event] = m;
  const known = eventsOf(registry, res);
  if (!known) return `events entry "${entry}" names an unknown resource; known: ${registry.eventResources.map((r) => r.name).join(', ')}`;
  if (!known.includes(event)) return `events entry "${entry}" is not a known event; ${res} has ${known.map((e) => `${res}/${e}`).join(', ')}`;
  if (resource && res !== resource) return `events entry "${entry}" is not an event of this webhook's event_resource ${resource}`;
  return undefined;
}

export const webhookRules: ResourceRules = {
  writerOnlyFields: ['encryption_key'],
  // The key must be used in clear to sign, so it is sealed, not hashed: a dump alone does not give it.
  sealedFields: ['encryption_key'],
  validate(values, _w, ctx) {
    const events = Array.isArray(values.events) ? (values.events as string[]) : [];
    const resource = typeof values.event_resource === 'string' ? values.event_resource : undefined;
    const errors: FieldError[] = [];
    for (const entry of events) {
      const problem = eventProblem(ctx.registry, entry, resource);
      if (problem) errors.push({ field: 'events', code: 'unknown_event', message: problem });
    }
    const def = resource && eventsOf(ctx.registry, resource) ? ctx.registry.byName.get(resource) : undefined;
    if (def && parseQuery) {
      const raw = typeof values.query === 'string' ? values.query.replace(/^\?/, '') : '';
      const parsed = parseQuery(ctx.registry, def, raw);
      for (const e of parsed.errors) {
        errors.push({ field: 'query', code: e.code, message: `query: ${e.field ? `${e.field}: ` : ''}${e.message}` });
      }
      // Every delivery renders the resource with this query: priced as a REST read of one member.
      const check = !parsed.errors.length && ctx.readLimits ? checkRead(ctx.registry, def, parsed.query, 'member', ctx.readLimits) : undefined;
      if (check?.problem) errors.push({ field: 'query', code: check.problem.code, message: `query: ${check.problem.message}` });
      if (!parsed.errors.length) {
        authorize(ctx, def, 'read');
        authorizeZoom(ctx, def, parsed.query.zoom);
      }
    }
    return errors;
  },
  beforeWrite(columns, _w, ctx) {
    columns.access_scopes = JSON.stringify([...ctx.principal.scopes].sort());
    if ('encryption_key' in columns) columns.encryption_key = sealColumn(ctx.tokens.opts.keys, 'encryption_key', columns.encryption_key);
  },
};
