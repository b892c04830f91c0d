// Every request of a store token asks whether the store has expired cart items (auth/tokens.ts
// preflight; resources/item.ts purges them). Migration 017 indexes only cart items with an expiry,
// by store, so the probe reads a store's few expiring items on both engines, and on PostgreSQL also
// in the generic plan a named statement gets, which does not know the time it compares with: with
// the full `expires` index that plan walked every cart item of every store.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import type { Database } from '../../src/db/database.js';
import { migrate } from '../../src/db/migrate.js';
import { engines } from '../helpers/app.js';
import { scratchDatabases } from '../helpers/scratch-db.js';
import { planOf } from '../helpers/query-plan.js';

/** The probe as the token check writes it. */
const probe = (storeId: unknown, now: unknown) =>
  sql`select exists (select 1 from items where store_id = ${storeId} and cart_id is not null and expires is not null and expires <= ${now}) as x`;

describe.each(engines())('the expired cart item probe on %s', (engine) => {
  const scratch = scratchDatabases(engine, 'expiring');
  let database: Database;
  beforeAll(async () => {
    database = await scratch.open();
    await migrate(database);
  });
  afterAll(async () => scratch.closeAll());

  it('is answered by the index of a store\'s expiring cart items', async () => {
    const plan = await planOf(database, probe(7, 1_900_000_000));
    expect(plan).toContain('items_expiring_ix');
  });

  it('holds only cart items with an expiry, and no full index of expires is left', async () => {
    const names = engine === 'sqlite'
      ? (await sql<{ name: string }>`select name from sqlite_master where type = 'index' and tbl_name = 'items'`.execute(database.db)).rows.map((r) => r.name)
      : (await sql<{ name: string }>`select indexname as name from pg_indexes where tablename = 'items' and schemaname = current_schema()`.execute(database.db)).rows.map((r) => r.name);
    expect(names).toContain('items_expiring_ix');
    expect(names).not.toContain('items_expires_ix');
  });

  // SQLite plans each statement with its values; only PostgreSQL has generic plans.
  if (engine === 'postgres') it('keeps the index in the generic plan of a named statement, for any store and time', async () => {
    const plan = await database.db.transaction().execute(async (tx) => {
      await sql`set local plan_cache_mode = force_generic_plan`.execute(tx);
      await sql`set local enable_seqscan = off`.execute(tx);
      await sql.raw('prepare expiring_probe (bigint, bigint) as select exists (select 1 from items where store_id = $1 and cart_id is not null and expires is not null and expires <= $2) as x').execute(tx);
      const rows = (await sql.raw('explain execute expiring_probe (7, 1900000000)').execute(tx)).rows;
      await sql.raw('deallocate expiring_probe').execute(tx);
      return rows.map((r) => String(Object.values(r as object)[0])).join('; ');
    });
    expect(plan).toContain('items_expiring_ix');
    expect(plan).toMatch(/Index Cond: \(\(store_id = \$1\) AND \(expires <= \$2\)\)/);
  });
});
