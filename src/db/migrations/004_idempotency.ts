// Idempotency keys of POST requests: the first answer, kept so a retry with the same key gets it.
import type { Db, Dialect } from '../database.js';
import { createTable, index } from '../columns.js';

export async function up(db: Db, dialect: Dialect): Promise<void> {
  await createTable(db, dialect, 'idempotency_keys', {
    // Who sent it: `store:<id>`, `user:<id>`, `client:<id>` or `anonymous`; keys are per caller.
    owner: { type: 'text', notNull: true },
    idempotency_key: { type: 'text', notNull: true },
    method: { type: 'text', notNull: true },
    path: { type: 'text', notNull: true },
    body_hash: { type: 'text', notNull: true },
    // in_progress until the first answer is stored.
    state: { type: 'text', notNull: true },
    response_status: 'int',
    response_headers: 'text',
    response_body: 'text',
  });
  await index(db, 'idempotency_keys', ['owner', 'idempotency_key'], true);
}
