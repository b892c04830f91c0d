// A live subscription while PostgreSQL terminates the service's connections (a failover, an
// operator's pg_terminate_backend): the stream reads the event log through the same pool, and a
// read that dies with its connection must not end the subscription, skip an event or repeat one.
// Every customer whose create was answered 201 arrives exactly once, in the log's order, on a
// subscription that is still open when the connections are left alone; a write after that arrives too.
import { describe, expect, it } from 'vitest';
import { containerOf } from '../../src/app.js';
import { PG_URL } from '../helpers/app.js';
import { call, json, link } from '../helpers/rest.js';
import { encodeEventCursor } from '../../src/events/stream.js';
import { terminateBackends } from '../reliability/support/proxied-app.js';
import { proxiedWsWorld, until } from './ws-world.js';

const WRITES = 120;
const QUERY = `subscription($after: String) { events(after: $after, resources: [CUSTOMER]) { name cursor resource { ... on Customer { email } } } }`;
if (!PG_URL) console.log('[skip] a subscription while connections are terminated: TEST_DATABASE_URL is not set');

describe.skipIf(!PG_URL)('a subscription while PostgreSQL terminates the connections', () => {
  // A short poll, so that a stream that missed a signal while its read failed finds the events soon.
  const w = proxiedWsWorld({ subscriptionPollMs: 200, rateLimitMax: 1_000_000 });

  it('delivers every committed event once, in order, and stays open', async () => {
    const { t, proxy, chain, connect } = w;
    const token = chain.storeToken;
    const store = json(await call(t.app, chain.storeHref, { token }));
    const seen: string[] = [];
    const errors: unknown[] = [];
    let completed = false;
    connect(token).subscribe({ query: QUERY, variables: { after: encodeEventCursor(0) } }, {
      next: (r) => (r.errors ? errors.push(r.errors) : seen.push((r.data as any).events.resource.email)),
      error: (e) => errors.push(e),
      complete: () => { completed = true; },
    });
    await call(t.app, link(store, 'svc:customers'), { method: 'POST', token, body: { email: 'before@x.io' } });
    await until(() => seen.length === 1 || errors.length > 0);

    const killer = await terminateBackends(proxy, 5, 25);
    const answered: string[] = [];
    for (let i = 0; i < WRITES; i += 4) {
      await Promise.all(Array.from({ length: 4 }, async (_, j) => {
        const email = `c${i + j}@x.io`;
        const res = await call(t.app, link(store, 'svc:customers'), { method: 'POST', token, body: { email } });
        if (res.statusCode === 201) answered.push(email);
        else expect([503, 409]).toContain(res.statusCode);
      }));
    }
    const terminated = await killer.stop();
    // A create answered 503 may have committed all the same (its COMMIT's answer lost): the log,
    // not the answers, says what happened, and the stream must follow the log.
    const logged = (await containerOf(t.app).database.db.selectFrom('events as e').innerJoin('customers as c', 'c.id', 'e.resource_id')
      .select('c.email').where('e.name', '=', 'customer/created').orderBy('e.sequence').execute()).map((c) => String(c.email));
    await call(t.app, link(store, 'svc:customers'), { method: 'POST', token, body: { email: 'after@x.io' } });
    await until(() => seen.includes('after@x.io') || errors.length > 0 || completed, 20_000);
    console.log(`[figures] subscription-chaos postgres: ${WRITES} creates, ${answered.length} answered 201, ${logged.length - 1} in the log, ${terminated} backends terminated, ${seen.length} events delivered`);
    expect(errors).toEqual([]);
    expect(completed).toBe(false);
    expect(terminated).toBeGreaterThan(0);
    expect(seen).toEqual([...logged, 'after@x.io']);
    for (const email of answered) expect(seen).toContain(email);
  }, 120_000);

  it('refuses an operation it cannot check while the database is away, and keeps the socket and its other operations', async () => {
    const { t, proxy, chain, connect } = w;
    const token = chain.storeToken;
    const store = json(await call(t.app, chain.storeHref, { token }));
    const client = connect(token);
    const first: string[] = [];
    const firstErrors: unknown[] = [];
    let firstDone = false;
    client.subscribe({ query: QUERY }, {
      next: (r) => (r.errors ? firstErrors.push(r.errors) : first.push((r.data as any).events.resource.email)),
      error: (e) => firstErrors.push(e), complete: () => { firstDone = true; },
    });
    await call(t.app, link(store, 'svc:customers'), { method: 'POST', token, body: { email: 'open@x.io' } });
    await until(() => first.includes('open@x.io') || firstErrors.length > 0);
    await proxy.down();
    let refused: any;
    client.subscribe({ query: QUERY }, { next: () => undefined, error: (e) => { refused = e; }, complete: () => undefined });
    await until(() => refused !== undefined);
    await proxy.up();
    // An operation's error, as over HTTP (before: the socket closed with 4500 and took the first along).
    expect(refused).toEqual([expect.objectContaining({ extensions: expect.objectContaining({ code: 'SERVICE_UNAVAILABLE' }) })]);
    await call(t.app, link(store, 'svc:customers'), { method: 'POST', token, body: { email: 'still@x.io' } });
    await until(() => first.includes('still@x.io') || firstErrors.length > 0 || firstDone, 20_000);
    expect(firstErrors).toEqual([]);
    expect(firstDone).toBe(false);
    expect(first).toContain('still@x.io');
  }, 60_000);
});
