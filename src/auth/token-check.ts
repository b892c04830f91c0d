// A bearer token's liveness check (TokenService.preflight) put off until the request's first
// statement, which carries it (db/ride-along.ts): on PostgreSQL a REST read then costs one round
// trip, not two. The token's signature and claims are checked before anything runs, as always;
// only the statement that asks whether its client, user and store still exist and whether it was
// revoked waits. Whatever the request does before the answer is a read, or a statement inside a
// transaction that the answer can still roll back (ride-along.ts), and no answer leaves before it
// (app.ts holds every response of such a request until check.settle() has answered).
import type { CompiledQuery } from 'kysely';
import type { Rider, Send } from '../db/ride-along.js';
import { apiError } from '../services/error-catalog.js';
import type { PendingCheck, Principal } from './principal.js';
import type { TokenService } from './tokens.js';
import type { VerifiedAccess } from './jwt.js';
import type { Found } from './liveness-cache.js';

/** What the token check's row says: the token is live, and (store tokens) the store has expired cart items. */
export interface Liveness { live: boolean; expiredCartItems?: boolean }

/** What the statement's row says, whenever it is read (liveness-cache.ts keeps it). */
export function foundIn(row: Record<string, unknown>): Found {
  // Booleans on PostgreSQL, 0 and 1 on SQLite; the expiry an integer either way (bigint as text).
  const live = !!row.c && !!row.u && !!row.s && !row.f && !row.j;
  return { live, earliestExpiry: row.e === null || row.e === undefined ? null : Number(row.e) };
}

/** The liveness of a token at `nowSec` (Unix seconds), from what its statement found. */
export function livenessAt(c: Pick<VerifiedAccess, 'sid'>, found: Found, nowSec: number): Liveness {
  const expiredCartItems = c.sid === undefined ? undefined : found.earliestExpiry !== null && found.earliestExpiry <= nowSec;
  return { live: found.live, expiredCartItems };
}

type State = 'waiting' | 'sent' | 'live' | 'dead';

export class TokenCheck implements Rider, PendingCheck {
  #state: State = 'waiting';
  /** Resolves when a sent statement's answer came back or was lost. */
  #back?: Promise<void>;
  #wake?: () => void;

  constructor(private readonly tokens: TokenService, private readonly claims: VerifiedAccess, private readonly principal: Principal) {}

  /** Whether the statement is still to be sent (a read that could carry it has not run yet). */
  get waiting(): boolean {
    return this.#state === 'waiting';
  }

  take(): CompiledQuery | undefined {
    if (this.#state !== 'waiting') return undefined;
    this.#state = 'sent';
    this.#back = new Promise((resolve) => { this.#wake = resolve; });
    return this.tokens.preflightQuery(this.claims);
  }

  answered(rows: readonly Record<string, unknown>[]): void {
    const { live, expiredCartItems } = livenessAt(this.claims, foundIn(rows[0] ?? {}), this.tokens.nowSec());
    this.principal.expiredCartItems = expiredCartItems;
    this.#state = live ? 'live' : 'dead';
    this.#wake?.();
    if (!live) throw apiError('TOKEN_INVALID');
  }

  lost(): void {
    this.#state = 'waiting';
    this.#wake?.();
  }

  async settle(send?: Send): Promise<void> {
    for (;;) {
      if (this.#state === 'live') return;
      if (this.#state === 'dead') throw apiError('TOKEN_INVALID');
      if (this.#state === 'sent') {
        // With a statement of the request on another connection: its answer, or its loss, comes back.
        await this.#back;
        continue;
      }
      const statement = this.take()!;
      let rows: readonly Record<string, unknown>[];
      try {
        rows = send ? await send(statement) : (await this.tokens.runPreflight(statement)).rows;
      } catch (err) {
        this.lost();
        throw err;
      }
      this.answered(rows);
    }
  }

  /** Whether the token was found live (settle() tells otherwise: a dead token, or the database's error). */
  get live(): boolean {
    return this.#state === 'live';
  }
}
