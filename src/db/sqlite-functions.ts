// SQL functions SQLite lacks, registered on each of the service's SQLite connections.
//
// Decimals are TEXT on SQLite (columns.ts). Filters compare them as REAL, which is exact only while
// both sides have at most 15 significant digits: 1234567.890000000001 and 1234567.89 are the same
// double. `decimal_cmp` compares the two texts as decimals; filters call it only where the REAL
// comparison ties (data/compile.ts), so the common case costs no call into JavaScript.
import type SQLite from 'better-sqlite3';
import { Decimal } from 'decimal.js';

/** -1, 0 or 1 as `a` is less than, equal to or greater than `b`; NULL when either is NULL or not a number. */
function decimalCmp(a: unknown, b: unknown): number | null {
  if (a === null || b === null) return null;
  try {
    return new Decimal(String(a)).cmp(new Decimal(String(b)));
  } catch {
    return null;
  }
}

export function registerSqliteFunctions(db: SQLite.Database): void {
  db.function('decimal_cmp', { deterministic: true }, decimalCmp);
}
