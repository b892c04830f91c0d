// What each commit in a SQLite WAL file wrote: the B-tree (table or index) of every page of every
// commit, read from the WAL's frame headers and the dbstat table of a reading connection. For tests
// that count the pages a write costs at COMMIT (each is a frame written to the WAL, then a page
// copied back at the checkpoint).
import type SQLite from 'better-sqlite3';

/** The commits still in `wal`, oldest first, each as the names of the B-trees its frames hold. */
export function walCommits(wal: Buffer, reader: SQLite.Database): string[][] {
  const owner = new Map<number, string>();
  for (const r of reader.prepare('select name, pageno from dbstat').all() as Array<{ name: string; pageno: number }>) owner.set(r.pageno, r.name);
  const pageSize = wal.readUInt32BE(8);
  const salt = wal.readUInt32BE(16);
  const commits: string[][] = [];
  let current: string[] = [];
  // A frame: page number, the database size in pages after a commit (0 before it), the salts, the
  // checksums (24 bytes), then the page. Frames of an earlier generation of the file carry old salts.
  for (let at = 32; at + 24 + pageSize <= wal.length && wal.readUInt32BE(at + 8) === salt; at += 24 + pageSize) {
    current.push(owner.get(wal.readUInt32BE(at)) ?? '(free)');
    if (wal.readUInt32BE(at + 4) !== 0) {
      commits.push(current);
      current = [];
    }
  }
  return commits;
}
