// The log-in and consent pages as a hostile client or a forging site would meet them: client text
// escaped, strict CSP without script, no framing, CSRF tokens tied to the session, cookie flags.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeApp, type TestApp } from '../helpers/app.js';
import { tokenChain } from '../helpers/rest.js';
import { authorizeUrl, consent, setupFlow, storeOption, type Flow } from './code-flow.js';
import { Browser, formFields, PASSWORD, pkce } from './helpers.js';

const HOSTILE = {
  project_name: '<script>alert(1)</script>Shop',
  project_description: 'Syncs "orders" & <img src=x onerror=alert(2)>',
  company_name: 'Evil & Co <b>',
  company_url: 'https://evil.example/about?a=1&b="2"',
  company_logo: 'https://cdn.example/logo.png',
};

describe('log-in and consent pages', () => {
  let t: TestApp;
  let f: Flow;
  beforeAll(async () => {
    t = await makeApp();
    f = await setupFlow(t.app, await tokenChain(t.app), HOSTILE);
  });
  afterAll(() => t.close());

  it('shows every client field escaped, with a strict CSP that allows the redirect origin as a form target', async () => {
    const page = await consent(new Browser(t.app), authorizeUrl(f.client, pkce().challenge), f.email);
    expect(page.statusCode).toBe(200);
    expect(page.body).not.toContain('<script');
    expect(page.body).not.toContain('<img src=x');
    expect(page.body).not.toContain('<b>');
    expect(page.body).toContain('&lt;script&gt;alert(1)&lt;/script&gt;Shop');
    expect(page.body).toContain('Syncs &quot;orders&quot; &amp; &lt;img src=x onerror=alert(2)&gt;');
    expect(page.body).toContain('href="https://evil.example/about?a=1&amp;b=&quot;2&quot;"');
    expect(page.body).toContain('<img src="https://cdn.example/logo.png"');
    const csp = String(page.headers['content-security-policy']);
    expect(csp).toContain("default-src 'none'");
    expect(csp).not.toMatch(/script-src|unsafe-inline/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("form-action 'self' https://integration.example");
    expect(page.headers['x-frame-options']).toBe('DENY');
    expect(page.headers['referrer-policy']).toBe('same-origin');
    expect(page.headers['cache-control']).toBe('no-store');
  });

  it('sets an HttpOnly, SameSite=Lax, signed session cookie and a new session id at log-in', async () => {
    const b = new Browser(t.app);
    const login = await b.get(authorizeUrl(f.client, pkce().challenge));
    const before = b.cookies.get('sid');
    expect(String(login.headers['set-cookie'])).toMatch(/sid=[^;]+; Max-Age=\d+; Path=\/; HttpOnly; SameSite=Lax/);
    await b.post('/login', { ...formFields(login.body, '/login'), email: f.email, password: PASSWORD });
    expect(b.cookies.get('sid')).not.toBe(before);
    // A cookie whose signature does not verify is no session at all.
    b.cookies.set('sid', b.cookies.get('sid')!.replace(/\.(\d+)\./, (_m, uid) => `.${Number(uid) + 1}.`));
    expect((await b.get(authorizeUrl(f.client, pkce().challenge))).body).toContain('name="password"');
  });

  it('refuses forms without the session\'s CSRF token, or sent from another origin', async () => {
    const b = new Browser(t.app);
    const url = authorizeUrl(f.client, pkce().challenge);
    const loginPage = await b.get(url);
    const loginFields = formFields(loginPage.body, '/login');
    expect((await b.post('/login', { ...loginFields, csrf: 'x'.repeat(43), email: f.email, password: PASSWORD })).statusCode).toBe(403);
    const page = await consent(b, url, f.email);
    const fields = formFields(page.body, '/authorize');
    const approve = { ...fields, store_id: storeOption(page.body), decision: 'approve' };
    expect((await b.post('/authorize', { ...approve, csrf: '' })).statusCode).toBe(403);
    expect((await b.post('/authorize', approve, { origin: 'https://evil.example' })).statusCode).toBe(403);
    // Another session's token does not carry over.
    const other = new Browser(t.app);
    const otherPage = await consent(other, url, f.email);
    const forged = await b.post('/authorize', { ...approve, csrf: formFields(otherPage.body, '/authorize').csrf });
    expect(forged.statusCode).toBe(403);
    expect(forged.headers.location).toBeUndefined();
    expect((await b.post('/authorize', approve)).statusCode).toBe(302);
  });

  it('answers a wrong password with the form again, and a foreign store with an error', async () => {
    const b = new Browser(t.app);
    const url = authorizeUrl(f.client, pkce().challenge);
    const loginPage = await b.get(url);
    const res = await b.post('/login', { ...formFields(loginPage.body, '/login'), email: f.email, password: 'wrong password!' });
    expect(res.statusCode).toBe(401);
    expect(res.body).toContain('Unknown email or wrong password.');
    const page = await consent(b, url, f.email);
    const foreign = await b.post('/authorize', { ...formFields(page.body, '/authorize'), store_id: '999999', decision: 'approve' });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.headers.location).toBeUndefined();
  });

  it('only returns to its own pages after log-in', async () => {
    for (const returnTo of ['https://evil.example/', '//evil.example/admin', '/\\evil.example', '/admin/../token']) {
      const b = new Browser(t.app);
      const fields = formFields((await b.get('/admin')).body, '/login');
      const res = await b.post('/login', { ...fields, return_to: returnTo, email: f.email, password: PASSWORD });
      expect(res.headers.location).toBe('/admin');
    }
  });
});
