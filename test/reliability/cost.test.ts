// One cost model for REST and GraphQL (src/data/cost.ts): the same data costs the same on both
// front doors, requests over the limit are refused before any SQL runs, REST answers report their
// cost, and the cyclic zoom bomb (a tax linked to 30 categories, zoomed tax_item_categories:tax:…)
// is refused with 400 while every legitimate shape passes with the default limits.
import { containerOf } from '../../src/app.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engines, makeApp, type TestApp } from '../helpers/app.js';
import { call, json, link, tokenChain, type Chain } from '../helpers/rest.js';
import { gql } from '../graphql/helpers.js';
import { loadConfig } from '../../src/config.js';

const codes = (res: { body: string }) => (JSON.parse(res.body)._embedded?.['svc:errors'] ?? []).map((e: any) => e.code);
const requested = (res: { headers: Record<string, unknown> }) => Number(/requested=(\d+)/.exec(String(res.headers['request-cost']))?.[1]);
const bomb = (depth: number) => Array.from({ length: depth }, () => 'tax_item_categories').join(':tax:');

describe.each(engines())('one cost model (%s)', (engine) => {
  let t: TestApp;
  let chain: Chain;
  let store: any;
  let taxHref: string;
  let taxId: string;

  beforeAll(async () => {
    t = await makeApp({ engine });
    chain = await tokenChain(t.app);
    const token = chain.storeToken;
    store = json(await call(t.app, chain.storeHref, { token }));
    const tax = json(await call(t.app, link(store, 'svc:taxes'), { method: 'POST', token, body: { name: 'VAT', type: 'global', rate: 20 } }));
    taxHref = link(tax, 'self');
    taxId = taxHref.split('/').pop()!;
    for (let i = 0; i < 30; i++) {
      const cat = json(await call(t.app, link(store, 'svc:item_categories'), { method: 'POST', token, body: { code: `C${i}`, name: `Category ${i}` } }));
      const res = await call(t.app, link(tax, 'svc:tax_item_categories'), { method: 'POST', token, body: { tax_uri: taxHref, item_category_uri: link(cat, 'self') } });
      expect(res.statusCode).toBe(201);
    }
  });
  afterAll(() => t?.close());

  it('refuses the cyclic zoom bomb with 400 before any SQL runs, at every depth past the cap', async () => {
    // The token's liveness check is the only statement such a request may run: on SQLite its answer
    // is kept while nothing commits (auth/liveness-cache.ts), so after one request it runs none.
    expect((await call(t.app, taxHref, { token: chain.storeToken })).statusCode).toBe(200);
    const check = engine === 'sqlite' ? 0 : 1;
    for (const depth of [3, 4, 5, 8]) {
      const before = containerOf(t.app).database.stats.statements;
      const started = performance.now();
      const res = await call(t.app, `${taxHref}?zoom=${bomb(depth)}`, { token: chain.storeToken });
      console.log(`[measure] ${engine}: cyclic zoom depth ${depth} answered ${res.statusCode} in ${(performance.now() - started).toFixed(1)} ms`);
      // No read of the tax or its children.
      expect(containerOf(t.app).database.stats.statements - before, `depth ${depth}`).toBe(check);
      expect(res.statusCode, `depth ${depth}`).toBe(400);
      expect(codes(res)).toEqual(['zoom_too_deep']);
      expect(json(res)._embedded['svc:errors'][0].message).toMatch(/nested \d+ steps deep; at most 4/);
    }
    // Within the depth cap, a page too large for its zooms is refused by its calculated cost.
    const url = `${link(store, 'svc:transactions')}?limit=300&zoom=items,items:item_options,items:discount_details,items:coupon_details`;
    const before = containerOf(t.app).database.stats.statements;
    const res = await call(t.app, url, { token: chain.storeToken });
    expect(containerOf(t.app).database.stats.statements - before).toBe(check);
    expect(res.statusCode).toBe(400);
    expect(codes(res)).toEqual(['too_costly']);
    expect(json(res)._embedded['svc:errors'][0]).toMatchObject({ field: 'zoom', message: expect.stringMatching(/calculated cost is 384602; at most 300000 is allowed/) });
  });

  it('answers the legitimate zooms with their cost in Request-Cost', async () => {
    const token = chain.storeToken;
    const legit = [
      `${taxHref}?zoom=tax_item_categories,tax_item_categories:item_category`,
      `${taxHref}?zoom=tax_item_categories:tax`,
      `${taxHref}?zoom=tax_item_categories:tax:tax_item_categories:tax`,
      `${link(store, 'svc:taxes')}?limit=300&zoom=tax_item_categories:tax:tax_item_categories:tax`,
      `${link(store, 'svc:taxes')}?limit=300&zoom=tax_item_categories,tax_item_categories:item_category`,
      `${link(store, 'svc:transactions')}?limit=300&zoom=items,items:item_options,items:item_category,customer`,
      `${link(store, 'svc:transactions')}?limit=100&zoom=items,items:item_options,items:item_category`,
      `${link(store, 'svc:carts')}?limit=300&zoom=items,items:item_options,items:discount_details,customer,attributes`,
      `${link(store, 'svc:taxes')}?limit=300&offset=20&zoom=tax_item_categories&name=V*`,
    ];
    for (const url of legit) {
      const res = await call(t.app, url, { token });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['request-cost'], url).toMatch(/^requested=\d+, maximum=300000$/);
    }
    // A tax zoomed through its 30 links and back: 30 links, each with the (one) tax.
    const res = await call(t.app, `${taxHref}?zoom=tax_item_categories:tax`, { token });
    expect(json(res)._embedded['svc:tax_item_categories']).toHaveLength(30);
  });

  it('costs a REST zoom what the GraphQL selection of the same data costs', async () => {
    const token = chain.storeToken;
    const pairs: Array<[string, string]> = [
      [`${link(store, 'svc:transactions')}?limit=100&zoom=items,items:item_options,items:item_category`,
        '{ store { transactions(first: 100) { nodes { id items { nodes { id itemOptions { nodes { id } } itemCategory { id } } } } } } }'],
      [`${taxHref}?zoom=tax_item_categories,tax_item_categories:item_category`,
        `{ tax(id: "${taxId}") { id taxItemCategories { nodes { id itemCategory { id } } } } }`],
      [`${link(store, 'svc:taxes')}?limit=50&zoom=tax_item_categories`,
        '{ store { taxes(first: 50) { nodes { id taxItemCategories { nodes { id } } } } } }'],
    ];
    for (const [url, query] of pairs) {
      const rest = await call(t.app, url, { token });
      const graph = await gql(t.app, query, { token });
      expect(graph.body.errors, query).toBeUndefined();
      expect(requested(rest), url).toBe(graph.body.extensions.cost.requested);
    }
    expect(requested(await call(t.app, pairs[0][0], { token }))).toBe(46202);
  });
});

