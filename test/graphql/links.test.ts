// The @link relations over GraphQL: GET links to the store's collections are connection fields,
// links below a resource are URL fields, and the POST actions (checkout, capture, void, refund)
// are mutations answering with the transaction or userErrors.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildRegistry } from '../../src/model/registry.js';
import { engines, makeApp, type TestApp } from '../helpers/app.js';
import { fillCart, openShop, type Shop } from '../helpers/shop.js';
import { link } from '../helpers/rest.js';
import { Fixtures } from './fixtures.js';
import { errorCodes, gql, gqlData, narrowToken, tokenChain, type Chain } from './helpers.js';

const registry = buildRegistry();
const TXN = 'transaction { id status totalOrder } userErrors { field code message }';
const idOf = (href: string) => href.slice(href.lastIndexOf('/') + 1);

describe.each(engines())('link relations and actions (%s)', (engine) => {
  let t: TestApp;
  let chain: Chain;
  let fx: Fixtures;
  let shop: Shop;

  beforeAll(async () => {
    t = await makeApp({ engine });
    chain = await tokenChain(t.app);
    fx = new Fixtures(t.app, registry, chain);
    shop = await openShop(t.app, chain);
  });
  afterAll(() => t?.close());

  const run = (query: string, variables: Record<string, unknown> = {}, token = chain.storeToken) => gql(t.app, query, { token, variables });

  it('exposes links to the store\'s collections as connections, narrowed by the link\'s query', async () => {
    const webhook = await fx.ensure('webhook');
    const fraud = await fx.ensure('fraud_protection');
    const pms = await fx.ensure('payment_method_set');
    const downloadable = await fx.ensure('downloadable');
    const d = await gqlData(t.app, `query($w: ID!, $f: ID!, $d: ID!) {
      webhook(id: $w) { webhooks { totalCount nodes { id } } }
      fraudProtection(id: $f) { paymentMethodSets(first: 100) { nodes { id } } }
      downloadable(id: $d) { fileHref downloadableItemCategories { nodes { itemDeliveryType } } }
    }`, { token: chain.storeToken, variables: { w: webhook.id, f: fraud.id, d: downloadable.id } });
    expect(d.webhook.webhooks).toEqual({ totalCount: 1, nodes: [{ id: webhook.id }] });
    expect(d.fraudProtection.paymentMethodSets.nodes.map((n: any) => n.id)).toContain(pms.id);
    expect(d.downloadable.fileHref).toBeNull();
    expect(d.downloadable.downloadableItemCategories.nodes).toEqual([{ itemDeliveryType: 'DOWNLOADED' }]);
  });

  it('applies a link only when its condition holds', async () => {
    await fx.ensure('native_integration');
    const plain = await fx.create('tax', { serviceProvider: 'NONE', isLive: false });
    const live = await fx.create('tax', { serviceProvider: 'CUSTOM_TAX' });
    const d = await gqlData(t.app, `query($a: ID!, $b: ID!) { a: tax(id: $a) { nativeIntegrations { totalCount } } b: tax(id: $b) { nativeIntegrations { nodes { provider } } } }`,
      { token: chain.storeToken, variables: { a: plain.id, b: live.id } });
    expect(d.a.nativeIntegrations.totalCount).toBe(0);
    expect(d.b.nativeIntegrations.nodes).toEqual([{ provider: 'CUSTOM_TAX' }]);
    // A live tax would send checkout to the (unreachable) endpoint of the integration.
    await gqlData(t.app, `mutation { deleteTax(id: "${live.id}") { deletedId } }`, { token: chain.storeToken });
  });

  it('checks out a cart and moves the transaction through capture and refund', async () => {
    const cart = await fillCart(t.app, chain, shop);
    const out = (await run(`mutation($id: ID!) { checkoutCart(id: $id) { ${TXN} } }`, { id: idOf(link(cart, 'self')) })).body.data.checkoutCart;
    expect(out).toMatchObject({ transaction: { status: 'AUTHORIZED', totalOrder: '110.00' }, userErrors: [] });
    const id = out.transaction.id;
    const capture = (await run(`mutation($id: ID!) { captureTransaction(id: $id) { ${TXN} } }`, { id })).body.data.captureTransaction;
    expect(capture.transaction.status).toBe('CAPTURED');
    const voided = (await run(`mutation($id: ID!) { voidTransaction(id: $id) { ${TXN} } }`, { id })).body.data.voidTransaction;
    expect(voided).toMatchObject({ transaction: null, userErrors: [{ field: null, code: 'invalid_transition' }] });
    const refund = (await run(`mutation($id: ID!) { refundTransaction(id: $id) { ${TXN} } }`, { id })).body.data.refundTransaction;
    expect(refund.transaction.status).toBe('REFUNDED');
    const logs = await gqlData(t.app, `{ transaction(id: "${id}") { transactionLogs { nodes { action } } } }`, { token: chain.storeToken });
    expect(logs.transaction.transactionLogs.nodes.map((n: any) => n.action)).toEqual(['authorize', 'capture', 'refund']);
  });

  it('answers refused actions with userErrors, FORBIDDEN or NOT_FOUND', async () => {
    const empty = await fx.create('cart');
    const res = (await run(`mutation($id: ID!) { checkoutCart(id: $id) { ${TXN} } }`, { id: empty.id })).body.data.checkoutCart;
    expect(res.userErrors.map((e: any) => e.code)).toEqual(['empty_cart']);
    const narrow = await narrowToken(t.app, chain, 'tax_settings_write');
    expect(errorCodes((await run(`mutation($id: ID!) { checkoutCart(id: $id) { ${TXN} } }`, { id: empty.id }, narrow)).body)).toEqual(['FORBIDDEN']);
    const other = await tokenChain(t.app);
    expect(errorCodes((await run(`mutation($id: ID!) { checkoutCart(id: $id) { ${TXN} } }`, { id: empty.id }, other.storeToken)).body)).toEqual(['NOT_FOUND']);
  });
});
