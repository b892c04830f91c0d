// graphql-ws on @fastify/websocket: graphql-ws's own adapter (graphql-ws/use/@fastify/websocket),
// rewritten for one difference. graphql-ws awaits each `send` before it pulls a subscription's next
// result, and the stock adapter resolves a send only once the peer's TCP window took the frame, so
// a consumer that stops reading stalled its subscription with one message queued: the unsent
// backlog never showed in bufferedAmount and a too-slow consumer could not be told from a slow
// one. Here a send resolves as soon as the frame is queued, and the queue is bounded instead: a
// send that finds more than `maxBufferedBytes` unsent calls `tooSlow` (ws.ts closes with 4429)
// and is dropped, so a socket never holds more than the limit plus one message.
import type { FastifyBaseLogger, FastifyInstance, FastifyRequest } from 'fastify';
import type { WebSocket } from '@fastify/websocket';
import { CloseCode, handleProtocols, makeServer, type ServerOptions } from 'graphql-ws';
import { sendFrame, sendText } from './ws-frame.js';

export interface WsExtra {
  readonly socket: WebSocket;
  readonly request: FastifyRequest;
}

/** Ping interval, and how long a pong may take before the peer counts as gone (as graphql-ws's). */
const KEEP_ALIVE_MS = 12_000;

/** Close reasons are at most 123 bytes. */
const reasonOf = (err: unknown) => {
  const m = err instanceof Error ? err.message : String(err);
  return Buffer.byteLength(m) < 124 ? m : 'Internal server error';
};

export interface SendLimits {
  maxBufferedBytes: number;
  /** A send found the socket's backlog over the limit; the frame was not queued. */
  tooSlow: (extra: WsExtra) => void;
}

export interface TransportOptions extends SendLimits {
  log: FastifyBaseLogger;
}

/**
 * Whether a message may be queued on the socket now: open, and its backlog within the limit (else
 * `tooSlow`). Every message goes through it, graphql-ws's and the fan-out's (ws-fanout.ts), and is
 * queued in the same synchronous step, so concurrent operations cannot overshoot.
 */
export function mayQueue(extra: WsExtra, t: SendLimits): boolean {
  const { socket } = extra;
  if (socket.readyState !== socket.OPEN) return false;
  if (socket.bufferedAmount <= t.maxBufferedBytes) return true;
  t.tooSlow(extra);
  return false;
}

/** A prepared message (ws-fanout.ts) under the same rules as every other. */
export function queueFrame(extra: WsExtra, t: SendLimits, frame: () => Buffer, text: () => string): void {
  if (mayQueue(extra, t)) sendFrame(extra.socket, frame, text);
}

export function makeWsHandler(options: ServerOptions<Record<string, unknown> | undefined, WsExtra>, t: TransportOptions) {
  const { log } = t;
  const server = makeServer(options);
  // The error's own message is a close reason only where a developer reads it (as Apollo's
  // hideSchemaDetailsFromClientErrors): a deployment that does not set NODE_ENV tells nobody its internals.
  const tellReason = process.env.NODE_ENV === 'development';
  const internalError = (socket: WebSocket, err: unknown) => {
    log.error({ err }, 'graphql-ws internal error');
    socket.close(CloseCode.InternalServerError, tellReason ? reasonOf(err) : 'Internal server error');
  };
  return function handler(this: FastifyInstance, socket: WebSocket, request: FastifyRequest): void {
    this.websocketServer.options.handleProtocols = handleProtocols;
    socket.once('error', (err) => internalError(socket, err));
    let pongWait: NodeJS.Timeout | null = null;
    const ping = setInterval(() => {
      // A socket held unread (holdSocket) cannot read the pong: it is asked again after the hold.
      if (socket.readyState !== socket.OPEN || socket.isPaused) return;
      pongWait = setTimeout(function gone() {
        pongWait = socket.isPaused ? setTimeout(gone, KEEP_ALIVE_MS) : null;
        if (!pongWait) socket.terminate();
      }, KEEP_ALIVE_MS);
      socket.once('pong', () => {
        if (pongWait) clearTimeout(pongWait);
        pongWait = null;
      });
      socket.ping();
    }, KEEP_ALIVE_MS);
    const extra: WsExtra = { socket, request };
    const closed = server.opened({
      protocol: socket.protocol,
      send: (data) => {
        // Queued, not flushed (ws-frame.ts: one write per message).
        if (mayQueue(extra, t)) sendText(socket, data);
      },
      close: (code, reason) => socket.close(code, reason),
      onMessage: (cb) => socket.on('message', async (data) => {
        try {
          await cb(String(data));
        } catch (err) {
          internalError(socket, err);
        }
      }),
    }, extra);
    socket.once('close', (code, reason) => {
      if (pongWait) clearTimeout(pongWait);
      clearInterval(ping);
      void closed(code, String(reason));
    });
  };
}

/**
 * Stops reading the socket for `ms` (a caller that keeps sending operations after being refused
 * for a spent budget): what it sends meanwhile waits in the kernel's buffers, costing no CPU, and
 * is read afterwards. Already paused: left as it is. The keep-alive above waits for the pong.
 */
export function holdSocket(socket: WebSocket, ms: number): void {
  if (socket.isPaused || socket.readyState !== socket.OPEN) return;
  socket.pause();
  setTimeout(() => { if (socket.readyState === socket.OPEN) socket.resume(); }, ms).unref();
}

/**
 * At shutdown, a held socket is dropped rather than closed: a close waits for the peer's close
 * frame, which a socket that is not read never sees, so the app's close waited out ws's 30 s
 * close timeout for every held caller (and a SIGTERM's grace period with it).
 */
export function dropHeldSocketsOnClose(app: FastifyInstance): void {
  app.addHook('preClose', async () => {
    for (const client of app.websocketServer?.clients ?? []) if (client.isPaused) client.terminate();
  });
}
