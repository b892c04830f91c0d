// A real HTTP receiver on loopback for outbound calls (hooks, tax endpoints, webhooks): records what
// it got and answers as the test says.
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Received {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: string;
}

export type Responder = (r: Received) => { status?: number; body?: unknown; delayMs?: number; headers?: Record<string, string> } | 'hang';

export interface Receiver {
  url: string;
  received: Received[];
  respond: Responder;
  close(): Promise<void>;
}

export async function startReceiver(respond: Responder = () => ({ status: 200, body: { ok: true } })): Promise<Receiver> {
  const received: Received[] = [];
  const state = { respond };
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const r = { method: req.method ?? '', url: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks).toString('utf8') };
      received.push(r);
      const answer = state.respond(r);
      if (answer === 'hang') return;
      const send = () => {
        res.writeHead(answer.status ?? 200, { 'content-type': 'application/json', ...answer.headers });
        res.end(answer.body === undefined ? '' : typeof answer.body === 'string' ? answer.body : JSON.stringify(answer.body));
      };
      if (answer.delayMs) setTimeout(send, answer.delayMs);
      else send();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    received,
    get respond() { return state.respond; },
    set respond(fn: Responder) { state.respond = fn; },
    close: () => new Promise<void>((resolve) => { server.closeAllConnections(); server.close(() => resolve()); }),
  };
}

/** A URL on loopback where nothing listens. */
export async function refusedUrl(): Promise<string> {
  const r = await startReceiver();
  const url = r.url;
  await r.close();
  return url;
}
