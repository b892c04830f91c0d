// The money path when PostgreSQL drops the service's connections mid-checkout (a failover, an
// operator's pg_terminate_backend, a network cut): a checkout runs in 4 pipelined round trips
// (claim and loads, the write, events with COMMIT), and a connection may die inside any of them.
// Whatever the interleaving, each cart is paid at most once and all or nothing: one transaction
// with every item and the right total, or the cart as it was (and free to check out again); the
// service answers 201 or a retryable 503, never a 500, and lives on. A checkout whose connection
// is lost after its COMMIT went out may have committed: it is answered as the database decided,
// and its payment authorization is voided only when the database says it did not commit.
import { containerOf } from '../../src/app.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PG_URL, type TestApp } from '../helpers/app.js';
import { call, json, link, tokenChain, type Chain } from '../helpers/rest.js';
import { fillCart, openShop, type Shop } from '../helpers/shop.js';
import type { Proxy } from '../reliability/support/tcp-proxy.js';
import { proxiedApp, terminateBackends } from '../reliability/support/proxied-app.js';
import { testGateway, type PaymentGateway } from '../../src/commerce/gateway.js';

const CARTS = 24;
/** A COMMIT as the app sends it: in a pipeline's Parse message, or as a simple query. */
const COMMIT = ['\0commit\0', 'commit\0', 'COMMIT\0'];
if (!PG_URL) console.log('[skip] checkout while connections are terminated: TEST_DATABASE_URL is not set');

