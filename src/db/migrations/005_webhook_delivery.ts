// What webhook delivery needs beyond 002: a refeed mark on a delivery (a resend re-queues an
// already delivered event, and the receiver is told it is a refeed) and the index the dispatcher
// uses to find each webhook's oldest pending delivery (deliveries are made in event order).
import type { Db, Dialect } from '../database.js';
import { index } from '../columns.js';

export async function up(db: Db, _dialect: Dialect): Promise<void> {
  await db.schema.alterTable('webhook_statuses').addColumn('refeed', 'integer', (c) => c.notNull().defaultTo(0)).execute();
  await index(db, 'webhook_statuses', ['webhook_id', 'status', 'event_id']);
}
