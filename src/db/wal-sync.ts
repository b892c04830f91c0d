// SQLITE_SYNCHRONOUS=FULL without the fsync on the event loop. With synchronous=FULL SQLite syncs
// the WAL inside COMMIT, and better-sqlite3 is synchronous: every commit held the whole thread for
// its fsync (~0.5 ms here, far more on a busy disk), every tenant's requests waiting meanwhile. The
// writing connection now runs synchronous=NORMAL (a COMMIT writes its WAL frames and returns; a
// checkpoint still syncs the WAL first and the database file after, as under FULL) and this module
// syncs the WAL file on libuv's thread pool after each COMMIT, before anyone is told of it:
//   - its writer (group-commit.ts) is told only once the sync is done, as FULL told it only once
//     SQLite's was: an acknowledged write survives power loss;
//   - a read through this instance's reading connection (sqlite-reads.ts) waits for the sync too,
//     so nothing read here is gone after a power loss, as under FULL, where SQLite makes a commit
//     visible only after its sync. (Another process on the same file may read a commit up to one
//     sync before it is durable: docs/decisions.md.)
// The WAL is a log: a power loss keeps an unbroken prefix of its frames (checksummed in a chain),
// so a later commit never outlives an earlier one, and a sync covers every frame written before it.
import { open, type FileHandle } from 'node:fs/promises';
import { dirname } from 'node:path';

export class WalSync {
  private file?: Promise<FileHandle>;
  private gate?: Promise<void>;
  /** WAL syncs done (a test tells this mode from SQLite's own sync by it). */
  syncs = 0;

  constructor(private readonly databaseFile: string) {}

  /**
   * Holds reads from the moment a commit may become visible until it is durable: call before the
   * COMMIT (or a statement that commits by itself), and call the answer once the sync is done.
   */
  hold(): () => void {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => { release = resolve; });
    this.gate = gate;
    return () => {
      if (this.gate === gate) this.gate = undefined;
      release();
    };
  }

  /** What a read waits for before it runs: a commit on its way to the disk, if any. */
  pending(): Promise<void> | undefined {
    return this.gate;
  }

  /** fdatasync of the WAL: everything committed so far is on the disk when this resolves. */
  async sync(): Promise<void> {
    // A failed open is tried again at the next sync rather than remembered.
    this.file ??= this.openWal().catch((err: unknown) => { this.file = undefined; throw err; });
    await (await this.file).datasync();
    this.syncs++;
  }

  /**
   * The WAL file, opened once: SQLite keeps it (same inode, truncated at most) while its connections
   * are open. Its directory entry is synced on the first open, as SQLite's unix VFS does on the
   * first sync of a file it created: a WAL created since the last crash is found after the next one.
   */
  private async openWal(): Promise<FileHandle> {
    const file = await open(`${this.databaseFile}-wal`, 'r');
    try {
      const dir = await open(dirname(this.databaseFile), 'r');
      try { await dir.sync(); } finally { await dir.close(); }
    } catch (err) {
      await file.close();
      throw err;
    }
    return file;
  }

  async close(): Promise<void> {
    const file = this.file;
    this.file = undefined;
    await (await file?.catch(() => undefined))?.close();
  }
}