describe.skipIf(!PG_URL)('checkout while PostgreSQL terminates the connections', () => {
  let t: TestApp;
  let proxy: Proxy;
  let chain: Chain;
  let shop: Shop;
  beforeAll(async () => {
    ({ t, proxy } = await proxiedApp());
    // Fault injection after the token check, so that the cut meets the checkout's own COMMIT.
    t.app.addHook('preHandler', async (req) => {
      const fault = req.headers['x-test-fault'];
      if (fault === 'cut-at-commit') proxy.cutAfter(COMMIT);
      if (fault === 'cut-at-commit-then-down') proxy.cutAfter(COMMIT, { down: true });
    });
    chain = await tokenChain(t.app);
    shop = await openShop(t.app, chain);
  });
  afterAll(async () => {
    t.app.container.checkout.gateway = testGateway;
    await t?.close();
    await proxy?.close();
  });

  /** The test gateway, recording what it authorized and voided. */
  const recording = () => {
    const log = { authorized: [] as string[], voided: [] as string[] };
    const gateway: PaymentGateway = {
      inProcess: true,
      async authorize(req) {
        const a = await testGateway.authorize(req);
        if (a.authorizationId) log.authorized.push(a.authorizationId);
        return a;
      },
      async void(id) { log.voided.push(id); },
    };
    t.app.container.checkout.gateway = gateway;
    return log;
  };
  const twoItems = (tag: string) => [{ name: `A${tag}`, price: '10', quantity: 1, code: `A-${tag}` }, { name: `B${tag}`, price: '5.50', quantity: 2, code: `B-${tag}` }];
  const transactionOf = async (cart: any) => containerOf(t.app).database.db.selectFrom('transactions').select(['id', 'status', 'total_item_price'])
    .where('cart_id', '=', Number(link(cart, 'self').split('/').pop())).execute();

  it('answers 201 for a checkout that committed although its connection was lost at the COMMIT, and keeps its authorization', async () => {
    const log = recording();
    const cart = await fillCart(t.app, chain, shop, twoItems('cut'));
    const res = await call(t.app, link(cart, 'svc:checkout'), { method: 'POST', token: chain.storeToken, body: {}, headers: { 'x-test-fault': 'cut-at-commit' } });
    expect(res.statusCode, res.body).toBe(201);
    const [row] = await transactionOf(cart);
    expect(Number(link(json(res), 'self').split('/').pop())).toBe(Number(row.id));
    expect(json(res)).toMatchObject({ status: 'authorized', total_item_price: 21 });
    expect(log.authorized).toHaveLength(1);
    expect(log.voided).toEqual([]);
    expect(json(await call(t.app, `${link(json(res), 'svc:items')}?limit=10`, { token: chain.storeToken }))._embedded['svc:items']).toHaveLength(2);
  });

  it('leaves the authorization in place when the database cannot tell whether the checkout committed', async () => {
    const log = recording();
    const cart = await fillCart(t.app, chain, shop, twoItems('down'));
    const res = await call(t.app, link(cart, 'svc:checkout'), { method: 'POST', token: chain.storeToken, body: {}, headers: { 'x-test-fault': 'cut-at-commit-then-down' } });
    await proxy.up();
    expect(res.statusCode, res.body).toBe(503);
    // It did commit: voiding would have left the transaction unable to capture.
    expect(await transactionOf(cart)).toHaveLength(1);
    expect(log.authorized).toHaveLength(1);
    expect(log.voided).toEqual([]);
    // The retry is told the cart is a transaction now.
    let retry = await call(t.app, link(cart, 'svc:checkout'), { method: 'POST', token: chain.storeToken, body: {} });
    for (let i = 0; i < 20 && retry.statusCode === 503; i++) retry = await call(t.app, link(cart, 'svc:checkout'), { method: 'POST', token: chain.storeToken, body: {} });
    expect(retry.statusCode).toBe(409);
    expect(json(retry)._embedded['svc:errors'][0].code).toBe('already_checked_out');
  });

  it('pays each cart at most once, all or nothing, and answers 201 or 503', async () => {
    t.app.container.checkout.gateway = testGateway;
    const token = chain.storeToken;
    const carts: any[] = [];
    for (let i = 0; i < CARTS; i++) {
      carts.push(await fillCart(t.app, chain, shop, [
        { name: `A${i}`, price: '10', quantity: 1, code: `A-${i}` }, { name: `B${i}`, price: '5.50', quantity: 2, code: `B-${i}` },
      ]));
    }
    // Terminates the service's backends one at a time, at random moments, while the checkouts
    // run, until two thirds of the carts are through: with few checkouts left, their connections
    // would be nearly the only ones to pick, and each killed before it could finish.
    let resolved = 0;
    const killer = await terminateBackends(proxy, 2, 14, () => resolved < (CARTS * 2) / 3);
    const statuses: number[] = [];
    const settle = (how: 'paid' | 'answered later' | 'left') => { resolved++; return how; };
    const outcome = await Promise.all(carts.map(async (cart) => {
      for (let attempt = 0; attempt < 40; attempt++) {
        const res = await call(t.app, link(cart, 'svc:checkout'), { method: 'POST', token, body: {} });
        statuses.push(res.statusCode);
        if (res.statusCode === 201) return settle('paid');
        // An earlier attempt committed although its answer was lost with its connection: the cart
        // is a transaction now, and the retry is told so (409 naming it).
        if (res.statusCode === 409 && json(res)._embedded['svc:errors'][0].code === 'already_checked_out') return settle('answered later');
        if (res.statusCode !== 503) throw new Error(`${res.statusCode} ${res.body}`);
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      return settle('left');
    }));
    const terminated = await killer.stop();
    console.log(`[figures] checkout-faults postgres: ${CARTS} carts, ${terminated} backends terminated, answers ${JSON.stringify(count(statuses))}, outcomes ${JSON.stringify(count(outcome))}`);
    expect(statuses.filter((s) => s >= 500 && s !== 503)).toEqual([]);
    expect(terminated).toBeGreaterThan(0);
    // Once the connections are left alone, every checkout goes through (or had, unanswered).
    expect(outcome.filter((o) => o === 'left')).toEqual([]);

    // The database decides: every cart either became exactly one complete transaction or is whole.
    let ok = 0;
    for (let attempt = 0; attempt < 50 && ok !== 200; attempt++) ok = (await call(t.app, chain.storeHref, { token })).statusCode;
    const list = json(await call(t.app, `${link(shop.store, 'svc:transactions')}?limit=100`, { token }));
    const transactions = list._embedded?.['svc:transactions'] ?? [];
    const byCart = new Map<string, any[]>();
    for (const tx of transactions) {
      const items = json(await call(t.app, `${link(tx, 'svc:items')}?limit=10`, { token }))._embedded['svc:items'];
      const key = items.map((i: any) => i.code).sort().join(',');
      byCart.set(key, [...(byCart.get(key) ?? []), { tx, items }]);
    }
    carts.forEach((cart, i) => {
      const key = `A-${i},B-${i}`;
      const paid = byCart.get(key) ?? [];
      expect(paid.length, `cart ${i} paid ${paid.length} times`).toBeLessThanOrEqual(1);
      if (paid.length === 1) {
        expect(paid[0].items).toHaveLength(2);
        expect(paid[0].tx.total_item_price).toBe(21);
      }
      if (outcome[i] !== 'left') expect(paid.length, `cart ${i} answered ${outcome[i]}`).toBe(1);
    });
    // An authorization is voided only for a checkout that did not commit: voiding a committed
    // transaction's authorization would leave it unable to capture what it sold.
    // (Each attempt authorizes anew: an attempt that did not commit has its own to void.)
    const logs = json(await call(t.app, `${link(shop.store, 'svc:changelogs')}?resource_type=cart&limit=200`, { token }))._embedded?.['svc:changelogs'] ?? [];
    const voided = logs.filter((l: any) => /voided/.test(l.message ?? '')).map((l: any) => JSON.parse(l.diff).payment_authorization[0]);
    const kept = (await containerOf(t.app).database.db.selectFrom('transaction_logs').select('details')
      .where('action', '=', 'authorize').where('details', 'is not', null).execute()).map((l) => JSON.parse(String(l.details)).authorization_id);
    console.log(`[figures] checkout-faults postgres: ${kept.length} authorizations committed, ${voided.length} voided after an attempt failed`);
    expect(kept).toHaveLength(transactions.length);
    expect(voided.filter((id: string) => kept.includes(id))).toEqual([]);
    // No transaction holds a mixture of carts or a part of one.
    expect([...byCart.keys()].every((k) => /^A-(\w+),B-\1$/.test(k)), [...byCart.keys()].join(' ')).toBe(true);
    for (const [i, cart] of carts.entries()) {
      if (byCart.has(`A-${i},B-${i}`)) {
        expect((await call(t.app, link(cart, 'self'), { token })).statusCode).toBe(404);
        continue;
      }
      // Unpaid: the cart is whole, and checks out now that the connections are left alone.
      const items = json(await call(t.app, `${link(cart, 'svc:items')}?limit=10`, { token }))._embedded['svc:items'];
      expect(items).toHaveLength(2);
      expect((await call(t.app, link(cart, 'svc:checkout'), { method: 'POST', token, body: {} })).statusCode).toBe(201);
    }
  }, 120_000);
});

function count<T extends string | number>(values: T[]): Record<string, number> {
  const out: Record<string, number> = {};
  for (const v of values) out[String(v)] = (out[String(v)] ?? 0) + 1;
  return out;
}
