// Applies the migrations in order, once, recording them in the `migrations` table, under a lock so
// that instances started together do not run them twice. The same files run on SQLite and
// PostgreSQL; column types come from columns.ts.
import { sql } from 'kysely';
import { inTransaction, type Database, type Db, type Dialect, type Tx } from './database.js';
import * as m001 from './migrations/001_accounts_and_taxes.js';
import * as m002 from './migrations/002_commerce.js';
import * as m003 from './migrations/003_oauth.js';
import * as m004 from './migrations/004_idempotency.js';
import * as m006 from './migrations/006_read_paths.js';
import * as m005 from './migrations/005_webhook_delivery.js';
import * as m007 from './migrations/007_staged_uploads.js';
import * as m008 from './migrations/008_money_path.js';
import * as m009 from './migrations/009_secrets.js';
import * as m010 from './migrations/010_downloads.js';
import * as m011 from './migrations/011_faults_file_blobs.js';
import * as m012 from './migrations/012_growth_counts.js';
import * as m013 from './migrations/013_gift_cards.js';
import * as m014 from './migrations/014_growth_value_counts.js';
import * as m015 from './migrations/015_cart_item_names.js';
import * as m016 from './migrations/016_store_webhook_counts.js';
import * as m017 from './migrations/017_expiring_cart_items.js';
import * as m018 from './migrations/018_idempotent_effects.js';
import * as m019 from './migrations/019_case_insensitive_uniques.js';
import * as m020 from './migrations/020_leaner_writes.js';
import * as m021 from './migrations/021_token_epoch.js';
import * as m022 from './migrations/022_fewer_index_entries.js';
import * as m023 from './migrations/023_events_resend_in_time_order.js';
import * as m024 from './migrations/024_webhook_page_counts.js';

interface Migration {
  name: string;
  up(db: Db, dialect: Dialect): Promise<void>;
}

export const migrations: Migration[] = [
  { name: '001_accounts_and_taxes', up: m001.up },
  { name: '002_commerce', up: m002.up },
  { name: '003_oauth', up: m003.up },
  { name: '004_idempotency', up: m004.up },
  { name: '005_webhook_delivery', up: m005.up },
  { name: '006_read_paths', up: m006.up },
  { name: '007_staged_uploads', up: m007.up },
  { name: '008_money_path', up: m008.up },
  { name: '009_secrets', up: m009.up },
  { name: '010_downloads', up: m010.up },
  { name: '011_faults_file_blobs', up: m011.up },
  { name: '012_growth_counts', up: m012.up },
  { name: '013_gift_cards', up: m013.up },
  { name: '014_growth_value_counts', up: m014.up },
  { name: '015_cart_item_names', up: m015.up },
  { name: '016_store_webhook_counts', up: m016.up },
  { name: '017_expiring_cart_items', up: m017.up },
  { name: '018_idempotent_effects', up: m018.up },
  { name: '019_case_insensitive_uniques', up: m019.up },
  { name: '020_leaner_writes', up: m020.up },
  { name: '021_token_epoch', up: m021.up },
  { name: '022_fewer_index_entries', up: m022.up },
  { name: '023_events_resend_in_time_order', up: m023.up },
  { name: '024_webhook_page_counts', up: m024.up },
];

/**
 * Applies what is pending. Several instances may start together on one database: on PostgreSQL the
 * whole run holds an advisory lock (keyed by schema) on its own connection, so the second waits and
 * then finds nothing left to do; on SQLite each migration runs in BEGIN IMMEDIATE and looks again at
 * what is applied once it holds the write lock.
 */
export async function migrate(database: Database): Promise<string[]> {
  if (database.dialect === 'postgres') {
    return database.db.connection().execute(async (conn) => {
      // The pool's bounds on waits and statements (database.ts) are for requests: a migration may
      // wait for another instance's migrations (the advisory lock), for tables in use, and rewrite
      // large tables. Lifted for this connection, and put back before it returns to the pool.
      await sql`set lock_timeout = 0`.execute(conn);
      await sql`set statement_timeout = 0`.execute(conn);
      try {
        await sql`select pg_advisory_lock(${MIGRATION_LOCK}, hashtext(current_schema()))`.execute(conn);
        try {
          return await applyPending(conn, 'postgres', (fn) => conn.transaction().execute(fn));
        } finally {
          await sql`select pg_advisory_unlock(${MIGRATION_LOCK}, hashtext(current_schema()))`.execute(conn);
        }
      } finally {
        await sql`reset lock_timeout`.execute(conn);
        await sql`reset statement_timeout`.execute(conn);
      }
    });
  }
  return applyPending(database.db, 'sqlite', (fn) => inTransaction(database, fn));
}

/** First key of the advisory lock the migrations hold (the second is the schema). */
const MIGRATION_LOCK = 160_001;

async function applyPending(db: Db, dialect: Dialect, transaction: <T>(fn: (tx: Tx) => Promise<T>) => Promise<T>): Promise<string[]> {
  await transaction(async (tx) => {
    await tx.schema.createTable('migrations').ifNotExists()
      .addColumn('name', 'text', (c) => c.primaryKey())
      .addColumn('applied_at', 'text', (c) => c.notNull())
      .execute();
  });
  const applied: string[] = [];
  for (const m of migrations) {
    // DDL is transactional on both engines, so a failed migration leaves nothing half-made.
    const ran = await transaction(async (tx) => {
      if (await tx.selectFrom('migrations').select('name').where('name', '=', m.name).executeTakeFirst()) return false;
      await m.up(tx, dialect);
      await tx.insertInto('migrations').values({ name: m.name, applied_at: new Date().toISOString() }).execute();
      return true;
    });
    if (ran) applied.push(m.name);
  }
  return applied;
}

export async function pendingMigrations(database: Database): Promise<string[]> {
  try {
    const done = new Set((await database.db.selectFrom('migrations').select('name').execute()).map((r) => r.name));
    return migrations.map((m) => m.name).filter((n) => !done.has(n));
  } catch {
    return migrations.map((m) => m.name);
  }
}

export async function ping(database: Database): Promise<void> {
  await sql`select 1`.execute(database.db);
}
