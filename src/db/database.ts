// Opens the one database the service uses: SQLite (better-sqlite3) by default, PostgreSQL when the
// URL says so. Counts SQL statements so tests and benchmarks can check batching.
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import SQLite from 'better-sqlite3';
import { CompiledQuery, Kysely, PostgresAdapter, SqliteDialect, sql, type LogEvent, type QueryResult, type Transaction } from 'kysely';
import type { DB } from './__generated__/db-types.js';
import { cachingDatabase } from './statement-cache.js';
import type { Rider } from './ride-along.js';
import { LAST_STATEMENT, PIPELINE, statementResults } from './statement-marks.js';
import { ORDERED_BY_KEY } from './pg-statements.js';
import { QueryTemplates } from './query-templates.js';
import { GroupCommit, LOCK_WAIT_MS, memberRun } from './group-commit.js';
import { directRunner } from './sqlite-direct.js';
import { ReadRoutingDialect } from './sqlite-reads.js';
import { registerSqliteFunctions } from './sqlite-functions.js';

export type Dialect = 'sqlite' | 'postgres';
export type { DB } from './__generated__/db-types.js';
/** The database handle, typed by the generated schema: a misspelt table or column does not compile. */
export type Db = Kysely<DB>;
export type Tx = Transaction<DB>;
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type DynamicDb = Kysely<any>;

/**
 * The one escape hatch from the typed schema: the same handle (or transaction), untyped, for code
 * that addresses tables and columns known only at run time, from the model registry (the generic
 * repository, src/data/). Static queries use the typed handle.
 */
export function dynamic(db: Db): DynamicDb {
  return db as unknown as DynamicDb;
}

export interface Database {
  db: Db;
  dialect: Dialect;
  /** Statements executed since open (every query Kysely ran). */
  /** Every statement run since open (a pipeline's each), and who watches them. */
  stats: StatementStats;
  /** Statements compiled once per shape (query-templates.ts): this database's SQL dialect. */
  templates: QueryTemplates;
  /** SQLite: write transactions, committed in groups (group-commit.ts). */
  commits?: GroupCommit;
  /**
   * PostgreSQL: this database for one request whose `rider` (its token check) goes with the first
   * statement that may carry it, not in a round trip of its own (ride-along.ts).
   */
  riding?(rider: Rider): Database;
  /**
   * SQLite: a number that grows whenever a commit may have changed what the token check reads
   * (a file: migration 021's token_epoch, moved by triggers in the writing transaction, whichever
   * connection or process made it; in memory: the one connection's count of changed rows, undefined
   * while it is inside a transaction). Absent on PostgreSQL. Equal numbers mean the check would
   * answer the same (auth/liveness-cache.ts keeps its answers under it).
   */
  changes?(): number | undefined;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  /** `postgres://…` or a SQLite file path or `:memory:`. */
  url: string;
  /** PostgreSQL schema to work in (tests give each file its own). */
  schema?: string;
  /** SQLite `synchronous` pragma: FULL survives power loss, NORMAL only a process crash. */
  sqliteSynchronous?: 'FULL' | 'NORMAL';
  /** Where the SQLite writer keeps statement and savepoint journals (default MEMORY, see openDatabase). */
  sqliteTempStore?: 'MEMORY' | 'FILE';
  /** PostgreSQL: name statements so each connection parses them once (off behind a pooler that drops them). */
  preparedStatements?: boolean;
  /** PostgreSQL: bounds on every session of the pool, in ms (0 or absent: none). */
  timeouts?: SessionTimeouts;
}

export interface SessionTimeouts {
  /** Waiting for a lock (55P03, answered 503 as a database that cannot serve now). */
  lockMs?: number;
  /** Running one statement (57014, likewise). */
  statementMs?: number;
  /** A transaction left open and idle: the server ends the session and its locks go. */
  idleInTransactionMs?: number;
}

