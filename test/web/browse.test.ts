// The token a person pastes on /browse, as a forging site or a careless client would meet it:
// the form is CSRF-checked, the cookie is sealed, HttpOnly and SameSite=Strict, it is used only for
// HTML requests (never by API clients), writes with it must come from our own origin, and a
// tampered or forgotten cookie leaves the browser anonymous.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { BASE, makeApp, type TestApp } from '../helpers/app.js';
import { call, json, link, tokenChain, type Chain } from '../helpers/rest.js';
import { Browser, formFields } from '../auth/helpers.js';
import { fillCart, openShop } from '../helpers/shop.js';

const HTML = 'text/html';

describe('the pasted browser token', () => {
  let t: TestApp;
  let chain: Chain;
  let taxHref: string;

  beforeAll(async () => {
    t = await makeApp();
    chain = await tokenChain(t.app);
    const store = json(await call(t.app, chain.storeHref, { token: chain.storeToken }));
    const tax = await call(t.app, link(store, 'svc:taxes'), { method: 'POST', token: chain.storeToken, body: { name: 'VAT', type: 'global', rate: '20' } });
    taxHref = link(json(tax), 'self');
  });
  afterAll(async () => t?.close());

  async function pasted(token = chain.storeToken): Promise<{ b: Browser; res: LightMyRequestResponse }> {
    const b = new Browser(t.app);
    const page = await b.get('/browse');
    const res = await b.post('/browse', { ...formFields(page.body, '/browse'), token }, { origin: BASE });
    return { b, res };
  }

  const page = (b: Browser, url: string, accept = HTML, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url, headers: { accept, cookie: [...b.cookies].map(([k, v]) => `${k}=${v}`).join('; '), ...headers } });

  it('keeps a valid token in a sealed, HttpOnly, SameSite=Strict cookie and goes home', async () => {
    const { b, res } = await pasted();
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe('/');
    const set = [res.headers['set-cookie']].flat().find((c) => String(c).startsWith('api_token='));
    expect(set).toMatch(/^api_token=[^;]+; Max-Age=28800; Path=\/; HttpOnly; SameSite=Strict$/);
    const value = b.cookies.get('api_token')!;
    expect(value).not.toContain(chain.storeToken.split('.')[1]);
    const home = await page(b, '/');
    expect(home.statusCode).toBe(200);
    expect(home.body).toContain(`href="${chain.storeHref}" rel="${BASE}/rels/store"`);
    expect(home.body).toContain('Browsing with your token');
  });

  it('refuses the form without its CSRF token, from another origin, or with a token that is not valid', async () => {
    const b = new Browser(t.app);
    const form = formFields((await b.get('/browse')).body, '/browse');
    expect((await b.post('/browse', { token: chain.storeToken }, { origin: BASE })).statusCode).toBe(403);
    expect((await b.post('/browse', { ...form, token: chain.storeToken }, { origin: 'https://evil.example' })).statusCode).toBe(403);
    const bad = await b.post('/browse', { ...form, token: 'not-a-token' }, { origin: BASE });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('not a valid access token');
    expect(b.cookies.has('api_token')).toBe(false);
  });

  it('is used for HTML pages only: API clients without a header stay anonymous, and a header wins', async () => {
    const { b } = await pasted();
    expect((await page(b, chain.storeHref)).statusCode).toBe(200);
    const api = await page(b, chain.storeHref, 'application/hal+json', { 'service-api-version': '1' });
    expect(api.statusCode).toBe(401);
    const other = await tokenChain(t.app);
    const withHeader = await page(b, chain.storeHref, HTML, { authorization: `Bearer ${other.storeToken}` });
    expect(withHeader.statusCode).toBe(404);
  });

  it('edits through a page form from our own origin only', async () => {
    const { b } = await pasted();
    const send = (origin: string | undefined, rate: string) => t.app.inject({
      method: 'POST', url: taxHref, payload: new URLSearchParams({ _method: 'PATCH', rate }).toString(),
      headers: {
        accept: HTML, 'content-type': 'application/x-www-form-urlencoded',
        cookie: [...b.cookies].map(([k, v]) => `${k}=${v}`).join('; '), ...(origin ? { origin } : {}),
      },
    });
    const evil = await send('https://evil.example', '1');
    expect(evil.statusCode).toBe(403);
    expect(evil.body).toContain('cross_origin');
    expect((await send(undefined, '2')).statusCode).toBe(403);
    expect(json(await call(t.app, taxHref, { token: chain.storeToken })).rate).toBe(20);
    const ok = await send(BASE, '19.5');
    expect(ok.statusCode).toBe(200);
    expect(json(await call(t.app, taxHref, { token: chain.storeToken })).rate).toBe(19.5);
  });

  it('answers a page form that deleted something with a page saying so; API clients keep 204', async () => {
    const { b } = await pasted();
    const store = json(await call(t.app, chain.storeHref, { token: chain.storeToken }));
    const made = async () => link(json(await call(t.app, link(store, 'svc:taxes'), { method: 'POST', token: chain.storeToken, body: { name: 'Gone', type: 'global', rate: '1' } })), 'self');
    const href = await made();
    const res = await t.app.inject({
      method: 'POST', url: href, payload: new URLSearchParams({ _method: 'DELETE' }).toString(),
      headers: { accept: HTML, origin: BASE, 'content-type': 'application/x-www-form-urlencoded', cookie: `api_token=${b.cookies.get('api_token')}` },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.body).toMatch(/tax \d+ was deleted\./i);
    expect(res.body).toContain(`href="${BASE}/"`);
    expect((await call(t.app, href, { token: chain.storeToken })).statusCode).toBe(404);
    const api = await call(t.app, await made(), { method: 'DELETE', token: chain.storeToken });
    expect(api.statusCode).toBe(204);
    expect(api.body).toBe('');
  });

  it('pays for a cart, captures it and sends it to a webhook through the forms its pages show', async () => {
    const { b } = await pasted();
    const cart = await fillCart(t.app, chain, await openShop(t.app, chain));
    const hook = json(await call(t.app, link(json(await call(t.app, chain.storeHref, { token: chain.storeToken })), 'svc:webhooks'), {
      method: 'POST', token: chain.storeToken, body: { name: 'Orders', format: 'json', encryption_key: 'k'.repeat(32), event_resource: 'transaction' },
    }));
    const submit = async (pageUrl: string, form: string, fields: Record<string, string>) => {
      const html = (await page(b, pageUrl)).body;
      const action = new RegExp(`<form method="post" action="([^"]+)" data-action="[^"]*" id="${form}">`).exec(html);
      expect(action, `${form} on ${pageUrl}`).not.toBeNull();
      for (const name of Object.keys(fields)) expect(html).toContain(`id="${form}-${name}" name="${name}"`);
      return t.app.inject({
        method: 'POST', url: action![1].replace(/&amp;/g, '&'), payload: new URLSearchParams(fields).toString(),
        headers: { accept: HTML, origin: BASE, 'content-type': 'application/x-www-form-urlencoded', cookie: `api_token=${b.cookies.get('api_token')}` },
      });
    };
    const paid = await submit(link(cart, 'self'), 'form-checkout', { payment_token: '', recaptcha_token: '' });
    expect(paid.statusCode).toBe(201);
    const txn = String(paid.headers.location);
    const captured = await submit(txn, 'form-capture', {});
    expect(captured.statusCode).toBe(200);
    expect(json(await call(t.app, txn, { token: chain.storeToken })).status).toBe('captured');
    const sent = await submit(txn, 'form-send_webhooks', { refeed_hooks: String(hook.id ?? link(hook, 'self').split('/').pop()), event: 'refeed' });
    expect(sent.statusCode).toBe(202);
  });

  it('treats a tampered cookie as none, and forgets the token on request', async () => {
    const { b } = await pasted();
    const sealed = b.cookies.get('api_token')!;
    b.cookies.set('api_token', `${sealed.slice(0, -4)}AAAA`);
    const tampered = await page(b, chain.storeHref);
    expect(tampered.statusCode).toBe(401);
    expect(tampered.body).toContain('href="http://api.test/browse"');
    b.cookies.set('api_token', sealed);
    const browse = await b.get('/browse');
    expect(browse.body).toContain('A store token is in use');
    const forget = await b.post('/browse/forget', formFields(browse.body, '/browse/forget'), { origin: BASE });
    expect(forget.statusCode).toBe(303);
    expect(b.cookies.has('api_token')).toBe(false);
    expect((await page(b, chain.storeHref)).statusCode).toBe(401);
  });

  it('uses a __Host- cookie with Secure when the service is on https', async () => {
    const secure = await makeApp({ config: { baseUrl: 'https://api.test' } });
    try {
      const c = await tokenChain(secure.app);
      const b = new Browser(secure.app);
      const form = formFields((await b.get('/browse')).body, '/browse');
      const res = await b.post('/browse', { ...form, token: c.storeToken }, { origin: 'https://api.test' });
      expect(res.statusCode).toBe(303);
      const set = [res.headers['set-cookie']].flat().find((x) => String(x).startsWith('__Host-api_token='));
      expect(set).toMatch(/; Path=\/; HttpOnly; Secure; SameSite=Strict$/);
    } finally {
      await secure.close();
    }
  });
});
