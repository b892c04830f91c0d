// A store's number of webhooks, on its own row (issue 20, checkout and create throughput): every
// write appends its events under the store row's lock (src/events/log.ts), and with this count in
// the same row it knows at no cost whether any webhook could take them. The events of a store
// without webhooks are written already dispatched, so the dispatcher opens no transaction for them
// (on SQLite one more fsync per write; on PostgreSQL one more transaction of six round trips).
// Kept by triggers in the webhook's own transaction: their UPDATE takes the same row lock, so an
// event either commits before the webhook exists (and is not for it) or sees it counted.
// The index that finds the events still to dispatch now holds only those (partial): the full index
// on dispatched_at held every event of every store forever and was written by every append.
import { sql } from 'kysely';
import type { Db, Dialect } from '../database.js';

export async function up(db: Db, dialect: Dialect): Promise<void> {
  await db.schema.alterTable('stores').addColumn('webhook_count', 'integer', (c) => c.notNull().defaultTo(0)).execute();
  await sql`update stores set webhook_count = (select count(*) from webhooks w where w.store_id = stores.id)`.execute(db);
  // The fan-out's read: the oldest undispatched events, in id order (src/events/queue.ts).
  await db.schema.dropIndex('events_dispatched_at_ix').execute();
  await db.schema.createIndex('events_undispatched_ix').on('events').column('id').where(sql.ref('dispatched_at'), 'is', null).execute();
  const bump = (row: 'NEW' | 'OLD', by: number) => `UPDATE stores SET webhook_count = webhook_count + (${by}) WHERE id = ${row}.store_id;`;
  if (dialect === 'postgres') {
    await sql.raw(`CREATE FUNCTION store_webhook_count() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN
      IF TG_OP IN ('DELETE', 'UPDATE') THEN ${bump('OLD', -1)} END IF;
      IF TG_OP IN ('INSERT', 'UPDATE') THEN ${bump('NEW', 1)} END IF;
      RETURN NULL; END $$`).execute(db);
    await sql.raw(`CREATE TRIGGER webhooks_store_count AFTER INSERT OR DELETE ON webhooks FOR EACH ROW EXECUTE FUNCTION store_webhook_count()`).execute(db);
    await sql.raw(`CREATE TRIGGER webhooks_store_move AFTER UPDATE OF store_id ON webhooks FOR EACH ROW
      WHEN (OLD.store_id IS DISTINCT FROM NEW.store_id) EXECUTE FUNCTION store_webhook_count()`).execute(db);
    return;
  }
  await sql.raw(`CREATE TRIGGER webhooks_store_count_ins AFTER INSERT ON webhooks BEGIN ${bump('NEW', 1)} END`).execute(db);
  await sql.raw(`CREATE TRIGGER webhooks_store_count_del AFTER DELETE ON webhooks BEGIN ${bump('OLD', -1)} END`).execute(db);
  await sql.raw(`CREATE TRIGGER webhooks_store_count_move AFTER UPDATE OF store_id ON webhooks WHEN OLD.store_id IS NOT NEW.store_id
    BEGIN ${bump('OLD', -1)} ${bump('NEW', 1)} END`).execute(db);
}
