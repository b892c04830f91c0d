// Compiles the query AST's filters, order and cursors into Kysely expressions for one resource.
// Unknown property names never reach SQL: the transports validate them against the registry first,
// and this module refuses them again.
import { sql, type Expression, type ExpressionBuilder, type SqlBool } from 'kysely';
import type { Dialect } from '../db/database.js';
import { foldsCase, INT_RANGE, type FieldDef, type ResourceDef } from '../model/types.js';
import type { Cursor, Filter, FilterOp, OrderBy } from './query.js';
import { encodeValue } from './codec.js';
import { QueryError, filterableField, fullOrder } from './query-fields.js';

// What a query may name is checked without SQL (query-fields.ts, shared with the transports).
export { QueryError, filterableField, fullOrder } from './query-fields.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type EB = ExpressionBuilder<any, any>;

/**
 * `column = value` for a value looked up or kept unique as its field says: without regard to case
 * for a `caseInsensitive` field (model/types.ts foldsCase), as migration 019's unique indexes on
 * lower(column) are built, so the look-up reads them; as written otherwise.
 */
export function sameValue(f: FieldDef, column: Expression<unknown>, value: unknown): Expression<SqlBool> {
  return foldsCase(f) ? sql<SqlBool>`lower(${column}) = lower(${value})` : sql<SqlBool>`${column} = ${value}`;
}

/** Column reference, cast where SQLite's text storage would compare wrongly. */
function columnRef(f: FieldDef, dialect: Dialect, alias?: string) {
  const ref = sql.ref(alias ? `${alias}.${f.column}` : f.column!);
  return dialect === 'sqlite' && f.kind === 'decimal' ? sql`CAST(${ref} AS REAL)` : ref;
}

/** A refused value as an error message quotes it: its start, however long it was. */
function shown(raw: string): string {
  return raw.length > 40 ? `${raw.slice(0, 40)}…` : raw;
}

/**
 * Digits a decimal filter takes on each side of the point: twice what a column holds (20 and 12,
 * services/coerce.ts), and far within PostgreSQL's numeric, which refused a longer text (131,072
 * digits before the point, 16,383 after) with an error of ours.
 */
const DECIMAL_FILTER = /^-?\d{1,40}(\.\d{1,40})?$/;

function coerce(f: FieldDef, raw: string): unknown {
  // Refused before any SQL as REST's query string is (rest/query-string.ts): a GraphQL filter's
  // values come here unchecked, and PostgreSQL cannot compare text holding NUL (a 500 before).
  if (raw.includes('\u0000')) throw new QueryError(f.name, 'invalid_value', `${f.name} filters must not contain NUL characters`);
  if (f.kind === 'boolean') {
    if (!['true', 'false', '1', '0'].includes(raw)) throw new QueryError(f.name, 'invalid_value', `${f.name} filters take true or false`);
    return raw === 'true' || raw === '1' ? 1 : 0;
  }
  if (f.kind === 'int') {
    // A whole number an Int holds (ids included): PostgreSQL refuses a fraction or a number past
    // its column's type as a parameter of an integer comparison, which was a 500 (SQLite found nothing).
    const n = /^-?\d{1,10}$/.test(raw) ? Number(raw) : NaN;
    if (!(n >= INT_RANGE.min && n <= INT_RANGE.max)) {
      throw new QueryError(f.name, 'invalid_value', `${f.name} filters take a whole number from ${INT_RANGE.min} to ${INT_RANGE.max}, got "${shown(raw)}"`);
    }
    return n;
  }
  if (f.kind === 'decimal') {
    if (!DECIMAL_FILTER.test(raw)) {
      throw new QueryError(f.name, 'invalid_value', `${f.name} filters take a number of at most 40 digits before and after the point, got "${shown(raw)}"`);
    }
    // The text, not a double: PostgreSQL compares it with the numeric column exactly, and SQLite
    // where the REAL comparison cannot tell (decimalComparison).
    return raw;
  }
  if (f.enumValues && !f.enumValues.some((e) => e.rest === raw)) {
    throw new QueryError(f.name, 'invalid_value', `${f.name} is one of ${f.enumValues.map((e) => e.rest || '""').join(', ')}`);
  }
  return encodeValue(f, raw);
}

function likePattern(raw: string): string {
  return raw.replace(/[\\%_]/g, (c) => `\\${c}`).replace(/\*/g, '%');
}

type Comparison = '=' | '<>' | '>' | '>=' | '<' | '<=';

/**
 * A decimal column against a filter's decimal on SQLite, exactly: as REAL first (what the column's
 * text and the value's text round to), and where the two round to the same double, as decimals
 * (`decimal_cmp`, db/sqlite-functions.ts). A double tells apart any two decimals of at most 15
 * significant digits, so a tie of two texts of at most 15 characters is an equality and asks no
 * call into JavaScript (an ordinary price); a column holds up to 32 significant digits
 * (1234567.890000000001 and 1234567.89 are one double).
 */
