// One cart, many checkouts at once: exactly one transaction and one authorization, on both engines,
// with and without a slow (300 ms) pre-checkout hook, with an in-process gateway (the checkout is one
// transaction) and one that is not (the claim commits first); every loser gets a clear 409; a retry
// with the winner's Idempotency-Key gets the winner's answer; and an authorization whose transaction
// cannot commit is voided and reported in the event log, on either way through checkout.
import { containerOf } from '../../src/app.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engines, makeApp, type TestApp } from '../helpers/app.js';
import { call, json, link, tokenChain, type Chain } from '../helpers/rest.js';
import { fillCart, openShop, type Shop } from '../helpers/shop.js';
import { startReceiver, type Receiver } from '../helpers/receiver.js';
import { ManualClock } from '../../src/services/clock.js';
import { testGateway, type AuthorizationRequest, type PaymentGateway } from '../../src/commerce/gateway.js';

const PARALLEL = 24;

/**
 * The test gateway, counting what it is asked to do. `inProcess` as the built-in one (no I/O, so
 * checkout authorizes inside its one transaction), unless it must reach the database itself.
 */
function countingGateway(onAuthorize?: (req: AuthorizationRequest) => Promise<void>, inProcess = !onAuthorize) {
  const log = { authorized: [] as string[], voided: [] as string[] };
  const gateway: PaymentGateway = {
    inProcess,
    async authorize(req) {
      const a = await testGateway.authorize(req);
      if (a.authorizationId) log.authorized.push(a.authorizationId);
      await onAuthorize?.(req);
      return a;
    },
    async void(id) { log.voided.push(id); },
  };
  return { gateway, log };
}

