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

/** A FIN text frame (opcode 1), unmasked as server frames are (RFC 6455 §5.2). */
export function textFrame(data: string): Buffer {
  const length = Buffer.byteLength(data);
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
  frame.write(data, head, 'utf8');
  return frame;
}

/** Queues `data` as one text message; ws.send when the frame cannot go straight to the stream. */
export function sendText(socket: WebSocket, data: string): void {
  const stream = (socket as unknown as WithStream)._socket;
  if (socket.extensions || !stream || !stream.writable) {
    socket.send(data, () => undefined);
    return;
  }
  // A write error also closes the WebSocket (ws listens on the stream), which ends its operations.
  stream.write(textFrame(data), () => undefined);
}