function decimalComparison(f: FieldDef, op: Comparison, raw: string, alias?: string): Expression<SqlBool> {
  const text = sql.ref(alias ? `${alias}.${f.column}` : f.column!);
  const value = coerce(f, raw);
  const real = sql`CAST(${text} AS REAL)`;
  const given = sql`CAST(${value} AS REAL)`;
  const short = raw.length <= 15 ? sql`length(${text}) <= 15` : sql`0`;
  // What the tie means: equal when both texts are short, else decimal_cmp says.
  const tie = (cmp: string) => (cmp.endsWith('=')
    ? sql`(${short} OR decimal_cmp(${text}, ${value}) ${sql.raw(cmp)} 0)`
    : sql`(NOT ${short} AND decimal_cmp(${text}, ${value}) ${sql.raw(cmp)} 0)`);
  switch (op) {
    case '=': return sql<SqlBool>`(${real} = ${given} AND ${tie('=')})`;
    case '<>': return sql<SqlBool>`(${real} <> ${given} OR NOT ${tie('=')})`;
    // Strictly past as REAL decides alone; a tie goes to the decimals.
    default: return sql<SqlBool>`(${real} ${sql.raw(op[0])} ${given} OR (${real} = ${given} AND ${tie(op)}))`;
  }
}

/** `column <op> value` for one filter value. */
function comparison(f: FieldDef, op: Comparison, raw: string, dialect: Dialect, alias?: string): Expression<SqlBool> {
  if (f.kind === 'decimal' && dialect === 'sqlite') return decimalComparison(f, op, raw, alias);
  return sql<SqlBool>`${columnRef(f, dialect, alias)} ${sql.raw(op)} ${coerce(f, raw)}`;
}

function one(f: FieldDef, op: FilterOp, value: Filter['value'], dialect: Dialect, alias?: string): Expression<SqlBool> {
  const col = columnRef(f, dialect, alias);
  const list = (v: Filter['value']) => (Array.isArray(v) ? v : String(v).split(','));
  const exactDecimal = f.kind === 'decimal' && dialect === 'sqlite';
  switch (op) {
    case 'isdefined':
      return value === true || value === 'true' ? sql<SqlBool>`${col} IS NOT NULL` : sql<SqlBool>`${col} IS NULL`;
    case 'in': {
      const raws = list(value);
      if (!raws.length) return sql<SqlBool>`1 = 0`;
      if (exactDecimal) return sql<SqlBool>`(${sql.join(raws.map((v) => decimalComparison(f, '=', v, alias)), sql` OR `)})`;
      return sql<SqlBool>`${col} IN (${sql.join(raws.map((v) => coerce(f, v)))})`;
    }
    case 'between': {
      const [a, b] = list(value);
      if (a === undefined || b === undefined) throw new QueryError(f.name, 'invalid_value', `${f.name} range needs two bounds`);
      if (exactDecimal) return sql<SqlBool>`(${decimalComparison(f, '>=', a, alias)} AND ${decimalComparison(f, '<=', b, alias)})`;
      return sql<SqlBool>`${col} BETWEEN ${coerce(f, a)} AND ${coerce(f, b)}`;
    }
    case 'like':
      if (f.kind !== 'string' && f.kind !== 'enum' && f.kind !== 'date' && f.kind !== 'datetime') {
        throw new QueryError(f.name, 'invalid_value', `${f.name} cannot be matched with wildcards`);
      }
      // Wildcards match case-insensitively on both engines (SQLite's LIKE already does for ASCII).
      return dialect === 'postgres'
        ? sql<SqlBool>`${col} ILIKE ${likePattern(String(value))} ESCAPE '\\'`
        : sql<SqlBool>`${col} LIKE ${likePattern(String(value))} ESCAPE '\\'`;
    case 'eq': {
      const s = String(value);
      if (s.includes('*') && (f.kind === 'string' || f.kind === 'enum')) return one(f, 'like', s, dialect, alias);
      return comparison(f, '=', s, dialect, alias);
    }
    case 'not': return sql<SqlBool>`(${col} IS NULL OR ${comparison(f, '<>', String(value), dialect, alias)})`;
    case 'gt': return comparison(f, '>', String(value), dialect, alias);
    case 'gte': return comparison(f, '>=', String(value), dialect, alias);
    case 'lt': return comparison(f, '<', String(value), dialect, alias);
    case 'lte': return comparison(f, '<=', String(value), dialect, alias);
  }
}

/**
 * What one query's filters may carry. REST's 8 KB query string never reaches these; a GraphQL
 * variable could (a 1 MB body), and the engines refuse more: SQLite a LIKE pattern over 50,000
 * characters and a statement of over 32,766 parameters, PostgreSQL one of over 65,535 (answered as
 * a database that cannot serve). Each was an error of ours.
 */
export const FILTER_LIMITS = { characters: 2048, values: 1000 } as const;

