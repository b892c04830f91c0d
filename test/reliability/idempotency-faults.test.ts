// Idempotency-Key when the database connection is lost at a write's COMMIT (PostgreSQL): the
// write may have committed although the service could not hear it, so a retry with the same key
// must not do it a second time (409 idempotency_key_in_doubt); a connection lost before the COMMIT
// went out leaves nothing done, and the key is free for the retry. The write marks its key in its
// own transaction, so the key tells, even when it could not be settled at the time (the database
// away) and is taken over after its lease, as after a crash.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { containerOf } from '../../src/app.js';
import { PG_URL, type TestApp } from '../helpers/app.js';
import { call, json, link, tokenChain, type Chain } from '../helpers/rest.js';
import type { Proxy } from './support/tcp-proxy.js';
import { proxiedApp } from './support/proxied-app.js';

const COMMIT = ['\0commit\0', 'commit\0', 'COMMIT\0'];
const LEASE_MS = 600;
if (!PG_URL) console.log('[skip] Idempotency-Key and a lost COMMIT: TEST_DATABASE_URL is not set');

describe.skipIf(!PG_URL)('Idempotency-Key when the connection is lost at COMMIT', () => {
  let t: TestApp;
  let proxy: Proxy;
  let chain: Chain;
  beforeAll(async () => {
    // A short lease, so that a key left claimed by a request that could not settle it is taken over soon.
    ({ t, proxy } = await proxiedApp({ idempotencyLeaseMs: LEASE_MS }));
    t.app.addHook('preHandler', async (req) => {
      if (req.headers['x-test-fault'] === 'cut-at-commit') proxy.cutAfter(COMMIT);
      if (req.headers['x-test-fault'] === 'cut-at-commit-then-down') proxy.cutAfter(COMMIT, { down: true });
    });
    chain = await tokenChain(t.app);
  });
  afterAll(async () => {
    await t?.close();
    await proxy?.close();
  });

  const itemsNamed = (name: string) => containerOf(t.app).database.db.selectFrom('items').select(['id', 'quantity']).where('name', '=', name).execute();
  const newCart = async () => {
    const store = json(await call(t.app, chain.storeHref, { token: chain.storeToken }));
    return json(await call(t.app, link(store, 'svc:carts'), { method: 'POST', token: chain.storeToken, body: {} }));
  };

  it('does not add an item twice when the answer to its COMMIT was lost: the retry is told the outcome is unknown', async () => {
    const cart = await newCart();
    const body = { name: 'Once', price: '10', quantity: 1 };
    const headers = { 'idempotency-key': 'lost-commit-1' };
    const first = await call(t.app, link(cart, 'svc:items'), { method: 'POST', token: chain.storeToken, body, headers: { ...headers, 'x-test-fault': 'cut-at-commit' } });
    expect(first.statusCode).toBe(503);
    // The write went through although its answer did not.
    expect(await itemsNamed('Once')).toMatchObject([{ quantity: 1 }]);
    const retry = await call(t.app, link(cart, 'svc:items'), { method: 'POST', token: chain.storeToken, body, headers });
    expect(retry.statusCode, retry.body).toBe(409);
    expect(json(retry)._embedded['svc:errors'][0]).toMatchObject({ code: 'idempotency_key_in_doubt', field: 'Idempotency-Key' });
    // Before: the key was freed with the 503, and the retry folded a second unit into the item.
    expect(await itemsNamed('Once')).toMatchObject([{ quantity: 1 }]);
  });

  it('frees the key when the connection was lost before the COMMIT: the retry does the write once', async () => {
    const cart = await newCart();
    const body = { name: 'Twice', price: '10', quantity: 1 };
    const headers = { 'idempotency-key': 'lost-before-commit-1' };
    // The proxy cuts the connection at the write's BEGIN (sent with its first statement), long
    // before its COMMIT.
    proxy.cutAfter(['\0begin\0']);
    const first = await call(t.app, link(cart, 'svc:items'), { method: 'POST', token: chain.storeToken, body, headers });
    expect(first.statusCode).toBe(503);
    expect(await itemsNamed('Twice')).toEqual([]);
    const retry = await call(t.app, link(cart, 'svc:items'), { method: 'POST', token: chain.storeToken, body, headers });
    expect(retry.statusCode, retry.body).toBe(201);
    expect(await itemsNamed('Twice')).toMatchObject([{ quantity: 1 }]);
  });

  it('answers 503, not 500, when the key cannot be kept because the database went away with the COMMIT', async () => {
    const cart = await newCart();
    const body = { name: 'Away', price: '10', quantity: 1 };
    const headers = { 'idempotency-key': 'lost-commit-then-down-1' };
    const first = await call(t.app, link(cart, 'svc:items'), { method: 'POST', token: chain.storeToken, body, headers: { ...headers, 'x-test-fault': 'cut-at-commit-then-down' } });
    await proxy.up();
    expect(first.statusCode, first.body).toBe(503);
    expect(json(first)._embedded['svc:errors'][0].code).toBe('unavailable');
    expect(await itemsNamed('Away')).toMatchObject([{ quantity: 1 }]);
    // The key could not be settled (the database was away): it stays claimed until its lease runs
    // out, and then the retry that takes it over finds the write's own mark instead of doing it again.
    await new Promise((resolve) => setTimeout(resolve, LEASE_MS * 2));
    const retry = await call(t.app, link(cart, 'svc:items'), { method: 'POST', token: chain.storeToken, body, headers });
    expect(retry.statusCode, retry.body).toBe(409);
    expect(json(retry)._embedded['svc:errors'][0].code).toBe('idempotency_key_in_doubt');
    expect(await itemsNamed('Away')).toMatchObject([{ quantity: 1 }]);
  });
});
