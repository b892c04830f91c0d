// A subscriber and a webhook see the same event: the graphql-ws subscriber subscribed before a
// checkout receives transaction/created with the fields it selected, and they equal what the
// webhook delivered for that event (signed, decrypted, checked by the standardwebhooks package).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient, type Client } from 'graphql-ws';
import WebSocket from 'ws';
import { startReceiver, type Receiver } from '../helpers/receiver.js';
import { call, json, link } from '../helpers/rest.js';
import { fillCart, openShop } from '../helpers/shop.js';
import { makeWorld, openDelivery, type World } from '../webhooks/world.js';

describe('subscription payload equals webhook payload', () => {
  let w: World;
  let receiver: Receiver;
  let client: Client;
  beforeAll(async () => {
    w = await makeWorld('sqlite');
    receiver = await startReceiver(() => ({ status: 200 }));
    await w.app.listen({ host: '127.0.0.1', port: 0 });
  });
  afterAll(async () => {
    await client?.dispose();
    await receiver?.close();
    await w?.close();
  });

  it('delivers transaction/created with the same values both ways', async () => {
    await w.createWebhook({ url: receiver.url, event_resource: 'transaction' });
    const port = (w.app.server.address() as { port: number }).port;
    client = createClient({ url: `ws://127.0.0.1:${port}/graphql`, webSocketImpl: WebSocket, connectionParams: { authorization: `Bearer ${w.chain.storeToken}` }, retryAttempts: 0 });
    const seen: any[] = [];
    client.subscribe({ query: `subscription { events(resources: [TRANSACTION]) { name resource { ... on Transaction {
      href status totalItemPrice totalTax totalOrder customerEmail shippingCity currencyCode } } } }` }, {
      next: (r) => { if (r.data) seen.push((r.data as any).events); }, error: () => undefined, complete: () => undefined,
    });
    await new Promise((r) => setTimeout(r, 200));
    const shop = await openShop(w.app, w.chain);
    const txn = json(await call(w.app, link(await fillCart(w.app, w.chain, shop), 'svc:checkout'), { method: 'POST', token: w.chain.storeToken }));
    await w.run();
    const end = Date.now() + 5000;
    while ((seen.length < 1 || receiver.received.length < 1) && Date.now() < end) await new Promise((r) => setTimeout(r, 20));
    const delivered = await openDelivery(receiver.received[0], 'a shared secret of the integration');
    expect(delivered.event).toBe('transaction/created');
    const live = seen[0];
    expect(live.name).toBe(delivered.event);
    const p = delivered.payload;
    // Decimals are JSON numbers in REST payloads and exact strings in GraphQL: compared as numbers.
    const r = live.resource;
    expect({ ...r, totalItemPrice: Number(r.totalItemPrice), totalTax: Number(r.totalTax), totalOrder: Number(r.totalOrder) }).toEqual({
      href: p._links.self.href, status: p.status.toUpperCase(), totalItemPrice: p.total_item_price,
      totalTax: p.total_tax, totalOrder: p.total_order, customerEmail: p.customer_email,
      shippingCity: p.shipping_city, currencyCode: p.currency_code,
    });
    expect(p._links.self.href).toBe(link(txn, 'self'));
  });
});
