// The rows behind `Idempotency-Key` (rest/idempotency.ts keeps the HTTP part: which requests carry
// a key, the error bodies, replaying the reply). A key row is claimed by a unique index, so of many
// concurrent requests exactly one does the work; the claim is a lease judged by the database clock
// and renewed while the request runs, so a key whose owner died (issue 16) is taken over once its
// lease has run out. Stored answers are sealed (AES-GCM, bound to the row's owner and key: issue 15),
// so a database dump holds no answer in clear.
import { randomBytes } from 'node:crypto';
import { Sealer } from '../auth/sealing.js';
import type { SigningKey } from '../auth/keys.js';
import { sql, type ExpressionBuilder } from 'kysely';
import { inTransaction, type Database, type DB, type Tx } from '../db/database.js';
import { dbLeaseUntil, dbNowMs } from '../db/db-clock.js';
import { formatTimestamp, type Clock } from './clock.js';
import { isUniqueViolation } from './unique.js';

/** How long an answer is kept for replay. */
const TTL_MS = 24 * 3600 * 1000;
/** A stored answer that is not replayed (credentials shown once). */
const WITHHELD = 'withheld';
/** The first request lost its database connection while committing: its effect is unknown. */
const IN_DOUBT = 'in_doubt';

/** What identifies a keyed request: the credential that sent it, its key, and what it asked. */
export interface KeyedRequest {
  owner: string;
  key: string;
  method: string;
  path: string;
  bodyHash: string;
}

/** A key this request now holds: it does the work and records the answer. */
export interface HeldKey {
  id: number;
  claim: string;
  owner: string;
  key: string;
  /** The request's write marks the key in its transaction (markEffect): the row tells whether it committed. */
  marked?: boolean;
}

export type ClaimOutcome =
  | { kind: 'claimed'; held: HeldKey }
  /** The same key was used with another request. */
  | { kind: 'reused' }
  /** The first request still runs (its lease is alive). */
  | { kind: 'in_progress' }
  /** The first request may have taken effect, unanswered (its COMMIT's answer was lost). */
  | { kind: 'in_doubt' }
  /** The first request's answer; `body` is absent when it was withheld (carried credentials). */
  | { kind: 'answered'; status: number; headers: Record<string, string>; body?: string };

export interface RecordedAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
  /** Kept as answered but never replayed. */
  withheld: boolean;
}

const aad = (owner: string, key: string) => `${owner}\n${key}`;

export class IdempotencyStore {
  private readonly sealer: Sealer;

  constructor(private readonly database: Database, private readonly clock: Clock, keys: SigningKey[]) {
    this.sealer = new Sealer(keys, 'idempotent answers');
  }

  /** Claims the key for this request, or says why not (reused, in progress, already answered). */
  async claim(req: KeyedRequest, leaseMs: number): Promise<ClaimOutcome> {
    const { db, dialect } = this.database;
    const { owner, key } = req;
    const now = this.clock.now();
    const token = randomBytes(16).toString('base64url');
    await db.deleteFrom('idempotency_keys').where('owner', '=', owner).where('idempotency_key', '=', key)
      .where('date_created', '<', formatTimestamp(new Date(now.getTime() - TTL_MS))).execute();
    try {
      const row = await db.insertInto('idempotency_keys').values({
        owner, idempotency_key: key, method: req.method, path: req.path, body_hash: req.bodyHash, state: 'in_progress',
        lease_until: dbLeaseUntil(dialect, leaseMs), claim_token: token,
        date_created: formatTimestamp(now), date_modified: formatTimestamp(now),
      }).returning('id').executeTakeFirstOrThrow();
      return { kind: 'claimed', held: { id: Number(row.id), claim: token, owner, key } };
    } catch (err) {
      if (!isUniqueViolation(err)) throw err;
    }
    const existing = await db.selectFrom('idempotency_keys').selectAll().where('owner', '=', owner).where('idempotency_key', '=', key).executeTakeFirst();
    if (!existing || existing.body_hash !== req.bodyHash) return { kind: 'reused' };
    if (existing.state === IN_DOUBT) return { kind: 'in_doubt' };
    if (existing.state === 'in_progress') {
      // The owner renews its lease while it works; a lease run out on the database clock means the
      // owner died (kill -9, power loss): the retry takes the key over, atomically, unless the
      // owner's write had committed (its mark): then doing it again would do it twice.
      const expired = (eb: ExpressionBuilder<DB, 'idempotency_keys'>) => eb.or([eb('lease_until', 'is', null), eb('lease_until', '<=', dbNowMs(dialect))]);
      const taken = await db.updateTable('idempotency_keys').set({ lease_until: dbLeaseUntil(dialect, leaseMs), claim_token: token })
        .where('id', '=', existing.id).where('state', '=', 'in_progress').where('effect_committed_at', 'is', null).where(expired)
        .executeTakeFirst();
      if (Number(taken.numUpdatedRows) === 1) return { kind: 'claimed', held: { id: Number(existing.id), claim: token, owner, key } };
      const doubted = await db.updateTable('idempotency_keys').set({ state: IN_DOUBT, lease_until: null })
        .where('id', '=', existing.id).where('state', '=', 'in_progress').where('effect_committed_at', 'is not', null).where(expired)
        .executeTakeFirst();
      return Number(doubted.numUpdatedRows) === 1 ? { kind: 'in_doubt' } : { kind: 'in_progress' };
    }
    const headers = JSON.parse(existing.response_headers ?? '{}') as Record<string, string>;
    const body = existing.state === 'done' && typeof existing.response_body === 'string'
      ? this.sealer.open(existing.response_body, aad(owner, key)) : undefined;
    return { kind: 'answered', status: Number(existing.response_status), headers, body };
  }

