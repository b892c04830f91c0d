// What a write announces: `<resource>/<created|modified|deleted>` for event resources, and a
// changelog entry (itself announced as `changelog/created`) for store configuration. Called by the
// generic resource service inside the write's transaction.
import type { Tx } from '../db/database.js';
import type { ResourceDef } from '../model/types.js';
import type { Values } from '../data/codec.js';
import type { ServiceContext } from '../services/context.js';
import { formatTimestamp } from '../services/clock.js';
import { appendEvent, type NewEvent } from './log.js';

export type ChangeAction = 'created' | 'modified' | 'deleted';

/** REST-named properties of a row, without secrets. */
export function snapshot(r: ResourceDef, row: Values): Record<string, unknown> {
  const out: Record<string, unknown> = { id: row.id };
  for (const f of r.fields) if (f.column && !f.writeOnly) out[f.name] = row[f.column] ?? null;
  return out;
}

function diffOf(before: Record<string, unknown> | undefined, after: Record<string, unknown> | undefined) {
  const out: Record<string, [unknown, unknown]> = {};
  for (const k of new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])) {
    if (k === 'date_modified' || k === 'date_created') continue;
    const a = before?.[k] ?? null;
    const b = after?.[k] ?? null;
    if (JSON.stringify(a) !== JSON.stringify(b)) out[k] = [a, b];
  }
  return out;
}

export function actorOf(ctx: ServiceContext): string {
  const p = ctx.principal;
  return p.userId ? `user:${p.userId}` : p.clientId ? `client:${p.clientId}` : 'system';
}

function storeOf(r: ResourceDef, row: Values): number | undefined {
  if (r.name === 'store') return row.id;
  const id = row.store_id;
  return id === null || id === undefined ? undefined : Number(id);
}

/** Whether a change of `r` may write anything (events, a changelog entry). */
export function recordsChange(r: ResourceDef): boolean {
  return r.events.length > 0 || r.audit;
}

/** A store's log grew: the signal to give after commit (EventBus.publish). */
export interface Growth {
  storeId: number;
  /** Whether an event was left for the webhook dispatcher (true for a batch, whose appender knows). */
  dispatch: boolean;
}

/**
 * Appends the events of one change; returns the store whose log grew, if any. `last`: nothing runs
 * in the transaction after this call (its last append commits with it; db/database.ts).
 */
export async function recordChange(tx: Tx, ctx: ServiceContext, r: ResourceDef, action: ChangeAction,
  before: Values | undefined, after: Values | undefined,
  opts: { event?: string; message?: string; batch?: NewEvent[]; last?: boolean } = {}): Promise<Growth | undefined> {
  const { message } = opts;
  const audited = r.audit && !(action === 'deleted' && r.name === 'store');
  // With a batch, the caller appends the events (in this order) once its other writes are done.
  let dispatch = false;
  const append = async (e: NewEvent, last: boolean) => {
    if (opts.batch) opts.batch.push(e);
    if (opts.batch || await appendEvent(tx, e, last)) dispatch = true;
  };
  const row = after ?? before;
  if (!row) return undefined;
  const storeId = storeOf(r, row);
  if (!storeId) return undefined;
  const now = formatTimestamp(ctx.clock.now());
  let grew = false;
  if (r.events.length) {
    await append({
      storeId, name: opts.event ?? `${r.name}/${action}`, resourceType: r.name, resourceId: row.id, occurredAt: now, payload: snapshot(r, row),
    }, !!opts.last && !audited);
    grew = true;
  }
  if (audited) {
    const diff = diffOf(before && snapshot(r, before), after && snapshot(r, after));
    if (action === 'modified' && !Object.keys(diff).length) return grew ? { storeId, dispatch } : undefined;
    const log = await tx.insertInto('changelogs').values({
      store_id: storeId, resource_type: r.name, resource_id: row.id, action, actor: actorOf(ctx),
      diff: JSON.stringify(diff), message: message ?? null, date_created: now, date_modified: now,
    }).returningAll().executeTakeFirstOrThrow();
    await append({
      storeId, name: 'changelog/created', resourceType: 'changelog', resourceId: Number(log.id), occurredAt: now,
      payload: { ...log, id: Number(log.id) },
    }, !!opts.last);
    grew = true;
  }
  return grew ? { storeId, dispatch } : undefined;
}
