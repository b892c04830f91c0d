// Fair turns between callers (src/ops/fair-share.ts): while another caller is active, one caller
// runs at most RATE_LIMIT_FAIR_SHARE requests at once, its next one waiting until an earlier one has
// built its answer, while other callers are served; a caller alone is never held back. Real sockets
// (undici). A request is held in its handler by a checkout whose pre-checkout hook (a real receiver)
// never answers, until PRE_CHECKOUT_TIMEOUT_MS lets the checkout go on; whether another request
// waited for it is told by the order of the answers, not by a clock.
import { afterAll, describe, expect, it } from 'vitest';
import { Client } from 'undici';
import { engines, makeApp, type TestApp } from '../helpers/app.js';
import { call, json, link, tokenChain, type Chain } from '../helpers/rest.js';
import { fillCart, openShop } from '../helpers/shop.js';
import { startReceiver, type Receiver } from '../helpers/receiver.js';

describe.each(engines())('fair turns between callers (%s)', (engine) => {
  const apps: TestApp[] = [];
  const clients: Client[] = [];
  let hook: Receiver | undefined;
  afterAll(async () => {
    for (const c of clients) await c.destroy();
    for (const a of apps) await a.close();
    await hook?.close();
  });

  /** An app with a fair share of 1, and store A's checkout held by a hook that never answers. */
  const setUp = async () => {
    hook ??= await startReceiver(() => 'hang');
    const t = await makeApp({ engine, config: { rateLimitFairShare: 1, outboundAllowPrivate: true, preCheckoutTimeoutMs: 2000 } });
    apps.push(t);
    const origin = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const a = await tokenChain(t.app);
    const b = await tokenChain(t.app);
    const shop = await openShop(t.app, a);
    const set = json(await call(t.app, link(shop.store, 'svc:payment_method_sets'), { method: 'POST', token: a.storeToken, body: { description: 'Default' } }));
    const protection = json(await call(t.app, link(shop.store, 'svc:fraud_protections'), {
      method: 'POST', token: a.storeToken,
      body: { type: 'custom_precheckout_hook', json: JSON.stringify({ enabled: true, url: hook.url, failure_handling: 'approve' }) },
    }));
    expect((await call(t.app, link(set, 'svc:payment_method_set_fraud_protections'), { method: 'POST', token: a.storeToken, body: { fraud_protection_uri: link(protection, 'self') } })).statusCode).toBe(201);
    const cart = await fillCart(t.app, a, shop);
    // Each request on a connection of its own, as parallel clients would send them.
    const send = async (c: Chain, method: 'GET' | 'POST', url: string) => {
      const client = new Client(origin);
      clients.push(client);
      const res = await client.request({
        method, path: new URL(url).pathname, body: method === 'POST' ? '{}' : undefined,
        headers: { authorization: `Bearer ${c.storeToken}`, 'service-api-version': '1', accept: 'application/hal+json', ...(method === 'POST' ? { 'content-type': 'application/json' } : {}) },
      });
      await res.body.text();
      return res.statusCode;
    };
    return { a, b, send, checkoutUrl: link(cart, 'svc:checkout') };
  };

  it('runs a caller\'s next request after its running one while another caller is active, serving the other meanwhile', async () => {
    const { a, b, send, checkoutUrl } = await setUp();
    const order: string[] = [];
    expect(await send(b, 'GET', b.storeHref)).toBe(200); // B is active
    const hooked = hook!.received.length;
    const checkout = send(a, 'POST', checkoutUrl).then((s) => { order.push('A checkout'); return s; });
    // A's checkout is in its handler once the hook has been called.
    await expect.poll(() => hook!.received.length).toBeGreaterThan(hooked);
    const read = send(a, 'GET', a.storeHref).then((s) => { order.push('A read'); return s; });
    expect(await send(b, 'GET', b.storeHref)).toBe(200);
    order.push('B read');
    expect(await checkout).toBe(201);
    expect(await read).toBe(200);
    // B was served while A's read waited for A's checkout to finish.
    expect(order).toEqual(['B read', 'A checkout', 'A read']);
  });

  it('never holds back a caller alone', async () => {
    const { a, send, checkoutUrl } = await setUp();
    const order: string[] = [];
    const hooked = hook!.received.length;
    const checkout = send(a, 'POST', checkoutUrl).then((s) => { order.push('A checkout'); return s; });
    await expect.poll(() => hook!.received.length).toBeGreaterThan(hooked);
    expect(await send(a, 'GET', a.storeHref)).toBe(200);
    order.push('A read');
    expect(await checkout).toBe(201);
    expect(order).toEqual(['A read', 'A checkout']);
  });
});
