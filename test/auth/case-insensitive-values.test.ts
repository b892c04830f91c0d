// An e-mail address names one mailbox, and a domain one host, whatever the case of their letters: a
// user's address is unique among users, a customer's within its store and a store's domain among
// stores without regard to case; the log-in and svc:reporting find a value written in another case,
// and the value is kept as it was written. Before, the unique indexes were on the columns as written:
// Grace@Example.com and grace@example.com were two accounts, and the log-in in the other case failed.
// The parallel creates show the database holds the rule (migration 019's indexes on lower(column)),
// not only the check before the write.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { containerOf } from '../../src/app.js';
import { engines, makeApp, type TestApp } from '../helpers/app.js';
import { call, json, link, tokenChain, uniq, type Chain } from '../helpers/rest.js';
import { Browser, PASSWORD, pkce, registerClient } from './helpers.js';
import { authorizeUrl, consent } from './code-flow.js';

describe.each(engines())('e-mail addresses and store domains without regard to case on %s', (engine) => {
  let t: TestApp;
  let chain: Chain;
  let createUser: (email: string, password?: string) => ReturnType<typeof call>;
  let store: any;
  const sql = () => containerOf(t.app).database.db;
  beforeAll(async () => {
    t = await makeApp({ engine });
    chain = await tokenChain(t.app);
    const home = json(await call(t.app, '/', { token: chain.clientToken }));
    createUser = (email, password = PASSWORD) => call(t.app, link(home, 'svc:create_user'), {
      method: 'POST', token: chain.clientToken, body: { first_name: 'Grace', last_name: 'Hopper', email, ...(password ? { password } : {}) },
    });
    store = json(await call(t.app, chain.storeHref, { token: chain.storeToken }));
  });
  afterAll(async () => t?.close());

  it('refuses a second user whose address differs only in case, and keeps the first as written', async () => {
    const local = uniq('Grace.');
    const first = await createUser(`${local}@Example.COM`);
    expect(first.statusCode, first.body).toBe(201);
    expect(json(first).email).toBe(`${local}@Example.COM`);
    for (const email of [`${local.toLowerCase()}@example.com`, `${local.toUpperCase()}@EXAMPLE.COM`]) {
      const again = await createUser(email);
      expect(again.statusCode, again.body).toBe(409);
      expect(json(again)._embedded['svc:errors']).toEqual([expect.objectContaining({ field: 'email', code: 'duplicate' })]);
    }
  });

  it('finds the address in another case: svc:reporting and the log-in page', async () => {
    const email: string = json(await call(t.app, chain.userHref, { token: chain.userToken })).email;
    const shouted = email.toUpperCase();
    expect(shouted).not.toBe(email);
    const found = await call(t.app, `/reporting/email_exists?${new URLSearchParams({ email: shouted })}`, { token: chain.clientToken });
    expect(found.statusCode, found.body).toBe(200);
    expect(link(json(found), 'svc:user')).toBe(chain.userHref);
    // consent() fails unless the log-in answers 303 back to the authorize page.
    const page = await consent(new Browser(t.app), authorizeUrl(await registerClient(t.app), pkce().challenge), shouted);
    expect(page.statusCode).toBe(200);
  });

  it('keeps one user of 12 parallel creates of one address in different cases', async () => {
    const local = uniq('race');
    const variants = Array.from({ length: 12 }, (_, i) => `${local}@example.com`.split('').map((c, j) => ((i >> (j % 4)) & 1 ? c.toUpperCase() : c)).join(''));
    // Without a password: its hash would space the creates out, and they would not meet.
    const answers = await Promise.all(variants.map((email) => createUser(email, '')));
    expect(answers.map((r) => r.statusCode).sort()).toEqual([201, ...Array(11).fill(409)]);
    const rows = await sql().selectFrom('users').select('id').where((eb) => eb(eb.fn('lower', ['email']), '=', `${local}@example.com`.toLowerCase())).execute();
    expect(rows).toHaveLength(1);
  });

  it("is the same for a store's customers, within the store only", async () => {
    const customers = link(store, 'svc:customers');
    const post = (email: string, token = chain.storeToken, href = customers) => call(t.app, href, { method: 'POST', token, body: { email } });
    expect((await post('Ada@Shop.example')).statusCode).toBe(201);
    const again = await post('ada@shop.EXAMPLE');
    expect(again.statusCode, again.body).toBe(409);
    expect(json(again)._embedded['svc:errors']).toEqual([expect.objectContaining({ field: 'email', code: 'duplicate' })]);
    const other = json(await post('bob@shop.example'));
    const changed = await call(t.app, link(other, 'self'), { method: 'PATCH', token: chain.storeToken, body: { email: 'ADA@SHOP.EXAMPLE' } });
    expect(changed.statusCode, changed.body).toBe(409);
    // Its own address in another case is no conflict with itself.
    const recased = await call(t.app, link(other, 'self'), { method: 'PATCH', token: chain.storeToken, body: { email: 'Bob@Shop.example' } });
    expect(recased.statusCode, recased.body).toBe(200);
    const b = await tokenChain(t.app);
    const storeB = json(await call(t.app, b.storeHref, { token: b.storeToken }));
    expect((await post('ADA@shop.example', b.storeToken, link(storeB, 'svc:customers'))).statusCode).toBe(201);
    const races = await Promise.all(['Race@Shop.example', 'race@shop.example', 'RACE@SHOP.EXAMPLE', 'rAcE@shop.example'].map((e) => post(e)));
    expect(races.map((r) => r.statusCode).sort()).toEqual([201, 409, 409, 409]);
  });

  it("refuses a store whose domain differs only in case, and svc:reporting finds it in any case", async () => {
    const home = json(await call(t.app, '/', { token: chain.userToken }));
    const domain = uniq('MyShop');
    const post = (store_domain: string) => call(t.app, link(home, 'svc:stores'), {
      method: 'POST', token: chain.userToken,
      body: { store_name: 'Shop', store_domain, store_url: 'https://shop.example', store_email: 'shop@example.com', postal_code: '97201', region: 'OR', country: 'US' },
    });
    const first = await post(domain);
    expect(first.statusCode, first.body).toBe(201);
    expect(json(first).store_domain).toBe(domain);
    const again = await post(domain.toLowerCase());
    expect(again.statusCode, again.body).toBe(409);
    expect(json(again)._embedded['svc:errors']).toEqual([expect.objectContaining({ field: 'store_domain', code: 'duplicate' })]);
    const found = await call(t.app, `/reporting/store_domain_exists?${new URLSearchParams({ store_domain: domain.toUpperCase() })}`, { token: chain.clientToken });
    expect(found.statusCode, found.body).toBe(200);
    expect(link(json(found), 'svc:store')).toBe(link(json(first), 'self'));
  });
});
