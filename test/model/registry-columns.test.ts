// The SDL (registry) and the migrations describe the same tables twice; this checks they agree on
// both engines: every stored property, fk and via is a column of the right table with a type of
// the right family, every @constraint(unique) property has a unique index (on lower() of an e-mail address),
// and every property the SDL makes non-null is a NOT NULL column.
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { openDatabase, type Database } from '../../src/db/database.js';
import { migrate } from '../../src/db/migrate.js';
import { buildRegistry } from '../../src/model/registry.js';
import { foldsCase, type FieldKind, type Registry } from '../../src/model/types.js';

const PG_URL = process.env.TEST_DATABASE_URL;
if (!PG_URL) console.log('[skip] registry/migration columns on PostgreSQL: TEST_DATABASE_URL is not set');

interface Column { name: string; type: string }

async function columnsOf(d: Database, table: string): Promise<Map<string, string>> {
  const rows = d.dialect === 'sqlite'
    ? (await sql<Column>`select name, lower(type) as type from pragma_table_info(${table})`.execute(d.db)).rows
    : (await sql<Column>`select column_name as name, data_type as type from information_schema.columns
        where table_schema = current_schema() and table_name = ${table}`.execute(d.db)).rows;
  return new Map(rows.map((r) => [r.name, r.type]));
}

/**
 * Keys of the unique indexes of `table`, in index order: a column's name, or an expression's text as
 * written (`lower(email)`, migration 019), without quotes or spaces.
 */
