// Statements of a SQLite write transaction run straight on the writing connection's statement cache
// (statement-cache.ts), not through Kysely's executor. better-sqlite3 answers synchronously, but
// each statement sent through Kysely went through its executor, connection provider, driver and
// logger, ~19 promises and their turns of the microtask queue: ~250 of the ~430 promises of a
// checkout (BENCHMARKS.md, round 30). sqlite-reads.ts does the same for reads outside a transaction.
// Only a group's members get it (group-commit.ts memberRun): there the group holds the connection,
// so nothing else can be using it. The answer is shaped as Kysely's SqliteConnection shapes it, and
// the statement is counted and observed as the Kysely log of database.ts counts it.
import { performance } from 'node:perf_hooks';
import type { CompiledQuery, QueryResult, SqliteDatabase } from 'kysely';

/** Runs one statement at once and answers its result. */
export type DirectRun = <R>(q: CompiledQuery) => QueryResult<R>;

interface Watched {
  statements: number;
  observe?: (texts: readonly string[], ms: number) => void;
}

export function directRunner(db: SqliteDatabase, stats: Watched): DirectRun {
  return <R>(q: CompiledQuery): QueryResult<R> => {
    const started = stats.observe ? performance.now() : 0;
    const stmt = db.prepare(q.sql);
    let result: QueryResult<R>;
    if (stmt.reader) {
      result = { rows: stmt.all(q.parameters) as R[] };
    } else {
      const { changes, lastInsertRowid } = stmt.run(q.parameters);
      result = {
        numAffectedRows: changes !== undefined && changes !== null ? BigInt(changes) : undefined,
        insertId: lastInsertRowid !== undefined && lastInsertRowid !== null ? BigInt(lastInsertRowid) : undefined,
        rows: [],
      };
    }
    stats.statements++;
    stats.observe?.([q.sql], performance.now() - started);
    return result;
  };
}
