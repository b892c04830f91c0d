// Blob storage for downloadables under `<dataDir>/files`. An upload streams into `tmp/` (hashed and
// counted on the way, never held in memory, flushed to disk when complete); the write that names it
// then puts it in place under `blobs/<store>/<random>` INSIDE its transaction (place(): a rename, or
// a hard link from a parked upload, and a flush of the directory), so by the time the row commits its
// file is durably there. A crash can leave the opposite, a file that no row names; sweep.ts removes
// those at start (with `.part` files a crash cut off). Names on disk are random: nothing the client
// sends reaches a path, and every key is checked against its pattern before it becomes one.
//
// Staged uploads (a PUT to a one-time URL, claimed later by a write) stream into `tmp/` the same way
// and then wait, parked, under `uploads/<store>/<random>`: a separate area, so the crash sweep of
// `tmp/` never takes a file a client was told is uploaded. Claiming links the parked file into
// `blobs/`, so a write that fails leaves the upload claimable; the parked name goes after commit.
//
// A full disk (ENOSPC, EDQUOT, EFBIG) is a StorageFullError (remembered for /readyz), never the client's fault.
import { createHash, randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { once } from 'node:events';
import { link, mkdir, open, readdir, rename, rm, stat } from 'node:fs/promises';
import { join, resolve, sep } from 'node:path';
import { Transform, type Readable, type TransformCallback } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Tx } from '../db/database.js';
import type { FileStore } from './file-store.js';

const KEY = /^([1-9]\d{0,15})\/([0-9a-f]{32})$/;

/** An upload waiting (in `tmp/`, or parked in `uploads/`) for the write that puts it in place. */
export interface StagedBlob {
  key: string;
  /** Where the bytes are now: a temp file, or the parked upload when `parked`. */
  tempPath: string;
  /** The bytes are a parked staged upload: placing links them, and they stay until the write commits. */
  parked?: boolean;
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

/** Counts and hashes an upload as it passes; past `maxBytes` it fails the copy with BlobTooLargeError. */
export class UploadMeter extends Transform {
  size = 0;
  private readonly hash = createHash('sha256');
  private digest?: string;

  constructor(private readonly maxBytes: number) {
    super();
  }

  override _transform(chunk: Buffer, _enc: BufferEncoding, done: TransformCallback): void {
    this.size += chunk.length;
    if (this.size > this.maxBytes) return done(new BlobTooLargeError(this.maxBytes));
    this.hash.update(chunk);
    done(null, chunk);
  }

  /** The SHA-256 of everything that passed, hex (once the copy is done; a hash digests once, so it is kept). */
  sha256(): string {
    return this.digest ??= this.hash.digest('hex');
  }
}

/** Reading the upload failed because of the client's stream (aborted, malformed), not the disk. */
export class BlobSourceError extends Error {
  constructor(cause: unknown) {
    super('the upload stream ended abnormally', { cause });
  }
}

/** The disk (or the file size limit) has no room for the upload; nothing of it was kept. */
export class StorageFullError extends Error {
  readonly code = 'STORAGE_FULL';
  constructor(cause: unknown) {
    super('the file storage is full', { cause });
  }
}

const FULL_CODES = new Set(['ENOSPC', 'EDQUOT', 'EFBIG']);

export function isDiskFull(err: unknown): boolean {
  if (err instanceof StorageFullError) return true;
  const code = (err as { code?: unknown } | null)?.code;
  return typeof code === 'string' && FULL_CODES.has(code);
}

export interface OpenBlob {
  stream: Readable;
  size: number;
}

/** Files in the local directory `root` (DATA_DIR/files). */
export class BlobStore implements FileStore {
  readonly root: string;

  /** When a write last failed for lack of space (cleared by the next upload that fits). */
  fullSince?: Date;

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
    let sourceFailed: unknown;
    source.once('error', (err) => { sourceFailed ??= err; });
    const meter = new UploadMeter(maxBytes);
    const out = createWriteStream(tempPath, { flags: 'wx', mode: 0o600, flush: true });
    try {
      await pipeline(source, meter, out);
    } catch (err) {
      // The file is opened asynchronously: a request that fails at once (a malformed body, a size
      // over the limit) can fail before it exists, and the open would then create it after the rm.
      if (!out.closed) await once(out, 'close').catch(() => undefined);
      await rm(tempPath, { force: true });
      if (err instanceof BlobTooLargeError) throw err;
      // Checked first: the pipeline hands the disk's error to the source too, which would blame the client.
      if (isDiskFull(err)) throw this.full(err);
      if (sourceFailed || !isDiskError(err)) throw new BlobSourceError(sourceFailed ?? err);
      throw err;
    }
    this.fullSince = undefined;
    return { key, tempPath, size: meter.size, sha256: meter.sha256() };
  }

