// A statement that rides along with the first statement a request sends (PostgreSQL). On
// PostgreSQL every statement costs a round trip: the wake-up of a backend, a read and a write on
// both ends. A request's token check (auth/token-check.ts) needs no answer of the request's own
// statements, nor they of it, so it goes in the same write as the first of them
// (pg-pipeline.ts) and its answer comes back with theirs. The rider decides what its answer means
// (a dead token throws, and the statement's rows are never used).
//
// A rider is put ahead of a statement only where running that statement cannot outlast a refusal:
// a read outside a transaction, or any statement inside one that does not carry its COMMIT
// (an error the rider throws rolls the transaction back). A write outside a transaction, or a
// statement committing with it, waits for the rider's answer in a round trip of its own, as
// before.
import { CompiledQuery, Kysely, PostgresDriver, type DatabaseConnection, type Dialect, type QueryResult } from 'kysely';
import { LAST_STATEMENT, PIPELINE, statementResults } from './statement-marks.js';
import type { DB } from './__generated__/db-types.js';

/** Runs a statement and answers its rows. */
export type Send = (q: CompiledQuery) => Promise<readonly Record<string, unknown>[]>;

export interface Rider {
  /** The statement to send with the next one; undefined once it was taken. */
  take(): CompiledQuery | undefined;
  /** Its answer's rows. Throws to refuse the request: the statement it rode with is then not answered. */
  answered(rows: readonly Record<string, unknown>[]): void;
  /** It was sent, but its answer was lost with the statement after it: it must be sent again. */
  lost(): void;
  /**
   * Resolves once it was answered (live), sending it alone if nobody has, through `send` when
   * given (a caller holding a connection sends it there: asking the pool for another could wait
   * for ever once every connection is held so); throws its refusal.
   */
  settle(send?: Send): Promise<void>;
}

const BEGINS = /^(begin|start transaction)\b/i;
const ENDS = /^(commit|rollback)\b/i;
const READ = /^\s*select\b/i;

interface Piped { sql: string; parameters: readonly unknown[] }

/** Whether `q` may carry the rider: it cannot commit anything before the rider's answer is read. */
function mayCarry(q: Piped, inTransaction: boolean): boolean {
  if (q.sql === PIPELINE) {
    const list = q.parameters as Piped[];
    return inTransaction ? !list[list.length - 1].sql.endsWith(LAST_STATEMENT) : list.every((s) => READ.test(s.sql));
  }
  return inTransaction ? !q.sql.endsWith(LAST_STATEMENT) : READ.test(q.sql);
}

/** A connection whose first statement (that may) takes the rider along. */
class RidingConnection implements DatabaseConnection {
  private inTransaction = false;

  constructor(private readonly inner: DatabaseConnection, private readonly rider: Rider) {}

  async executeQuery<R>(q: CompiledQuery): Promise<QueryResult<R>> {
    if (BEGINS.test(q.sql)) this.inTransaction = true;
    else if (ENDS.test(q.sql)) this.inTransaction = false;
    else if (!mayCarry(q, this.inTransaction)) await this.answerFirst();
    else {
      const ahead = this.rider.take();
      if (ahead) return this.carry<R>(q, ahead);
    }
    return this.inner.executeQuery<R>(q);
  }

  /** The rider's answer before a statement that may not carry it: sent alone, on this connection, if need be. */
  private answerFirst(): Promise<void> {
    return this.rider.settle(async (ahead) => (await this.inner.executeQuery<Record<string, unknown>>(ahead)).rows);
  }

  private async carry<R>(q: CompiledQuery, ahead: CompiledQuery): Promise<QueryResult<R>> {
    const own = q.sql === PIPELINE ? (q.parameters as CompiledQuery[]) : [q];
    let rows: unknown[];
    try {
      ({ rows } = await this.inner.executeQuery(CompiledQuery.raw(PIPELINE, [ahead, ...own])));
    } catch (err) {
      // Whether the rider ran or not, its answer did not come back.
      this.rider.lost();
      throw err;
    }
    const [first, ...results] = statementResults<R>(rows);
    this.rider.answered(first.rows as Record<string, unknown>[]);
    // A pipeline's caller reads the raw results, as the driver answers them (database.ts, pipelined).
    return (q.sql === PIPELINE ? { rows: rows.slice(1) } : results[0]) as QueryResult<R>;
  }

  async *streamQuery<R>(q: CompiledQuery, chunkSize?: number): AsyncIterableIterator<QueryResult<R>> {
    // A cursor's statement goes alone (node-postgres's cursor protocol), after the rider's answer.
    await this.answerFirst();
    yield* this.inner.streamQuery<R>(q, chunkSize);
  }
}

/**
 * The driver's part in a riding handle's transaction is its BEGIN, COMMIT and ROLLBACK on the
 * connection it is given (Kysely's TransactionBuilder): PostgreSQL's driver writes them there and
 * touches no pool, so one serves every request.
 */
const TRANSACTION_DRIVER = new PostgresDriver({ pool: undefined as never });

/**
 * A handle on the same pool whose connections carry `rider` ahead of their first statement that
 * may (above): one per request that has a rider, made by the database (database.ts `riding`).
 */
export function ridingHandle(base: Kysely<DB>, dialect: Dialect, rider: Rider): Kysely<DB> {
  const executor = base.getExecutor().withConnectionProvider({
    provideConnection: (consumer) => base.getExecutor().provideConnection((c) => consumer(new RidingConnection(c, rider))),
  });
  return new Kysely<DB>({ config: { dialect }, dialect, executor, driver: TRANSACTION_DRIVER });
}
