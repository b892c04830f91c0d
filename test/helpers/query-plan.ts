// A statement's plan as one line of text, on either engine: SQLite's EXPLAIN QUERY PLAN details,
// PostgreSQL's EXPLAIN with sequential scans off (so a tiny test table's plan still shows the
// index a large one would use).
import { sql, type RawBuilder } from 'kysely';
import type { Database } from '../../src/db/database.js';

export async function planOf(database: Database, query: RawBuilder<unknown>): Promise<string> {
  if (database.dialect === 'sqlite') {
    return (await sql`EXPLAIN QUERY PLAN ${query}`.execute(database.db)).rows.map((r) => String((r as { detail: string }).detail)).join('; ');
  }
  return database.db.transaction().execute(async (tx) => {
    await sql`set local enable_seqscan = off`.execute(tx);
    return (await sql`EXPLAIN ${query}`.execute(tx)).rows.map((r) => String(Object.values(r as object)[0])).join('; ');
  });
}
