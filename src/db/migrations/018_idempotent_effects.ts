// When the write of a request with an Idempotency-Key committed (services/idempotency-store.ts,
// markEffect): set inside that write's own transaction, so it is there exactly when the write is,
// even when the answer never made it back (a connection lost at the COMMIT, a process killed
// before the answer was stored). A retry then learns that the write happened instead of doing it
// again.
import type { Db, Dialect } from '../database.js';

export async function up(db: Db, _dialect: Dialect): Promise<void> {
  await db.schema.alterTable('idempotency_keys').addColumn('effect_committed_at', 'text').execute();
}