async function uniqueIndexes(d: Database, table: string): Promise<string[][]> {
  const bare = (key: string) => key.replace(/["\s]|::text/g, '');
  if (d.dialect === 'sqlite') {
    const rows = (await sql<{ ix: string; col: string | null; def: string | null }>`select il.name as ix, ii.name as col, m.sql as def
      from pragma_index_list(${table}) il join pragma_index_info(il.name) ii left join sqlite_master m on m.name = il.name
      where il."unique" = 1 order by il.name, ii.seqno`.execute(d.db)).rows;
    const by = new Map<string, string[]>();
    for (const r of rows) {
      // An expression has no column name: its index's keys are read from the CREATE INDEX text.
      const keys = r.col === null && r.def ? r.def.slice(r.def.indexOf('(', r.def.indexOf(' on ')) + 1, -1).split(/,(?![^(]*\))/).map(bare) : undefined;
      by.set(r.ix, keys ?? [...(by.get(r.ix) ?? []), r.col!]);
    }
    return [...by.values()];
  }
  const rows = (await sql<{ cols: string[] }>`select array(select pg_get_indexdef(i.indexrelid, k, true) from generate_series(1, i.indnkeyatts) k)::text[] as cols
    from pg_index i join pg_class t on t.oid = i.indrelid
    where i.indisunique and not i.indisprimary and t.relname = ${table}
      and t.relnamespace = current_schema()::regnamespace`.execute(d.db)).rows;
  return rows.map((r) => r.cols.map(bare));
}

/** The column type family a field of `kind` needs (see src/db/columns.ts). */
function expectedType(kind: FieldKind | 'fk', list: boolean, dialect: Database['dialect']): string[] {
  if (list) return ['text'];
  switch (kind) {
    case 'decimal': return dialect === 'sqlite' ? ['text'] : ['numeric'];
    case 'int': case 'fk': return dialect === 'sqlite' ? ['integer'] : ['bigint'];
    case 'boolean': return ['integer'];
    default: return ['text'];
  }
}

function mismatches(registry: Registry, d: Database, columns: Map<string, Map<string, string>>,
  uniques: Map<string, string[][]>): string[] {
  const problems: string[] = [];
  const check = (table: string, col: string, kind: FieldKind | 'fk', list: boolean, what: string) => {
    const type = columns.get(table)?.get(col);
    if (type === undefined) problems.push(`${what}: no column ${table}.${col}`);
    else if (!expectedType(kind, list, d.dialect).includes(type)) problems.push(`${what}: ${table}.${col} is ${type}, expected ${expectedType(kind, list, d.dialect).join('|')}`);
  };
  for (const r of registry.resources) {
    if (!columns.get(r.table)?.size) { problems.push(`${r.name}: no table ${r.table}`); continue; }
    for (const f of r.fields) {
      if (f.column) check(r.table, f.column, f.kind, f.list, `${r.name}.${f.name}`);
      if (!f.constraints.unique || !f.column) continue;
      const key = foldsCase(f) ? `lower(${f.column})` : f.column;
      const scope = r.owner === 'STORE' ? ['store_id', key] : [key];
      if (!uniques.get(r.table)?.some((ix) => ix.join() === scope.join())) {
        problems.push(`${r.name}.${f.name}: no unique index on ${r.table}(${scope.join(', ')})`);
      }
    }
    if (r.owner === 'STORE') check(r.table, 'store_id', 'fk', false, `${r.name} (owner)`);
    for (const rel of r.rels) {
      const target = registry.resource(rel.target);
      if (rel.fk) check(r.table, rel.fk, 'fk', false, `${r.name} svc:${rel.name} fk`);
      if (rel.via) check(target.table, rel.via, 'fk', false, `${r.name} svc:${rel.name} via`);
      if (rel.where) check(target.table, rel.where.column, 'string', false, `${r.name} svc:${rel.name} where`);
    }
  }
  return problems;
}

function suite(open: () => Promise<{ database: Database; drop?: () => Promise<void> }>) {
  let database: Database;
  let drop: (() => Promise<void>) | undefined;
  beforeAll(async () => {
    ({ database, drop } = await open());
    await migrate(database);
  });
  afterAll(async () => {
    await database?.close();
    await drop?.();
  });

  it('has a column of the right type for every stored property, fk and via, and unique indexes', async () => {
    const registry = buildRegistry();
    const tables = new Set(registry.resources.map((r) => r.table));
    for (const r of registry.resources) for (const rel of r.rels) tables.add(registry.resource(rel.target).table);
    const columns = new Map<string, Map<string, string>>();
    const uniques = new Map<string, string[][]>();
    for (const t of tables) {
      columns.set(t, await columnsOf(database, t));
      uniques.set(t, await uniqueIndexes(database, t));
    }
    expect(mismatches(registry, database, columns, uniques)).toEqual([]);
  });

  it('stores every property the SDL makes non-null in a NOT NULL column (sorts on it have no NULLS clause)', async () => {
    const registry = buildRegistry();
    const nullable: string[] = [];
    let checked = 0;
    for (const r of registry.resources) {
      for (const f of r.fields) {
        if (!f.nonNull || !f.column) continue;
        checked++;
        const rows = database.dialect === 'sqlite'
          ? (await sql<{ n: number }>`select "notnull" as n from pragma_table_info(${r.table}) where name = ${f.column}`.execute(database.db)).rows.map((x) => !!x.n)
          : (await sql<{ n: string }>`select is_nullable as n from information_schema.columns
              where table_schema = current_schema() and table_name = ${r.table} and column_name = ${f.column}`.execute(database.db)).rows.map((x) => x.n === 'NO');
        if (rows[0] !== true) nullable.push(`${r.name}.${f.name} (${r.table}.${f.column})`);
      }
    }
    expect(checked).toBeGreaterThan(50);
    expect(nullable).toEqual([]);
  });

  it('migrates once: a second run applies nothing', async () => {
    expect(await migrate(database)).toEqual([]);
  });
}

describe('registry ⇄ migrations on SQLite', () => {
  suite(async () => ({ database: await openDatabase({ url: ':memory:' }) }));
});

describe.skipIf(!PG_URL)('registry ⇄ migrations on PostgreSQL', () => {
  suite(async () => {
    const schema = `cols_${process.pid}_${randomBytes(4).toString('hex')}`;
    const database = await openDatabase({ url: PG_URL!, schema });
    const drop = async () => {
      const admin = await openDatabase({ url: PG_URL! });
      await sql`DROP SCHEMA IF EXISTS ${sql.id(schema)} CASCADE`.execute(admin.db);
      await admin.close();
    };
    return { database, drop };
  });
});
