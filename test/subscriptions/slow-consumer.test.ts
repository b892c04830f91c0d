// A consumer that stops reading is closed with 4429 once its socket holds more than
// WS_MAX_BUFFERED_BYTES unsent (never more than that plus one message), while a normal subscriber
// on the same server receives every event; what the slow one did receive is in order and gap-free,
// and it resumes with `after: <last cursor>` to get the rest exactly once.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { makeApp, type TestApp } from '../helpers/app.js';
import { call, json, link, tokenChain, type Chain } from '../helpers/rest.js';
import { encodeEventCursor } from '../../src/events/stream.js';
import { listenForWs, untilWithin, wsClients } from './ws-world.js';

const LIMIT = 256 * 1024;
/** Subscriptions on the slow socket, each a fat selection: loopback's kernel buffers take ~4 MB first. */
const SLOW_OPERATIONS = 16;
const FAT = `subscription($after: String) { events(after: $after, resources: [CUSTOMER]) { name cursor
  ${Array.from({ length: 25 }, (_, i) => `r${i}: resource { ... on Customer { href email firstName lastName } }`).join('\n  ')} } }`;
const THIN = 'subscription($after: String) { events(after: $after, resources: [CUSTOMER]) { cursor resource { ... on Customer { email } } } }';
const START = encodeEventCursor(0);
const WRITE_CAP = 2000;

interface Frame { id?: string; type: string; payload?: any }

const until = untilWithin(20_000, 10);

describe('a consumer that stops reading', () => {
  let t: TestApp;
  let url: string;
  let chain: Chain;
  const { connect, disposeAll } = wsClients(() => url);
  const raw: WebSocket[] = [];
  beforeAll(async () => {
    t = await makeApp({ config: { wsMaxBufferedBytes: LIMIT } });
    url = await listenForWs(t);
    chain = await tokenChain(t.app);
  });
  afterAll(async () => {
    // A paused peer never answers the close handshake: without this the server waits 30 s for it.
    for (const ws of raw) ws.terminate();
    await disposeAll();
    await t?.close();
  });

  it('is closed with 4429 and a bounded buffer while others receive every event', async () => {
    // The normal subscriber: every customer event of the store, from the start of the log.
    const steady: Array<{ cursor: string; resource: { email: string } }> = [];
    const normal = connect(chain.storeToken);
    normal.subscribe({ query: THIN, variables: { after: START } }, { next: (r) => steady.push((r.data as any).events), error: () => undefined, complete: () => undefined });

    // The slow one: a raw graphql-transport-ws client that subscribes and then stops reading.
    const slow = new WebSocket(url, 'graphql-transport-ws');
    raw.push(slow);
    const frames: Frame[] = [];
    const closed = new Promise<{ code: number; reason: string }>((resolve) => slow.on('close', (code, reason) => resolve({ code, reason: String(reason) })));
    slow.on('message', (data) => frames.push(JSON.parse(String(data))));
    await new Promise((r) => slow.once('open', r));
    slow.send(JSON.stringify({ type: 'connection_init', payload: { authorization: `Bearer ${chain.storeToken}` } }));
    await until(() => frames.some((f) => f.type === 'connection_ack'));
    for (let i = 0; i < SLOW_OPERATIONS; i++) slow.send(JSON.stringify({ id: `s${i}`, type: 'subscribe', payload: { query: FAT, variables: { after: START } } }));
    (slow as any)._socket.pause();

    // The server's end of the slow socket, watched after every write to its TCP stream (messages
    // are written there as whole frames, ws-frame.ts).
    const local = (slow as any)._socket.localPort;
    const server = [...t.app.websocketServer.clients].find((s: any) => s._socket.remotePort === local)!;
    let peak = 0;
    let largest = 0;
    const stream = (server as any)._socket;
    const streamWrite = stream.write.bind(stream);
    stream.write = (chunk: any, ...rest: any[]) => {
      largest = Math.max(largest, Buffer.byteLength(chunk));
      const ok = streamWrite(chunk, ...rest);
      peak = Math.max(peak, server.bufferedAmount);
      return ok;
    };

    const store = json(await call(t.app, chain.storeHref, { token: chain.storeToken }));
    const customers = link(store, 'svc:customers');
    const written: string[] = [];
    const write = async () => {
      const email = `slow${written.length}@example.com`;
      const res = await call(t.app, customers, { method: 'POST', token: chain.storeToken, body: { email, first_name: 'F'.repeat(50), last_name: 'L'.repeat(50) } });
      expect(res.statusCode).toBe(201);
      written.push(email);
    };
    while (server.readyState === WebSocket.OPEN && written.length < WRITE_CAP) await write();
    expect(server.readyState).not.toBe(WebSocket.OPEN);
    // Events after the close still reach the normal subscriber.
    for (let i = 0; i < 5; i++) await write();
    await until(() => steady.length >= written.length);
    expect(steady.map((e) => e.resource.email)).toEqual(written);

    // Bounded: at most the limit plus the one message queued on top of it (and the close frame).
    expect(peak).toBeGreaterThan(LIMIT);
    expect(peak).toBeLessThanOrEqual(LIMIT + largest + 128);

    (slow as any)._socket.resume();
    expect(await closed).toEqual({ code: 4429, reason: 'Consumer too slow; reconnect with after: <last cursor>' });
    // What it got before the close is each operation's events in order, without gaps or repeats.
    const got = frames.filter((f) => f.type === 'next' && f.id === 's0').map((f) => f.payload.data.events);
    expect(got.length).toBeLessThan(written.length);
    expect(got.map((e) => e.r0.email)).toEqual(written.slice(0, got.length));

    // Resuming from its last cursor delivers the rest, once each.
    const rest: string[] = [];
    const again = connect(chain.storeToken);
    again.subscribe({ query: THIN, variables: { after: got.at(-1)?.cursor ?? START } }, {
      next: (r) => rest.push((r.data as any).events.resource.email), error: () => undefined, complete: () => undefined,
    });
    await until(() => got.length + rest.length >= written.length);
    expect([...got.map((e) => e.r0.email), ...rest]).toEqual(written);
  });
});
