// Attributes collections of every store-side parent: one or many on POST, merge by name on PATCH,
// replace on PUT, clear on DELETE; write-once visibility; conflicts, scopes and tenancy.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engines } from '../../helpers/app.js';
import { errorFields, json, link, tokenChain } from '../../helpers/rest.js';
import { narrowToken } from '../../helpers/tokens.js';
import { create, insertRow, newCart, suite, type Suite } from './setup.js';

type Attr = { name: string; value: string; visibility: string };

describe.each(engines())('attributes on %s', (engine) => {
  let s: Suite;
  /** The svc:attributes collection of each kind of parent. */
  const parents: Record<string, string> = {};
  beforeAll(async () => {
    s = await suite(engine);
    const cart = await newCart(s);
    const item = await create(s, link(cart, 'svc:items'), { name: 'Mug', price: 8 });
    const customer = await create(s, link(s.store, 'svc:customers'), { email: 'c@example.com' });
    parents.store = link(s.store, 'svc:attributes');
    parents.cart = link(cart, 'svc:attributes');
    parents.item = link(item, 'svc:attributes');
    parents.customer = link(customer, 'svc:attributes');
  });
  afterAll(async () => s?.t.close());

  const members = async (href: string): Promise<Attr[]> =>
    json(await s.req(`${href}?order=name%20asc`))._embedded['svc:attributes'];
  const send = (href: string, method: 'POST' | 'PATCH' | 'PUT' | 'DELETE', body?: unknown) => s.req(href, { method, body });

  describe.each(['store', 'cart', 'item', 'customer'])('of a %s', (kind) => {
    it('POST one object answers 201 with the attribute; POST an array creates them all', async () => {
      const href = parents[kind];
      const one = await send(href, 'POST', { name: 'colour', value: 'red' });
      expect(one.statusCode, one.body).toBe(201);
      expect(json(one)).toMatchObject({ name: 'colour', value: 'red', visibility: 'private' });
      expect(one.headers.location).toBe(link(json(one), 'self'));
      const many = await send(href, 'POST', [{ name: 'size', value: 'L', visibility: 'public' }, { name: 'fit', value: 'slim' }]);
      expect(many.statusCode, many.body).toBe(201);
      expect(json(many).total_items).toBe('3');
      expect(await members(href)).toMatchObject([
        { name: 'colour', value: 'red' }, { name: 'fit', value: 'slim' }, { name: 'size', value: 'L', visibility: 'public' },
      ]);
    });

    it('PATCH merges by name, PUT replaces the set, DELETE clears it', async () => {
      const href = parents[kind];
      const colourId = link((await members(href)).find((a) => a.name === 'colour'), 'self');
      const merged = await send(href, 'PATCH', [{ name: 'colour', value: 'blue' }, { name: 'material', value: 'cotton' }]);
      expect(merged.statusCode, merged.body).toBe(200);
      expect((await members(href)).map((a) => `${a.name}=${a.value}`)).toEqual(['colour=blue', 'fit=slim', 'material=cotton', 'size=L']);
      const replaced = await send(href, 'PUT', [{ name: 'colour', value: 'green' }, { name: 'origin', value: 'PT' }]);
      expect(replaced.statusCode).toBe(200);
      const after = await members(href);
      expect(after.map((a) => `${a.name}=${a.value}`)).toEqual(['colour=green', 'origin=PT']);
      expect(link(after[0], 'self')).toBe(colourId);
      expect((await send(href, 'DELETE')).statusCode).toBe(204);
      expect(await members(href)).toEqual([]);
    });
  });

  it('clients, users, transactions and subscriptions take the same writes, with their own tokens', async () => {
    const home = json(await s.req('/', { token: s.chain.clientToken }));
    const client = json(await s.req(link(home, 'svc:client'), { token: s.chain.clientToken }));
    const user = json(await s.req(s.chain.userHref, { token: s.chain.userToken }));
    const tx = await insertRow(s, 'transactions', { status: 'authorized' });
    const sub = await insertRow(s, 'subscriptions', { start_date: '2030-06-01', frequency: '1m' });
    const targets: Array<[string, string]> = [
      [link(client, 'svc:attributes'), s.chain.clientToken], [link(user, 'svc:attributes'), s.chain.userToken],
      [`http://api.test/transactions/${tx}/attributes`, s.chain.storeToken], [`http://api.test/subscriptions/${sub}/attributes`, s.chain.storeToken],
    ];
    for (const [href, token] of targets) {
      expect((await s.req(href, { method: 'POST', token, body: [{ name: 'a', value: '1' }, { name: 'b', value: '2' }] })).statusCode, href).toBe(201);
      const merged = json(await s.req(href, { method: 'PATCH', token, body: { name: 'a', value: '3' } }));
      expect(merged._embedded['svc:attributes'].map((x: Attr) => `${x.name}=${x.value}`), href).toEqual(['a=3', 'b=2']);
    }
    // A client's attributes are embedded in the client without zooming.
    const again = json(await s.req(link(home, 'svc:client'), { token: s.chain.clientToken }));
    expect(again._embedded['svc:attributes'].map((x: Attr) => x.name)).toEqual(['a', 'b']);
  });

  it('visibility is write-once, through the collection and the member', async () => {
    const href = parents.store;
    const attr = json(await send(href, 'POST', { name: 'tier', value: 'gold', visibility: 'restricted' }));
    const viaPatch = await send(href, 'PATCH', [{ name: 'tier', value: 'silver', visibility: 'public' }]);
    expect(viaPatch.statusCode).toBe(400);
    expect(errorFields(json(viaPatch))).toEqual(['[0].visibility']);
    const viaPut = await send(href, 'PUT', { name: 'tier', value: 'silver', visibility: 'private' });
    expect(errorFields(json(viaPut))).toEqual(['visibility']);
    const member = await s.req(link(attr, 'self'), { method: 'PATCH', body: { visibility: 'public' } });
    expect(member.statusCode).toBe(400);
    expect(json(member)._embedded['svc:errors']).toMatchObject([{ field: 'visibility', code: 'write_once' }]);
    const same = await send(href, 'PATCH', [{ name: 'tier', value: 'silver', visibility: 'restricted' }]);
    expect(same.statusCode).toBe(200);
    const kept = await send(href, 'PUT', [{ name: 'tier', value: 'bronze' }]);
    expect(json(kept)._embedded['svc:attributes']).toMatchObject([{ name: 'tier', value: 'bronze', visibility: 'restricted' }]);
  });

  it('names every invalid entry of a bulk write, and writes nothing', async () => {
    const href = parents.cart;
    await send(href, 'DELETE');
    const res = await send(href, 'POST', [
      { name: 'ok', value: 'fine' }, { name: '', value: 'x' }, { name: 'long', value: 'v'.repeat(1001) },
      { name: 'ok', value: 'again' }, 'not an object', { name: 'vis', value: 'v', visibility: 'secret' },
    ]);
    expect(res.statusCode).toBe(400);
    expect(errorFields(json(res))).toEqual(['[1].name', '[2].value', '[3].name', '[4]', '[5].visibility']);
    expect(await members(href)).toEqual([]);
  });

  it('a name that already exists is a 409 on POST; an empty or malformed body is a 400', async () => {
    const href = parents.item;
    await send(href, 'DELETE');
    await send(href, 'POST', { name: 'engraving', value: 'A' });
    const dup = await send(href, 'POST', { name: 'engraving', value: 'B' });
    expect(dup.statusCode).toBe(409);
    expect(json(dup)._embedded['svc:errors']).toMatchObject([{ field: 'name', code: 'duplicate' }]);
    const dupBulk = await send(href, 'POST', [{ name: 'new', value: '1' }, { name: 'engraving', value: 'B' }]);
    expect(errorFields(json(dupBulk))).toEqual(['[1].name']);
    expect((await send(href, 'POST', [])).statusCode).toBe(400);
    expect((await send(href, 'POST', '"text"')).statusCode).toBe(400);
    expect((await send(href, 'PUT', [])).statusCode).toBe(200);
    expect(await members(href)).toEqual([]);
  });

  it('OPTIONS lists the collection methods', async () => {
    const res = await s.req(parents.store, { method: 'OPTIONS' });
    expect(res.headers.allow).toBe('GET, HEAD, POST, PATCH, PUT, DELETE, OPTIONS');
    const items = await s.req(link(await newCart(s), 'svc:items'), { method: 'OPTIONS' });
    expect(items.headers.allow).toBe('GET, HEAD, POST, OPTIONS');
    expect((await s.req(link(await newCart(s), 'svc:items'), { method: 'PUT', body: [] })).statusCode).toBe(405);
  });

  it('scopes and tenancy: area tokens cannot write a customer\'s attributes; other stores get 404', async () => {
    const href = parents.customer;
    const token = await narrowToken(s.t.app, s.chain, 'webhooks_write');
    for (const method of ['POST', 'PATCH', 'PUT', 'DELETE'] as const) {
      const res = await s.req(href, { method, token, body: method === 'DELETE' ? undefined : [{ name: 'a', value: 'b' }] });
      expect(res.statusCode, method).toBe(403);
    }
    const other = await tokenChain(s.t.app);
    for (const method of ['GET', 'POST', 'PATCH', 'PUT', 'DELETE'] as const) {
      const res = await s.req(href, { method, token: other.storeToken, body: method === 'DELETE' || method === 'GET' ? undefined : [{ name: 'a', value: 'b' }] });
      expect(res.statusCode, method).toBe(404);
    }
  });
});
