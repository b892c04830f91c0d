// Download entitlements (issue 17): one row per transaction item that bought a downloadable. The
// capability URL itself is never stored: token_hash (SHA-256 of the URL's secret) finds the row,
// and url_nonce + url_kid let the service derive the URL again with its key to show it through the API.
import type { Db, Dialect } from '../database.js';
import { createTable, index } from '../columns.js';

export async function up(db: Db, dialect: Dialect): Promise<void> {
  await createTable(db, dialect, 'downloads', {
    store_id: { type: 'int', notNull: true, references: 'stores.id' },
    transaction_id: { type: 'int', notNull: true, references: 'transactions.id' },
    item_id: { type: 'int', referencesSetNull: 'items.id' },
    // The entitlement outlives a deleted downloadable (its URL then answers 410).
    downloadable_id: { type: 'int', referencesSetNull: 'downloadables.id' },
    file_name: 'text',
    file_size: 'int',
    // Null: unlimited. Decremented by a conditional update when a download starts, so concurrent
    // downloads can never take it below 0; given back when the transfer is cut off.
    downloads_remaining: 'int',
    expires_at: 'timestamp',
    // active | exhausted | expired | revoked
    status: { type: 'text', notNull: true, defaultTo: 'active' },
    // Always set by the service; nullable so a row without a URL (a fixture) is simply unreachable.
    url_nonce: 'text',
    url_kid: 'text',
    token_hash: 'text',
  });
  await index(db, 'downloads', ['token_hash'], true);
  await index(db, 'downloads', ['transaction_id']);
  await index(db, 'downloads', ['store_id']);
  await index(db, 'downloads', ['downloadable_id']);
  await index(db, 'downloads', ['status', 'expires_at']);
}
