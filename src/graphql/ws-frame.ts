// One server-to-client text frame written to the socket's TCP stream in one write. ws's own send()
// frames a message as two buffers (header, payload) under cork/uncork, which Node turns into a
// writev through the stream's buffering machinery; with one event fanned out to thousands of
// sockets that JavaScript around the system call cost more than the call itself (bench scenario 6).
// Only for sockets without a negotiated extension: with permessage-deflate, ws may be compressing
// an earlier message asynchronously and a frame written past it would overtake it.
import type { Duplex } from 'node:stream';
import type { WebSocket } from '@fastify/websocket';

/** ws keeps the TCP stream on `_socket`; absent (or unusable) means: let ws.send do it. */
interface WithStream { _socket?: Duplex }

/** A frame of `length` payload bytes with its header written; the payload goes at `frame.length - length`. */
function frameFor(length: number): Buffer {
  const head = length < 126 ? 2 : length < 65_536 ? 4 : 10;
  const frame = Buffer.allocUnsafe(head + length);
  frame[0] = 0x81;
  if (head === 2) {
    frame[1] = length;
  } else if (head === 4) {
    frame[1] = 126;
    frame.writeUInt16BE(length, 2);
  } else {
    frame[1] = 127;
    frame.writeBigUInt64BE(BigInt(length), 2);
  }
  return frame;
}

/** A FIN text frame (opcode 1), unmasked as server frames are (RFC 6455 §5.2). */
export function textFrame(data: string): Buffer {
  const length = Buffer.byteLength(data);
  const frame = frameFor(length);
  frame.write(data, frame.length - length, 'utf8');
  return frame;
}

const CLOSE_BRACE = 0x7d;

/**
 * The text frame of `prefix`, `payload` and a closing brace, from bytes made once: a fanned-out
 * `next` message is its operation's `{"id":…,"payload":` and the payload every subscriber shares.
 */
export function joinedFrame(prefix: Buffer, payload: Buffer): Buffer {
  const length = prefix.length + payload.length + 1;
  const frame = frameFor(length);
  const at = frame.length - length;
  prefix.copy(frame, at);
  payload.copy(frame, at + prefix.length);
  frame[frame.length - 1] = CLOSE_BRACE;
  return frame;
}

/** Write errors surface on the stream, where ws listens: the callback only keeps them from throwing. */
const ignore = () => undefined;

/** The socket's TCP stream when a frame may be written to it directly (no extension negotiated). */
function directStream(socket: WebSocket): Duplex | undefined {
  const stream = (socket as unknown as WithStream)._socket;
  return socket.extensions || !stream || !stream.writable ? undefined : stream;
}

/** Queues `data` as one text message; ws.send when the frame cannot go straight to the stream. */
export function sendText(socket: WebSocket, data: string): void {
  const stream = directStream(socket);
  // A write error also closes the WebSocket (ws listens on the stream), which ends its operations.
  if (stream) stream.write(textFrame(data), ignore);
  else socket.send(data, ignore);
}

/** Queues a prepared frame (`text()` is the same message, for ws.send when it cannot go directly). */
export function sendFrame(socket: WebSocket, frame: () => Buffer, text: () => string): void {
  const stream = directStream(socket);
  if (stream) stream.write(frame(), ignore);
  else socket.send(text(), ignore);
}
