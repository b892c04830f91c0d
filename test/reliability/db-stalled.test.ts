// The database stops answering without going away: a paused server, a network path that drops every
// packet. Connections stay open, nothing says they are gone, and the server's own statement_timeout
// cannot fire on a server that does not run. Without a bound of the service's own, every request in
// flight waited for as long as the stop lasted, each holding a connection of the pool. Now a
// statement unanswered past the statement bound and a margin gives its connection up (db/pg-rows.ts):
// the request meets a lost connection, answered 503 with Retry-After as when the database is away,
// nothing half-written; the service is itself again once the database answers. The stop is a TCP
// proxy that carries nothing either way (reliability/support/tcp-proxy.ts, freeze), never the shared server.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { containerOf } from '../../src/app.js';
import { PG_URL, type TestApp } from '../helpers/app.js';
import { call, json, link, tokenChain, type Chain } from '../helpers/rest.js';
import type { Proxy } from './support/tcp-proxy.js';
import { proxiedApp } from './support/proxied-app.js';

if (!PG_URL) console.log('[skip] a database that stops answering: TEST_DATABASE_URL is not set');

describe.skipIf(!PG_URL)('a database that stops answering', () => {
  let t: TestApp;
  let proxy: Proxy;
  let chain: Chain;
  let store: any;
  beforeAll(async () => {
    // A short statement bound, so that the test waits seconds (the default is 30 s and a 5 s margin).
    ({ t, proxy } = await proxiedApp({ config: { databaseStatementTimeoutMs: 1000 } }));
    chain = await tokenChain(t.app);
    store = json(await call(t.app, chain.storeHref, { token: chain.storeToken }));
  });
  afterAll(async () => {
    proxy?.thaw();
    await t?.close();
    await proxy?.close();
  });

  it('answers requests in flight 503, writes nothing, and serves again once it answers', async () => {
    const token = chain.storeToken;
    const customers = link(store, 'svc:customers');
    proxy.freeze();
    let answers: Array<number | string>;
    try {
      const giveUp = () => new Promise<string>((resolve) => { setTimeout(() => resolve('no answer in 20 s'), 20_000).unref(); });
      answers = await Promise.all([
        Promise.race([call(t.app, customers, { token }).then((r) => r.statusCode), giveUp()]),
        Promise.race([call(t.app, customers, { method: 'POST', token, body: { email: 'stalled@x.io' } }).then((r) => r.statusCode), giveUp()]),
      ]);
    } finally {
      proxy.thaw();
    }
    expect(answers).toEqual([503, 503]);
    const { database } = containerOf(t.app);
    expect(await database.db.selectFrom('customers').select('id').where('email', '=', 'stalled@x.io').execute()).toEqual([]);
    const again = await call(t.app, customers, { method: 'POST', token, body: { email: 'after@x.io' } });
    expect(again.statusCode, again.body).toBe(201);
  }, 60_000);
});
