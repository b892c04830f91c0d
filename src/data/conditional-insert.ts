// An INSERT that happens only while no row with given column values exists, in one statement
// (`INSERT … SELECT … WHERE NOT EXISTS`): a create that an existing row may absorb (an identical
// cart item) costs one statement when, as usual, there is none. The caller runs it inside its write
// transaction, which decides its concurrency like the SELECT it replaces (BEGIN IMMEDIATE on SQLite).
import { sql } from 'kysely';
import type { Db } from '../db/database.js';
import type { QueryTemplates } from '../db/query-templates.js';
import type { ResourceDef } from '../model/types.js';
import { decodeRow, encodeRow, type Row, type Values } from './codec.js';

/**
 * The new row, or undefined when a row with all of `key`'s values already exists (nothing written).
 * `last`: the statement is the last of its transaction (db/database.ts, lastOfTransaction).
 */
export async function insertUnlessExists(templates: QueryTemplates, db: Db, r: ResourceDef, values: Row, key: Row, last = false): Promise<Values | undefined> {
  const encoded = encodeRow(r, values);
  const columns = Object.keys(encoded);
  const encodedKey = encodeRow(r, key);
  const keyColumns = Object.keys(encodedKey);
  // Compiled once per resource, column list and key columns (db/query-templates.ts).
  const { rows } = await templates.execute(db, `insertUnlessExists ${r.name} ${columns.join(',')} ${keyColumns.join(',')}`,
    [...columns.map((c) => encoded[c]), ...keyColumns.map((c) => encodedKey[c])], (slots) => {
      const matches = keyColumns.map((k, i) => sql`${sql.ref(k)} = ${slots[columns.length + i]}`);
      return sql<Row>`insert into ${sql.table(r.table)} (${sql.join(columns.map((c) => sql.ref(c)))})
    select ${sql.join(columns.map((_, i) => sql`${slots[i]}`))}
    where not exists (select 1 from ${sql.table(r.table)} where ${sql.join(matches, sql` and `)})
    returning *`;
    }, last);
  return rows[0] ? decodeRow(r, rows[0]) : undefined;
}
