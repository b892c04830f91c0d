// A socket's token is checked again while the socket lives: once it is revoked (or its store is
// deleted), the next event is not delivered and the socket closes with 4403, and no new operation
// runs on it, as REST would refuse the next request.
import { containerOf } from '../../src/app.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeApp, type TestApp } from '../helpers/app.js';
import { call, json, link, tokenChain, type Chain } from '../helpers/rest.js';
import { basic, oauthPost, refresh } from '../auth/helpers.js';
import { encodeEventCursor } from '../../src/events/stream.js';
import { listenForWs, until, wsClients } from './ws-world.js';

const QUERY = 'subscription($after: String) { events(after: $after, resources: [CUSTOMER]) { name resource { ... on Customer { email } } } }';
const FORBIDDEN = { code: 4403, reason: 'Forbidden: the token was revoked, or its client, user or store no longer exists' };

describe('token liveness on an open socket', () => {
  let t: TestApp;
  let url: string;
  const sockets = wsClients(() => url);
  beforeAll(async () => {
    t = await makeApp();
    url = await listenForWs(t);
  });
  afterAll(async () => {
    await sockets.disposeAll();
    await t?.close();
  });

  /** A connected client on `token`, recording how its socket closed. */
  async function connect(token: string) {
    const closes: Array<{ code: number; reason: string }> = [];
    let connected = false;
    const client = sockets.connect(token, {
      lazy: false, onNonLazyError: () => undefined,
      on: { connected: () => { connected = true; }, closed: (e: any) => closes.push({ code: e.code, reason: e.reason }) },
    });
    await until(() => connected || closes.length > 0);
    expect(connected).toBe(true);
    return { client, closes };
  }

  /** A second access token of the store's grant, so revoking it leaves the chain's own token live. */
  async function secondToken(chain: Chain): Promise<string> {
    return json(await refresh(t.app, chain, chain.storeRefresh)).access_token;
  }

  const revoke = (chain: Chain, token: string) =>
    oauthPost(t.app, '/revoke', { token }, { authorization: basic(chain.clientId, chain.clientSecret) });

  it('stops a live subscription at the next event once its token is revoked', async () => {
    const chain = await tokenChain(t.app);
    const token = await secondToken(chain);
    const { client, closes } = await connect(token);
    const seen: string[] = [];
    const errors: unknown[] = [];
    // From the start of the log, so the first event arrives however soon it is written.
    client.subscribe({ query: QUERY, variables: { after: encodeEventCursor(0) } }, {
      next: (r) => seen.push((r.data as any).events.resource.email), error: (e) => errors.push(e), complete: () => undefined,
    });
    const customers = link(json(await call(t.app, chain.storeHref, { token: chain.storeToken })), 'svc:customers');
    await call(t.app, customers, { method: 'POST', token: chain.storeToken, body: { email: 'before@x.io' } });
    await until(() => seen.length > 0 || errors.length > 0);
    expect([seen, errors]).toEqual([['before@x.io'], []]);

    expect((await revoke(chain, token)).statusCode).toBe(200);
    const after = await call(t.app, customers, { method: 'POST', token: chain.storeToken, body: { email: 'after@x.io' } });
    expect(after.statusCode).toBe(201);
    await until(() => closes.length > 0);
    expect(closes).toEqual([FORBIDDEN]);
    expect(seen).toEqual(['before@x.io']);
  });

  it('refuses a new operation on an open socket whose token was revoked', async () => {
    const chain = await tokenChain(t.app);
    const token = await secondToken(chain);
    const { client, closes } = await connect(token);
    expect((await revoke(chain, token)).statusCode).toBe(200);
    const answers: unknown[] = [];
    client.subscribe({ query: '{ __typename }' }, { next: (r) => answers.push(r), error: () => undefined, complete: () => undefined });
    await until(() => closes.length > 0);
    expect(closes).toEqual([FORBIDDEN]);
    expect(answers).toEqual([]);
  });

  it('closes the socket of a deleted store at its next operation', async () => {
    const chain = await tokenChain(t.app);
    const { client, closes } = await connect(chain.storeToken);
    const storeId = Number(chain.storeHref.split('/').pop());
    await containerOf(t.app).database.db.deleteFrom('stores').where('id', '=', storeId).execute();
    const answers: unknown[] = [];
    client.subscribe({ query: '{ __typename }' }, { next: (r) => answers.push(r), error: () => undefined, complete: () => undefined });
    await until(() => closes.length > 0);
    expect(closes).toEqual([FORBIDDEN]);
    expect(answers).toEqual([]);
  });
});
