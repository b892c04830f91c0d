// Group commit for SQLite: write transactions that are waiting for the one connection while another
// runs go into the same database transaction, each in a savepoint of its own, and are committed
// together: one WAL fsync (synchronous=FULL) for the group instead of one each. The fsync blocks
// the event loop (better-sqlite3 is synchronous) and was a third of a create's time; under
// concurrent writes it is now shared. Nothing changes for a caller: its transaction is undone alone
// when it fails (ROLLBACK TO its savepoint), and it is told of success only once the COMMIT that
// holds it is durable. If that COMMIT fails, every member is told so: none of them was committed.
// Reads cannot see a group's uncommitted members: every statement goes through the one connection,
// which the group holds until its COMMIT, as a single transaction held it before. A group is
// bounded (MAX_MEMBERS, MAX_GROUP_MS) so plain writes waiting for the connection get it between groups.
// Before it begins, a group waits for writers on the next turns of the loop for as long as each turn
// brings some (GATHER_TURNS at most): the pages a group's members share (counters, the store's
// sequence, index leaves at the right edge) go to the WAL once per COMMIT, so a checkout in a group
// of four costs a third less CPU than one alone (BENCHMARKS.md round 19). A lone writer waits two
// turns, one more than before: microseconds when nothing else is running.
import { CompiledQuery, type Kysely, type QueryResult, type Transaction } from 'kysely';
import type { DB } from './__generated__/db-types.js';
import type { DirectRun } from './sqlite-direct.js';

type Tx = Transaction<DB>;

/** Members per group: enough to share an fsync among a burst, few enough to let reads in soon. */
const MAX_MEMBERS = 32;
/** A group stops taking members this long after its BEGIN. */
const MAX_GROUP_MS = 10;
/** Turns of the loop a group waits for writers before it begins, at most: two always, each next one only if the one before brought some. */
const GATHER_TURNS = 5;

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/** How long a write waits for another process to let go of the file's write lock (waitingForLock; the reading connection's busy_timeout, database.ts). */
export const LOCK_WAIT_MS = 5000;

// Handed to Kysely as SQL text, not built and compiled each time; a fresh query (and id) per use.
const BEGIN_IMMEDIATE = () => CompiledQuery.raw('BEGIN IMMEDIATE');
const COMMIT = () => CompiledQuery.raw('COMMIT');
const ROLLBACK = () => CompiledQuery.raw('ROLLBACK');
const SAVEPOINT = () => CompiledQuery.raw('SAVEPOINT member');
const ROLLBACK_TO = () => CompiledQuery.raw('ROLLBACK TO member');
const RELEASE = () => CompiledQuery.raw('RELEASE member');

interface Member {
  fn: (tx: Tx) => Promise<unknown>;
  resolve: (value: unknown) => void;
  reject: (err: unknown) => void;
}

interface Done { member: Member; value: unknown }

/** The connection a group holds: Kysely bound to it (ConnectionBuilder.execute). */
type Connection = Kysely<DB>;

/** The direct runner of each connection a group holds now: a member's transaction is that connection. */
const heldBy = new WeakMap<object, DirectRun>();

/**
 * The direct runner for statements of `tx` (sqlite-direct.ts), while `tx` is a group member's
 * transaction; undefined for any other handle, which goes through Kysely as before.
 */
export function memberRun(tx: object): DirectRun | undefined {
  return heldBy.get(tx);
}

export class GroupCommit {
  private readonly queue: Member[] = [];
  private running = false;
  /** COMMITs run (a test tells groups from single transactions by it). */
  commits = 0;
  /** Transactions committed by them: members over commits is the mean group (/metrics). */
  members = 0;

  /**
   * `db` is the writing connection, opened with busy_timeout 0 (database.ts): waits are this
   * module's. `direct` runs a statement on that same connection at once (sqlite-direct.ts).
   */
  constructor(private readonly db: Kysely<DB>, private readonly direct?: DirectRun) {}

