// Idempotency-Key on POST: a retry replays the first answer, another body with the same key is
// refused, and many concurrent requests with one key create exactly one resource.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engines, makeApp, type TestApp } from '../helpers/app.js';
import { call, json, link, tokenChain, type Chain } from '../helpers/rest.js';

describe.each(engines())('idempotency keys on %s', (engine) => {
  let t: TestApp;
  let chain: Chain;
  let taxes: string;
  beforeAll(async () => {
    t = await makeApp({ engine });
    chain = await tokenChain(t.app);
    taxes = link(json(await call(t.app, chain.storeHref, { token: chain.storeToken })), 'svc:taxes');
  });
  afterAll(async () => t?.close());

  const post = (key: string, body: Record<string, unknown>) =>
    call(t.app, taxes, { method: 'POST', token: chain.storeToken, body, headers: { 'idempotency-key': key } });
  const count = async () => Number(json(await call(t.app, taxes, { token: chain.storeToken })).total_items);

  it('replays the first answer for the same key and body', async () => {
    const before = await count();
    const first = await post('k-1', { name: 'Once', type: 'global', rate: 1 });
    const again = await post('k-1', { name: 'Once', type: 'global', rate: 1 });
    expect(first.statusCode).toBe(201);
    expect(again.statusCode).toBe(201);
    expect(again.body).toBe(first.body);
    expect(again.headers.location).toBe(first.headers.location);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(await count()).toBe(before + 1);
  });

  it('refuses the same key with another body', async () => {
    await post('k-2', { name: 'First', type: 'global', rate: 1 });
    const other = await post('k-2', { name: 'Second', type: 'global', rate: 1 });
    expect(other.statusCode).toBe(422);
    expect(json(other)._embedded['svc:errors'][0].code).toBe('idempotency_key_reused');
  });

  it('replays validation errors too, and keys are per caller', async () => {
    const bad = await post('k-3', { name: '', type: 'global', rate: 1 });
    expect(bad.statusCode).toBe(400);
    expect((await post('k-3', { name: '', type: 'global', rate: 1 })).body).toBe(bad.body);
    const other = await tokenChain(t.app);
    const otherTaxes = link(json(await call(t.app, other.storeHref, { token: other.storeToken })), 'svc:taxes');
    const res = await call(t.app, otherTaxes, { method: 'POST', token: other.storeToken, body: { name: 'Mine', type: 'global', rate: 1 }, headers: { 'idempotency-key': 'k-3' } });
    expect(res.statusCode).toBe(201);
  });

  it('creates exactly one resource from 100 concurrent requests with one key', async () => {
    const before = await count();
    const body = { name: 'Race', type: 'global', rate: 2 };
    const results = await Promise.all(Array.from({ length: 100 }, () => post('k-race', body)));
    const statuses = results.map((r) => r.statusCode);
    expect(statuses.filter((s) => s !== 201 && s !== 409), JSON.stringify(results.find((r) => r.statusCode !== 201 && r.statusCode !== 409)?.body)).toEqual([]);
    const created = new Set(results.filter((r) => r.statusCode === 201).map((r) => r.headers.location));
    expect(created.size).toBe(1);
    expect(await count()).toBe(before + 1);
  });
});
