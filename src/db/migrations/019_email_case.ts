// E-mail addresses are unique without regard to case (model/types.ts foldsCase): a user's among all
// users, a customer's within its store. The unique indexes on the column as written let
// Grace@Example.com and grace@example.com be two accounts of one mailbox, and a log-in in the other
// case fail. They become unique indexes on lower(email), which the look-ups by address use too.
// Existing addresses that differ only in case cannot be merged by a migration (they are two
// accounts, each with its own stores or orders): the migration stops and names them, and an
// operator renames one of each pair before starting the service again.
import { sql } from 'kysely';
import type { Db, Dialect } from '../database.js';

const TABLES = [
  { table: 'users', owner: [] as string[], old: 'users_email_uq' },
  { table: 'customers', owner: ['store_id'], old: 'customers_store_id_email_uq' },
];

export async function up(db: Db, _dialect: Dialect): Promise<void> {
  for (const { table, owner, old } of TABLES) {
    const keys = [...owner.map((c) => sql.ref(c)), sql`lower(email)`];
    const { rows } = await sql<{ email: string }>`select min(email) as email from ${sql.table(table)}
      group by ${sql.join(keys)} having count(*) > 1 limit 20`.execute(db);
    if (rows.length) {
      throw new Error(`migration 019: ${table} holds e-mail addresses that differ only in case (${rows.map((r) => r.email).join(', ')}); `
        + 'rename one of each pair, then start the service again');
    }
    await db.schema.dropIndex(old).execute();
    await sql`create unique index ${sql.id(`${table}_email_lower_uq`)} on ${sql.table(table)} (${sql.join(keys)})`.execute(db);
  }
}
