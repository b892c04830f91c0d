// better-sqlite3 behind Kysely prepares every statement anew, and preparing is a tenth of a small
// read. The service runs a few hundred distinct statements (IN lists of each length count apart),
// so recently used ones are kept, bounded, and handed out again unless one is in use (iterating).
// Readers run in raw mode, their rows built by src/db/row-builder.ts.
import type SQLite from 'better-sqlite3';
import type { SqliteDatabase, SqliteStatement } from 'kysely';
import { rowBuilder } from './row-builder.js';

export const MAX_STATEMENTS = 500;

interface Prepared extends SqliteStatement {
  readonly busy: boolean;
  /** Whether the statement leaves the database as it is (sqlite-reads.ts sends it to the reader). */
  readonly readonly: boolean;
}

function prepared(stmt: SQLite.Statement): Prepared {
  if (!stmt.reader) return stmt;
  const toRow = rowBuilder(stmt.columns().map((c) => c.name));
  stmt.raw(true);
  return {
    reader: true,
    readonly: stmt.readonly,
    get busy() { return stmt.busy; },
    all: (parameters) => (stmt.all(parameters) as unknown[][]).map(toRow),
    run: (parameters) => stmt.run(parameters),
    *iterate(parameters) {
      for (const r of stmt.iterate(parameters) as Iterable<unknown[]>) yield toRow(r);
    },
  };
}

export function cachingDatabase(sqlite: SQLite.Database): SqliteDatabase & { forget(text: string): void } {
  const cache = new Map<string, Prepared>();
  return {
    close: () => { cache.clear(); sqlite.close(); },
    forget: (text: string) => { cache.delete(text); },
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
