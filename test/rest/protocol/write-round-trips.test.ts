// Round trips of a write on PostgreSQL (issue 20): a transaction's BEGIN goes with its first
// statement and its COMMIT with its last (src/db/pg-frames.ts), and the token check with the first
// statement that may carry it (src/db/ride-along.ts), so a write costs one round trip per
// statement it needs and no more. Counted as the server's ReadyForQuery messages, on every
// connection this test process opens (the service's pool included), around one request.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PG_URL } from '../../helpers/app.js';
import { json, link } from '../../helpers/rest.js';
import { openWorld, type World } from './world.js';
import { countRoundTrips } from '../../helpers/round-trips.js';

if (!PG_URL) console.log('[skip] round trips of a write on PostgreSQL: TEST_DATABASE_URL is not set');

describe.skipIf(!PG_URL)('round trips of a write on PostgreSQL', () => {
  let w: World;
  let category: any;
  let customer: any;
  let n = 0;
  const { trips } = countRoundTrips();
  beforeAll(async () => {
    w = await openWorld('postgres');
    category = await w.createCategory('A');
    await w.linkCategory(await w.createTax({ name: 'Tax', type: 'global', rate: 10 }), category);
    customer = json(await w.req(link(w.store, 'svc:customers'), { method: 'POST', body: { first_name: 'Ada', last_name: 'Buyer', email: 'ada@example.com' } }));
  });
  afterAll(async () => w?.close());

  const newCart = async () => json(await w.req(link(w.store, 'svc:carts'), { method: 'POST', body: { shipping_country: 'US', customer_uri: link(customer, 'self') } }));
  const itemBody = () => ({ name: `Item ${++n}`, price: '12.50', quantity: 1, item_category_uri: link(category, 'self') });

  /** Round trips of one request (after a warm-up of the same kind by the caller). */
  async function tripsOf<T extends { statusCode: number; body: string }>(fn: () => Promise<T>): Promise<{ result: T; trips: number }> {
    const before = trips();
    const result = await fn();
    return { result, trips: trips() - before };
  }

  it('adds an item to a cart in 2: BEGIN with the token check, the cart and its references; the insert with COMMIT', async () => {
    const cart = await newCart();
    await w.req(link(cart, 'svc:items'), { method: 'POST', body: itemBody() });
    const { result, trips: n } = await tripsOf(() => w.req(link(cart, 'svc:items'), { method: 'POST', body: itemBody() }));
    expect(result.statusCode, result.body).toBe(201);
    expect(n).toBe(2);
  });

  it('absorbs an identical item with the transaction kept open for it', async () => {
    const cart = await newCart();
    const body = itemBody();
    await w.req(link(cart, 'svc:items'), { method: 'POST', body });
    const { result } = await tripsOf(() => w.req(link(cart, 'svc:items'), { method: 'POST', body }));
    expect(result.statusCode, result.body).toBe(200);
    expect(json(result).quantity).toBe(2);
  });

  it('changes a row with events with the last event append taking COMMIT along', async () => {
    const href = link(customer, 'self');
    await w.req(href, { method: 'PATCH', body: { first_name: 'Ada' } });
    const { result, trips: n } = await tripsOf(() => w.req(href, { method: 'PATCH', body: { first_name: 'Grace' } }));
    expect(result.statusCode, result.body).toBe(200);
    // The token check with the row as it was, BEGIN with the update, the event append with COMMIT.
    expect(n).toBe(3);
  });

  it('checks a cart out in 3, its independent statements pipelined', async () => {
    const carts = [await newCart(), await newCart()];
    for (const cart of carts) await w.req(link(cart, 'svc:items'), { method: 'POST', body: itemBody() });
    await w.req(link(carts[0], 'svc:checkout'), { method: 'POST', body: {} });
    const { result, trips: n } = await tripsOf(() => w.req(link(carts[1], 'svc:checkout'), { method: 'POST', body: {} }));
    expect(result.statusCode, result.body).toBe(201);
    // BEGIN, the token check, the claim, the loads and the transaction's id reserved (pipelined);
    // the transaction row with what goes under it (taxes applied, shipments, items moved, logs, the
    // cart gone: pipelined); the events with COMMIT. Statement by statement it was 11.
    expect(n).toBe(3);
  });

  it('captures, voids and refunds in 3: the token check with the row, BEGIN with its update and log (pipelined), the events with COMMIT', async () => {
    const paid = async () => {
      const cart = await newCart();
      await w.req(link(cart, 'svc:items'), { method: 'POST', body: itemBody() });
      return json(await w.req(link(cart, 'svc:checkout'), { method: 'POST', body: {} }));
    };
    await w.req(link(await paid(), 'svc:capture'), { method: 'POST' });
    const txn = await paid();
    const captured = await tripsOf(() => w.req(link(txn, 'svc:capture'), { method: 'POST' }));
    expect(captured.result.statusCode, captured.result.body).toBe(200);
    expect(captured.trips).toBe(3);
    const refunded = await tripsOf(() => w.req(link(json(captured.result), 'svc:refund'), { method: 'POST' }));
    expect(refunded.result.statusCode, refunded.result.body).toBe(200);
    // A refund also revokes the transaction's downloads: one more statement in the same write.
    expect(refunded.trips).toBe(3);
    const toVoid = await paid();
    const voided = await tripsOf(() => w.req(link(toVoid, 'svc:void'), { method: 'POST' }));
    expect(voided.result.statusCode, voided.result.body).toBe(200);
    expect(voided.trips).toBe(3);
  });
});
