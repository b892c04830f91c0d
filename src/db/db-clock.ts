// The database's clock, for leases and anything else that decides ownership between instances:
// every instance asks the same clock, so one whose own clock runs ahead cannot take over work
// another still owns. Epoch milliseconds, compared and computed inside SQL.
import { sql, type RawBuilder } from 'kysely';
import type { Database, Db, Dialect } from './database.js';

/** Now, in epoch milliseconds, as evaluated by the database (not the transaction start on PostgreSQL). */
export function dbNowMs(dialect: Dialect): RawBuilder<number> {
  return dialect === 'postgres'
    ? sql<number>`(extract(epoch from clock_timestamp()) * 1000)::bigint`
    : sql<number>`cast((julianday('now') - 2440587.5) * 86400000 as integer)`;
}

/** `now + ms` on the database clock. */
export function dbLeaseUntil(dialect: Dialect, ms: number): RawBuilder<number> {
  return sql<number>`(${dbNowMs(dialect)} + ${Math.round(ms)})`;
}

/** Reads the database clock once (epoch ms). */
export async function readDbClock(database: Database, db: Db = database.db): Promise<number> {
  const r = await sql<{ now: number | string }>`select ${dbNowMs(database.dialect)} as now`.execute(db);
  return Number(r.rows[0].now);
}
