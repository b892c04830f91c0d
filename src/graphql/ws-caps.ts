// What one caller may hold open on graphql-ws, per instance: distinct live subscriptions per store
// (sockets per token are counted across instances by ws-sockets.ts, closing with the code below).
// Identical subscriptions (same share key: document, variables and principal, shared-subscribe.ts)
// execute once per event however many there are, so the store cap counts distinct keys: it bounds
// the work each event of the store costs. Operations per socket are counted by ws.ts.

export const CLOSE_TOO_MANY_SOCKETS = { code: 4430, reason: 'Too many open sockets for this token; close one first' } as const;

export class WsCaps {
  /** store → share key → live subscriptions with that key. */
  readonly #live = new Map<number, Map<string, number>>();

  constructor(private readonly maxDistinctPerStore: number) {}

  /** Whether addLive would admit a subscription with this key now (changes nothing). */
  admits(store: number, shareKey: string): boolean {
    const keys = this.#live.get(store);
    return !keys || keys.has(shareKey) || this.maxDistinctPerStore <= 0 || keys.size < this.maxDistinctPerStore;
  }

  /** Admits a live subscription; false when it would be one distinct subscription too many for the store. */
  addLive(store: number, shareKey: string): boolean {
    if (!this.admits(store, shareKey)) return false;
    let keys = this.#live.get(store);
    if (!keys) this.#live.set(store, keys = new Map());
    keys.set(shareKey, (keys.get(shareKey) ?? 0) + 1);
    return true;
  }

  removeLive(store: number, shareKey: string): void {
    const keys = this.#live.get(store);
    if (!keys) return;
    const n = (keys.get(shareKey) ?? 1) - 1;
    if (n > 0) keys.set(shareKey, n);
    else keys.delete(shareKey);
    if (keys.size === 0) this.#live.delete(store);
  }

  /** Distinct live subscriptions of a store (tests, metrics). */
  distinct(store: number): number {
    return this.#live.get(store)?.size ?? 0;
  }
}
