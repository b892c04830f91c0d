// The durable event log: every announced change writes exactly one event in its own transaction,
// numbered per store; store configuration writes a changelog entry; the pull feed resumes with
// `after`; a rolled-back change writes nothing.
import { containerOf } from '../../src/app.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engines, makeApp, type TestApp } from '../helpers/app.js';
import { call, json, link, tokenChain, type Chain } from '../helpers/rest.js';
import { inTransaction } from '../../src/db/database.js';
import { recordChange } from '../../src/events/record.js';
import { ANONYMOUS } from '../../src/auth/principal.js';

describe.each(engines())('event log on %s', (engine) => {
  let t: TestApp;
  let chain: Chain;
  let store: any;
  beforeAll(async () => {
    t = await makeApp({ engine });
    chain = await tokenChain(t.app);
    store = json(await call(t.app, chain.storeHref, { token: chain.storeToken }));
  });
  afterAll(async () => t?.close());

  const events = async (qs = '') => json(await call(t.app, `${link(store, 'svc:events')}${qs}`, { token: chain.storeToken }));
  const names = (page: any) => page._embedded['svc:events'].map((e: any) => e.name);

  it('announces customer changes and numbers them per store', async () => {
    const before = (await events('?limit=300'))._embedded['svc:events'].length;
    const created = await call(t.app, link(store, 'svc:customers'), { method: 'POST', token: chain.storeToken, body: { email: 'c@example.com', first_name: 'Cy' } });
    expect(created.statusCode).toBe(201);
    const self = link(json(created), 'self');
    await call(t.app, self, { method: 'PATCH', token: chain.storeToken, body: { first_name: 'Cyd' } });
    await call(t.app, self, { method: 'DELETE', token: chain.storeToken });
    const page = await events(`?after=${before}`);
    expect(names(page)).toEqual(['customer/created', 'customer/modified', 'customer/deleted']);
    const seqs = page._embedded['svc:events'].map((e: any) => e.sequence);
    expect(seqs).toEqual([before + 1, before + 2, before + 3]);
    // total_items after a position: the store's events after it, past the page and past the end.
    const short = await events(`?after=${before}&limit=2`);
    expect([short.total_items, short.returned_items]).toEqual(['3', 2]);
    expect((await events(`?after=${before + 1}&limit=1`)).total_items).toBe('2');
    expect(page._embedded['svc:events'].every((e: any) => e.resource_type === 'customer' && e.resource_id === Number(self.split('/').pop()))).toBe(true);
    // Another store's log starts at its own 1 (its creation's changelog) and never shows these events.
    const other = await tokenChain(t.app);
    const otherStore = json(await call(t.app, other.storeHref, { token: other.storeToken }));
    await call(t.app, link(otherStore, 'svc:customers'), { method: 'POST', token: other.storeToken, body: { email: 'o@example.com' } });
    const otherEvents = json(await call(t.app, link(otherStore, 'svc:events'), { token: other.storeToken }));
    expect(otherEvents._embedded['svc:events'].map((e: any) => [e.sequence, e.name])).toEqual([[1, 'changelog/created'], [2, 'customer/created']]);
    expect((await call(t.app, link(store, 'svc:events'), { token: other.storeToken })).statusCode).toBe(404);
  });

  it('records every write of store configuration in the changelog, with who and the diff', async () => {
    const start = (await events('?limit=300'))._embedded['svc:events'].at(-1)?.sequence ?? 0;
    const tax = json(await call(t.app, link(store, 'svc:taxes'), { method: 'POST', token: chain.storeToken, body: { name: 'VAT', type: 'global', rate: 20 } }));
    await call(t.app, link(tax, 'self'), { method: 'PATCH', token: chain.storeToken, body: { rate: 21 } });
    await call(t.app, link(tax, 'self'), { method: 'PATCH', token: chain.storeToken, body: { rate: 21 } });
    await call(t.app, link(tax, 'self'), { method: 'DELETE', token: chain.storeToken });
    expect(names(await events(`?after=${start}`))).toEqual(['changelog/created', 'changelog/created', 'changelog/created']);
    const logs = json(await call(t.app, `${link(store, 'svc:changelogs')}?resource_type=tax&order=id%20asc`, { token: chain.storeToken }))._embedded['svc:changelogs'];
    expect(logs.map((l: any) => l.action)).toEqual(['created', 'modified', 'deleted']);
    expect(JSON.parse(logs[1].diff)).toEqual({ rate: ['20', '21'] });
    expect(logs[0].actor).toMatch(/^user:\d+$/);
  });

  it('writes no event when the change is rolled back', async () => {
    const start = (await events('?limit=300'))._embedded['svc:events'].length;
    const container = containerOf(t.app);
    const ctx = { ...container.context(ANONYMOUS, 'test'), principal: { ...ANONYMOUS, storeId: Number(chain.storeHref.split('/').pop()) } };
    const customer = container.registry.resource('customer');
    await expect(inTransaction(container.database, async (tx) => {
      const row = await container.repo.insert(customer, { store_id: ctx.principal.storeId, email: 'r@x.y', date_created: 'x', date_modified: 'x' }, tx);
      await recordChange(tx, ctx, customer, 'created', undefined, row);
      throw new Error('roll back');
    })).rejects.toThrow('roll back');
    expect((await events('?limit=300'))._embedded['svc:events'].length).toBe(start);
  });

  it('numbers events in one order: ids follow the store sequence under parallel writes', async () => {
    // Deliveries, the pull feed and catch-up go by event id, and a store's sequence is its commit
    // order (taken under the store row's lock): an id drawn before that lock let a later commit
    // carry the smaller id, and two instances then delivered a customer's events out of order.
    const storeId = Number(chain.storeHref.split('/').pop());
    for (let round = 0; round < 10; round++) {
      const res = await Promise.all(Array.from({ length: 20 }, (_, i) => call(t.app, link(store, 'svc:customers'), {
        method: 'POST', token: chain.storeToken, body: { email: `par${round}-${i}@example.com` },
      })));
      expect(res.map((r) => r.statusCode)).toEqual(res.map(() => 201));
    }
    const rows = await containerOf(t.app).database.db.selectFrom('events').select(['id', 'sequence'])
      .where('store_id', '=', storeId).orderBy('sequence').execute();
    const ids = rows.map((r) => Number(r.id));
    expect(rows.length).toBeGreaterThanOrEqual(200);
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
  });

  it('refuses `after` on collections without a sequence and bad values', async () => {
    expect((await call(t.app, `${link(store, 'svc:events')}?after=abc`, { token: chain.storeToken })).statusCode).toBe(400);
    expect((await call(t.app, `${link(store, 'svc:taxes')}?after=1`, { token: chain.storeToken })).statusCode).toBe(400);
  });
});
