// GraphQL answers are held to REST's response-size cap (MAX_RESPONSE_OBJECTS, issue 21): objects
// are counted as resolvers produce them, and an answer that would pass the cap is one
// RESPONSE_TOO_LARGE error without data, over HTTP (400) and over WebSocket alike, while the same
// selection over less data, or a smaller page, passes.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engines, makeApp, type TestApp } from '../helpers/app.js';
import { tokenChain, type Chain } from '../helpers/rest.js';
import { gql } from './helpers.js';
import { RawWs } from '../helpers/raw-ws.js';
import { listenForWs } from '../subscriptions/ws-world.js';

const MAX = 40;
// store 1 + its taxes connection 1 + the taxes, and each tax's categories connection 1.
const TAXES = (first: number) => `{ store { taxes(first: ${first}) { nodes { id taxItemCategories { nodes { id } } } } } }`;

describe.each(engines())('GraphQL response size on %s', (engine) => {
  let t: TestApp;
  let chain: Chain;
  let url: string;
  beforeAll(async () => {
    t = await makeApp({ engine, config: { maxResponseObjects: MAX } });
    chain = await tokenChain(t.app);
    url = await listenForWs(t);
    for (let i = 0; i < 25; i++) {
      const made = await gql(t.app, `mutation { createTax(input: { name: "T${i}", type: GLOBAL, rate: "1" }) { tax { id } userErrors { message } } }`, { token: chain.storeToken });
      expect(made.body.data.createTax.userErrors).toEqual([]);
    }
  });
  afterAll(async () => { await t?.close(); });

  it('answers within the cap, and refuses past it with one error and no data, over HTTP', async () => {
    // 2 + 15 × 2 = 32 objects.
    const fits = await gql(t.app, TAXES(15), { token: chain.storeToken });
    expect(fits.status).toBe(200);
    expect(fits.body.errors).toBeUndefined();
    expect(fits.body.data.store.taxes.nodes).toHaveLength(15);
    // 2 + 25 × 2 = 52 objects: refused, although its cost (requested 1 + 1 + 100 × 22) is within MAX_COST.
    const over = await gql(t.app, TAXES(100), { token: chain.storeToken });
    expect(over.status).toBe(400);
    expect(over.body.data).toBeNull();
    expect(over.body.errors).toHaveLength(1);
    expect(over.body.errors[0].extensions).toMatchObject({ code: 'RESPONSE_TOO_LARGE', maximum: MAX });
    expect(over.body.errors[0].message).toMatch(/more than 40 objects/);
  });

  it('refuses the same over WebSocket', async () => {
    const ws = await RawWs.open(url, chain.storeToken);
    try {
      const fits = await ws.run(TAXES(15));
      expect(fits.type).toBe('next');
      expect(fits.payload.errors).toBeUndefined();
      const over = await ws.run(TAXES(100));
      expect(over.type).toBe('next');
      expect(over.payload.data).toBeNull();
      expect(over.payload.errors).toHaveLength(1);
      expect(over.payload.errors[0].extensions).toMatchObject({ code: 'RESPONSE_TOO_LARGE', maximum: MAX });
      expect(ws.closed).toBeUndefined();
    } finally {
      ws.close();
    }
  });
});
