// Staged uploads of downloadable files (GraphQL): a one-time URL is handed out, the client PUTs the
// bytes to it, and a later create/update of a downloadable claims them. The row is what makes the
// URL one-time and expiring; the bytes live in the blob store's `uploads/` area meanwhile.
import type { Db, Dialect } from '../database.js';
import { createTable, index } from '../columns.js';

export async function up(db: Db, dialect: Dialect): Promise<void> {
  await createTable(db, dialect, 'staged_uploads', {
    store_id: { type: 'int', notNull: true, references: 'stores.id' },
    // What a write names (stagedUploadId); random, so another store cannot enumerate them.
    public_id: { type: 'text', notNull: true },
    // SHA-256 of the URL's secret: a copy of the database does not hand out upload URLs.
    token_hash: { type: 'text', notNull: true },
    file_name: { type: 'text', notNull: true },
    // Null: take the PUT's Content-Type.
    content_type: 'text',
    declared_size: 'int',
    max_bytes: { type: 'int', notNull: true },
    expires_at: { type: 'timestamp', notNull: true },
    // Set together once the bytes are parked; a second PUT finds uploaded_at set and is refused.
    uploaded_at: 'timestamp',
    file_size: 'int',
    file_sha256: 'text',
    file_content_type: 'text',
    // Set in the transaction of the downloadable write that claimed the bytes.
    consumed_at: 'timestamp',
  });
  await index(db, 'staged_uploads', ['public_id'], true);
  await index(db, 'staged_uploads', ['token_hash'], true);
  await index(db, 'staged_uploads', ['expires_at']);
}
