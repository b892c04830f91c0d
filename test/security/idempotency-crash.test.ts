// A keyed request whose process is killed (SIGKILL) half-way leaves its key in progress; the key's
// lease runs out on the database clock and a retry with the same key then does the work (issue 16,
// item 2) instead of answering 409 idempotency_key_in_progress for 24 hours. Real crash: a child
// process on the same database is killed while its checkout waits for the pre-checkout hook.
import { containerOf } from '../../src/app.js';
import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engines, makeApp, PG_URL, type TestApp } from '../helpers/app.js';
import { call, json, link, tokenChain, type Chain } from '../helpers/rest.js';
import { fillCart, openShop } from '../helpers/shop.js';
import { startReceiver } from '../helpers/receiver.js';

function runChild(args: string[]): Promise<{ signal: NodeJS.Signals | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', join(import.meta.dirname, '..', 'fixtures', 'keyed-crash.ts'), ...args]);
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c: Buffer) => { stdout += c.toString(); });
    child.stderr.on('data', (c: Buffer) => { stderr += c.toString(); });
    const timer = setTimeout(() => child.kill('SIGTERM'), 60_000);
    child.on('exit', (_code, signal) => {
      clearTimeout(timer);
      resolve({ signal, stdout, stderr });
    });
  });
}

describe.each(engines())('a keyed checkout cut by kill -9 on %s', (engine) => {
  let t: TestApp;
  let chain: Chain;
  const dir = mkdtempSync(join(tmpdir(), 'keyed-crash-'));
  beforeAll(async () => {
    // A short lease, renewed every third of it: the live-owner case below outlasts it many times.
    t = await makeApp({ engine, config: { outboundAllowPrivate: true, ...(engine === 'sqlite' ? { databaseUrl: join(dir, 'db.sqlite') } : {}) }, idempotencyLeaseMs: 300 });
    chain = await tokenChain(t.app);
  });
  afterAll(async () => t?.close());

  it('is retried with its key after the crash, once, and then replayed', async () => {
    const token = chain.storeToken;
    const shop = await openShop(t.app, chain);
    const set = json(await call(t.app, link(shop.store, 'svc:payment_method_sets'), { method: 'POST', token, body: { description: 'Default' } }));
    const protection = json(await call(t.app, link(shop.store, 'svc:fraud_protections'), {
      method: 'POST', token, body: { type: 'custom_precheckout_hook', json: JSON.stringify({ enabled: true, url: 'https://hook.example/x', failure_handling: 'approve' }) },
    }));
    expect((await call(t.app, link(set, 'svc:payment_method_set_fraud_protections'), { method: 'POST', token, body: { fraud_protection_uri: link(protection, 'self') } })).statusCode).toBe(201);
    const cart = await fillCart(t.app, chain, shop);
    const key = `checkout-${engine}`;
    const child = await runChild([
      engine === 'postgres' ? PG_URL! : join(dir, 'db.sqlite'), t.config.databaseSchema ?? '', dir,
      JSON.stringify({ token, checkout: link(cart, 'svc:checkout'), protection: link(protection, 'self'), key, leaseMs: 1000 }),
    ]);
    expect(child.stdout, child.stderr).toContain('hook called');
    expect(child.signal).toBe('SIGKILL');

    const db = containerOf(t.app).database.db;
    const row = await db.selectFrom('idempotency_keys').selectAll().where('idempotency_key', '=', key).executeTakeFirstOrThrow();
    expect(row.state).toBe('in_progress');
    expect(await db.selectFrom('transactions').select('id').where('store_id', '=', Number(shop.store.id ?? link(shop.store, 'self').split('/').pop())).execute()).toEqual([]);

    // The hook's server died with the child: the retry's hook call is refused and `approve` lets it through.
    const retry = () => call(t.app, link(cart, 'svc:checkout'), { method: 'POST', token, headers: { 'idempotency-key': key } });
    let res = await retry();
    const waited: number[] = [];
    while (res.statusCode === 409 && waited.length < 100) {
      // The dead owner's key, then its claim on the cart, run out one lease after the crash.
      expect(['idempotency_key_in_progress', 'checkout_in_progress']).toContain(json(res)._embedded['svc:errors'][0].code);
      // A passing conflict is never the key's kept answer: a retry after it must do the work.
      expect(res.headers['idempotent-replayed']).toBeUndefined();
      await new Promise((r) => setTimeout(r, 100));
      waited.push(res.statusCode);
      res = await retry();
    }
    expect(res.statusCode, res.body).toBe(201);
    expect(json(res).status).toBe('authorized');
    const again = await retry();
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body).toBe(res.body);
    const txns = json(await call(t.app, `${link(shop.store, 'svc:transactions')}?limit=300`, { token }));
    expect(Number(txns.total_items)).toBe(1);

    // A live owner keeps its key however long it works: its lease is renewed while it runs.
    const slow = await startReceiver(() => ({ body: { ok: true }, delayMs: 1500 }));
    try {
      await call(t.app, link(protection, 'self'), { method: 'PATCH', token, body: { json: JSON.stringify({ enabled: true, url: slow.url, failure_handling: 'approve' }) } });
      const cart2 = await fillCart(t.app, chain, shop);
      const send = () => call(t.app, link(cart2, 'svc:checkout'), { method: 'POST', token, headers: { 'idempotency-key': `${key}-live` } });
      const first = send();
      while (slow.received.length === 0) await new Promise((r) => setTimeout(r, 20));
      await new Promise((r) => setTimeout(r, 900)); // three leases' worth: a dead owner's key would be free by now
      const during = await send();
      expect(during.statusCode).toBe(409);
      expect(json(during)._embedded['svc:errors'][0].code).toBe('idempotency_key_in_progress');
      expect((await first).statusCode).toBe(201);
      expect(slow.received.length).toBe(1);
    } finally {
      await slow.close();
    }
  });
});
