// Uploaded files kept in PostgreSQL itself (FILE_STORAGE=database), so that every instance sharing
// the database serves every file without a shared disk. A file is a row of `file_blobs` and its
// bytes are rows of `file_chunks` (at most 256 KiB each), written and read one chunk at a time.
// `state` follows the file through the same steps as on disk: 'receiving' while chunks arrive,
// 'received' when complete, 'parked' as a staged upload (`parked_key`), 'placed' once the write that
// names it commits (set in that write's transaction). SQLite keeps files on disk: nothing here.
import { sql } from 'kysely';
import type { Db, Dialect } from '../database.js';

export async function up(db: Db, dialect: Dialect): Promise<void> {
  if (dialect !== 'postgres') return;
  await sql`CREATE TABLE file_blobs (
    id bigserial PRIMARY KEY,
    key text NOT NULL UNIQUE,
    store_id bigint NOT NULL,
    state text NOT NULL CHECK (state IN ('receiving', 'received', 'parked', 'placed')),
    parked_key text UNIQUE,
    size bigint NOT NULL DEFAULT 0,
    sha256 text,
    created_at timestamptz NOT NULL DEFAULT now()
  )`.execute(db);
  await sql`CREATE INDEX file_blobs_state_created ON file_blobs (state, created_at)`.execute(db);
  await sql`CREATE TABLE file_chunks (
    blob_id bigint NOT NULL REFERENCES file_blobs (id) ON DELETE CASCADE,
    seq integer NOT NULL,
    data bytea NOT NULL,
    PRIMARY KEY (blob_id, seq)
  )`.execute(db);
}
