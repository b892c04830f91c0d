// A TCP proxy in front of PostgreSQL that a test can take down and bring back: the database
// "goes away" for the app (connections cut, port closed) without touching the real server.
import { createServer, connect, type Server, type Socket } from 'node:net';

export interface Proxy {
  port: number;
  /** Local ports of the proxy's connections to the database (to find their backends). */
  upstreamPorts(): number[];
  /**
   * The next message from the app that holds one of `markers` (e.g. a COMMIT) goes to the database,
   * and its connection is cut at once on the app's side, before any answer: the database carries
   * on with what it was sent (its side is closed a moment later), the app sees a lost connection.
   * `down`: the proxy goes down right after (every other connection cut, the port closed).
   */
  cutAfter(markers: string[], opts?: { down?: boolean }): void;
  /** Cuts every connection and closes the port. */
  down(): Promise<void>;
  /** Listens again on the same port. */
  up(): Promise<void>;
  /** Whether the port is open (false once down, also after a cut with `down`). */
  listening(): boolean;
  /**
   * Stops carrying anything either way, connections left open (a paused server, a network path that
   * drops every packet): what is sent waits, nothing is answered, nothing says it is gone. Also for
   * connections made meanwhile.
   */
  freeze(): void;
  /** Carries on where freeze() stopped. */
  thaw(): void;
  close(): Promise<void>;
}

export async function startProxy(targetHost: string, targetPort: number): Promise<Proxy> {
  const pairs = new Set<[Socket, Socket]>();
  let server: Server | undefined;
  let port = 0;
  let cut: { markers: Buffer[]; down: boolean } | undefined;
  let frozen = false;
  const listen = () => new Promise<void>((resolve, reject) => {
    server = createServer((client) => {
      const upstream = connect(targetPort, targetHost);
      const pair: [Socket, Socket] = [client, upstream];
      pairs.add(pair);
      let lingering = false;
      const end = () => {
        client.destroy();
        pairs.delete(pair);
        if (!lingering) upstream.destroy();
      };
      client.on('error', end).on('close', end);
      upstream.on('error', end).on('close', end);
      client.on('data', (chunk: Buffer) => {
        upstream.write(chunk);
        if (cut?.markers.some((m) => chunk.includes(m))) {
          const then = cut;
          cut = undefined;
          lingering = true;
          client.destroy();
          setTimeout(() => upstream.destroy(), 500);
          if (then.down) void down();
        }
      });
      upstream.pipe(client);
      if (frozen) { client.pause(); upstream.pause(); }
    });
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => {
      port = (server!.address() as { port: number }).port;
      resolve();
    });
  });
  const down = async () => {
    for (const [a, b] of pairs) { a.destroy(); b.destroy(); }
    pairs.clear();
    await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
    server = undefined;
  };
  await listen();
  return {
    get port() { return port; },
    upstreamPorts: () => [...pairs].map(([, u]) => u.localPort!).filter(Boolean),
    cutAfter: (markers, opts = {}) => { cut = { markers: markers.map((m) => Buffer.from(m)), down: !!opts.down }; },
    down,
    up: listen,
    listening: () => server !== undefined,
    freeze: () => {
      frozen = true;
      for (const [a, b] of pairs) { a.pause(); b.pause(); }
    },
    thaw: () => {
      frozen = false;
      for (const [a, b] of pairs) { a.resume(); b.resume(); }
    },
    close: down,
  };
}
