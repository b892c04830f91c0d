// Values unique without regard to case (`@constraint(caseInsensitive)`, model/types.ts foldsCase): a
// user's e-mail address among all users, a customer's within its store, and a store's domain. The
// unique indexes on the columns as written let Grace@Example.com and grace@example.com be two
// accounts of one mailbox (MyShop and myshop two stores of one host name), and a log-in in the other
// case fail. They become unique indexes on lower(column), which the look-ups by value use too.
// Existing values that differ only in case cannot be merged by a migration (they are two accounts or
// stores, each with its own tokens and orders): the migration stops and names them, and an operator
// renames one of each pair before starting the service again.
import { sql } from 'kysely';
import type { Db, Dialect } from '../database.js';

const UNIQUES = [
  { table: 'users', column: 'email', owner: [] as string[] },
  { table: 'customers', column: 'email', owner: ['store_id'] },
  { table: 'stores', column: 'store_domain', owner: [] as string[] },
];

export async function up(db: Db, _dialect: Dialect): Promise<void> {
  for (const { table, column, owner } of UNIQUES) {
    const keys = [...owner.map((c) => sql.ref(c)), sql`lower(${sql.ref(column)})`];
    // Two of each group's spellings (the least and the greatest), so the operator sees what collides.
    const { rows } = await sql<{ least: string; greatest: string }>`select min(${sql.ref(column)}) as least, max(${sql.ref(column)}) as greatest
      from ${sql.table(table)} group by ${sql.join(keys)} having count(*) > 1 limit 20`.execute(db);
    if (rows.length) {
      throw new Error(`migration 019: ${table} holds values of ${column} that differ only in case (${rows.map((r) => `${r.least} and ${r.greatest}`).join('; ')}); `
        + 'rename one of each pair, then start the service again');
    }
    await db.schema.dropIndex(`${table}_${[...owner, column].join('_')}_uq`).execute();
    await sql`create unique index ${sql.id(`${table}_${column}_lower_uq`)} on ${sql.table(table)} (${sql.join(keys)})`.execute(db);
  }
}
