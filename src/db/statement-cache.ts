// better-sqlite3 behind Kysely prepares every statement anew, and preparing is a tenth of a small
// read. The service runs a few hundred distinct statements (IN lists of each length count apart),
// so recently used ones are kept, bounded, and handed out again unless one is in use (iterating).
import type SQLite from 'better-sqlite3';
import type { SqliteDatabase } from 'kysely';

const MAX_STATEMENTS = 500;

export function cachingDatabase(sqlite: SQLite.Database): SqliteDatabase {
  const cache = new Map<string, SQLite.Statement>();
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
      const stmt = sqlite.prepare(text);
      if (!hit) {
        cache.set(text, stmt);
        if (cache.size > MAX_STATEMENTS) cache.delete(cache.keys().next().value!);
      }
      return stmt;
    },
  };
}
