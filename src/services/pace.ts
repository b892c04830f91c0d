// Cooperative slices of the event loop for one request (issue 20, noisy neighbour). Node runs one
// request's synchronous work to its end before it reads anyone else's: a request that loads and
// writes out a megabyte answer holds every other caller for as long as that takes. A request that
// may be large asks its pacer at natural break points (after a zoom level is loaded, between the
// members it writes out) and, once it has run `sliceMs` since it last gave way, lets the loop take
// the other callers' work (setImmediate) before going on. Small requests never reach the limit and
// pay one clock read per break point. A caller alone on the instance is never paced: its own
// requests gain nothing from interleaving, and interleaved answers keep more garbage alive at once
// (scenario 2 of the bench lost a third of its throughput to it). An answer whose client hangs up
// stops at its next break point (ClientGone).
import { setImmediate as nextTurn } from 'node:timers/promises';

/**
 * Thrown at a break point when the request's client has gone: its answer would be built for nobody,
 * and the fair share has already given its place to the caller's next request (ops/fair-share.ts),
 * so a caller that hangs up and asks again would otherwise have any number of answers in the making.
 */
export class ClientGone extends Error {
  constructor() {
    super('The client closed the connection before its answer was written.');
    this.name = 'ClientGone';
  }
}

const stays = () => false;

export class Pacer {
  #sliceStart = performance.now();

  /**
   * `shared`: whether other callers are active now (the fair share's view; ops/fair-share.ts).
   * `gone`: whether the request's client has closed its connection.
   */
  constructor(readonly sliceMs: number, private readonly shared: () => boolean, private readonly gone: () => boolean = stays) {}

  /** Whether large answers are to be written in slices now. */
  get active(): boolean {
    return this.shared();
  }

  /** Undefined while this slice has time left or nobody else waits; otherwise a promise of the loop's next turn. */
  pace(): Promise<void> | undefined {
    const now = performance.now();
    if (now - this.#sliceStart < this.sliceMs) return undefined;
    if (!this.shared()) {
      this.#sliceStart = now;
      return undefined;
    }
    return nextTurn().then(() => {
      if (this.gone()) throw new ClientGone();
      this.#sliceStart = performance.now();
    });
  }
}
