// Resending through GraphQL: the same refeed event as REST's svc:send_webhooks, the same scope
// (webhooks_resend or store_full_access) and the same validation, as userErrors.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeApp, type TestApp } from '../helpers/app.js';
import { call, json, link, tokenChain, type Chain } from '../helpers/rest.js';
import { narrowToken } from '../helpers/tokens.js';
import { fillCart, openShop } from '../helpers/shop.js';

describe('sendTransactionWebhooks', () => {
  let t: TestApp;
  let chain: Chain;
  let txnId: string;
  let hookId: string;
  const gql = async (query: string, variables: Record<string, unknown>, token = chain.storeToken) => JSON.parse((await t.app.inject({
    method: 'POST', url: '/graphql', payload: { query, variables }, headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
  })).body);
  const SEND = 'mutation($id: ID!, $hooks: [ID!]!) { sendTransactionWebhooks(id: $id, refeedHooks: $hooks) { event { name resourceType } userErrors { field code } } }';
  beforeAll(async () => {
    t = await makeApp();
    chain = await tokenChain(t.app);
    const shop = await openShop(t.app, chain);
    const txn = json(await call(t.app, link(await fillCart(t.app, chain, shop), 'svc:checkout'), { method: 'POST', token: chain.storeToken }));
    txnId = link(txn, 'self').split('/').pop()!;
    const hook = json(await call(t.app, link(shop.store, 'svc:webhooks'), { method: 'POST', token: chain.storeToken, body: { name: 'h', format: 'json', url: 'https://hooks.example/x', encryption_key: 'k'.repeat(32), event_resource: 'transaction' } }));
    hookId = link(hook, 'self').split('/').pop()!;
  });
  afterAll(async () => t?.close());

  it('queues a transaction/refeed event for the listed webhooks', async () => {
    const body = await gql(SEND, { id: txnId, hooks: [hookId] });
    expect(body.data.sendTransactionWebhooks).toEqual({ event: { name: 'transaction/refeed', resourceType: 'TRANSACTION' }, userErrors: [] });
  });

  it('reports unknown webhooks in userErrors and needs the resend scope', async () => {
    const bad = await gql(SEND, { id: txnId, hooks: ['999999'] });
    expect(bad.data.sendTransactionWebhooks.userErrors.map((e: any) => e.field)).toEqual(['refeedHooks']);
    const reader = await narrowToken(t.app, chain, 'webhooks_read webhooks_write');
    expect((await gql(SEND, { id: txnId, hooks: [hookId] }, reader)).errors[0].extensions.code).toBe('FORBIDDEN');
    const resender = await narrowToken(t.app, chain, 'webhooks_resend webhooks_write');
    expect((await gql(SEND, { id: txnId, hooks: [hookId] }, resender)).data.sendTransactionWebhooks.userErrors).toEqual([]);
  });
});
