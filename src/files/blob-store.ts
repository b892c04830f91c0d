// Blob storage for downloadables under `<dataDir>/files`. An upload streams into `tmp/` (hashed
// and counted on the way, never held in memory) and is renamed to `blobs/<store>/<random>` only
// after the row that names it has committed, so a committed row never sees a partial file and a
// failed upload leaves no bytes behind. Names on disk are random: nothing the client sends reaches
// a path, and every key is checked against its pattern before it becomes one.
//
// Staged uploads (a PUT to a one-time URL, claimed later by a write) stream into `tmp/` the same way
// and then wait, parked, under `uploads/<store>/<random>`: a separate area, so the crash sweep of
// `tmp/` never takes a file a client was told is uploaded, and claiming it is one rename away.
import { createHash, randomBytes } from 'node:crypto';
import { createWriteStream, type ReadStream } from 'node:fs';
import { mkdir, open, readdir, rename, rm, stat } from 'node:fs/promises';
import { join, resolve, sep } from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

const KEY = /^([1-9]\d{0,15})\/([0-9a-f]{32})$/;

/** An upload waiting in `tmp/` for its row to commit. */
export interface StagedBlob {
  key: string;
  tempPath: string;
  size: number;
  /** Lowercase hex SHA-256 of the bytes. */
  sha256: string;
}

/** The upload passed the size limit; what was written has already been removed. */
export class BlobTooLargeError extends Error {
  constructor(readonly limit: number) {
    super(`the file is larger than ${limit} bytes`);
  }
}

/** Reading the upload failed because of the client's stream (aborted, malformed), not the disk. */
export class BlobSourceError extends Error {
  constructor(cause: unknown) {
    super('the upload stream ended abnormally', { cause });
  }
}

export interface OpenBlob {
  stream: ReadStream;
  size: number;
}

export class BlobStore {
  readonly root: string;

  /** `maxUploadBytes` is MAX_UPLOAD_BYTES: what callers that offer uploads (staged URLs) advertise. */
  constructor(root: string, readonly maxUploadBytes = 100 * 1024 * 1024) {
    this.root = resolve(root);
  }

  get tempDir(): string {
    return join(this.root, 'tmp');
  }

  /** A fresh key for a blob of `storeId`; the random part is what lands on disk. */
  newKey(storeId: number): string {
    return `${storeId}/${randomBytes(16).toString('hex')}`;
  }

  /** The path of `key`, which must match the key pattern and resolve inside the root. */
  pathOf(key: string): string {
    return this.keyPath('blobs', key);
  }

  /** The path where the staged upload `key` (same pattern as a blob key) waits to be claimed. */
  parkedPathOf(key: string): string {
    return this.keyPath('uploads', key);
  }

  private keyPath(area: 'blobs' | 'uploads', key: string): string {
    const m = KEY.exec(key);
    if (!m) throw new Error('malformed blob key');
    const path = resolve(this.root, area, m[1], m[2]);
    if (!path.startsWith(this.root + sep)) throw new Error('blob key escapes the storage root');
    return path;
  }

  /**
   * Streams `source` into a temp file, counting and hashing as it goes. More than `maxBytes` bytes
   * stop the copy and remove the temp file. The file is flushed to disk before this resolves, so
   * a row committed afterwards never points at bytes a power loss could take back.
   */
  async stage(source: Readable, storeId: number, maxBytes: number): Promise<StagedBlob> {
    await mkdir(this.tempDir, { recursive: true, mode: 0o700 });
    const key = this.newKey(storeId);
    const tempPath = join(this.tempDir, `${randomBytes(16).toString('hex')}.part`);
    const hash = createHash('sha256');
    let size = 0;
    let sourceFailed: unknown;
    source.once('error', (err) => { sourceFailed ??= err; });
    const meter = new Transform({
      transform(chunk: Buffer, _enc, done) {
        size += chunk.length;
        if (size > maxBytes) return done(new BlobTooLargeError(maxBytes));
        hash.update(chunk);
        done(null, chunk);
      },
    });
    try {
      await pipeline(source, meter, createWriteStream(tempPath, { flags: 'wx', mode: 0o600, flush: true }));
    } catch (err) {
      await rm(tempPath, { force: true });
      if (err instanceof BlobTooLargeError) throw err;
      if (sourceFailed || !isDiskError(err)) throw new BlobSourceError(sourceFailed ?? err);
      throw err;
    }
    return { key, tempPath, size, sha256: hash.digest('hex') };
  }

  /** Moves a staged upload into place (after its row committed). */
  async commit(staged: StagedBlob): Promise<void> {
    await moveDurably(staged.tempPath, this.pathOf(staged.key));
  }

  /** Parks a finished temp file as the staged upload `key` (after its row was marked uploaded). */
  async park(staged: StagedBlob, key: string): Promise<void> {
    await moveDurably(staged.tempPath, this.parkedPathOf(key));
  }

  /**
   * A parked upload as a StagedBlob bound for a fresh blob key of `storeId`: commit() then moves it
   * into place exactly as it moves a multipart upload.
   */
  claimParked(key: string, storeId: number, size: number, sha256: string): StagedBlob {
    return { key: this.newKey(storeId), tempPath: this.parkedPathOf(key), size, sha256 };
  }

  /** Removes a parked upload; a missing one is not an error. */
  async removeParked(key: string): Promise<void> {
    await rm(this.parkedPathOf(key), { force: true });
  }

  /** Removes a staged upload whose row was not written. */
  async discard(staged: StagedBlob): Promise<void> {
    await rm(staged.tempPath, { force: true });
  }

  /**
   * Removes temp files older than `maxAgeMs`: uploads a crash cut off. Younger ones may still be
   * streaming (another request, or another process sharing the data directory).
   */
  async sweepTemp(maxAgeMs: number, now = Date.now()): Promise<number> {
    const names = await readdir(this.tempDir).catch(() => [] as string[]);
    let removed = 0;
    for (const name of names) {
      if (!/^[0-9a-f]{32}\.part$/.test(name)) continue;
      const path = join(this.tempDir, name);
      const st = await stat(path).catch(() => undefined);
      if (st && now - st.mtimeMs > maxAgeMs) {
        await rm(path, { force: true });
        removed += 1;
      }
    }
    return removed;
  }

  /** Removes a stored blob; a missing one is not an error. */
  async remove(key: string): Promise<void> {
    await rm(this.pathOf(key), { force: true });
  }

  /**
   * Opens a stored blob for reading, or undefined when it is not there. The descriptor is held,
   * so a replacement that removes the file meanwhile does not cut the download short.
   */
  async open(key: string): Promise<OpenBlob | undefined> {
    let handle;
    try {
      handle = await open(this.pathOf(key), 'r');
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
      throw err;
    }
    try {
      const { size } = await handle.stat();
      return { stream: handle.createReadStream(), size };
    } catch (err) {
      await handle.close();
      throw err;
    }
  }
}

function isDiskError(err: unknown): boolean {
  return typeof err === 'object' && err !== null && 'syscall' in err;
}

async function moveDurably(from: string, to: string): Promise<void> {
  const dir = resolve(to, '..');
  await mkdir(dir, { recursive: true, mode: 0o700 });
  await rename(from, to);
  await syncDir(dir);
}

/** Makes a rename durable; directories cannot be opened for sync on every platform, so best effort. */
async function syncDir(dir: string): Promise<void> {
  try {
    const h = await open(dir, 'r');
    try { await h.sync(); } finally { await h.close(); }
  } catch {
    // Windows cannot fsync a directory; the rename itself has happened.
  }
}