export interface StatementStats {
  statements: number;
  /** PostgreSQL: told each call's statements (a pipeline's several) and its time, for the bench's statement log. */
  observe?: (texts: readonly string[], ms: number) => void;
}

/**
 * The statement behind SQLite's `changes()`: the number migration 021's triggers move whenever
 * anything the token check reads changes. Not a statement of a request (the bench's log leaves it out).
 */
export const CHANGE_COUNTER = 'select n from token_epoch';

export function isPostgresUrl(url: string): boolean {
  return /^postgres(ql)?:\/\//.test(url);
}

export async function openDatabase(opts: DatabaseOptions): Promise<Database> {
  const stats: StatementStats = { statements: 0 };
  // A pipeline (pipelined, below) is one call to Kysely and as many statements as it carries.
  const log = (event: LogEvent) => {
    if (event.level !== 'query') return;
    const piped = event.query.sql === PIPELINE;
    stats.statements += piped ? event.query.parameters.length : 1;
    if (stats.observe) stats.observe(piped ? (event.query.parameters as Array<{ sql: string }>).map((q) => q.sql) : [event.query.sql], event.queryDurationMillis);
  };
  if (isPostgresUrl(opts.url)) {
    // Loaded only here: a SQLite process never evaluates node-postgres (whose start-up alone, on
    // Node 20, loads the fetch implementation to probe for Cloudflare Workers: ~40 ms of a cold start).
    const { openPostgres } = await import('./postgres.js');
    return openPostgres(opts, stats, log);
  }
  if (opts.url !== ':memory:') mkdirSync(dirname(opts.url), { recursive: true });
  const sqlite = new SQLite(opts.url);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('foreign_keys = ON');
  // The writer never waits inside a call (better-sqlite3's calls are synchronous: a wait there holds
  // the whole thread): its statements that take the write lock, BEGIN IMMEDIATE and writes outside
  // a transaction, meet another process's lock as SQLITE_BUSY at once and wait for it between turns
  // of the loop (group-commit.ts waitingForLock). In WAL mode nothing else it runs waits for a lock.
  sqlite.pragma('busy_timeout = 0');
  sqlite.pragma(`synchronous = ${opts.sqliteSynchronous ?? 'FULL'}`);
  // A group commit's members run in savepoints (group-commit.ts), whose journal of the pages they
  // change SQLite spills to a temporary file past 64 KiB: a checkout among others created, wrote
  // and unlinked one (pwrite was 11% of the thread's time in checkout, BENCHMARKS.md round 17).
  // In memory a journal holds what one member or statement changes: a checkout's ~40 pages, but
  // also every page of a large cascade (a category of 300,000 items set to none: +71 MB while it
  // runs), so SQLITE_TEMP_STORE=FILE is there for tight memory. The reading connection keeps
  // temporary files for sorts.
  sqlite.pragma(`temp_store = ${opts.sqliteTempStore ?? 'MEMORY'}`);
  registerSqliteFunctions(sqlite);
  const writing = cachingDatabase(sqlite);
  const writer = new Kysely<DB>({ dialect: new SqliteDialect({ database: writing }), log });
  const commits = new GroupCommit(writer, directRunner(writing, stats));
  // An in-memory database is one connection's own: it has no second connection to read from.
  // Its own changes are the only ones it has,
  // counted with those a transaction still open has made: no number then.
  if (opts.url === ':memory:') {
    const ownChanges = sqlite.prepare('select total_changes()').pluck();
    const changes = () => (sqlite.inTransaction ? undefined : ownChanges.get() as number);
    return { db: writer, dialect: 'sqlite', stats, templates: new QueryTemplates(), commits, changes, close: () => writer.destroy() };
  }
  const reader = new SQLite(opts.url, { readonly: true, fileMustExist: true });
  reader.pragma(`busy_timeout = ${LOCK_WAIT_MS}`);
  registerSqliteFunctions(reader);
  const routing = new ReadRoutingDialect(cachingDatabase(reader), writer, stats, (q) => commits.writeAlone(q));
  const db = new Kysely<DB>({ dialect: routing });
  // Read on the reader, which sees every connection's commits (this process's writer, another
  // process's): the number as of the last commit, moved by the writing transactions themselves.
  // Prepared at the first call, after the migrations made the table; none before then.
  let epoch: SQLite.Statement | undefined;
  const changes = () => {
    try {
      epoch ??= reader.prepare(CHANGE_COUNTER).pluck();
    } catch {
      return undefined;
    }
    return epoch.get() as number;
  };
  return {
    db, dialect: 'sqlite', stats, templates: new QueryTemplates({ handle: db, execute: (q) => routing.execute(q) }), commits, changes,
    close: async () => {
      await db.destroy();
      await writer.destroy();
    },
  };
}

