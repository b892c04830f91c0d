// OAuth 2.0 state beyond the token chain: authorization codes (single use, bound to a client,
// redirect URI and PKCE challenge), revoked access tokens by jti, and which grants a client may use.
import type { Db, Dialect } from '../database.js';
import { createTable, index } from '../columns.js';

export async function up(db: Db, dialect: Dialect): Promise<void> {
  await createTable(db, dialect, 'authorization_codes', {
    // SHA-256 of the code: codes are 256 random bits and live 60 s, so a slow hash would buy nothing.
    code_hash: { type: 'text', notNull: true },
    client_id: { type: 'int', notNull: true, references: 'clients.id' },
    user_id: { type: 'int', notNull: true, references: 'users.id' },
    store_id: { type: 'int', references: 'stores.id' },
    scope: { type: 'text', notNull: true },
    redirect_uri: { type: 'text', notNull: true },
    code_challenge: { type: 'text', notNull: true },
    // The refresh-token family the exchange issues into, so a replayed code can revoke it.
    family: { type: 'text', notNull: true },
    expires_at: { type: 'timestamp', notNull: true },
    used_at: 'timestamp',
    // Set when the code is presented again after use: the exchange then revokes what it issued.
    reused_at: 'timestamp',
  });
  await index(db, 'authorization_codes', ['code_hash'], true);

  // Access tokens revoked one by one (RFC 7009); rows may be pruned once expires_at has passed.
  await createTable(db, dialect, 'revoked_tokens', {
    jti: { type: 'text', notNull: true },
    expires_at: { type: 'timestamp', notNull: true },
  });
  await index(db, 'revoked_tokens', ['jti'], true);

  // Space-separated grant types the client may use at the token endpoint; null means all of them.
  await db.schema.alterTable('clients').addColumn('grant_types', 'text').execute();
}
