// Applies the migrations in order, once, recording them in the `migrations` table. The same files
// run on SQLite and PostgreSQL; column types come from columns.ts.
import { sql } from 'kysely';
import type { Database, Db, Dialect } from './database.js';
import * as m001 from './migrations/001_accounts_and_taxes.js';
import * as m002 from './migrations/002_commerce.js';
import * as m003 from './migrations/003_oauth.js';
import * as m004 from './migrations/004_idempotency.js';
import * as m006 from './migrations/006_read_paths.js';
import * as m005 from './migrations/005_webhook_delivery.js';
import * as m007 from './migrations/007_staged_uploads.js';
import * as m008 from './migrations/008_secrets.js';

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
  { name: '008_secrets', up: m008.up },
];

export async function migrate(database: Database): Promise<string[]> {
  const { db, dialect } = database;
  await db.schema.createTable('migrations').ifNotExists()
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('applied_at', 'text', (c) => c.notNull())
    .execute();
  const done = new Set((await db.selectFrom('migrations').select('name').execute()).map((r) => r.name as string));
  const applied: string[] = [];
  for (const m of migrations) {
    if (done.has(m.name)) continue;
    // DDL is transactional on both engines, so a failed migration leaves nothing half-made.
    await db.transaction().execute(async (tx) => {
      await m.up(tx, dialect);
      await tx.insertInto('migrations').values({ name: m.name, applied_at: new Date().toISOString() }).execute();
    });
    applied.push(m.name);
  }
  return applied;
}

export async function pendingMigrations(database: Database): Promise<string[]> {
  try {
    const done = new Set((await database.db.selectFrom('migrations').select('name').execute()).map((r) => r.name as string));
    return migrations.map((m) => m.name).filter((n) => !done.has(n));
  } catch {
    return migrations.map((m) => m.name);
  }
}

export async function ping(database: Database): Promise<void> {
  await sql`select 1`.execute(database.db);
}