  /**
   * Puts a staged upload in place under its key, durably, before the write naming it commits (the
   * caller's transaction is open). A parked upload is linked, so it survives a write that fails.
   */
  async place(staged: StagedBlob, _tx?: Tx): Promise<void> {
    const to = this.pathOf(staged.key);
    try {
      if (staged.parked) await linkDurably(staged.tempPath, to);
      else await moveDurably(staged.tempPath, to);
    } catch (err) {
      if (isDiskFull(err)) throw this.full(err);
      throw err;
    }
  }

  /** The write that placed (or would have placed) `staged` did not commit: its bytes go, a parked upload stays. */
  async discard(staged: StagedBlob): Promise<void> {
    await rm(this.pathOf(staged.key), { force: true });
    if (!staged.parked) await rm(staged.tempPath, { force: true });
  }

  /** The write that placed `staged` committed: a parked upload's own name is no longer needed. */
  async settle(staged: StagedBlob): Promise<void> {
    if (staged.parked) await rm(staged.tempPath, { force: true });
  }

  private full(err: unknown): StorageFullError {
    this.fullSince ??= new Date();
    return err instanceof StorageFullError ? err : new StorageFullError(err);
  }

  /** Parks a finished temp file as the staged upload `key` (after its row was marked uploaded). */
  async park(staged: StagedBlob, key: string): Promise<void> {
    try {
      await moveDurably(staged.tempPath, this.parkedPathOf(key));
    } catch (err) {
      if (isDiskFull(err)) throw this.full(err);
      throw err;
    }
  }

  /**
   * A parked upload as a StagedBlob bound for a fresh blob key of `storeId`: place() then links it
   * into place, and settle() removes the parked name once the write committed.
   */
  claimParked(key: string, storeId: number, size: number, sha256: string): StagedBlob {
    return { key: this.newKey(storeId), tempPath: this.parkedPathOf(key), parked: true, size, sha256 };
  }

  /** Removes a parked upload (missing is fine). */
  async removeParked(key: string): Promise<void> {
    await rm(this.parkedPathOf(key), { force: true });
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

  /**
   * Removes blobs older than `maxAgeMs` that `referenced` does not name: files a crash left between
   * place() and a commit that never came, or after a commit that replaced or deleted their row.
   * Younger ones may belong to a write still in progress.
   */
  async sweepUnreferenced(maxAgeMs: number, referenced: (storeId: number, keys: string[]) => Promise<Set<string>>, now = Date.now()): Promise<number> {
    const blobs = join(this.root, 'blobs');
    let removed = 0;
    for (const store of await readdir(blobs).catch(() => [] as string[])) {
      if (!/^[1-9]\d{0,15}$/.test(store)) continue;
      const old: string[] = [];
      for (const name of await readdir(join(blobs, store)).catch(() => [] as string[])) {
        const key = `${store}/${name}`;
        if (!KEY.test(key)) continue;
        const st = await stat(this.pathOf(key)).catch(() => undefined);
        if (st && now - st.mtimeMs > maxAgeMs) old.push(key);
      }
      if (!old.length) continue;
      const keep = await referenced(Number(store), old);
      for (const key of old) {
        if (keep.has(key)) continue;
        await rm(this.pathOf(key), { force: true });
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

const isDiskError = (err: unknown) => typeof err === 'object' && err !== null && 'syscall' in err;
async function moveDurably(from: string, to: string): Promise<void> {
  const dir = resolve(to, '..');
  await mkdir(dir, { recursive: true, mode: 0o700 });
  await rename(from, to);
  await syncDir(dir);
}

async function linkDurably(from: string, to: string): Promise<void> {
  const dir = resolve(to, '..');
  await mkdir(dir, { recursive: true, mode: 0o700 });
  await link(from, to);
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
