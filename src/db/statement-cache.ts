// better-sqlite3 behind Kysely prepares every statement anew, and preparing is a tenth of a small
// read. The service runs a few hundred distinct statements (IN lists of each length count apart),
// so recently used ones are kept, bounded, and handed out again unless one is in use (iterating).
//
// Rows are read as arrays and turned into objects by an object literal compiled per statement:
// better-sqlite3 builds each row object property by property, which leaves rows of more than a
// dozen columns in V8's slow dictionary layout, and every later read of a column (decoding,
// rendering) pays for it. Literal-built rows share one fast layout per statement.
import type SQLite from 'better-sqlite3';
import type { SqliteDatabase, SqliteStatement } from 'kysely';

const MAX_STATEMENTS = 500;

type Row = Record<string, unknown>;

interface Prepared extends SqliteStatement {
  readonly busy: boolean;
}

function prepared(stmt: SQLite.Statement): Prepared {
  if (!stmt.reader) return stmt;
  const names = stmt.columns().map((c) => c.name);
  // A literal key `__proto__` would set the prototype instead of a column.
  if (names.includes('__proto__')) return stmt;
  const toRow = new Function('r', `return { ${names.map((n, i) => `${JSON.stringify(n)}: r[${i}]`).join(', ')} };`) as (r: unknown[]) => Row;
  stmt.raw(true);
  return {
    reader: true,
    get busy() { return stmt.busy; },
    all: (parameters) => (stmt.all(parameters) as unknown[][]).map(toRow),
    run: (parameters) => stmt.run(parameters),
    *iterate(parameters) {
      for (const r of stmt.iterate(parameters) as Iterable<unknown[]>) yield toRow(r);
    },
  };
}

export function cachingDatabase(sqlite: SQLite.Database): SqliteDatabase {
  const cache = new Map<string, Prepared>();
  return {
    close: () => { cache.clear(); sqlite.close(); },
    prepare: (text: string) => {
      const hit = cache.get(text);
      if (hit && !hit.busy) {
        // Map order is insertion order: moving a hit to the end makes the first entry the least recent.
        cache.delete(text);
        cache.set(text, hit);
        return hit;
      }
      const stmt = prepared(sqlite.prepare(text));
      if (!hit) {
        cache.set(text, stmt);
        if (cache.size > MAX_STATEMENTS) cache.delete(cache.keys().next().value!);
      }
      return stmt;
    },
  };
}
