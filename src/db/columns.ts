// Column types shared by the migrations, so one migration file creates the same tables on SQLite
// and PostgreSQL. Decimals are TEXT on SQLite (its NUMERIC affinity would turn them into floats) and
// NUMERIC on PostgreSQL; booleans are integers 0/1 everywhere; timestamps are ISO text in UTC.
import type { CreateTableBuilder } from 'kysely';
import type { Db, Dialect } from './database.js';

export type ColumnType = 'text' | 'int' | 'decimal' | 'bool' | 'timestamp';

export interface ColumnSpec {
  type: ColumnType;
  notNull?: boolean;
  /** Foreign key `table.column`; rows are removed with their parent. */
  references?: string;
  /** Foreign key that keeps the row and clears the reference. */
  referencesSetNull?: string;
  defaultTo?: string | number;
}

export type TableSpec = Record<string, ColumnType | ColumnSpec>;

function sqlType(dialect: Dialect, t: ColumnType) {
  switch (t) {
    case 'text': return 'text';
    case 'int': return dialect === 'postgres' ? 'bigint' : 'integer';
    case 'decimal': return dialect === 'postgres' ? 'numeric' : 'text';
    case 'bool': return 'integer';
    case 'timestamp': return 'text';
  }
}

/**
 * Creates a table with the columns every resource has (id, date_created, date_modified) plus `cols`.
 */
export async function createTable(db: Db, dialect: Dialect, name: string, cols: TableSpec): Promise<void> {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  let t: CreateTableBuilder<string, any> = db.schema.createTable(name);
  t = dialect === 'postgres'
    ? t.addColumn('id', 'bigserial', (c) => c.primaryKey())
    : t.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
  for (const [col, spec0] of Object.entries(cols)) {
    const spec: ColumnSpec = typeof spec0 === 'string' ? { type: spec0 } : spec0;
    t = t.addColumn(col, sqlType(dialect, spec.type), (c) => {
      let b = c;
      if (spec.notNull) b = b.notNull();
      if (spec.defaultTo !== undefined) b = b.defaultTo(spec.defaultTo);
      if (spec.references) b = b.references(spec.references).onDelete('cascade');
      if (spec.referencesSetNull) b = b.references(spec.referencesSetNull).onDelete('set null');
      return b;
    });
  }
  t = t.addColumn('date_created', 'text').addColumn('date_modified', 'text');
  await t.execute();
}

export async function index(db: Db, table: string, columns: string[], unique = false): Promise<void> {
  let b = db.schema.createIndex(`${table}_${columns.join('_')}_${unique ? 'uq' : 'ix'}`).on(table).columns(columns);
  if (unique) b = b.unique();
  await b.execute();
}