describe.each(engines())('concurrent checkouts on %s', (engine) => {
  // Real time, but movable: a test can make a lease run out without waiting for it.
  const clock = new ManualClock(new Date());
  let t: TestApp;
  let hook: Receiver;
  beforeAll(async () => {
    t = await makeApp({ engine, clock, config: { outboundAllowPrivate: true } });
    hook = await startReceiver(() => ({ body: { ok: true }, delayMs: 300 }));
  });
  afterAll(async () => { await hook?.close(); await t?.close(); });

  async function shopWith(slowHook: boolean): Promise<{ chain: Chain; shop: Shop }> {
    const chain = await tokenChain(t.app);
    const shop = await openShop(t.app, chain);
    if (slowHook) {
      const token = chain.storeToken;
      const set = json(await call(t.app, link(shop.store, 'svc:payment_method_sets'), { method: 'POST', token, body: { description: 'Default' } }));
      const protection = json(await call(t.app, link(shop.store, 'svc:fraud_protections'), {
        method: 'POST', token, body: { type: 'custom_precheckout_hook', json: JSON.stringify({ enabled: true, url: hook.url, failure_handling: 'reject' }) },
      }));
      await call(t.app, link(set, 'svc:payment_method_set_fraud_protections'), { method: 'POST', token, body: { fraud_protection_uri: link(protection, 'self') } });
    }
    return { chain, shop };
  }

  /** The store's newest changelog entry, found through its event log as a client would. */
  const lastChangelog = async (chain: Chain, shop: Shop) => {
    const events = json(await call(t.app, `${link(shop.store, 'svc:events')}?name=changelog/created&order=sequence%20desc&limit=1`, { token: chain.storeToken }))._embedded['svc:events'];
    return json(await call(t.app, `/changelogs/${events[0].resource_id}`, { token: chain.storeToken }));
  };
  /** A checkout that answers 409 checkout_claim_lost, having authorized once and voided that authorization. */
  const expectClaimLostAndVoided = async (chain: Chain, cart: any, log: { authorized: unknown[]; voided: unknown[] }) => {
    const res = await call(t.app, link(cart, 'svc:checkout'), { method: 'POST', token: chain.storeToken, body: {} });
    expect(res.statusCode).toBe(409);
    expect(json(res)._embedded['svc:errors'][0].code).toBe('checkout_claim_lost');
    expect(log.authorized).toHaveLength(1);
    expect(log.voided).toEqual(log.authorized);
  };
  const transactionsOf = async (cartId: number) => containerOf(t.app).database.db.selectFrom('transactions')
    .select(['id', 'status', 'total_order']).where('cart_id', '=', cartId).execute();

  for (const [slowHook, inProcess] of [[false, true], [false, false], [true, true]]) {
    const way = `${slowHook ? 'slow hook' : 'no hook'}, ${inProcess ? 'in-process' : 'outside'} gateway: ${slowHook || !inProcess ? 'claim committed first' : 'one transaction'}`;
    it(`${PARALLEL} checkouts of one cart make one transaction and one authorization (${way})`, async () => {
      const { chain, shop } = await shopWith(slowHook);
      for (let round = 0; round < 3; round++) {
        const { gateway, log } = countingGateway(undefined, inProcess);
        t.app.container.checkout.gateway = gateway;
        const hooksBefore = hook.received.length;
        const cart = await fillCart(t.app, chain, shop, [{ name: 'Ten', price: '10' }]);
        const answers = await Promise.all(Array.from({ length: PARALLEL }, () =>
          call(t.app, link(cart, 'svc:checkout'), { method: 'POST', token: chain.storeToken, body: {} })));
        const codes = answers.map((a) => a.statusCode).sort();
        expect(codes.filter((c) => c === 201)).toHaveLength(1);
        expect(codes.filter((c) => c === 409)).toHaveLength(PARALLEL - 1);
        for (const loser of answers.filter((a) => a.statusCode === 409)) {
          expect(['checkout_in_progress', 'already_checked_out']).toContain(json(loser)._embedded['svc:errors'][0].code);
        }
        const cartId = Number(link(cart, 'self').split('/').pop());
        const rows = await transactionsOf(cartId);
        expect(rows).toHaveLength(1);
        expect(rows[0].status).toBe('authorized');
        expect(Number(rows[0].total_order)).toBe(11);
        expect(log.authorized).toHaveLength(1);
        expect(log.voided).toEqual([]);
        expect(hook.received.length - hooksBefore).toBe(slowHook ? 1 : 0);
        const winner = json(answers.find((a) => a.statusCode === 201)!);
        expect(json(await call(t.app, `${link(winner, 'self')}/items`, { token: chain.storeToken }))._embedded['svc:items']).toHaveLength(1);
        // A late retry (a double click) names the transaction the cart became.
        const late = await call(t.app, link(cart, 'svc:checkout'), { method: 'POST', token: chain.storeToken, body: {} });
        expect(late.statusCode).toBe(409);
        expect(json(late)._embedded['svc:errors'][0]).toMatchObject({ code: 'already_checked_out' });
        expect(json(late)._embedded['svc:errors'][0].message).toContain(link(winner, 'self'));
      }
    });
  }

  it('gives the winner\'s answer to a retry with the same Idempotency-Key', async () => {
    const { chain, shop } = await shopWith(true);
    const { gateway, log } = countingGateway();
    t.app.container.checkout.gateway = gateway;
    const cart = await fillCart(t.app, chain, shop, [{ name: 'Ten', price: '10' }]);
    const send = () => call(t.app, link(cart, 'svc:checkout'), { method: 'POST', token: chain.storeToken, body: {}, headers: { 'idempotency-key': 'pay-once' } });
    const answers = await Promise.all(Array.from({ length: PARALLEL }, send));
    const winner = answers.find((a) => a.statusCode === 201)!;
    expect(answers.filter((a) => a.statusCode === 201)).toHaveLength(1);
    expect(answers.filter((a) => a.statusCode === 409)).toHaveLength(PARALLEL - 1);
    const retry = await send();
    expect(retry.statusCode).toBe(201);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(json(retry)._links.self.href).toBe(json(winner)._links.self.href);
    expect(log.authorized).toHaveLength(1);
    expect(await transactionsOf(Number(link(cart, 'self').split('/').pop()))).toHaveLength(1);
  });

  it('frees a cart whose checkout died once its claim has run out', async () => {
    const { chain, shop } = await shopWith(false);
    t.app.container.checkout.gateway = testGateway;
    const cart = await fillCart(t.app, chain, shop, [{ name: 'Ten', price: '10' }]);
    const cartId = Number(link(cart, 'self').split('/').pop());
    const db = containerOf(t.app).database.db;
    const crashed = (until: string) => db.updateTable('carts').set({ checkout_claim: 'crashed-instance', checkout_claimed_until: until }).where('id', '=', cartId).execute();
    await crashed('2999-01-01T00:00:00+0000');
    // Sent with a key: the passing conflict says when to retry and is not kept as the key's answer,
    // so the retry with the same key, once the claim has run out, does the checkout.
    const send = () => call(t.app, link(cart, 'svc:checkout'), { method: 'POST', token: chain.storeToken, body: {}, headers: { 'idempotency-key': 'after-crash' } });
    const held = await send();
    expect(held.statusCode).toBe(409);
    expect(json(held)._embedded['svc:errors'][0].code).toBe('checkout_in_progress');
    expect(held.headers['retry-after']).toBe('1');
    expect(held.headers['idempotent-replayed']).toBeUndefined();
    await crashed('2000-01-01T00:00:00+0000');
    const res = await send();
    expect(res.statusCode, res.body).toBe(201);
    expect(res.headers['idempotent-replayed']).toBeUndefined();
    expect((await send()).headers['idempotent-replayed']).toBe('true');
    expect(await transactionsOf(cartId)).toHaveLength(1);
  });

  it('keeps the cart of a live checkout past its lease: the claim is renewed while it runs', async () => {
    const { chain, shop } = await shopWith(true); // the hook answers after 300 ms
    const { gateway, log } = countingGateway();
    t.app.container.checkout.gateway = gateway;
    t.app.container.checkout.claimLeaseMs = 150; // renewed every 50 ms
    try {
      const cart = await fillCart(t.app, chain, shop, [{ name: 'Ten', price: '10' }]);
      const cartId = Number(link(cart, 'self').split('/').pop());
      const send = () => call(t.app, link(cart, 'svc:checkout'), { method: 'POST', token: chain.storeToken, body: {} });
      const hooksBefore = hook.received.length;
      const first = send();
      while (hook.received.length === hooksBefore) await new Promise((r) => setTimeout(r, 5));
      // While the hook works, time passes beyond the lease: only a renewal can move its end past now.
      clock.advance(60_000);
      const db = containerOf(t.app).database.db;
      const leaseEnd = async () => String((await db.selectFrom('carts').select('checkout_claimed_until').where('id', '=', cartId).executeTakeFirst())?.checkout_claimed_until ?? '');
      while ((await leaseEnd()) <= clock.now().toISOString()) await new Promise((r) => setTimeout(r, 5));
      const late = await Promise.all(Array.from({ length: 8 }, send));
      const won = await first;
      expect(won.statusCode, won.body).toBe(201);
      for (const a of late) expect(['checkout_in_progress', 'already_checked_out']).toContain(json(a)._embedded['svc:errors'][0].code);
      expect(log.authorized).toHaveLength(1);
      expect(await transactionsOf(cartId)).toHaveLength(1);
    } finally {
      t.app.container.checkout.claimLeaseMs = undefined;
    }
  });

  it('commits the claim before the pre-checkout hook is called', async () => {
    const { chain, shop } = await shopWith(true); // the hook answers after 300 ms
    t.app.container.checkout.gateway = testGateway;
    const cart = await fillCart(t.app, chain, shop, [{ name: 'Ten', price: '10' }]);
    const cartId = Number(link(cart, 'self').split('/').pop());
    const hooksBefore = hook.received.length;
    const pending = call(t.app, link(cart, 'svc:checkout'), { method: 'POST', token: chain.storeToken, body: {} });
    while (hook.received.length === hooksBefore) await new Promise((r) => setTimeout(r, 5));
    // Read from outside the checkout while the hook works: the claim is already there for everyone.
    const row = await containerOf(t.app).database.db.selectFrom('carts').select('checkout_claim').where('id', '=', cartId).executeTakeFirst();
    expect(row?.checkout_claim).toBeTruthy();
    expect((await pending).statusCode).toBe(201);
  });

  it('voids an in-process authorization whose one-transaction write cannot commit, and leaves the cart unclaimed', async () => {
    const { chain, shop } = await shopWith(false);
    const cart = await fillCart(t.app, chain, shop, [{ name: 'Ten', price: '10' }]);
    const cartId = Number(link(cart, 'self').split('/').pop());
    // A transaction row for this cart already exists (as if another instance had written it): the
    // unique transactions.cart_id refuses this checkout's write after the authorization.
    const db = containerOf(t.app).database.db;
    const storeId = Number(link(shop.store, 'self').split('/').pop());
    await db.insertInto('transactions').values({ store_id: storeId, cart_id: cartId, status: 'authorized' } as never).execute();
    const { gateway, log } = countingGateway();
    t.app.container.checkout.gateway = gateway;
    await expectClaimLostAndVoided(chain, cart, log);
    // Everything rolled back together, the claim included: the cart is still there and free.
    const row = await db.selectFrom('carts').select('checkout_claim').where('id', '=', cartId).executeTakeFirst();
    expect(row).toEqual({ checkout_claim: null });
    expect(json(await call(t.app, link(cart, 'svc:items'), { token: chain.storeToken }))._embedded['svc:items']).toHaveLength(1);
    const entry = await lastChangelog(chain, shop);
    expect(entry).toMatchObject({ resource_type: 'cart', resource_id: cartId });
    expect(entry.message).toContain(`authorization ${log.authorized[0]} of 11.00 USD voided`);
  });

  it('voids an authorization whose transaction cannot commit, and says so in the event log', async () => {
    const { chain, shop } = await shopWith(false);
    const cart = await fillCart(t.app, chain, shop, [{ name: 'Ten', price: '10' }]);
    const cartId = Number(link(cart, 'self').split('/').pop());
    // Between the authorization and the write, another instance takes the cart over (as it may once
    // a claim's lease has run out): this checkout must not commit, and must not keep the money.
    const { gateway, log } = countingGateway(async () => {
      await containerOf(t.app).database.db.updateTable('carts').set({ checkout_claim: 'another-instance' }).where('id', '=', cartId).execute();
    });
    t.app.container.checkout.gateway = gateway;
    await expectClaimLostAndVoided(chain, cart, log);
    expect(await transactionsOf(cartId)).toEqual([]);
    const entry = await lastChangelog(chain, shop);
    expect(entry).toMatchObject({ resource_type: 'cart', resource_id: cartId });
    expect(entry.message).toContain(`authorization ${log.authorized[0]} of 11.00 USD voided`);
  });
});
