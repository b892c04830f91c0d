// Fan-out to many subscribers of one store: every subscriber receives every event once, in order,
// with its own selection; and the work per event does not grow with their number (one read of the
// log per signal, one execution per distinct selection, one liveness check per token), counted in
// SQL statements, so 1 and 50 subscribers per selection cost the same.
import { containerOf } from '../../src/app.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeApp, type TestApp } from '../helpers/app.js';
import { call, json, link, tokenChain, type Chain } from '../helpers/rest.js';
import { encodeEventCursor } from '../../src/events/stream.js';
import { listenForWs, untilWithin, wsClients } from './ws-world.js';

const EMAILS = 'subscription($after: String) { events(after: $after, resources: [CUSTOMER]) { cursor name resource { ... on Customer { email } } } }';
const NAMES = 'subscription($after: String) { events(after: $after, names: ["customer/created"]) { cursor resourceType resource { ... on Customer { firstName } } } }';

const until = untilWithin(20_000);

describe('fan-out to many subscribers of one store', () => {
  let t: TestApp;
  let url: string;
  let chain: Chain;
  let customers: string;
  const { connect, disposeAll } = wsClients(() => url);
  beforeAll(async () => {
    // No safety-net poll: the statement counts below must see only what a write causes.
    t = await makeApp({ config: { subscriptionPollMs: 0 } });
    url = await listenForWs(t);
    chain = await tokenChain(t.app);
    customers = link(json(await call(t.app, chain.storeHref, { token: chain.storeToken })), 'svc:customers');
  });
  afterAll(async () => {
    await disposeAll();
    await t?.close();
  });

  const emails: string[][] = [];
  const names: string[][] = [];
  function subscribe(n: number, query: string, into: string[][], pick: (e: any) => string, after: string) {
    for (let i = 0; i < n; i++) {
      const client = connect(chain.storeToken);
      const seen: string[] = [];
      into.push(seen);
      client.subscribe({ query, variables: { after } }, { next: (r) => seen.push(pick((r.data as any).events)), error: (e) => seen.push(`error: ${JSON.stringify(e)}`), complete: () => undefined });
    }
  }
  const written: string[] = [];
  const write = async () => {
    const n = written.length;
    const res = await call(t.app, customers, { method: 'POST', token: chain.storeToken, body: { email: `c${n}@x.io`, first_name: `F${n}` } });
    expect(res.statusCode).toBe(201);
    written.push(`c${n}@x.io`);
  };
  const allHave = (count: number) => [...emails, ...names].every((s) => s.length >= count);
  /** SQL statements from a write until every subscriber has its event. */
  async function counted(): Promise<number> {
    const { stats } = containerOf(t.app).database;
    const before = stats.statements;
    await write();
    await until(() => allHave(written.length));
    return stats.statements - before;
  }

  it('costs the same per event for 1 or 50 subscribers per selection, and each gets every event once', async () => {
    subscribe(1, EMAILS, emails, (e) => e.resource.email, encodeEventCursor(0));
    subscribe(1, NAMES, names, (e) => `${e.resourceType}:${e.resource.firstName}`, encodeEventCursor(0));
    // A first event makes sure both follow the live log; the next one is counted.
    await write();
    await until(() => allHave(written.length));
    const one = await counted();

    const from = encodeEventCursor(0);
    subscribe(49, EMAILS, emails, (e) => e.resource.email, from);
    subscribe(49, NAMES, names, (e) => `${e.resourceType}:${e.resource.firstName}`, from);
    await write();
    await until(() => allHave(written.length));
    const fifty = await counted();

    expect(fifty).toBe(one);
    for (const seen of emails) expect(seen).toEqual(written);
    for (const seen of names) expect(seen).toEqual(written.map((_, i) => `CUSTOMER:F${i}`));
  });
});
