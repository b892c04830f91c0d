// A TCP proxy in front of PostgreSQL that a test can take down and bring back: the database
// "goes away" for the app (connections cut, port closed) without touching the real server.
import { createServer, connect, type Server, type Socket } from 'node:net';

export interface Proxy {
  port: number;
  /** Local ports of the proxy's connections to the database (to find their backends). */
  upstreamPorts(): number[];
  /** Cuts every connection and closes the port. */
  down(): Promise<void>;
  /** Listens again on the same port. */
  up(): Promise<void>;
  close(): Promise<void>;
}

export async function startProxy(targetHost: string, targetPort: number): Promise<Proxy> {
  const pairs = new Set<[Socket, Socket]>();
  let server: Server | undefined;
  let port = 0;
  const listen = () => new Promise<void>((resolve, reject) => {
    server = createServer((client) => {
      const upstream = connect(targetPort, targetHost);
      const pair: [Socket, Socket] = [client, upstream];
      pairs.add(pair);
      const end = () => { client.destroy(); upstream.destroy(); pairs.delete(pair); };
      client.on('error', end).on('close', end);
      upstream.on('error', end).on('close', end);
      client.pipe(upstream);
      upstream.pipe(client);
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
    down,
    up: listen,
    close: down,
  };
}