describe('cost limits from configuration', () => {
  let t: TestApp;
  let chain: Chain;

  beforeAll(async () => {
    t = await makeApp({ config: { graphqlMaxCost: 500, maxResponseObjects: 40, restMaxZoomDepth: 3 } });
    chain = await tokenChain(t.app);
  });
  afterAll(() => t?.close());

  it('refuses REST and GraphQL over the same limit, naming the cost and the limit', async () => {
    const store = json(await call(t.app, chain.storeHref, { token: chain.storeToken }));
    const rest = await call(t.app, `${link(store, 'svc:taxes')}?limit=30&zoom=tax_item_categories`, { token: chain.storeToken });
    expect(rest.statusCode).toBe(400);
    expect(codes(rest)).toEqual(['too_costly']);
    expect(json(rest)._embedded['svc:errors'][0]).toMatchObject({ field: 'zoom', message: expect.stringMatching(/cost is 662; at most 500 is allowed/) });
    const graph = await gql(t.app, '{ store { taxes(first: 30) { nodes { id taxItemCategories { nodes { id } } } } } }', { token: chain.storeToken });
    expect(graph.status).toBe(400);
    expect(graph.body.errors[0].extensions.cost).toEqual({ requested: 662, maximum: 500 });
    expect((await call(t.app, `${link(store, 'svc:taxes')}?limit=20&zoom=tax_item_categories`, { token: chain.storeToken })).statusCode).toBe(200);
  });

  it('caps the objects of one answer while it is built (the second line behind the cost)', async () => {
    const token = chain.storeToken;
    const store = json(await call(t.app, chain.storeHref, { token }));
    const tax = json(await call(t.app, link(store, 'svc:taxes'), { method: 'POST', token, body: { name: 'VAT', type: 'global', rate: 20 } }));
    for (let i = 0; i < 6; i++) {
      const cat = json(await call(t.app, link(store, 'svc:item_categories'), { method: 'POST', token, body: { code: `K${i}`, name: `K ${i}` } }));
      await call(t.app, link(tax, 'svc:tax_item_categories'), { method: 'POST', token, body: { tax_uri: link(tax, 'self'), item_category_uri: link(cat, 'self') } });
    }
    // 1 tax + 6 links + 6 × the tax again = 13 objects: within 40.
    expect((await call(t.app, `${link(tax, 'self')}?zoom=tax_item_categories:tax`, { token })).statusCode).toBe(200);
    // Each of the 6 links' tax embeds the 6 links again: 1 + 6 + 6 + 36 > 40, stopped before the last level is read.
    const res = await call(t.app, `${link(tax, 'self')}?zoom=tax_item_categories:tax:tax_item_categories`, { token });
    expect(res.statusCode).toBe(400);
    expect(codes(res)).toEqual(['response_too_large']);
    expect(json(res)._embedded['svc:errors'][0].message).toMatch(/more than 40 objects/);
  });

  it('documents its defaults', () => {
    const d = loadConfig({});
    expect([d.graphqlMaxCost, d.restMaxZoomDepth, d.maxResponseObjects]).toEqual([300_000, 4, 50_000]);
  });
});
