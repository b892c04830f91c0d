// A webhook's resend since a time reads the store's events from that time on (src/events/resend.ts).
// 014 gave it (store_id, resource_type, occurred_at, id): the resource's events in time order, but
// every event lands at the end of its resource type's run, which is the middle of the store's
// range whenever a type sorts after it, and the log's stamps are whole seconds, so even a store's
// newest entries went to as many places as a write has kinds of event. Each such insert is a
// B-tree insert into a full page in the middle of the tree (on SQLite a rebalance of up to three
// leaves and their parent, every one a page more in the WAL at COMMIT): the largest single share
// of a checkout's pages (BENCHMARKS.md round 30: 6.8 of the 44 a group of four wrote).
// (store_id, occurred_at, id, resource_type) keeps the resend's order (time, then id) and its
// keyset, and its entries arrive in that order, at the end of the store's range like those of
// (store_id, id). The resend walks every kind of event since its time instead of its own kind's
// only, in batches of a bounded number of rows, keeping its own kind in code (resend.ts), so its
// cost is still the events since that time, not the store's history, and no batch reads more.
import type { Db } from '../database.js';
import { index } from '../columns.js';

export async function up(db: Db): Promise<void> {
  await db.schema.dropIndex('events_store_id_resource_type_occurred_at_id_ix').execute();
  await index(db, 'events', ['store_id', 'occurred_at', 'id', 'resource_type']);
}
