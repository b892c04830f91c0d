// A checkout takes at most CHECKOUT_MAX_LINES items (issue 20's bounded cost, and money): a larger
// cart is refused with 400 cart_too_large and left as it was, instead of being priced on its first
// items while all of them moved onto the transaction. GraphQL's checkoutCart says it in userErrors.
import { describe, expect, it } from 'vitest';
import { engines } from '../helpers/app.js';
import { call, json, link } from '../helpers/rest.js';
import { fillCart, useShop } from '../helpers/shop.js';
import { gql } from '../graphql/helpers.js';

describe.each(engines())('checkout of a cart over the line limit on %s', (engine) => {
  const w = useShop(engine, { checkoutMaxLines: 3 });

  const token = () => w.chain.storeToken;
  const lines = (n: number) => Array.from({ length: n }, (_, i) => ({ name: `Line ${i + 1}`, price: '10', quantity: 1, code: `L-${i + 1}` }));

  it('refuses a cart with more items than the limit, and leaves it as it was', async () => {
    const cart = await fillCart(w.t.app, w.chain, w.shop, lines(4));
    const res = await call(w.t.app, link(cart, 'svc:checkout'), { method: 'POST', token: token(), body: {} });
    expect(res.statusCode, res.body).toBe(400);
    const [error] = json(res)._embedded['svc:errors'];
    expect(error.code).toBe('cart_too_large');
    expect(error.message).toContain('3');
    // The cart and its four items are still there, and free for another checkout.
    const items = json(await call(w.t.app, `${link(cart, 'svc:items')}?limit=10`, { token: token() }))._embedded['svc:items'];
    expect(items).toHaveLength(4);
    const transactions = json(await call(w.t.app, `${link(w.shop.store, 'svc:transactions')}?limit=10`, { token: token() }));
    expect(Number(transactions.total_items)).toBe(0);
    // With one item gone it checks out, all three items priced.
    expect((await call(w.t.app, link(items[3], 'self'), { method: 'DELETE', token: token() })).statusCode).toBe(204);
    const done = await call(w.t.app, link(cart, 'svc:checkout'), { method: 'POST', token: token(), body: {} });
    expect(done.statusCode, done.body).toBe(201);
    expect(json(done).total_item_price).toBe(30);
  });

  it('tells a GraphQL checkout the same, in userErrors', async () => {
    const cart = await fillCart(w.t.app, w.chain, w.shop, lines(4));
    const id = link(cart, 'self').split('/').pop();
    const res = await gql(w.t.app, 'mutation($id: ID!) { checkoutCart(id: $id) { transaction { id } userErrors { code message } } }', { token: token(), variables: { id } });
    expect(res.body.data.checkoutCart).toMatchObject({ transaction: null, userErrors: [{ code: 'cart_too_large' }] });
    expect(json(await call(w.t.app, `${link(cart, 'svc:items')}?limit=10`, { token: token() }))._embedded['svc:items']).toHaveLength(4);
  });

  it('takes a cart of exactly the limit', async () => {
    const res = await call(w.t.app, link(await fillCart(w.t.app, w.chain, w.shop, lines(3)), 'svc:checkout'), { method: 'POST', token: token(), body: {} });
    expect(res.statusCode, res.body).toBe(201);
    expect(json(res).total_item_price).toBe(30);
  });
});
