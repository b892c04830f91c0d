// The indexes a migrated database holds, on either engine: table, name, columns in order, and
// whether each is unique or partial (read from the catalogue, not from the migrations' code).
import { sql } from 'kysely';
import type { Database } from '../../src/db/database.js';

export interface Index { table: string; name: string; columns: string[]; unique: boolean; partial: boolean }

export async function indexes(d: Database): Promise<Index[]> {
  if (d.dialect === 'postgres') {
    const { rows } = await sql<{ table: string; name: string; columns: string; unique: boolean; partial: boolean }>`
      select c.relname as "table", i.relname as name, x.indisunique as unique, x.indpred is not null as partial,
        (select string_agg(coalesce(a.attname, '(expression)'), ',' order by k.ord) from unnest(x.indkey) with ordinality as k(attnum, ord)
          left join pg_attribute a on a.attrelid = c.oid and a.attnum = k.attnum) as columns
      from pg_index x join pg_class i on i.oid = x.indexrelid join pg_class c on c.oid = x.indrelid
      where c.relnamespace = current_schema()::regnamespace`.execute(d.db);
    return rows.map((r) => ({ ...r, columns: r.columns.split(',') }));
  }
  const tables = (await sql<{ name: string }>`select name from sqlite_master where type = 'table' and name not like 'sqlite_%'`.execute(d.db)).rows;
  const out: Index[] = [];
  for (const { name: table } of tables) {
    const list = (await sql<{ name: string; unique: number; partial: number }>`select * from pragma_index_list(${table})`.execute(d.db)).rows;
    for (const ix of list) {
      const cols = (await sql<{ name: string | null }>`select name from pragma_index_info(${ix.name}) order by seqno`.execute(d.db)).rows;
      out.push({ table, name: ix.name, columns: cols.map((c) => c.name ?? '(expression)'), unique: !!ix.unique, partial: !!ix.partial });
    }
  }
  return out;
}
