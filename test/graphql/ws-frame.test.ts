// The one-write text frame of ws-frame.ts, read by a real `ws` client over a real socket: every
// length class of the RFC 6455 header (7-bit, 16-bit, 64-bit), multi-byte UTF-8 whose byte length
// crosses a class its character count does not, order kept when mixed with ws's own send(), and
// the fallback to ws.send() when permessage-deflate was negotiated.
import { afterEach, describe, expect, it } from 'vitest';
import { WebSocket, WebSocketServer } from 'ws';
import { sendText, textFrame } from '../../src/graphql/ws-frame.js';

let server: WebSocketServer | undefined;

afterEach(async () => {
  for (const c of server?.clients ?? []) c.terminate();
  await new Promise<void>((r) => (server ? server.close(() => r()) : r()));
  server = undefined;
});

/** A server whose first connection runs `talk`; resolves with the texts the client received. */
async function exchange(expected: number, talk: (socket: WebSocket) => void, deflate = false): Promise<{ texts: string[]; binary: boolean[] }> {
  server = new WebSocketServer({ port: 0, host: '127.0.0.1', perMessageDeflate: deflate ? { threshold: 0 } : false });
  await new Promise<void>((r) => server!.once('listening', () => r()));
  server.once('connection', (socket) => talk(socket));
  const port = (server.address() as { port: number }).port;
  const client = new WebSocket(`ws://127.0.0.1:${port}`, { perMessageDeflate: deflate });
  const texts: string[] = [];
  const binary: boolean[] = [];
  await new Promise<void>((resolve, reject) => {
    client.on('message', (data, isBinary) => {
      texts.push(String(data));
      binary.push(isBinary);
      if (texts.length === expected) resolve();
    });
    client.on('error', reject);
  });
  client.close();
  return { texts, binary };
}

describe('one-write text frames', () => {
  const messages = [
    '',
    'x'.repeat(125),
    'x'.repeat(126),
    // 100 characters, 200 bytes: the header's length is the byte length.
    'é'.repeat(100),
    'y'.repeat(65_535),
    'z'.repeat(65_536),
    JSON.stringify({ id: 'a1', type: 'next', payload: { data: { events: { id: 'e', name: 'customer.created ✓' } } } }),
  ];

  it('arrive as the exact text messages, in order, mixed with ws send()', async () => {
    const { texts, binary } = await exchange(messages.length + 1, (socket) => {
      sendText(socket, messages[0]);
      socket.send('from ws.send');
      for (const m of messages.slice(1)) sendText(socket, m);
    });
    expect(texts).toEqual([messages[0], 'from ws.send', ...messages.slice(1)]);
    expect(binary.every((b) => !b)).toBe(true);
  });

  it('fall back to ws.send() on a socket with permessage-deflate', async () => {
    let extensions = '';
    const { texts } = await exchange(messages.length, (socket) => {
      extensions = socket.extensions;
      for (const m of messages) sendText(socket, m);
    }, true);
    expect(extensions).toContain('permessage-deflate');
    expect(texts).toEqual(messages);
  });

  it('encode the header of each length class as RFC 6455 does', () => {
    expect([...textFrame('hi').subarray(0, 2)]).toEqual([0x81, 2]);
    expect([...textFrame('x'.repeat(126)).subarray(0, 4)]).toEqual([0x81, 126, 0, 126]);
    const big = textFrame('x'.repeat(65_536));
    expect([...big.subarray(0, 10)]).toEqual([0x81, 127, 0, 0, 0, 0, 0, 1, 0, 0]);
    expect(big.length).toBe(10 + 65_536);
  });
});
