// Fair turns between callers on one instance. The service has one event loop, and a request over
// SQLite runs from its hooks to its answer without giving the loop back, so a caller with a dozen
// expensive requests in flight (each tens of ms of rendering, all within its budget) puts a dozen
// turns ahead of every other caller's request that arrives meanwhile. While more than one caller has
// been active in the last second, each caller runs at most `share` requests at once; its further
// requests wait, once their bodies are in (a slow upload holds no place), in its own queue, and start
// one by one as its earlier ones have built their answers, each on the loop's next turn
// (setImmediate), after the requests of other callers that arrived in the meantime have been read. A caller alone (one integration, or the benchmark's
// load generator) is never held back: the cap only divides the loop between callers.
//
// The waiting costs one closure per request; requests wait only while their callers' connections
// are open (each connection carries one request at a time, so a queue is at most a caller's open
// connections), and a request whose client goes away leaves its queue.
import { Socket } from 'node:net';
import type { ServerResponse } from 'node:http';

type Leaving = ServerResponse & { [turn: symbol]: (() => void) | undefined };

interface Caller {
  running: number;
  waiting: Array<() => void>;
}

export class FairShare {
  private readonly callers = new Map<string, Caller>();
  /** Callers seen in the current and the previous period: active = seen within about `periodMs`. */
  private current = new Set<string>();
  private previous = new Set<string>();
  private periodStart = 0;

  constructor(private readonly share: number, private readonly periodMs = 1000) {}

  /**
   * Admits a request of `key` answered on `res`: undefined when it may run now, else a promise
   * that resolves when its turn comes. Its place is given back when `res` closes.
   */
  enter(key: string, res: ServerResponse): Promise<void> | undefined {
    // Only real connections: app.inject's requests are the process's own (tests, set-up).
    if (this.share <= 0 || !(res.socket instanceof Socket) || res.destroyed) return undefined;
    this.seen(key);
    let c = this.callers.get(key);
    if (!c) this.callers.set(key, (c = { running: 0, waiting: [] }));
    if (c.running < this.limit()) {
      this.start(key, c, res);
      return undefined;
    }
    const caller = c;
    return new Promise<void>((resolve) => {
      let closed = false;
      const turn = () => {
        res.off('close', gone);
        // Gone between being picked and starting: the next one goes instead.
        if (closed) return this.next(key, caller);
        this.start(key, caller, res);
        resolve();
      };
      // A client that hangs up while waiting gives its place back; its request never runs (the
      // unresolved promise and the hook awaiting it are collected with the request).
      const gone = () => {
        closed = true;
        const i = caller.waiting.indexOf(turn);
        if (i >= 0) caller.waiting.splice(i, 1);
        this.forget(key, caller);
      };
      res.once('close', gone);
      caller.waiting.push(turn);
    });
  }

  /**
   * The request on `res` is done with the loop: its answer is built (Fastify's onSend), and what
   * remains, writing it, is the kernel's. Its caller's next request may start. Without it, the
   * place is given back when `res` closes (an aborted request, an error path).
   */
  leave(res: ServerResponse): void {
    (res as Leaving)[this.#leaving]?.();
  }

  /**
   * Where a started request's `leave` is kept: on its response, under this instance's own symbol.
   * A WeakMap keyed by responses cost every request an entry that the young generation's
   * collections had to trace as an ephemeron (BENCHMARKS.md, round 23).
   */
  readonly #leaving = Symbol('fair turn');

  private start(key: string, c: Caller, res: ServerResponse): void {
    // Its client is gone already: 'close' will not come again to give the place back.
    if (res.destroyed) return;
    c.running++;
    const leave = () => {
      (res as Leaving)[this.#leaving] = undefined;
      res.off('close', leave);
      c.running--;
      this.next(key, c);
    };
    (res as Leaving)[this.#leaving] = leave;
    res.once('close', leave);
  }

  /** Starts the next waiting requests, each after the loop has read what else arrived. */
  private next(key: string, c: Caller): void {
    let free = this.limit() - c.running;
    while (free-- > 0 && c.waiting.length > 0) {
      const turn = c.waiting.shift()!;
      c.running++; // held for it until it starts, so a finishing request cannot start two
      setImmediate(() => {
        c.running--;
        turn();
      });
    }
    this.forget(key, c);
  }

  private forget(key: string, c: Caller): void {
    if (c.running === 0 && c.waiting.length === 0) this.callers.delete(key);
  }

  /** The cap now: `share` while others are active too, none for a caller alone. */
  private limit(): number {
    return this.shared() ? this.share : Infinity;
  }

  /**
   * Whether more than one caller was active in the last one to two periods (never with turns off):
   * two callers seen in consecutive periods, one in each, count as two.
   */
  shared(): boolean {
    this.rotate();
    const { current, previous } = this;
    if (current.size > 1 || previous.size > 1) return true;
    if (current.size === 0 || previous.size === 0) return false;
    for (const key of current) return !previous.has(key);
    return false;
  }

  private seen(key: string): void {
    this.rotate();
    this.current.add(key);
  }

  private rotate(): void {
    const now = Date.now();
    if (now - this.periodStart < this.periodMs) return;
    // Two periods idle: nobody is active any more.
    this.previous = now - this.periodStart < 2 * this.periodMs ? this.current : new Set();
    this.current = new Set();
    this.periodStart = now;
  }
}
