// The rows behind logged-in browser sessions (web_sessions): found by the SHA-256 of the session id
// and expiring on the database clock, so log-out on one instance ends the session on every one and
// a copied cookie is worthless from then on. The cookie itself is web/session.ts's business.
import { createHash } from 'node:crypto';
import type { Database } from '../db/database.js';
import { dbLeaseUntil, dbNowMs } from '../db/db-clock.js';
import { formatTimestamp, type Clock } from '../services/clock.js';

const idHash = (id: string) => createHash('sha256').update(id).digest('base64url');

export class WebSessionStore {
  constructor(private readonly database: Database, private readonly clock: Clock) {}

  /** Whether the log-in `sessionId` of `userId` is still live. */
  async isLive(sessionId: string, userId: number): Promise<boolean> {
    const { db, dialect } = this.database;
    const row = await db.selectFrom('web_sessions').select('id').where('id_hash', '=', idHash(sessionId))
      .where('user_id', '=', userId).where('expires_at_ms', '>', dbNowMs(dialect)).executeTakeFirst();
    return !!row;
  }

  /** Records a new log-in lasting `seconds`; ended log-ins go as new ones arrive. */
  async start(sessionId: string, userId: number, seconds: number): Promise<void> {
    const { db, dialect } = this.database;
    const stamp = formatTimestamp(this.clock.now());
    await db.deleteFrom('web_sessions').where('expires_at_ms', '<=', dbNowMs(dialect)).execute();
    await db.insertInto('web_sessions').values({
      id_hash: idHash(sessionId), user_id: userId, expires_at_ms: dbLeaseUntil(dialect, seconds * 1000),
      date_created: stamp, date_modified: stamp,
    }).execute();
  }

  /** Ends the log-in everywhere. */
  async end(sessionId: string): Promise<void> {
    await this.database.db.deleteFrom('web_sessions').where('id_hash', '=', idHash(sessionId)).execute();
  }
}
