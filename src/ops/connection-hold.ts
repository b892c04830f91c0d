// Connections that keep hammering after a 429 are not read from until their Retry-After is over.
// A refused request is cheap, but answering one is not free (a parse, the hooks, a write system
// call: ~100 µs of CPU), and a closed-loop client over budget sends the next one as soon as it
// reads the answer, so a few connections of one tenant kept a service's single event loop busy
// with 429s and every other tenant's requests queued behind them (the noisy-neighbour bench).
// Instead, once a connection has been refused `after` times in a row for one caller, its answer is
// written and then the socket is paused (libuv stops reading it): what the client sends next waits
// in the kernel's buffers, costing no CPU, and is read, parsed and answered when the pause ends,
// normally by then within a fresh budget. Nothing the client receives changes except when.
//
// Bounds: a pause lasts the Retry-After the client was given, at most `maxMs` (HTTP_IDLE_TIMEOUT_MS;
// a longer wait resumes, reads the waiting request, refuses it and pauses again); at most `max`
// connections are paused per instance and `perAddress` per peer address, beyond which refusals
// are answered at once as before. A paused socket holds no memory besides the socket and one timer,
// and no file descriptor the client did not already hold open; a peer that disconnects while
// paused is noticed when reading resumes, so those caps also bound descriptors of gone peers.
//
// A connection that has carried requests of more than one caller (a proxy, or a client pooling
// connections for several tenants) is never paused: the next request on it may be another
// tenant's. See config.ts (`rateLimitPauseAfter`) for the default behind a trusted proxy.
import { Socket } from 'node:net';
import type { ServerResponse } from 'node:http';

export interface HoldOptions {
  /** Refusals in a row on one connection, for one caller, that pause it; 0 never pauses. */
  after: number;
  /** Longest pause, in ms. */
  maxMs: number;
  /** Paused connections per instance. */
  max: number;
  /** Paused connections per peer address. */
  perAddress: number;
  /** The server's keep-alive timeout, restored when a pause ends. */
  keepAliveMs: number;
}

interface Conn {
  /** The first caller seen on the connection. */
  key: string;
  /** Another caller has been seen on it: never paused. */
  mixed: boolean;
  /** Refusals in a row. */
  refusals: number;
}

/** Node's own margin over keepAliveTimeout for an idle keep-alive socket (http's HTTP_SERVER_KEEP_ALIVE_TIMEOUT_BUFFER). */
const KEEP_ALIVE_MARGIN_MS = 1000;

export class ConnectionHold {
  private readonly conns = new WeakMap<Socket, Conn>();
  private readonly perAddress = new Map<string, number>();
  private paused = 0;

  constructor(private readonly o: HoldOptions) {}

  /** Connections paused now (for tests and metrics). */
  get pausedCount(): number {
    return this.paused;
  }

  /**
   * Records a budget decision for a request on `res`'s connection; after enough refusals in a row,
   * pauses the connection for `retryAfterSeconds` once this answer has been written.
   */
  note(res: ServerResponse, key: string, allowed: boolean, retryAfterSeconds: number): void {
    const socket = res.socket;
    // Only real connections: app.inject's stand-in sockets have nothing to pause.
    if (!(socket instanceof Socket) || this.o.after <= 0) return;
    let c = this.conns.get(socket);
    if (!c) this.conns.set(socket, (c = { key, mixed: false, refusals: 0 }));
    else if (c.key !== key) c.mixed = true;
    if (allowed) {
      c.refusals = 0;
      return;
    }
    if (c.mixed || ++c.refusals < this.o.after) return;
    const address = socket.remoteAddress ?? '';
    const onAddress = this.perAddress.get(address) ?? 0;
    if (this.paused >= this.o.max || onAddress >= this.o.perAddress) return;
    // The slot is taken now, so concurrent refusals cannot overshoot the caps.
    this.paused++;
    this.perAddress.set(address, onAddress + 1);
    // 'close' of the response comes after http's own keep-alive bookkeeping (resOnFinish), so the
    // socket timeout set here is the one that holds during the pause.
    res.once('close', () => {
      if (res.writableFinished && !socket.destroyed) this.pause(socket, address, Math.min(retryAfterSeconds * 1000, this.o.maxMs));
      else this.release(address);
    });
  }

  private pause(socket: Socket, address: string, ms: number): void {
    // http resumes a socket on its own (draining an unread request body, for one), so any resume
    // during the pause is undone at once, before libuv reads.
    const keepPaused = () => { socket.pause(); };
    const end = () => {
      clearTimeout(timer);
      socket.off('resume', keepPaused);
      socket.off('close', end);
      this.release(address);
      if (socket.destroyed) return;
      socket.setTimeout(this.o.keepAliveMs + KEEP_ALIVE_MARGIN_MS);
      socket.resume();
    };
    const timer = setTimeout(end, ms);
    timer.unref();
    socket.pause();
    socket.on('resume', keepPaused);
    socket.once('close', end);
    // The keep-alive timeout would otherwise close the socket with the client's request unanswered.
    socket.setTimeout(ms + this.o.keepAliveMs + KEEP_ALIVE_MARGIN_MS);
  }

  private release(address: string): void {
    this.paused--;
    const n = (this.perAddress.get(address) ?? 1) - 1;
    if (n > 0) this.perAddress.set(address, n);
    else this.perAddress.delete(address);
  }
}