/** The filters' values, refused past FILTER_LIMITS before anything is compiled. */
function boundValues(r: ResourceDef, filters: Filter[]): void {
  let count = 0;
  for (const flt of filters) {
    const values = Array.isArray(flt.value) ? flt.value : typeof flt.value === 'string' && (flt.op === 'in' || flt.op === 'between') ? flt.value.split(',') : [flt.value];
    count += values.length;
    const name = filterableField(r, flt.field).name;
    if (count > FILTER_LIMITS.values) throw new QueryError(name, 'invalid_value', `filters take at most ${FILTER_LIMITS.values} values in all`);
    if (values.some((v) => typeof v === 'string' && v.length > FILTER_LIMITS.characters)) {
      throw new QueryError(name, 'invalid_value', `${name} filters take values of at most ${FILTER_LIMITS.characters} characters`);
    }
  }
}

export function compileFilters(r: ResourceDef, filters: Filter[], dialect: Dialect, alias?: string): Expression<SqlBool>[] {
  boundValues(r, filters);
  return filters.map((flt) => one(filterableField(r, flt.field), flt.op, flt.value, dialect, alias));
}

/**
 * The stored values a filter selects when it is a plain equality (`status=captured`) or list
 * (`status=captured,refunded`) on one column, as text (an enum's name, a flag's 0 or 1), distinct;
 * undefined for any other condition (ranges, wildcards, negations, null tests).
 */
export function equalityValues(r: ResourceDef, flt: Filter): string[] | undefined {
  const f = filterableField(r, flt.field);
  if (flt.op !== 'eq' && flt.op !== 'in') return undefined;
  const raw = flt.op === 'in' ? (Array.isArray(flt.value) ? flt.value : String(flt.value).split(',')) : [String(flt.value)];
  if (flt.op === 'eq' && raw[0].includes('*') && (f.kind === 'string' || f.kind === 'enum')) return undefined;
  const values = raw.map((v) => coerce(f, v));
  return values.every((v) => typeof v === 'string' || typeof v === 'number') ? [...new Set(values.map(String))] : undefined;
}

// NULL sorts first in ascending order on both engines (PostgreSQL's default is last), so pages and
// keyset cursors agree across engines. A column that is never NULL (`id`, and every field the SDL
// makes non-null, whose columns are NOT NULL: test/model/registry-columns.test.ts) is ordered
// plainly: on PostgreSQL a NULLS clause against an index's own order keeps the planner from walking
// that index. Every default page (ORDER BY id LIMIT n) would sort the whole collection, and the
// events feed (ORDER BY sequence after a position) sorted the whole backlog after the position,
// which at a misestimate went parallel: 9 ms instead of 0.2 (BENCHMARKS.md round 31).
export function orderSql(r: ResourceDef, order: OrderBy[], dialect: Dialect, reverse = false, alias?: string) {
  return sql.join(fullOrder(r, order).map(({ f, dir }) => {
    const desc = (dir === 'desc') !== reverse;
    if (f.name === 'id' || f.nonNull) return sql`${columnRef(f, dialect, alias)} ${desc ? sql`DESC` : sql`ASC`}`;
    return sql`${columnRef(f, dialect, alias)} ${desc ? sql`DESC NULLS LAST` : sql`ASC NULLS FIRST`}`;
  }));
}

/** Rows strictly after `c` in `order` (or before, for `before` cursors): an OR chain of keyset steps. */
export function cursorCondition(r: ResourceDef, order: OrderBy[], c: Cursor, dialect: Dialect, before: boolean): Expression<SqlBool> {
  const cols = fullOrder(r, order);
  const values = [...c.values.slice(0, cols.length - 1), c.id];
  // NULL is the smallest value (see orderSql), and comparisons with NULL are spelled out.
  const eq = (ref: Expression<unknown>, v: unknown) => (v === null ? sql`${ref} IS NULL` : sql`${ref} = ${v}`);
  const gt = (ref: Expression<unknown>, v: unknown) => (v === null ? sql`${ref} IS NOT NULL` : sql`${ref} > ${v}`);
  const lt = (ref: Expression<unknown>, v: unknown) => (v === null ? sql`1 = 0` : sql`(${ref} < ${v} OR ${ref} IS NULL)`);
  const steps = cols.map((col, i) => {
    const eqs = cols.slice(0, i).map((p, j) => eq(columnRef(p.f, dialect), values[j]));
    const forward = (col.dir === 'asc') !== before;
    const cmp = forward ? gt(columnRef(col.f, dialect), values[i]) : lt(columnRef(col.f, dialect), values[i]);
    return sql`(${sql.join([...eqs, cmp], sql` AND `)})`;
  });
  return sql<SqlBool>`(${sql.join(steps, sql` OR `)})`;
}

export function and(eb: EB, exprs: Expression<SqlBool>[]): Expression<SqlBool> {
  return exprs.length ? eb.and(exprs) : sql<SqlBool>`1 = 1`;
}
