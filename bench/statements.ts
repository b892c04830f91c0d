// SQL statements per request, measured in process around single requests: the count comes from
// the service's own counter (database.stats.statements); the statement texts and their times come
// from a wrapper on Kysely's executor in this process only, so the report can say what the
// statements are and which of them cost.
import SQLite from 'better-sqlite3';
import { CHANGE_COUNTER, type Database } from '../src/db/database.js';

export interface Statement {
  /** SQL text, whitespace collapsed, first 160 characters. */
  sql: string;
  /** Its last 60 characters (a RETURNING clause is there, past the first 160 of a long insert). */
  end: string;
  /**
   * SQLite: time SQLite itself spent in the statement (better-sqlite3 runs it synchronously).
   * PostgreSQL: time from handing it to the pool to its rows, round trip and waits included.
   * Best of the repeats, ms.
   */
  ms: number;
}

export interface StatementLog {
  /**
   * Runs `fn` `repeat` times (default 3): the count is the service's counter for the last run,
   * the statements are those of the last run with each one's best time over the runs.
   */
  around<T>(fn: () => Promise<T>, repeat?: number): Promise<{ result: T; count: number; sql: string[]; statements: Statement[] }>;
}

/** Every statement this process ran while a log was measuring (one list for all databases). */
const seen: Statement[] = [];
/** The same for SQLite, timed around better-sqlite3's synchronous call (no event-loop waits in it). */
const native: Statement[] = [];
/**
 * Logs measuring now. The wrappers stay installed for the process (prototypes are shared), so
 * outside a measurement they record nothing: a test file that ran one leaves no growing list and
 * no cost behind for the files after it in the same worker.
 */
let measuring = 0;

const collapse = (text: string) => {
  const all = text.replace(/\s+/g, ' ');
  return { sql: all.slice(0, 160), end: all.slice(-60) };
};

function wrapSqlite(): void {
  const probe = new SQLite(':memory:');
  const proto = Object.getPrototypeOf(probe.prepare('select 1')) as Record<string, unknown> & { __benchWrapped?: boolean };
  probe.close();
  if (proto.__benchWrapped) return;
  for (const method of ['all', 'get', 'run', 'iterate']) {
    const original = proto[method] as (...a: unknown[]) => unknown;
    proto[method] = function (this: { source: string }, ...args: unknown[]) {
      const t = performance.now();
      try {
        return original.apply(this, args);
      } finally {
        // The reader's change counter (Database.changes, auth/liveness-cache.ts): the token
        // check's, not a statement of the request, and not in its counter.
        if (measuring && this.source !== CHANGE_COUNTER) native.push({ ...collapse(this.source), ms: performance.now() - t });
      }
    };
  }
  proto.__benchWrapped = true;
}

export function statementLog(database: Database): StatementLog {
  if (database.dialect === 'sqlite') wrapSqlite();
  const list = database.dialect === 'sqlite' ? native : seen;
  // Every send to PostgreSQL, as the database's own counter sees it (transactions and statements
  // that ride along with others included): a pipeline is its statements, the first carrying the
  // round trip's time.
  if (database.dialect === 'postgres') {
    database.stats.observe = (texts, ms) => {
      if (!measuring) return;
      texts.forEach((text, i) => seen.push({ ...collapse(text), ms: i === 0 ? ms : 0 }));
    };
  }
  return {
    async around(fn, repeat = 3) {
      let best: Statement[] = [];
      let count = 0;
      let result!: Awaited<ReturnType<typeof fn>>;
      measuring++;
      try {
        for (let i = 0; i < repeat; i++) {
          const from = database.stats.statements;
          const at = list.length;
          result = await fn();
          count = database.stats.statements - from;
          const run = list.slice(at).map((s) => ({ ...s }));
          best = i === 0 || run.length !== best.length ? run : run.map((s, k) => ({ ...s, ms: Math.min(s.ms, best[k].ms) }));
        }
      } finally {
        // The last measurement to end empties the lists: nothing reads them between measurements.
        if (--measuring === 0) { seen.length = 0; native.length = 0; }
      }
      return { result, count, sql: best.map((s) => s.sql), statements: best };
    },
  };
}

/** `(1) 0.4 ms `select …`` for the report, in the order the statements ran. */
export function describeStatements(list: Statement[], width = 90): string {
  const total = list.reduce((s, x) => s + x.ms, 0);
  return `${list.map((s, i) => `(${i + 1}) ${s.ms.toFixed(1)} ms \`${s.sql.slice(0, width)}${s.sql.length > width ? '…' : ''}\``).join(' ')} — ${total.toFixed(1)} ms of SQL in all.`;
}
