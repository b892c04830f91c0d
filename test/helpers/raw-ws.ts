// A bare graphql-transport-ws client over `ws`, for tests that must see every frame: the exact
// error payload of an operation, the close code and reason of a socket. (graphql-ws's own client
// hides both behind retries and callbacks.)
import WebSocket from 'ws';

export interface Outcome {
  type: 'next' | 'error' | 'complete';
  payload: any;
}

export class RawWs {
  readonly frames: any[] = [];
  closed?: { code: number; reason: string };
  private seq = 0;
  private waiters: Array<() => void> = [];

  private constructor(readonly socket: WebSocket) {
    socket.on('message', (data) => {
      const msg = JSON.parse(String(data));
      if (msg.type === 'ping') socket.send(JSON.stringify({ type: 'pong' }));
      this.frames.push(msg);
      this.wake();
    });
    socket.on('close', (code, reason) => {
      this.closed = { code, reason: String(reason) };
      this.wake();
    });
    socket.on('error', () => undefined);
  }

  private wake(): void {
    for (const w of this.waiters.splice(0)) w();
  }

  /** Waits until `cond` holds, a frame or close arriving re-checks it; fails after `ms`. */
  async until<T>(cond: () => T | undefined, ms = 10_000): Promise<T> {
    const end = Date.now() + ms;
    for (;;) {
      const v = cond();
      if (v !== undefined) return v;
      if (Date.now() > end) throw new Error(`timed out; frames ${JSON.stringify(this.frames).slice(0, 500)} closed ${JSON.stringify(this.closed)}`);
      await new Promise<void>((r) => {
        this.waiters.push(r);
        setTimeout(r, 50);
      });
    }
  }

  /** Connects and initialises with `token`; resolves once acknowledged or closed. */
  static async open(url: string, token?: string): Promise<RawWs> {
    const socket = new WebSocket(url, 'graphql-transport-ws');
    const c = new RawWs(socket);
    await new Promise<void>((resolve, reject) => {
      socket.once('open', () => resolve());
      socket.once('error', reject);
    });
    socket.send(JSON.stringify({ type: 'connection_init', payload: token ? { authorization: `Bearer ${token}` } : {} }));
    await c.until(() => (c.closed || c.frames.some((f) => f.type === 'connection_ack') ? true : undefined));
    return c;
  }

  get acknowledged(): boolean {
    return this.frames.some((f) => f.type === 'connection_ack');
  }

  /** Sends an operation; returns its id. */
  subscribe(payload: { query: string; variables?: Record<string, unknown>; operationName?: string; extensions?: Record<string, unknown> }): string {
    const id = String(++this.seq);
    this.socket.send(JSON.stringify({ id, type: 'subscribe', payload }));
    return id;
  }

  complete(id: string): void {
    this.socket.send(JSON.stringify({ id, type: 'complete' }));
  }

  /** The first `next` or `error` of an operation. */
  first(id: string): Promise<Outcome> {
    return this.until(() => this.frames.find((f) => f.id === id && (f.type === 'next' || f.type === 'error')));
  }

  /** Runs a query or mutation to its first answer. */
  async run(query: string, variables?: Record<string, unknown>, extensions?: Record<string, unknown>): Promise<Outcome> {
    return this.first(this.subscribe({ query, variables, extensions }));
  }

  close(): void {
    if (this.socket.readyState === WebSocket.OPEN || this.socket.readyState === WebSocket.CONNECTING) this.socket.close();
  }
}