  /** Extends a held claim's lease; a claim taken over meanwhile is left alone. */
  async renew(held: HeldKey, leaseMs: number): Promise<void> {
    const { db, dialect } = this.database;
    await db.updateTable('idempotency_keys').set({ lease_until: dbLeaseUntil(dialect, leaseMs) })
      .where('id', '=', held.id).where('claim_token', '=', held.claim).execute();
  }

  /** Frees the key without an answer (a failure on our side is not worth replaying). */
  async release(held: HeldKey): Promise<void> {
    await this.database.db.deleteFrom('idempotency_keys').where('id', '=', held.id).where('claim_token', '=', held.claim).execute();
  }

  /**
   * After an answer that is not the request's (a 5xx, a passing conflict): frees the key for a retry
   * when the request's write did not commit, and keeps it in doubt when it did (markEffect's mark).
   * On PostgreSQL the statement waits for the row lock the mark took, so a write whose COMMIT is
   * still on its way (the connection was lost, the server not yet done) is judged once it ended.
   */
  async settle(held: HeldKey): Promise<'released' | 'in_doubt'> {
    const { database } = this;
    return inTransaction(database, async (tx) => {
      if (database.dialect === 'postgres') await sql`set local lock_timeout = '5s'`.execute(tx);
      const doubted = await tx.updateTable('idempotency_keys').set({ state: IN_DOUBT, lease_until: null })
        .where('id', '=', held.id).where('claim_token', '=', held.claim).where('effect_committed_at', 'is not', null).executeTakeFirst();
      if (Number(doubted.numUpdatedRows) === 1) return 'in_doubt';
      await tx.deleteFrom('idempotency_keys').where('id', '=', held.id).where('claim_token', '=', held.claim).execute();
      return 'released';
    });
  }

  /**
   * Keeps the key, without an answer, for a request that lost its database connection while its
   * COMMIT was on the way and whose write does not mark the key: run again under the same key, it
   * could do its write twice.
   */
  async keepInDoubt(held: HeldKey): Promise<void> {
    await this.database.db.updateTable('idempotency_keys').set({ state: IN_DOUBT, lease_until: null })
      .where('id', '=', held.id).where('claim_token', '=', held.claim).execute();
  }

  /** Stores the answer, sealed, for retries with the same key. */
  async record(held: HeldKey, answer: RecordedAnswer): Promise<void> {
    await this.database.db.updateTable('idempotency_keys').set({
      state: answer.withheld ? WITHHELD : 'done', response_status: answer.status, response_headers: JSON.stringify(answer.headers),
      response_body: answer.withheld ? null : this.sealer.seal(answer.body, aad(held.owner, held.key)), lease_until: null,
    }).where('id', '=', held.id).where('claim_token', '=', held.claim).execute();
  }
}

/**
 * Marks, inside the transaction of the request's write, that the write of the request's
 * Idempotency-Key commits with it (nothing without a key). Called by the writes a keyed POST makes
 * (a create, a checkout, a payment action) in the transaction that holds their effect.
 */
export async function markEffect(tx: Tx, ctx: { idempotency?: HeldKey; clock: Clock }): Promise<void> {
  const held = ctx.idempotency;
  if (!held) return;
  held.marked = true;
  await tx.updateTable('idempotency_keys').set({ effect_committed_at: formatTimestamp(ctx.clock.now()) })
    .where('id', '=', held.id).where('claim_token', '=', held.claim).execute();
}
