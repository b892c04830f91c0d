// Event.resource is the subject as it is when the event is sent, on every event of a long-lived
// subscription: a later event about the same row shows the row's new values, not the ones loaded
// for an earlier event.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeApp, type TestApp } from '../helpers/app.js';
import { call, json, link, tokenChain, type Chain } from '../helpers/rest.js';
import { encodeEventCursor } from '../../src/events/stream.js';
import { listenForWs, until, wsClients } from './ws-world.js';

const QUERY = 'subscription($after: String) { events(after: $after, resources: [CUSTOMER]) { name resource { ... on Customer { firstName } } } }';

describe('Event.resource over a long-lived subscription', () => {
  let t: TestApp;
  let url: string;
  let chain: Chain;
  const { connect, disposeAll } = wsClients(() => url);
  beforeAll(async () => {
    t = await makeApp();
    url = await listenForWs(t);
    chain = await tokenChain(t.app);
  });
  afterAll(async () => {
    await disposeAll();
    await t?.close();
  });

  it('shows each event the row as it is then', async () => {
    const client = connect(chain.storeToken);
    const seen: Array<[string, string]> = [];
    client.subscribe({ query: QUERY, variables: { after: encodeEventCursor(0) } }, {
      next: (r) => { const e = (r.data as any).events; seen.push([e.name, e.resource?.firstName]); }, error: () => undefined, complete: () => undefined,
    });
    const customers = link(json(await call(t.app, chain.storeHref, { token: chain.storeToken })), 'svc:customers');
    const customer = json(await call(t.app, customers, { method: 'POST', token: chain.storeToken, body: { email: 'now@x.io', first_name: 'Ada' } }));
    await until(() => seen.length >= 1);
    await call(t.app, link(customer, 'self'), { method: 'PATCH', token: chain.storeToken, body: { first_name: 'Grace' } });
    await until(() => seen.length >= 2);
    expect(seen).toEqual([['customer/created', 'Ada'], ['customer/modified', 'Grace']]);
  });
});
