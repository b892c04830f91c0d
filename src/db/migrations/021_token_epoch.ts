// A number that moves whenever anything the token check reads changes (issue 20, round 23). SQLite
// keeps the check's answer while that number stays (auth/liveness-cache.ts); before, the number was
// the reading connection's `data_version`, which moves with every commit, so under writes (a
// checkout, a create, any store's activity) every request ran the check again, on a reader whose
// page cache the commit had just emptied: 47–59 µs on this round's machine, plus the read of the
// counter, per write request. Here triggers in the writing transaction itself move the number, on
// every connection and process that writes the file (another instance, the CLI revoking a token),
// and only for what the check reads (auth/tokens.ts preflightStatement):
// - clients, users, stores: a row made or removed, or its id changed (the check asks whether the id exists);
// - refresh_tokens: any row made or removed, or its revocation or family changed;
// - revoked_tokens: a row made or removed, or its jti changed;
// - items: a cart item with an expiry made, removed or changed (the store's earliest expiry).
// INSERT OR REPLACE removes rows without delete triggers (recursive_triggers is off); its insert
// moves the number all the same, which is why refresh_tokens' insert moves it whatever the row.
// PostgreSQL keeps no answer (its check rides with the request's first statement), so it has the
// table and no triggers.
import { sql } from 'kysely';
import type { Db, Dialect } from '../database.js';

/**
 * What moves the number: table, event, and the condition on the row (none: always). Every table
 * and column the check's statement reads must be here; test/auth/liveness-kept.test.ts reads the
 * statement's SQL and the database's triggers and holds the two together.
 */
const MOVES: Array<[table: string, event: string, when?: string]> = [
  ['clients', 'INSERT'], ['clients', 'DELETE'], ['clients', 'UPDATE OF id'],
  ['users', 'INSERT'], ['users', 'DELETE'], ['users', 'UPDATE OF id'],
  ['stores', 'INSERT'], ['stores', 'DELETE'], ['stores', 'UPDATE OF id'],
  ['refresh_tokens', 'INSERT'], ['refresh_tokens', 'DELETE'], ['refresh_tokens', 'UPDATE OF revoked_at, family'],
  ['revoked_tokens', 'INSERT'], ['revoked_tokens', 'DELETE'], ['revoked_tokens', 'UPDATE OF jti'],
  ['items', 'INSERT', 'NEW.cart_id IS NOT NULL AND NEW.expires IS NOT NULL'],
  ['items', 'DELETE', 'OLD.cart_id IS NOT NULL AND OLD.expires IS NOT NULL'],
  ['items', 'UPDATE OF expires, cart_id, store_id',
    '(OLD.cart_id IS NOT NULL AND OLD.expires IS NOT NULL) OR (NEW.cart_id IS NOT NULL AND NEW.expires IS NOT NULL)'],
];

export async function up(db: Db, dialect: Dialect): Promise<void> {
  // One row, written by the triggers below only (an integer: SQLite's are 64-bit).
  await db.schema.createTable('token_epoch').addColumn('n', 'integer', (c) => c.notNull()).execute();
  await sql`insert into token_epoch (n) values (0)`.execute(db);
  if (dialect !== 'sqlite') return;
  for (const [table, event, when] of MOVES) {
    const name = `${table}_token_epoch_${event.split(' ')[0].toLowerCase()}`;
    await sql.raw(`CREATE TRIGGER ${name} AFTER ${event} ON ${table}${when ? ` WHEN ${when}` : ''}
      BEGIN UPDATE token_epoch SET n = n + 1; END`).execute(db);
  }
}
