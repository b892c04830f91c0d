// What the token check's statement found, kept while nothing it reads can have changed. On SQLite a
// number tells whether such a change has committed since (Database.changes: migration 021's
// token_epoch, moved by triggers in the writing transaction of whichever connection or process
// writes a row the check reads, or in memory the one connection's count of changed rows), so an
// answer kept under that number is exactly what the statement would answer again. A revocation or
// a deletion moves it, and the next request runs the statement; a checkout or a create does not,
// and keeps the answer. The only part that moves without a commit is time, so the store's earliest
// cart-item expiry is kept, not whether it has passed. Every request of a read load paid the
// statement's six look-ups (BENCHMARKS.md, round 22), and under writes every request did until
// round 23 (the number was every commit's); PostgreSQL keeps no such number and asks every time,
// riding with the request's first statement.

/** The statement's answer for one token: whether it is live, and the store's earliest cart-item expiry (Unix seconds). */
export interface Found {
  live: boolean;
  earliestExpiry: number | null;
}

interface Entry extends Found {
  /** The claims the answer is for (the key is the token's id; these must match too). */
  claims: string;
}

const MAX_ENTRIES = 10_000;

export class LivenessCache {
  #changes = -1;
  readonly #entries = new Map<string, Entry>();

  /** The answer kept for a token whose claims are `claims`, if the database is still at `changes`. */
  get(changes: number, jti: string, claims: string): Found | undefined {
    if (changes !== this.#changes) {
      this.#moveTo(changes);
      return undefined;
    }
    const hit = this.#entries.get(jti);
    return hit && hit.claims === claims ? hit : undefined;
  }

  /**
   * Keeps an answer found by a statement that ran after the database was at `changes`. An answer
   * found while a commit landed is kept under the older number, which the database has already left
   * behind: it is never handed out. The numbers only grow, so one below the current is dropped.
   */
  set(changes: number, jti: string, claims: string, found: Found): void {
    if (changes < this.#changes) return;
    if (changes > this.#changes) this.#moveTo(changes);
    if (this.#entries.size >= MAX_ENTRIES) this.#entries.clear();
    this.#entries.set(jti, { ...found, claims });
  }

  /** How many answers are kept (tests). */
  get size(): number {
    return this.#entries.size;
  }

  #moveTo(changes: number): void {
    if (changes < this.#changes) return;
    this.#changes = changes;
    this.#entries.clear();
  }
}
