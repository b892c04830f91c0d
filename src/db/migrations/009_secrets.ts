// Credentials and ownership (issue 15): idempotency keys bound to a credential with a lease the
// database clock judges, explicit public/confidential clients, server-side browser sessions that
// log-out ends, webhook delivery leases on the database clock and the scopes a webhook acts with.
import type { Db, Dialect } from '../database.js';
import { createTable, index } from '../columns.js';

export async function up(db: Db, dialect: Dialect): Promise<void> {
  const bigint = dialect === 'postgres' ? 'bigint' : 'integer';
  // Epoch milliseconds of the database clock until which the claiming request owns the key; the
  // claim token tells the owner's own writes from a later owner's after a take-over.
  await db.schema.alterTable('idempotency_keys').addColumn('lease_until', bigint).execute();
  await db.schema.alterTable('idempotency_keys').addColumn('claim_token', 'text').execute();
  // RFC 6749 §2.1 client type, set at registration: `confidential` (default) or `public`.
  await db.schema.alterTable('clients').addColumn('client_type', 'text', (c) => c.notNull().defaultTo('confidential')).execute();
  // RFC 6749 §4.1.3: redirect_uri is required at the token step only if /authorize was sent one.
  // (code_challenge is '' for a confidential client's code without PKCE.)
  await db.schema.alterTable('authorization_codes').addColumn('redirect_uri_sent', 'integer', (c) => c.notNull().defaultTo(1)).execute();
  // Server-side sessions: the cookie carries a random id, the row (found by the id's SHA-256)
  // says whose it is; log-out deletes the row, so a copied cookie dies with it.
  await createTable(db, dialect, 'web_sessions', {
    id_hash: { type: 'text', notNull: true },
    user_id: { type: 'int', references: 'users.id' },
    // Epoch milliseconds of the database clock.
    expires_at_ms: { type: 'int', notNull: true },
  });
  await index(db, 'web_sessions', ['id_hash'], true);
  // Webhook delivery leases on the database clock (epoch ms): who may make an attempt now.
  await db.schema.alterTable('webhook_statuses').addColumn('lease_until', bigint).execute();
  // The scopes of the token that last created or changed the webhook: what it may deliver.
  await db.schema.alterTable('webhooks').addColumn('access_scopes', 'text').execute();
}
