// Payment actions under real parallel requests, on both engines: of 10 concurrent captures of one
// transaction exactly one captures it (one log, one transaction/captured event) and the others are
// refused with 409; of 20 parallel refunds one refunds; a capture racing a void ends in one of the two, never both.
import { describe, expect, it } from 'vitest';
import { engines } from '../helpers/app.js';
import { call, json, link } from '../helpers/rest.js';
import { fillCart, useShop } from '../helpers/shop.js';

describe.each(engines())('concurrent payment actions on %s', (engine) => {
  const w = useShop(engine);

  const token = () => w.chain.storeToken;
  const authorized = async () => json(await call(w.t.app, link(await fillCart(w.t.app, w.chain, w.shop), 'svc:checkout'), { method: 'POST', token: token(), body: {} }));
  const zoomed = async (txn: any) => json(await call(w.t.app, `${link(txn, 'self')}?zoom=transaction_logs`, { token: token() }));
  const eventsOf = async (txn: any) => {
    const id = Number(link(txn, 'self').split('/').pop());
    const page = json(await call(w.t.app, `${link(w.shop.store, 'svc:events')}?limit=300`, { token: token() }));
    return page._embedded['svc:events'].filter((e: any) => e.resource_type === 'transaction' && e.resource_id === id).map((e: any) => e.name);
  };

  it('captures once of 10 parallel captures', async () => {
    const txn = await authorized();
    const answers = await Promise.all(Array.from({ length: 10 }, () => call(w.t.app, link(txn, 'svc:capture'), { method: 'POST', token: token() })));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, ...Array(9).fill(409)]);
    const after = await zoomed(txn);
    expect(after.status).toBe('captured');
    expect(after._embedded['svc:transaction_logs'].map((l: any) => l.action).sort()).toEqual(['authorize', 'capture']);
    expect(await eventsOf(txn)).toEqual(['transaction/created', 'transaction/captured']);
  });

  it('refunds once of 20 parallel refunds', async () => {
    const txn = await authorized();
    const captured = await call(w.t.app, link(txn, 'svc:capture'), { method: 'POST', token: token() });
    expect(captured.statusCode).toBe(200);
    const answers = await Promise.all(Array.from({ length: 20 }, () => call(w.t.app, link(json(captured), 'svc:refund'), { method: 'POST', token: token() })));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, ...Array(19).fill(409)]);
    const after = await zoomed(txn);
    expect(after.status).toBe('refunded');
    expect(after._embedded['svc:transaction_logs'].map((l: any) => l.action).sort()).toEqual(['authorize', 'capture', 'refund']);
    expect(await eventsOf(txn)).toEqual(['transaction/created', 'transaction/captured', 'transaction/refunded']);
  });

  it('ends a capture racing a void in exactly one of them', async () => {
    const txn = await authorized();
    const actions = ['svc:capture', 'svc:void', 'svc:capture', 'svc:void', 'svc:capture', 'svc:void'];
    const answers = await Promise.all(actions.map((rel) => call(w.t.app, link(txn, rel), { method: 'POST', token: token() })));
    const won = answers.flatMap((a, i) => (a.statusCode === 200 ? [actions[i]] : []));
    expect(won).toHaveLength(1);
    expect(answers.filter((a) => a.statusCode !== 200).every((a) => a.statusCode === 409)).toBe(true);
    const after = await zoomed(txn);
    expect(after.status).toBe(won[0] === 'svc:capture' ? 'captured' : 'voided');
    expect(after._embedded['svc:transaction_logs']).toHaveLength(2);
    expect(await eventsOf(txn)).toEqual(['transaction/created', won[0] === 'svc:capture' ? 'transaction/captured' : 'transaction/voided']);
  });
});