/**
 * Marks a statement as the last of its transaction: the caller runs nothing in the transaction
 * after it, and needs nothing after it undone (it has no later step that may fail and expect a
 * rollback). On PostgreSQL its COMMIT is sent in the same write, a round trip less (pg-frames.ts),
 * and a statement after it is refused; elsewhere, and outside a transaction, the mark is a comment.
 */
export function lastOfTransaction<R>(q: CompiledQuery<R>): CompiledQuery<R> {
  return { ...q, sql: q.sql + LAST_STATEMENT };
}

/**
 * Runs statements of the transaction `tx` that need nothing from each other's answers, in order,
 * and answers their results in that order. On PostgreSQL they go in one write, one round trip
 * (pg-pipeline.ts); a later statement still sees what an earlier one wrote. SQLite runs them one by
 * one (in process, a round trip costs nothing). If one fails, the ones after it do not run and the
 * call fails with its error; the caller's transaction then rolls back as after any failed statement.
 */
export async function pipelined<R = Record<string, unknown>>(tx: Tx, queries: CompiledQuery[]): Promise<QueryResult<R>[]> {
  const direct = memberRun(tx);
  if (direct) return queries.map((q) => direct<R>(q));
  if (!(tx.getExecutor().adapter instanceof PostgresAdapter) || queries.length < 2) {
    const results: QueryResult<R>[] = [];
    for (const q of queries) results.push(await tx.executeQuery<R>(q));
    return results;
  }
  const { rows } = await tx.executeQuery(CompiledQuery.raw(PIPELINE, queries));
  return statementResults<R>(rows);
}

/**
 * Runs one statement of the transaction `tx`: on SQLite inside a group directly (sqlite-direct.ts),
 * otherwise through Kysely. For the statements a hot write sends as compiled text.
 */
export async function executeIn<R = Record<string, unknown>>(tx: Db, q: CompiledQuery): Promise<QueryResult<R>> {
  const direct = memberRun(tx);
  return direct ? direct<R>(q) : tx.executeQuery<R>(q);
}

/**
 * Marks a read whose ORDER BY sorts only the rows one key finds (a cart's items, a store's taxes):
 * on PostgreSQL it is a named statement, planned once per connection, where other ordered reads are
 * planned with their values every time (pg-statements.ts). A comment elsewhere.
 */
export const orderedByKey = sql.raw(ORDERED_BY_KEY);

/**
 * Runs `fn` in a write transaction. SQLite gets BEGIN IMMEDIATE so a second process writing the same
 * file waits on busy_timeout instead of failing on lock upgrade, on the writing connection, shared
 * with the writes waiting meanwhile (group-commit.ts); PostgreSQL uses Kysely's transaction. Never
 * await network I/O inside `fn`: on SQLite the writing connection is held until it returns.
 */
export async function inTransaction<T>(database: Database, fn: (tx: Tx) => Promise<T>): Promise<T> {
  if (database.dialect === 'postgres') return database.db.transaction().execute(fn);
  return database.commits!.run(fn);
}
