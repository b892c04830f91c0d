// What a webhook receives: the event's resource exactly as the REST facade renders it (HAL+JSON),
// shaped by the webhook's `query` (zoom, fields, child filters; top-level filters decide whether
// the resource is sent at all). The REST representation builder is a transport concern, so it is
// injected (PayloadRenderer, built in src/rest/webhook-routes.ts) instead of imported from here.
import type { Values } from '../data/codec.js';
import type { ListQuery } from '../data/query.js';
import type { Principal } from '../auth/principal.js';
import { STORE_FULL } from '../auth/scopes.js';
import { ApiError } from '../services/errors.js';
import type { ResourceDef } from '../model/types.js';
import type { FieldError } from '../services/errors.js';
import type { ServiceContext } from '../services/context.js';
import { readerOf } from '../services/reader.js';

export interface PayloadRenderer {
  /** The webhook's query string as a query on `r`, with every problem found. */
  parse(r: ResourceDef, query: string): { query: ListQuery; errors: FieldError[] };
  /** The row as the REST facade answers it for this query, as HAL+JSON text. */
  render(ctx: ServiceContext, r: ResourceDef, row: Values, query: ListQuery): Promise<string>;
}

/** A webhook query the parser refuses: the attempt fails with this message instead of sending. */
export class PayloadError extends Error {}

/** The dispatcher acts for the store that owns the webhook, with full access to that store only. */
export function storePrincipal(storeId: number): Principal {
  return { kind: 'store', storeId, scopes: new Set([STORE_FULL]) };
}

/** The scopes a webhook delivers with, from its access_scopes column (older rows: full access). */
export function webhookScopes(stored: unknown): string[] {
  if (typeof stored !== 'string') return [STORE_FULL];
  try {
    const v = JSON.parse(stored) as unknown;
    return Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : [];
  } catch {
    return [];
  }
}

/** A webhook's delivery acts with the scopes of the token that last created or changed it. */
export function webhookPrincipal(storeId: number, scopes: readonly string[]): Principal {
  return { kind: 'store', storeId, scopes: new Set(scopes) };
}

export interface PayloadEvent {
  store_id: number;
  resource_type: string;
  resource_id: number;
  /** The resource's properties when the event happened (JSON text, see events/record.ts). */
  payload: string | null;
}

/** The resource as it was at the event, rebuilt from the event's snapshot (for deleted resources). */
function rowFromSnapshot(r: ResourceDef, e: PayloadEvent): Values {
  let snap: Record<string, unknown> = {};
  try {
    snap = (JSON.parse(e.payload ?? 'null') as Record<string, unknown>) ?? {};
  } catch { /* an unreadable snapshot still yields the id and the store */ }
  const row: Record<string, unknown> = { id: e.resource_id, store_id: e.store_id };
  for (const f of r.fields) if (f.column && f.name in snap) row[f.column] = snap[f.name];
  return row as Values;
}

/**
 * The JSON body for one delivery, or `null` when the webhook's filters exclude the resource.
 * The resource is rendered as it is now; once deleted, as the event's snapshot.
 */
export async function buildPayload(ctx: ServiceContext, renderer: PayloadRenderer, e: PayloadEvent, webhookQuery: string | null): Promise<string | null> {
  const r = ctx.registry.resource(e.resource_type);
  const reader = readerOf(ctx);
  // Checked when the webhook was written, and again here: the rule may have changed since.
  try {
    reader.mayRead(r);
  } catch (err) {
    if (err instanceof ApiError && err.kind === 'forbidden') {
      throw new PayloadError(`the webhook's scopes (${[...ctx.principal.scopes].join(' ') || 'none'}) do not allow reading ${r.name}; update the webhook with a token that may`);
    }
    throw err;
  }
  const { query, errors } = renderer.parse(r, webhookQuery ?? '');
  if (errors.length) throw new PayloadError(`the webhook query is invalid: ${errors.map((x) => x.message).join('; ')}`);
  // The delivery's principal is the webhook's store (webhookPrincipal): the Reader keeps to it.
  let row = await reader.find(r, e.resource_id);
  if (row && (query.filters.length || query.attributeFilters.length)) {
    const only = { ...query, order: [], limit: 1, offset: 0, filters: [...query.filters, { field: 'id', op: 'eq' as const, value: String(e.resource_id) }] };
    if (!(await reader.list(r, only)).length) return null;
  }
  row ??= rowFromSnapshot(r, e);
  try {
    return await renderer.render(ctx, r, row, query);
  } catch (err) {
    // A zoomed child the webhook's scopes may not read: the attempt fails, saying why.
    if (err instanceof ApiError && err.kind === 'forbidden') throw new PayloadError(`the webhook's query zooms into what its scopes may not read: ${err.message}`);
    throw err;
  }
}
