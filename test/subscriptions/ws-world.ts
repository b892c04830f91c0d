// What the subscription suites share for talking graphql-ws to a real port: a polling `until`, a
// test app listening on loopback with its ws:// URL, and graphql-ws clients authenticated with a
// bearer token that are remembered so afterAll can dispose them. Each suite used to carry its own
// copy of these; they live here so the suites differ only in what they test.
import { createClient, type Client, type ClientOptions } from 'graphql-ws';
import WebSocket from 'ws';
import { afterAll, beforeAll } from 'vitest';
import type { TestApp } from '../helpers/app.js';
import type { Config } from '../../src/config.js';
import { tokenChain, type Chain } from '../helpers/rest.js';
import type { Proxy } from '../reliability/support/tcp-proxy.js';
import { proxiedApp } from '../reliability/support/proxied-app.js';

/** Waits until `cond()` holds or `ms` have passed (without failing: the assertions after it do). */
export async function until(cond: () => boolean, ms = 10_000, every = 20): Promise<void> {
  const end = Date.now() + ms;
  while (!cond() && Date.now() < end) await new Promise((r) => setTimeout(r, every));
}

/** An `until` with another default wait (and polling interval), for a suite whose waits are longer or shorter. */
export function untilWithin(defaultMs: number, every = 20): (cond: () => boolean, ms?: number) => Promise<void> {
  return (cond, ms = defaultMs) => until(cond, ms, every);
}

/** Starts `t` on a free loopback port and returns its graphql-ws URL. */
export async function listenForWs(t: TestApp): Promise<string> {
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  return `ws://127.0.0.1:${(t.app.server.address() as { port: number }).port}/graphql`;
}

export interface WsClients {
  /** A lazy graphql-ws client that sends `token` as its bearer and never retries; `extra` overrides any option. */
  connect(token: string, extra?: Partial<ClientOptions>): Client;
  /** Disposes every client `connect` made, in order. */
  disposeAll(): Promise<void>;
}

/** Clients of the server at `url` (or at what `url()` returns when a client is made, for a URL known only after beforeAll). */
export function wsClients(url: string | (() => string)): WsClients {
  const clients: Client[] = [];
  return {
    connect(token, extra = {}) {
      const c = createClient({
        url: typeof url === 'string' ? url : url(), webSocketImpl: WebSocket,
        connectionParams: { authorization: `Bearer ${token}` }, retryAttempts: 0, lazy: true, ...extra,
      });
      clients.push(c);
      return c;
    },
    async disposeAll() {
      for (const c of clients) await c.dispose();
    },
  };
}

export interface ProxiedWsWorld extends Pick<WsClients, 'connect'> {
  readonly t: TestApp;
  readonly proxy: Proxy;
  readonly chain: Chain;
}

/**
 * For a describe block: an app on PostgreSQL behind a TCP proxy (reliability/support/proxied-app.ts)
 * listening for graphql-ws, its token chain and clients, set up before the block's tests and
 * disposed of after them. Read the fields inside tests (they are set in beforeAll).
 */
export function proxiedWsWorld(config: Partial<Config>): ProxiedWsWorld {
  let t: TestApp | undefined;
  let proxy: Proxy | undefined;
  let chain: Chain | undefined;
  let url = '';
  const { connect, disposeAll } = wsClients(() => url);
  beforeAll(async () => {
    ({ t, proxy } = await proxiedApp({ config }));
    url = await listenForWs(t);
    chain = await tokenChain(t.app);
  });
  afterAll(async () => {
    await disposeAll();
    await t?.close();
    await proxy?.close();
  });
  return { get t() { return t!; }, get proxy() { return proxy!; }, get chain() { return chain!; }, connect };
}
