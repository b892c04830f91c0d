// The durable event log (transactional outbox): events are appended in the same database
// transaction as the change they announce, numbered per store under the store row's lock, so the
// order is total per store and nothing uncommitted is ever visible. Which resources' changes are
// events, and which events, their SDL says (`@events`, ResourceDef.events).
import { sql } from 'kysely';
import type { Tx } from '../db/database.js';
import type { Values } from '../data/codec.js';

export interface NewEvent {
  storeId: number;
  /** `<resource>/<event>`. */
  name: string;
  resourceType: string;
  resourceId: number;
  occurredAt: string;
  /** The resource's properties when the event happened (JSON-able). */
  payload: unknown;
  /** A refeed's target webhooks; undefined targets every matching webhook. */
  webhookIds?: number[];
}

export async function appendEvent(tx: Tx, e: NewEvent): Promise<Values> {
  const seq = await tx.updateTable('stores').set({ event_sequence: sql`event_sequence + 1` })
    .where('id', '=', e.storeId).returning('event_sequence').executeTakeFirstOrThrow();
  const row = await tx.insertInto('events').values({
    store_id: e.storeId, sequence: Number(seq.event_sequence), name: e.name, resource_type: e.resourceType,
    resource_id: e.resourceId, occurred_at: e.occurredAt, payload: JSON.stringify(e.payload ?? null),
    webhook_ids: e.webhookIds ? JSON.stringify(e.webhookIds) : null, date_created: e.occurredAt, date_modified: e.occurredAt,
  }).returningAll().executeTakeFirstOrThrow();
  return { ...row, id: Number(row.id) } as Values;
}
