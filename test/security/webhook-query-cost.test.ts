// A webhook's stored `query` shapes every delivery, so it is priced like the REST read it becomes
// (issue 21): over MAX_COST or zoomed deeper than REST_MAX_ZOOM_DEPTH it is refused at create and
// update with 400 on `query`, naming the cost and the limit, on REST and on GraphQL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engines } from '../helpers/app.js';
import { call, errorFields, json, link } from '../helpers/rest.js';
import { gql } from '../graphql/helpers.js';
import { KEY, makeWorld, type World } from '../webhooks/world.js';

// The event resources' zooms reach at most 3 steps and a few thousand objects (the cyclic zoom
// bombs of REST start from taxes and categories, which no webhook delivers), so the limits are
// lowered here to meet them: MAX_COST 2,000 and REST_MAX_ZOOM_DEPTH 2.
const LIMITS = { graphqlMaxCost: 2000, restMaxZoomDepth: 2 };
const BOMB = 'zoom=items:item_options,items:discount_details,items:coupon_details,items:gift_card_codes,subscriptions:attributes';
const TOO_DEEP = 'zoom=subscriptions:customer:attributes';
const FINE = 'zoom=items,customer';

const errorsOf = (res: { body: string }) => (JSON.parse(res.body)._embedded?.['svc:errors'] ?? []) as { field: string; code: string; message: string }[];

describe.each(engines())('webhook query cost on %s', (engine) => {
  let w: World;
  beforeAll(async () => { w = await makeWorld(engine, LIMITS); });
  afterAll(async () => { await w?.close(); });

  const hooks = () => link(w.store, 'svc:webhooks');
  const post = (query: string) => call(w.app, hooks(), {
    method: 'POST', token: w.chain.storeToken,
    body: { name: 'h', format: 'json', encryption_key: KEY, url: 'http://127.0.0.1:9/hook', event_resource: 'transaction', query },
  });

  it('prices the query as the REST read of its resource costs, and refuses it over the limit', async () => {
    // The same zoom as a URL: REST reports the cost the webhook is refused for.
    // (Priced before anything is read, so no transaction needs to exist.)
    const read = await call(w.app, `/transactions/1?${BOMB}`, { token: w.chain.storeToken });
    expect(read.statusCode).toBe(400);
    // A transaction with 20 items of four 20-member zooms each, and 20 subscriptions with their attributes.
    expect(read.headers['request-cost']).toBe('requested=2143, maximum=2000');

    const res = await post(BOMB);
    expect(res.statusCode).toBe(400);
    const [e] = errorsOf(res);
    expect(e).toMatchObject({ field: 'query', code: 'too_costly' });
    expect(e.message).toContain('2143');
    expect(e.message).toContain('2000');
    const deep = errorsOf(await post(TOO_DEEP));
    expect(deep).toEqual([expect.objectContaining({ field: 'query', code: 'zoom_too_deep' })]);
    expect(deep[0].message).toMatch(/3 steps deep; at most 2/);
    // Nothing was stored; a legitimate query is accepted, and cannot be changed into a bomb.
    expect(json(await call(w.app, hooks(), { token: w.chain.storeToken })).total_items).toBe('0');
    const ok = await post(FINE);
    expect(ok.statusCode).toBe(201);
    const patched = await call(w.app, link(json(ok), 'self'), { method: 'PATCH', token: w.chain.storeToken, body: { query: BOMB } });
    expect(patched.statusCode).toBe(400);
    expect(errorFields(json(patched))).toEqual(['query']);
    expect(json(await call(w.app, link(json(ok), 'self'), { token: w.chain.storeToken })).query).toBe(FINE);
  });

  it('refuses the same on GraphQL create and update', async () => {
    const fields = 'webhook { id query } userErrors { field code message }';
    const input = (query: string) => ({ name: 'g', format: 'JSON', encryptionKey: KEY, url: 'http://127.0.0.1:9/g', eventResource: 'TRANSACTION', query });
    const create = (query: string) => gql(w.app, `mutation($input: WebhookInput!) { createWebhook(input: $input) { ${fields} } }`,
      { token: w.chain.storeToken, variables: { input: input(query) } });
    for (const [query, code] of [[BOMB, 'too_costly'], [TOO_DEEP, 'zoom_too_deep']]) {
      const res = await create(query);
      expect(res.status).toBe(200);
      const payload = res.body.data.createWebhook;
      expect(payload.webhook).toBeNull();
      expect(payload.userErrors).toEqual([expect.objectContaining({ field: 'query', code })]);
    }
    expect((await create(BOMB)).body.data.createWebhook.userErrors[0].message).toMatch(/2143.*2000/);
    const made = (await create(FINE)).body.data.createWebhook;
    expect(made.userErrors).toEqual([]);
    const updated = await gql(w.app, `mutation($id: ID!, $input: WebhookInput!) { updateWebhook(id: $id, input: $input) { ${fields} } }`,
      { token: w.chain.storeToken, variables: { id: made.webhook.id, input: { query: BOMB } } });
    expect(updated.body.data.updateWebhook.userErrors).toEqual([expect.objectContaining({ field: 'query', code: 'too_costly' })]);
  });
});
