// Uploaded files in PostgreSQL (FILE_STORAGE=database): every instance sharing the database serves
// every file, with no shared disk. The bytes are stored and read in chunks of at most CHUNK bytes,
// one statement per chunk, so neither an upload nor a download is ever held whole in memory. The
// crash rules are the disk store's: a file is received completely ('receiving' → 'received'), put
// in place ('placed') by an UPDATE inside the transaction of the write that names it, and what a
// crash leaves ('receiving' and 'received' rows, placed files no row names) is swept at start.
import { randomBytes } from 'node:crypto';
import { Readable, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { sql } from 'kysely';
import type { Db, Tx } from '../db/database.js';
import { BlobSourceError, BlobTooLargeError, StorageFullError, UploadMeter, type OpenBlob, type StagedBlob } from './blob-store.js';
import type { FileStore } from './file-store.js';

/** Bytes per stored chunk: big enough to keep statements few, small enough to keep memory flat. */
export const CHUNK = 256 * 1024;

const isFull = (err: unknown) => (err as { code?: unknown } | null)?.code === '53100';

export class DatabaseBlobStore implements FileStore {
  fullSince?: Date;

  constructor(private readonly db: Db, readonly maxUploadBytes = 100 * 1024 * 1024) {}

  private newKey(storeId: number): string {
    return `${storeId}/${randomBytes(16).toString('hex')}`;
  }

  async stage(source: Readable, storeId: number, maxBytes: number): Promise<StagedBlob> {
    const key = this.newKey(storeId);
    const { id } = await this.db.insertInto('file_blobs').values({ key, store_id: storeId, state: 'receiving' })
      .returning('id').executeTakeFirstOrThrow();
    let seq = 0;
    let pending: Buffer[] = [];
    let pendingBytes = 0;
    let sourceFailed: unknown;
    // The pipeline hands a failed INSERT to the source too: which side failed is tracked, not guessed.
    let dbFailed: unknown;
    source.once('error', (err) => { sourceFailed ??= err; });
    const flush = async () => {
      if (!pendingBytes) return;
      const data = Buffer.concat(pending, pendingBytes);
      pending = [];
      pendingBytes = 0;
      await this.db.insertInto('file_chunks').values({ blob_id: id, seq: seq++, data }).execute()
        .catch((err: unknown) => { dbFailed = err; throw err; });
    };
    const meter = new UploadMeter(maxBytes);
    const sink = new Writable({
      // One chunk row at a time: the stream waits for each INSERT, so memory holds at most CHUNK + one read.
      write(chunk: Buffer, _enc, done) {
        let rest = chunk;
        const next = (): void => {
          const room = CHUNK - pendingBytes;
          pending.push(rest.subarray(0, room));
          pendingBytes += Math.min(room, rest.length);
          rest = rest.subarray(room);
          if (pendingBytes < CHUNK) return done();
          flush().then(() => (rest.length ? next() : done()), done);
        };
        next();
      },
      final(done) {
        flush().then(() => done(), done);
      },
    });
    let sha256: string;
    try {
      await pipeline(source, meter, sink);
      sha256 = meter.sha256();
      await this.db.updateTable('file_blobs').set({ state: 'received', size: meter.size, sha256 }).where('id', '=', id).execute();
    } catch (err) {
      await this.db.deleteFrom('file_blobs').where('id', '=', id).execute().catch(() => undefined);
      if (err instanceof BlobTooLargeError) throw err;
      if (dbFailed) throw isFull(dbFailed) ? this.full(dbFailed) : dbFailed;
      if (sourceFailed || err === undefined) throw new BlobSourceError(sourceFailed ?? err);
      throw err;
    }
    this.fullSince = undefined;
    return { key, tempPath: key, size: meter.size, sha256 };
  }

  private full(err: unknown): StorageFullError {
    this.fullSince ??= new Date();
    return new StorageFullError(err);
  }

  async place(staged: StagedBlob, tx: Tx): Promise<void> {
    const q = staged.parked
      ? tx.updateTable('file_blobs').set({ key: staged.key, parked_key: null, state: 'placed' }).where('parked_key', '=', staged.tempPath).where('state', '=', 'parked')
      : tx.updateTable('file_blobs').set({ state: 'placed' }).where('key', '=', staged.key).where('state', '=', 'received');
    const res = await q.executeTakeFirst();
    if (Number(res.numUpdatedRows) !== 1) throw new Error('the uploaded file to put in place is gone');
  }

  async discard(staged: StagedBlob): Promise<void> {
    // A parked upload's rename was rolled back with the write: it is still parked, claimable.
    if (!staged.parked) await this.db.deleteFrom('file_blobs').where('key', '=', staged.key).execute();
  }

  async settle(): Promise<void> {
    // Nothing: claiming a parked upload renamed it inside the write's transaction.
  }

  async park(staged: StagedBlob, key: string): Promise<void> {
    await this.db.updateTable('file_blobs').set({ state: 'parked', parked_key: key }).where('key', '=', staged.key).where('state', '=', 'received').execute();
  }

  claimParked(key: string, storeId: number, size: number, sha256: string): StagedBlob {
    return { key: this.newKey(storeId), tempPath: key, parked: true, size, sha256 };
  }

  async removeParked(key: string): Promise<void> {
    await this.db.deleteFrom('file_blobs').where('parked_key', '=', key).execute();
  }

  async remove(key: string): Promise<void> {
    await this.db.deleteFrom('file_blobs').where('key', '=', key).execute();
  }

  async open(key: string): Promise<OpenBlob | undefined> {
    const blob = await this.db.selectFrom('file_blobs').select(['id', 'size']).where('key', '=', key).where('state', '=', 'placed')
      .executeTakeFirst();
    if (!blob) return undefined;
    const db = this.db;
    let seq = 0;
    const stream = new Readable({
      // One chunk per read, fetched when the consumer asks: a slow download holds one chunk, no connection.
      read() {
        db.selectFrom('file_chunks').select('data').where('blob_id', '=', blob.id).where('seq', '=', seq).executeTakeFirst()
          .then((row) => {
            if (row) {
              seq += 1;
              this.push(row.data as Buffer);
            } else if (seq * CHUNK >= blob.size) {
              this.push(null);
            } else {
              // Removed mid-download (a replacement committed and removed it): end with an error, not short.
              this.destroy(new Error('the file was removed while it was being read'));
            }
          }, (err: unknown) => this.destroy(err as Error));
      },
    });
    return { stream, size: Number(blob.size) };
  }

  async sweepTemp(maxAgeMs: number, now = Date.now()): Promise<number> {
    const res = await this.db.deleteFrom('file_blobs').where('state', 'in', ['receiving', 'received'])
      .where('created_at', '<', new Date(now - maxAgeMs)).executeTakeFirst();
    return Number(res.numDeletedRows);
  }

  async sweepUnreferenced(maxAgeMs: number, referenced: (storeId: number, keys: string[]) => Promise<Set<string>>, now = Date.now()): Promise<number> {
    const old = await this.db.selectFrom('file_blobs').select(['key', 'store_id']).where('state', '=', 'placed')
      .where('created_at', '<', new Date(now - maxAgeMs)).execute();
    const byStore = new Map<number, string[]>();
    for (const b of old) byStore.set(Number(b.store_id), [...(byStore.get(Number(b.store_id)) ?? []), b.key]);
    let removed = 0;
    for (const [storeId, keys] of byStore) {
      const keep = await referenced(storeId, keys);
      const gone = keys.filter((k) => !keep.has(k));
      if (gone.length) await this.db.deleteFrom('file_blobs').where('key', 'in', gone).execute();
      removed += gone.length;
    }
    return removed;
  }
}

/** Stored files and their chunks, for the tests and the operator: `SELECT state, count(*) …`. */
export async function fileBlobCounts(db: Db): Promise<Record<string, number>> {
  const { rows } = await sql<{ state: string; n: number }>`SELECT state, count(*)::int AS n FROM file_blobs GROUP BY state`.execute(db);
  return Object.fromEntries(rows.map((r) => [r.state, r.n]));
}
