// Query templates (src/db/query-templates.ts): a statement compiled once per shape and bound per
// call. Each call must get its own values (another store's token must not read through the text a
// first store's call compiled), a shape is compiled once however many calls use it, and a template
// whose SQL would carry a value that did not come in through a slot is refused. A checkout's
// statements are templates too, each checkout its own cart's.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { sql } from 'kysely';
import { containerOf } from '../../src/app.js';
import { inTransaction } from '../../src/db/database.js';
import { engines, makeApp, type TestApp } from '../helpers/app.js';
import { call, json, link, tokenChain, type Chain } from '../helpers/rest.js';
import { fillCart, openShop } from '../helpers/shop.js';

describe.each(engines())('query templates on %s', (engine) => {
  let t: TestApp;
  let a: Chain;
  let b: Chain;
  beforeAll(async () => {
    t = await makeApp({ engine });
    a = await tokenChain(t.app);
    b = await tokenChain(t.app);
  });
  afterAll(async () => t?.close());

  async function category(chain: Chain): Promise<string> {
    const store = json(await call(t.app, chain.storeHref, { token: chain.storeToken }));
    const res = await call(t.app, link(store, 'svc:item_categories'), { method: 'POST', token: chain.storeToken, body: { code: `C${Math.random().toString(36).slice(2, 8)}`, name: 'Goods' } });
    expect(res.statusCode).toBe(201);
    return link(json(res), 'self');
  }

  it('binds each call\'s values: a row by id and the token check, per store, compiled once', async () => {
    const [ca, cb] = [await category(a), await category(b)];
    const templates = containerOf(t.app).database.templates;
    // Warm: every shape these requests use is compiled by now.
    for (const [chain, href] of [[a, ca], [b, cb]] as const) expect((await call(t.app, href, { token: chain.storeToken })).statusCode).toBe(200);
    const compiled = templates.compiled;
    for (let i = 0; i < 3; i++) {
      const own = await call(t.app, ca, { token: a.storeToken });
      expect(own.statusCode).toBe(200);
      expect(link(json(own), 'self')).toBe(ca);
      expect(link(json(await call(t.app, cb, { token: b.storeToken })), 'self')).toBe(cb);
      // The other store's row through the same compiled text: as missing as a row that never existed.
      expect((await call(t.app, cb, { token: a.storeToken })).statusCode).toBe(404);
      expect((await call(t.app, ca, { token: b.storeToken })).statusCode).toBe(404);
    }
    expect(templates.compiled).toBe(compiled);
  });

  it('compiles a create under a cart once: the parent read and the conditional insert bind each call', async () => {
    const ca = await category(a);
    const store = json(await call(t.app, a.storeHref, { token: a.storeToken }));
    const carts = [];
    for (let i = 0; i < 2; i++) carts.push(json(await call(t.app, link(store, 'svc:carts'), { method: 'POST', token: a.storeToken, body: { customer_email: 'a@example.com' } })));
    const add = (cart: unknown, name: string, chain = a) => call(t.app, link(cart, 'svc:items'), { method: 'POST', token: chain.storeToken, body: { item_category_uri: ca, name, price: '2.50', quantity: 1 } });
    expect((await add(carts[0], 'warm')).statusCode).toBe(201);
    const templates = containerOf(t.app).database.templates;
    const compiled = templates.compiled;
    for (const [i, cart] of carts.entries()) {
      const res = await add(cart, `item ${i}`);
      expect(res.statusCode).toBe(201);
      expect(json(res).name).toBe(`item ${i}`);
    }
    // The same name again in the first cart: the conditional insert finds its namesake (absorbed, 200).
    expect((await add(carts[0], 'item 0')).statusCode).toBe(200);
    expect(templates.compiled).toBe(compiled);
    // Another store's cart through the compiled parent read: 404.
    expect((await add(carts[1], 'stranger', b)).statusCode).toBe(404);
    // Each item went into the cart of its own call.
    const names = async (cart: unknown) => (json(await call(t.app, link(cart, 'svc:items'), { token: a.storeToken }))._embedded['svc:items'] as Array<{ name: string }>).map((i) => i.name).sort();
    expect(await names(carts[0])).toEqual(['item 0', 'warm']);
    expect(await names(carts[1])).toEqual(['item 1']);
  });

  it('compiles a checkout\'s statements once: the claim, its loads, the move and the deletion bind each call', async () => {
    const shops = [await openShop(t.app, a), await openShop(t.app, b)];
    const cart = (i: number, name: string) => fillCart(t.app, [a, b][i], shops[i], [{ name, price: '4.00', quantity: 2 }]);
    const checkOut = (c: unknown, chain: Chain) => call(t.app, link(c, 'svc:checkout'), { method: 'POST', token: chain.storeToken, body: {} });
    const templates = containerOf(t.app).database.templates;
    const [warm, ...carts] = [await cart(0, 'warm'), await cart(0, 'first'), await cart(1, 'second')];
    const before = templates.compiled;
    expect((await checkOut(warm, a)).statusCode).toBe(201);
    // The claim, the items and the taxes read, the items' move, the cart's deletion.
    expect(templates.compiled).toBeGreaterThanOrEqual(before + 5);
    const compiled = templates.compiled;
    // Another store's cart through the compiled claim: as missing as a cart that never existed.
    expect((await checkOut(carts[1], a)).statusCode).toBe(404);
    const answers = [];
    for (const [i, c] of carts.entries()) answers.push(await checkOut(c, [a, b][i]));
    // Every checkout after the first, of either store, through the texts the first compiled.
    expect(templates.compiled).toBe(compiled);
    for (const [i, res] of answers.entries()) {
      const chain = [a, b][i];
      expect(res.statusCode, res.body).toBe(201);
      const txn = json(res);
      expect(Number(txn.total_item_price)).toBe(8);
      const items = json(await call(t.app, link(txn, 'svc:items'), { token: chain.storeToken }))._embedded['svc:items'] as Array<{ name: string }>;
      expect(items.map((x) => x.name)).toEqual([i === 0 ? 'first' : 'second']);
      expect((await call(t.app, link(carts[i], 'self'), { token: chain.storeToken })).statusCode).toBe(404);
    }
  });

  it('runs a template with each call\'s values and refuses values outside the slots', async () => {
    const { database } = containerOf(t.app);
    const templates = database.templates;
    const run = (x: number, y: string) => templates.execute(database.db, 'test pair', [x, y],
      ([px, py]) => sql<{ x: number; y: string }>`select ${px} as x, ${py} as y`);
    const before = templates.compiled;
    expect((await run(1, 'one')).rows.map((r) => [Number(r.x), r.y])).toEqual([[1, 'one']]);
    expect((await run(2, 'two')).rows.map((r) => [Number(r.x), r.y])).toEqual([[2, 'two']]);
    expect(templates.compiled).toBe(before + 1);
    const captured = 7;
    await expect(templates.execute(database.db, 'test captured', [1], ([p]) => sql`select ${p} as x, ${captured} as y`))
      .rejects.toThrow(/not a slot/);
  });
  it('answers on the database\'s own handle without Kysely\'s executor on SQLite, and in a transaction through it', async () => {
    const { database } = containerOf(t.app);
    const executor = database.db.getExecutor();
    const provide = vi.spyOn(Object.getPrototypeOf(executor), 'provideConnection');
    try {
      const run = (db: typeof database.db, x: number) => database.templates.execute(db, 'test direct', [x],
        ([p]) => sql<{ x: number }>`select ${p} as x`);
      expect((await run(database.db, 3)).rows.map((r) => Number(r.x))).toEqual([3]);
      // SQLite's file database answers from its reading connection at once (sqlite-reads.ts
      // execute); PostgreSQL has no such path and goes through the executor as before.
      expect(provide.mock.calls.length).toBe(engine === 'sqlite' ? 0 : 1);
      provide.mockClear();
      const inside = await inTransaction(database, async (tx) => (await run(tx, 4)).rows.map((r) => Number(r.x)));
      expect(inside).toEqual([4]);
      expect(provide.mock.calls.length).toBeGreaterThan(0);
    } finally {
      provide.mockRestore();
    }
  });
});
