// The dispatcher's fan-out reads the oldest events not yet dispatched (src/events/queue.ts). Since
// migration 016 most events are written dispatched (their store has no webhook), and the index that
// finds the rest holds only them (partial, on dispatched_at is null): an append of a dispatched
// event writes no entry to it, and the read walks only what is left to do, whatever the log's size.
// Checked on each engine's plan (PostgreSQL with sequential scans off, so a tiny table's plan still
// shows the index) and in the catalog (the old full index on dispatched_at is gone).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import type { Database } from '../../src/db/database.js';
import { migrate } from '../../src/db/migrate.js';
import { engines } from '../helpers/app.js';
import { scratchDatabases } from '../helpers/scratch-db.js';
import { planOf } from '../helpers/query-plan.js';

describe.each(engines())('the undispatched events index on %s', (engine) => {
  const scratch = scratchDatabases(engine, 'undispatched');
  let database: Database;
  beforeAll(async () => {
    database = await scratch.open();
    await migrate(database);
  });
  afterAll(async () => scratch.closeAll());

  it('answers the fan-out\'s read and its "anything to do?" check, in id order without a sort', async () => {
    const batch = await planOf(database, sql`select id, store_id from events where dispatched_at is null order by id limit ${500}`);
    expect(batch).toContain('events_undispatched_ix');
    expect(batch).not.toMatch(/TEMP B-TREE|Sort/);
    expect(await planOf(database, sql`select id from events where dispatched_at is null limit ${1}`)).toContain('events_undispatched_ix');
  });

  it('holds only the events still to dispatch', async () => {
    const indexes = engine === 'sqlite'
      ? (await sql<{ name: string; sql: string }>`select name, sql from sqlite_master where type = 'index' and tbl_name = 'events'`.execute(database.db)).rows
      : (await sql<{ name: string; sql: string }>`select indexname as name, indexdef as sql from pg_indexes where tablename = 'events' and schemaname = current_schema()`.execute(database.db)).rows;
    const partial = indexes.find((i) => i.name === 'events_undispatched_ix');
    expect(partial?.sql).toMatch(/where\s*\(?\s*"?dispatched_at"?\s+is\s+null/i);
    expect(indexes.map((i) => i.name)).not.toContain('events_dispatched_at_ix');
  });
});
