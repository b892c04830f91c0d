// Every request of a store token asks whether the store has expired cart items (auth/tokens.ts
// preflight; resources/item.ts purges them). Migration 017 indexes only cart items with an expiry,
// by store, so the probe reads a store's few expiring items on both engines. On PostgreSQL the
// statement is named, and it is planned once for all values only if its generic plan is not
// costed above the plans made for each request's values: with `exists (… expires <= $now)` the
// generic plan guessed a third of the store's expiring items, and PostgreSQL planned the whole
// statement again on every request.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { preflightStatement } from '../../src/auth/tokens.js';
import { foundIn, livenessAt } from '../../src/auth/token-check.js';
import type { Database } from '../../src/db/database.js';
import { migrate } from '../../src/db/migrate.js';
import { engines } from '../helpers/app.js';
import { scratchDatabases, twoStores } from '../helpers/scratch-db.js';
import { planOf } from '../helpers/query-plan.js';

const stamp = '2026-01-01T00:00:00+0000';
/** A store token's claims: client, user, store and grant, as the service checks them. */
const storeToken = { uid: 1, sid: 1, fam: 'family' };
const NOW = 1_800_000_000;

describe.each(engines())('the token check\'s expired cart item probe on %s', (engine) => {
  const scratch = scratchDatabases(engine, 'expiring');
  let database: Database;
  let storeId: number;
  beforeAll(async () => {
    database = await scratch.open();
    await migrate(database);
    [storeId] = await twoStores(database);
    // A store with many cart items, as most stores have them: without an expiry, but for one.
    const cart = await database.db.insertInto('carts').values({ store_id: storeId, date_created: stamp, date_modified: stamp })
      .returning('id').executeTakeFirstOrThrow();
    const rows = Array.from({ length: 5000 }, (_, i) => ({
      store_id: storeId, cart_id: cart.id, name: `i${i}`, price: '1', quantity: 1, expires: i === 0 ? NOW + 60 : null,
      date_created: stamp, date_modified: stamp,
    }));
    for (let i = 0; i < rows.length; i += 200) await database.db.insertInto('items').values(rows.slice(i, i + 200)).execute();
    await sql`analyze`.execute(database.db);
  });
  afterAll(async () => scratch.closeAll());

  const statement = (jti = 'jti') => preflightStatement(storeToken, [1, 1, storeId, 'family', jti]);

  it('is answered by the index of a store\'s expiring cart items', async () => {
    expect(await planOf(database, statement())).toContain('items_expiring_ix');
  });

  it('tells a store with an expired cart item from one without', async () => {
    const found = foundIn((await statement().execute(database.db)).rows[0]);
    expect(found.earliestExpiry).toBe(NOW + 60);
    expect(livenessAt(storeToken, found, NOW).expiredCartItems).toBe(false);
    expect(livenessAt(storeToken, found, NOW + 60).expiredCartItems).toBe(true);
  });

  it('holds only cart items with an expiry, and no full index of expires is left', async () => {
    const names = engine === 'sqlite'
      ? (await sql<{ name: string }>`select name from sqlite_master where type = 'index' and tbl_name = 'items'`.execute(database.db)).rows.map((r) => r.name)
      : (await sql<{ name: string }>`select indexname as name from pg_indexes where tablename = 'items' and schemaname = current_schema()`.execute(database.db)).rows.map((r) => r.name);
    expect(names).toContain('items_expiring_ix');
    expect(names).not.toContain('items_expires_ix');
  });

  // SQLite plans each statement with its values; only PostgreSQL has generic plans.
  if (engine === 'postgres') it('is planned once per connection, not for every request (the generic plan of its named statement)', async () => {
    const compiled = statement().compile(database.db);
    const counts = await database.db.connection().execute(async (conn) => {
      // As the service sends it: named (db/pg-statements.ts), on one connection, with each request's values.
      for (let i = 0; i < 12; i++) await conn.executeQuery(statement(`jti${i}`).compile(conn));
      return (await sql<{ generic_plans: number; custom_plans: number }>`select generic_plans, custom_plans from pg_prepared_statements
        where statement = ${compiled.sql}`.execute(conn)).rows;
    });
    expect(counts).toHaveLength(1);
    // PostgreSQL plans a named statement for its values five times, then compares; the connection
    // may have run the statement before (the tests above).
    expect(Number(counts[0].custom_plans)).toBe(5);
    expect(Number(counts[0].generic_plans)).toBeGreaterThanOrEqual(7);
  });

  if (engine === 'postgres') it('keeps the index in that generic plan, for any store and time', async () => {
    const compiled = statement().compile(database.db);
    const plan = await database.db.transaction().execute(async (tx) => {
      await sql`set local plan_cache_mode = force_generic_plan`.execute(tx);
      await sql`set local enable_seqscan = off`.execute(tx);
      await sql.raw(`prepare preflight_probe as ${compiled.sql}`).execute(tx);
      const values = compiled.parameters.map((v) => (typeof v === 'string' ? `'${v}'` : String(v))).join(', ');
      const rows = (await sql.raw(`explain execute preflight_probe (${values})`).execute(tx)).rows;
      await sql.raw('deallocate preflight_probe').execute(tx);
      return rows.map((r) => String(Object.values(r as object)[0])).join('; ');
    });
    expect(plan).toContain('items_expiring_ix');
    expect(plan).toMatch(/Index Cond: \(store_id = \$\d\)/);
  });
});
