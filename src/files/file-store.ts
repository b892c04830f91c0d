// What the service asks of the place uploaded files live: the local directory (blob-store.ts, for
// SQLite, or PostgreSQL with FILE_STORAGE=disk) or the database itself (db-blob-store.ts). Both keep
// the same crash rules: bytes are received completely first, put in place inside the transaction of
// the write that names them, and whatever a crash leaves is swept at start.
import type { Readable } from 'node:stream';
import type { Tx } from '../db/database.js';
import type { OpenBlob, StagedBlob } from './blob-store.js';

export interface FileStore {
  readonly maxUploadBytes: number;
  /** When a write last failed for lack of space (cleared by the next upload that fits). */
  fullSince?: Date;
  /** Receives `source` completely (at most `maxBytes`), counting and hashing it. */
  stage(source: Readable, storeId: number, maxBytes: number): Promise<StagedBlob>;
  /** Puts a received upload in place under its key, inside the transaction `tx` of the write that names it. */
  place(staged: StagedBlob, tx: Tx): Promise<void>;
  /** The write did not commit: its bytes go (a parked upload stays claimable). */
  discard(staged: StagedBlob): Promise<void>;
  /** The write committed: what only the upload still needed goes. */
  settle(staged: StagedBlob): Promise<void>;
  /** Parks a received upload as the staged upload `key`. */
  park(staged: StagedBlob, key: string): Promise<void>;
  /** A parked upload as a StagedBlob bound for a fresh key of `storeId`. */
  claimParked(key: string, storeId: number, size: number, sha256: string): StagedBlob;
  removeParked(key: string): Promise<void>;
  /** Removes a stored file; a missing one is not an error. */
  remove(key: string): Promise<void>;
  /** Opens a stored file for reading, or undefined when it is not there. */
  open(key: string): Promise<OpenBlob | undefined>;
  /** Removes uploads a crash cut off (older than `maxAgeMs`). */
  sweepTemp(maxAgeMs: number, now?: number): Promise<number>;
  /** Removes stored files older than `maxAgeMs` that `referenced` does not name. */
  sweepUnreferenced(maxAgeMs: number, referenced: (storeId: number, keys: string[]) => Promise<Set<string>>, now?: number): Promise<number>;
}