  /** Runs `fn` in a write transaction (BEGIN IMMEDIATE), shared with others waiting at the same time. */
  run<T>(fn: (tx: Tx) => Promise<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      this.queue.push({ fn, resolve: resolve as (v: unknown) => void, reject });
      if (!this.running) void this.drain();
    });
  }

  private async drain(): Promise<void> {
    this.running = true;
    try {
      while (this.queue.length) {
        // Turns of the loop before the transaction, so that requests in flight (their statements
        // resolve as I/O callbacks) reach their writes and share its COMMIT: two, since writes
        // sent one after another (clients answering their previous responses) arrive a turn
        // apart, and more while the last one brought writers. Not inside it: the write lock is
        // never held across a turn of the loop, where another connection to the file in this
        // process (a second instance) would wait on busy_timeout synchronously, holding up the
        // whole thread, this group's COMMIT included.
        for (let turn = 0, seen = 0; turn < GATHER_TURNS && (turn < 2 || this.queue.length > seen); turn++) {
          seen = this.queue.length;
          await nextTurn();
        }
        // No connection (the database is closing): nobody waiting could be served.
        await this.db.connection().execute((conn) => this.held(conn))
          .catch((err: unknown) => { for (const m of this.queue.splice(0)) m.reject(err); });
      }
    } finally {
      this.running = false;
    }
  }

  /** A group on `conn`, whose members' statements may run directly while the group holds it. */
  private async held(conn: Connection): Promise<void> {
    if (this.direct) heldBy.set(conn, this.direct);
    try {
      await this.group(conn);
    } finally {
      heldBy.delete(conn);
    }
  }

  /** One database transaction for the members queued now and while it runs, up to the bounds. */
  private async group(conn: Connection): Promise<void> {
    try {
      await this.begin(conn);
    } catch (err) {
      // Refused (another process held the file past the wait): the first member is told, as by its own BEGIN.
      this.queue.shift()?.reject(err);
      return;
    }
    const started = Date.now();
    const done: Done[] = [];
    for (;;) {
      const open = done.length < MAX_MEMBERS && (done.length === 0 || Date.now() - started < MAX_GROUP_MS);
      if (!open || !this.queue.length) break;
      const member = this.queue.shift()!;
      // The first member has the transaction to itself: its failure rolls back nothing else.
      const alone = done.length === 0;
      try {
        if (!alone) await this.control(conn, SAVEPOINT());
        const value = await member.fn(conn as Tx);
        if (!alone) await this.control(conn, RELEASE());
        done.push({ member, value });
      } catch (err) {
        member.reject(err);
        if (alone) return this.rollback(conn, [], err);
        // Not undone alone (SQLite ended the whole transaction, or the savepoint cannot be rolled
        // back): the earlier members' writes are not to be trusted, and none of them is kept.
        const undone = await conn.executeQuery(ROLLBACK_TO()).then(() => conn.executeQuery(RELEASE())).then(() => true, () => false);
        if (!undone) return this.rollback(conn, done, err);
      }
    }
    try {
      await conn.executeQuery(COMMIT());
    } catch (err) {
      return this.rollback(conn, done, err);
    }
    this.commits++;
    this.members += done.length;
    // Before the members hear of it: code after their transaction (a continuation runs before this
    // group's own) must not reach the connection directly any more.
    heldBy.delete(conn);
    for (const d of done) d.member.resolve(d.value);
  }

  /** A member's savepoint statement, at once when the group's statements run directly. */
  private async control(conn: Connection, q: CompiledQuery): Promise<void> {
    if (this.direct) this.direct(q);
    else await conn.executeQuery(q);
  }

  /** BEGIN IMMEDIATE, waiting for another process's write lock between turns of the loop (waitingForLock). */
  private async begin(conn: Connection): Promise<void> {
    await waitingForLock(() => conn.executeQuery(BEGIN_IMMEDIATE()));
  }

  /**
   * A statement that writes outside any transaction (sqlite-reads.ts sends such statements here),
   * on the writing connection, waiting for another process's write lock the same way. It stays a
   * statement of its own, committed at once: a group member's write would be seen by the read-only
   * connection only at the group's COMMIT, and a caller that reads right after its write (the
   * Idempotency-Key claim reads the winner of a conflict) would not find it.
   */
  writeAlone<R>(q: CompiledQuery): Promise<QueryResult<R>> {
    return this.db.connection().execute((conn) => waitingForLock(() => conn.executeQuery<R>(q)));
  }

  /** Ends the group without committing: every member that had succeeded is told it was not kept. */
  private async rollback(conn: Connection, done: Done[], err: unknown): Promise<void> {
    heldBy.delete(conn);
    for (const d of done) d.member.reject(err);
    // The error that says what happened is the members' already; a ROLLBACK that finds the
    // transaction gone (SQLite ended it) or fails on a broken file adds nothing to it.
    await conn.executeQuery(ROLLBACK()).catch(() => undefined);
  }
}

/**
 * Runs `attempt` (a BEGIN IMMEDIATE, or a statement that writes outside a transaction) on the
 * writing connection, whose busy_timeout is 0, and on SQLITE_BUSY tries again after 1, 2, 4 … 50 ms
 * between turns of the loop, for up to LOCK_WAIT_MS; then SQLITE_BUSY as before (503). SQLite's
 * busy_timeout waits inside the call, which better-sqlite3 makes synchronous: a process holding the
 * file (stalled inside its transaction, a backup, the CLI) froze this whole process, every tenant's
 * reads included, for up to 5 s per write. A statement refused with SQLITE_BUSY changed nothing (it
 * could not take the write lock), so trying it again is safe.
 */
export async function waitingForLock<T>(attempt: () => Promise<T>): Promise<T> {
  const deadline = Date.now() + LOCK_WAIT_MS;
  for (let wait = 1; ; wait = Math.min(wait * 2, 50)) {
    try {
      return await attempt();
    } catch (err) {
      if ((err as { code?: unknown }).code !== 'SQLITE_BUSY' || Date.now() >= deadline) throw err;
    }
    await new Promise((resolve) => setTimeout(resolve, wait));
  }
}
