// A dump of every table of a test app's database, as text, for scans that look for secrets in clear.
import { containerOf } from '../../src/app.js';
import { sql } from 'kysely';
import type { FastifyInstance } from 'fastify';

export async function tableNames(app: FastifyInstance): Promise<string[]> {
  const { db, dialect } = containerOf(app).database;
  const rows = dialect === 'postgres'
    ? (await sql<{ name: string }>`select table_name as name from information_schema.tables where table_schema = current_schema() and table_type = 'BASE TABLE'`.execute(db)).rows
    : (await sql<{ name: string }>`select name from sqlite_master where type = 'table' and name not like 'sqlite_%'`.execute(db)).rows;
  return rows.map((r) => r.name).sort();
}

/** Every row of every table, one JSON line per table. */
export async function dumpDatabase(app: FastifyInstance): Promise<{ tables: string[]; text: string }> {
  const tables = await tableNames(app);
  const db = containerOf(app).database.db;
  const parts: string[] = [];
  for (const t of tables) {
    const rows = (await sql`select * from ${sql.table(t)}`.execute(db)).rows;
    parts.push(`${t}: ${JSON.stringify(rows, (_k, v) => (typeof v === 'bigint' ? String(v) : Buffer.isBuffer(v) ? v.toString('latin1') : v))}`);
  }
  return { tables, text: parts.join('\n') };
}
