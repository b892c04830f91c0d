// Two instances on one PostgreSQL schema and one Redis, each on its own loopback port: a graphql-ws
// subscriber on instance B receives, with the fields it selected, an event caused by a write made
// through instance A. B never polls (SUBSCRIPTION_POLL_MS=0), so only the Redis signal can wake it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeApp, PG_URL, REDIS_URL, type TestApp } from '../helpers/app.js';
import { call, json, link, tokenChain, type Chain } from '../helpers/rest.js';
import { encodeEventCursor } from '../../src/events/stream.js';
import { listenForWs, until, wsClients } from './ws-world.js';

if (!PG_URL || !REDIS_URL) console.log('[skip] cross-instance subscription: TEST_DATABASE_URL and TEST_REDIS_URL are both needed');

const QUERY = `subscription($after: String) { events(after: $after, resources: [CUSTOMER]) {
  name cursor resourceType resource { __typename ... on Customer { email firstName } } } }`;

describe.skipIf(!PG_URL || !REDIS_URL)('a subscription on another instance', () => {
  let a: TestApp;
  let b: TestApp;
  let chain: Chain;
  let urlB: string;
  const { connect, disposeAll } = wsClients(() => urlB);
  beforeAll(async () => {
    const prefix = `test:subs-${process.pid}-${Date.now()}:`;
    const config = { redisUrl: REDIS_URL, redisPrefix: prefix, subscriptionPollMs: 0 };
    a = await makeApp({ engine: 'postgres', config });
    b = await makeApp({ engine: 'postgres', config, reuseSchema: a.config.databaseSchema });
    await listenForWs(a);
    urlB = await listenForWs(b);
    chain = await tokenChain(a.app);
  });
  afterAll(async () => {
    await disposeAll();
    await b?.close();
    await a?.close();
  });

  it('delivers a write on instance A to a subscriber on instance B through the Redis signal', async () => {
    const portOf = (t: TestApp) => (t.app.server.address() as { port: number }).port;
    expect(portOf(a)).not.toBe(portOf(b));
    const client = connect(chain.storeToken);
    const seen: any[] = [];
    const errors: unknown[] = [];
    client.subscribe({ query: QUERY, variables: { after: encodeEventCursor(0) } }, {
      next: (r) => (r.errors ? errors.push(r.errors) : seen.push((r.data as any).events)), error: (e) => errors.push(e), complete: () => undefined,
    });
    const store = json(await call(a.app, chain.storeHref, { token: chain.storeToken }));
    const customers = link(store, 'svc:customers');
    // The first event may reach B while its subscription still reads the log itself; once B has
    // delivered it, B is level with the log and waits, so the second can only come by a signal.
    await call(a.app, customers, { method: 'POST', token: chain.storeToken, body: { email: 'first@x.io', first_name: 'First' } });
    await until(() => seen.length >= 1 || errors.length > 0);
    expect(errors).toEqual([]);
    expect(seen.map((e) => e.resource.email)).toEqual(['first@x.io']);

    const created = await call(a.app, customers, { method: 'POST', token: chain.storeToken, body: { email: 'second@x.io', first_name: 'Second' } });
    expect(created.statusCode).toBe(201);
    await until(() => seen.length >= 2 || errors.length > 0);
    expect(errors).toEqual([]);
    expect(seen[1]).toEqual({
      name: 'customer/created', cursor: expect.any(String), resourceType: 'CUSTOMER',
      resource: { __typename: 'Customer', email: 'second@x.io', firstName: 'Second' },
    });
    expect(seen).toHaveLength(2);
  });
});
