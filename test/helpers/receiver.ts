// A real HTTP receiver on loopback for outbound calls (hooks, tax endpoints, webhooks): records what
// it got and answers as the test says: an answer (possibly late), never ('hang'), or by dropping the
// connection ('reset').
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Received {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: string;
}

export type Responder = (r: Received) => { status?: number; body?: unknown; delayMs?: number; headers?: Record<string, string> } | 'hang' | 'reset';

export interface Receiver {
  url: string;
  received: Received[];
  respond: Responder;
  /** Called when the caller gives up on a request that had no answer yet (closes the connection). */
  onAbandon?: (r: Received) => void;
  close(): Promise<void>;
}

export async function startReceiver(respond: Responder = () => ({ status: 200, body: { ok: true } })): Promise<Receiver> {
  const received: Received[] = [];
  const state: { respond: Responder; onAbandon?: (r: Received) => void } = { respond };
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const r = { method: req.method ?? '', url: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks).toString('utf8') };
      received.push(r);
      const answer = state.respond(r);
      res.on('close', () => { if (!res.writableEnded) state.onAbandon?.(r); });
      if (answer === 'reset') return void req.socket.destroy();
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
    get onAbandon() { return state.onAbandon; },
    set onAbandon(fn) { state.onAbandon = fn; },
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
