// Multi-row INSERTs whose SQL text is written once per table, column list, row count and dialect,
// and then run with fresh values. Kysely builds and compiles a tree of nodes for every insert:
// 60-110 µs of CPU for a transaction's 45 columns or three 11-column rows, more than SQLite takes
// to run the statement. The text is the one Kysely would compile (quoted names, one placeholder
// per value, in row-major order), so statement caches and counts see the same statements.
import { CompiledQuery, PostgresAdapter } from 'kysely';
import { dynamic, executeIn, type Db } from '../db/database.js';
import type { Row } from './codec.js';

interface Shape {
  postgres: boolean;
  columns: string[];
  rowCount: number;
  returning: string;
  text: string;
}

/**
 * The texts by table, each table's few shapes compared column by column: the names are the
 * codec's interned strings, so that is a pointer comparison each, where a key joined from a
 * transaction's 45 names and hashed was ~1% of a checkout's CPU.
 */
const texts = new Map<string, Shape[]>();
/** Distinct shapes are few (a handful of tables × rows per write); the bound only guards against a surprise. */
const MAX_SHAPES_PER_TABLE = 50;

const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;

function sameColumns(a: string[], b: string[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/**
 * The INSERT text for `rowCount` rows of `columns` with one placeholder per value in row-major
 * order, and `returning` (`*`, a comma-separated list, or empty), written once per shape. For a
 * caller that binds its values itself (the event log's append).
 */
export function insertText(postgres: boolean, table: string, columns: string[], rowCount: number, returning: string): string {
  let shapes = texts.get(table);
  if (shapes === undefined) texts.set(table, shapes = []);
  for (const s of shapes) {
    if (s.rowCount === rowCount && s.postgres === postgres && s.returning === returning && sameColumns(s.columns, columns)) return s.text;
  }
  let n = 0;
  const rows: string[] = [];
  for (let i = 0; i < rowCount; i++) rows.push(`(${columns.map(() => (postgres ? `$${++n}` : '?')).join(', ')})`);
  const text = `insert into ${quote(table)} (${columns.map(quote).join(', ')}) values ${rows.join(', ')}`
    + (returning ? ` returning ${returning === '*' ? '*' : returning.split(',').map(quote).join(', ')}` : '');
  if (shapes.length >= MAX_SHAPES_PER_TABLE) shapes.length = 0;
  shapes.push({ postgres, columns, rowCount, returning, text });
  return text;
}

/**
 * Inserts `rows` (already encoded for the database; every row with the same keys, no undefined
 * value, which a caller's encodeRow of complete values gives) and returns the `returning` columns
 * (`*`, or a comma-separated list; empty for none). Rows of differing shapes go through Kysely.
 */
export async function insertRows(db: Db, table: string, rows: Row[], returning = ''): Promise<Row[]> {
  const out: Row[] = [];
  for (const q of insertQueries(db, table, rows, returning)) out.push(...(await executeIn<Row>(db, q)).rows);
  return out;
}

/**
 * Parameters one statement may carry: SQLite refuses more than 32,766, PostgreSQL more than 65,535.
 * A longer insert (a checkout's shipments, one per address name, 19 columns each) is split.
 */
export const MAX_PARAMETERS = 30_000;

/**
 * insertRows's statements, to run later or with others (database.ts, pipelined): one, or one per
 * run of rows that stays under MAX_PARAMETERS, in the rows' order. None for no rows.
 */
export function insertQueries(db: Db, table: string, rows: Row[], returning = ''): CompiledQuery<Row>[] {
  if (!rows.length) return [];
  const per = Math.max(1, Math.floor(MAX_PARAMETERS / Math.max(1, Object.keys(rows[0]).length)));
  const out: CompiledQuery<Row>[] = [];
  for (let i = 0; i < rows.length; i += per) out.push(insertQuery(db, table, rows.slice(i, i + per), returning));
  return out;
}

/** One statement for `rows` (not empty), however many. */
function insertQuery(db: Db, table: string, rows: Row[], returning = ''): CompiledQuery<Row> {
  const columns = Object.keys(rows[0]);
  const params: unknown[] = [];
  for (const row of rows) {
    const keys = Object.keys(row);
    if (keys.length !== columns.length) return viaKysely(db, table, rows, returning);
    for (let i = 0; i < columns.length; i++) {
      const v = row[columns[i]];
      if (v === undefined || keys[i] !== columns[i]) return viaKysely(db, table, rows, returning);
      params.push(v);
    }
  }
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  return CompiledQuery.raw(insertText(postgres, table, columns, rows.length, returning), params);
}

/** The general path: Kysely leaves out undefined values and fills missing columns with DEFAULT. */
function viaKysely(db: Db, table: string, rows: Row[], returning: string): CompiledQuery<Row> {
  const insert = dynamic(db).insertInto(table).values(rows);
  if (!returning) return insert.compile() as CompiledQuery<Row>;
  return (returning === '*' ? insert.returningAll() : insert.returning(returning.split(','))).compile() as CompiledQuery<Row>;
}
