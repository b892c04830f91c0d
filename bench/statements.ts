// SQL statements per request, measured in process around single requests: the count comes from
// the service's own counter (database.stats.statements); the statement texts come from a wrapper
// on Kysely's executor in this process only, so the report can say what the statements are.
import type { Database } from '../src/db/database.js';

export interface StatementLog {
  /** Statements (SQL text, first 160 characters) run while `fn` ran. */
  around<T>(fn: () => Promise<T>): Promise<{ result: T; count: number; sql: string[] }>;
}

/** Every statement this process ran since the wrapper was installed (one list for all databases). */
const seen: string[] = [];

export function statementLog(database: Database): StatementLog {
  // The base class of every Kysely executor: wrapping its method catches transactions too.
  let proto = Object.getPrototypeOf(database.db.getExecutor());
  while (proto && !Object.prototype.hasOwnProperty.call(proto, 'executeQuery')) proto = Object.getPrototypeOf(proto);
  if (proto && !proto.__benchWrapped) {
    const original = proto.executeQuery;
    proto.executeQuery = function (this: unknown, compiled: { sql: string }, ...rest: unknown[]) {
      seen.push(compiled.sql.replace(/\s+/g, ' ').slice(0, 160));
      return original.call(this, compiled, ...rest);
    };
    proto.__benchWrapped = true;
  }
  return {
    async around(fn) {
      const from = database.stats.statements;
      const at = seen.length;
      const result = await fn();
      return { result, count: database.stats.statements - from, sql: seen.slice(at) };
    },
  };
}
