// SQLite reads outside a transaction run on a read-only connection of their own, so they never wait
// for the one writing connection: in WAL mode a reader sees the last committed state, whatever the
// writer is doing. Before, every statement queued for the single connection, and a write
// transaction held it through its COMMIT's fsync; waiting writes could not be committed together
// (group-commit.ts) because the requests behind them were stuck at their first read (the token
// check). A statement that writes, or steers the connection (PRAGMA), goes to the writer, queued
// as before (one that writes waiting for another process's lock between turns of the loop:
// group-commit.ts); transactions are opened only through inTransaction (database.ts), on the writer.
// A read never sees a write that is not committed: it is answered from the reader's snapshot.
import {
  CompiledQuery, SqliteAdapter, SqliteIntrospector, SqliteQueryCompiler,
  type DatabaseConnection, type Dialect, type Driver, type Kysely, type QueryResult, type SqliteDatabase,
} from 'kysely';
import type { DB } from './__generated__/db-types.js';
import { MAX_STATEMENTS } from './statement-cache.js';

/** Read-only to SQLite (sqlite3_stmt_readonly) yet about the connection: never for the reader. */
const CONNECTION_STATEMENT = /^\s*(begin|commit|end|rollback|savepoint|release|pragma|attach|detach|vacuum|analyze|reindex)\b/i;
/** Transaction control through this handle would leave the writer's lock to whoever comes next. */
const TRANSACTION_CONTROL = /^\s*(begin|commit|end|rollback|savepoint|release)\b/i;

interface Stats { statements: number }

/**
 * Texts the reader found to write, sent straight to the writer from then on: preparing them on the
 * reader only to read sqlite3_stmt_readonly would keep them in the reader's statement cache too,
 * taking the slots of the reads. Bounded like that cache (emptied when full: they are found again).
 */
class WritingTexts {
  private readonly texts = new Set<string>();
  has(text: string): boolean { return this.texts.has(text); }
  add(text: string): void {
    if (this.texts.size >= MAX_STATEMENTS) this.texts.clear();
    this.texts.add(text);
  }
}

/** The reader's statement cache (statement-cache.ts): `forget` drops a text found to write. */
export type ReaderDatabase = SqliteDatabase & { forget?(text: string): void };

/** Runs a statement that writes on the writing connection, outside any transaction (group-commit.ts writeAlone). */
export type WriteAlone = <R>(q: CompiledQuery) => Promise<QueryResult<R>>;

class ReadRoutingConnection implements DatabaseConnection {
  constructor(private readonly reader: ReaderDatabase, private readonly writer: Kysely<DB>, private readonly stats: Stats,
    private readonly writing: WritingTexts, private readonly write: WriteAlone) {}

  async executeQuery<R>(q: CompiledQuery): Promise<QueryResult<R>> {
    if (this.writing.has(q.sql)) return this.write<R>(q);
    if (CONNECTION_STATEMENT.test(q.sql)) {
      if (TRANSACTION_CONTROL.test(q.sql)) throw new Error('SQLite transactions are opened with inTransaction (src/db/database.ts), on the writing connection');
      return this.writer.executeQuery<R>(q);
    }
    const stmt = this.reader.prepare(q.sql) as ReturnType<SqliteDatabase['prepare']> & { readonly?: boolean };
    if (!stmt.readonly) {
      this.writing.add(q.sql);
      this.reader.forget?.(q.sql);
      return this.write<R>(q);
    }
    this.stats.statements++;
    return { rows: stmt.all(q.parameters) as R[] };
  }

  // A statement left open on the reader would hold its snapshot for every read after it on that
  // connection: streams (nothing streams today) go to the writer, queued there, as before.
  async *streamQuery<R>(q: CompiledQuery, chunkSize?: number): AsyncIterableIterator<QueryResult<R>> {
    yield* this.writer.getExecutor().stream<R>(q as CompiledQuery<R>, chunkSize ?? 1);
  }
}

class ReadRoutingDriver implements Driver {
  // One connection for every acquire: it holds no state of its own (each statement is answered at
  // once), and Kysely records each new connection object in a WeakSet, an ephemeron per statement
  // that V8's scavenger pays for (BENCHMARKS.md, round 25).
  constructor(private readonly reader: ReaderDatabase, private readonly connection: ReadRoutingConnection) {}
  async init(): Promise<void> {}
  // Statements outside a transaction need no lock: the reader answers at once (better-sqlite3 is
  // synchronous) and the writer's Kysely queues what goes there.
  async acquireConnection(): Promise<DatabaseConnection> {
    return this.connection;
  }
  async beginTransaction(): Promise<void> {
    throw new Error('SQLite transactions are opened with inTransaction (src/db/database.ts), on the writing connection');
  }
  async commitTransaction(): Promise<void> {}
  async rollbackTransaction(): Promise<void> {}
  async releaseConnection(): Promise<void> {}
  async destroy(): Promise<void> {
    this.reader.close();
  }
}

/** The dialect of the handle services read and write through (`database.db`) on SQLite with a reader. */
export class ReadRoutingDialect implements Dialect {
  private readonly connection: ReadRoutingConnection;
  constructor(private readonly reader: ReaderDatabase, writer: Kysely<DB>, stats: Stats,
    write: WriteAlone = <R,>(q: CompiledQuery) => writer.executeQuery<R>(q)) {
    this.connection = new ReadRoutingConnection(reader, writer, stats, new WritingTexts(), write);
  }
  createDriver(): Driver { return new ReadRoutingDriver(this.reader, this.connection); }
  /**
   * A statement outside any transaction, answered as the handle's Kysely would answer it (it has
   * no plugins), without the executor's connection provider and its promises: a tenth of the CPU
   * of a GET of one item (BENCHMARKS.md, round 25). query-templates.ts sends its statements here.
   */
  execute<R>(q: CompiledQuery): Promise<QueryResult<R>> {
    return this.connection.executeQuery<R>(q);
  }
  createQueryCompiler() { return new SqliteQueryCompiler(); }
  createAdapter() { return new SqliteAdapter(); }
  createIntrospector(db: Kysely<unknown>) { return new SqliteIntrospector(db); }
}
