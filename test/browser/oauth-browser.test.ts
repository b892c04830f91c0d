// Both browser flows in real headless Chromium against the app listening on a loopback port:
// authorize (log in, consent, approve → code → token exchange → API call; deny → access_denied)
// and /admin "Get Token" (credentials shown once). Skips, saying why, without /usr/bin/chromium.
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer as createHttpServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeApp, type TestApp } from '../helpers/app.js';
import { call, json, tokenChain, type Chain } from '../helpers/rest.js';
import { emailOf } from '../auth/code-flow.js';
import { PASSWORD, pkce, registerClient } from '../auth/helpers.js';
import { freePort } from '../../scripts/reliability/api.js';

const CHROMIUM = '/usr/bin/chromium';
const HAVE_CHROMIUM = existsSync(CHROMIUM);
if (!HAVE_CHROMIUM) console.log(`[skip] browser flows: ${CHROMIUM} is missing (apt-get install chromium)`);

describe.skipIf(!HAVE_CHROMIUM)('browser flows in headless Chromium', () => {
  let t: TestApp;
  let base: string;
  let chain: Chain;
  let email: string;
  let context: BrowserContext;
  let profile: string;
  const cspViolations: string[] = [];
  // The integration's own callback endpoint: a second loopback server that records what it receives.
  let callbackServer: Server;
  let callbackUri: string;
  const received: URLSearchParams[] = [];

  beforeAll(async () => {
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    t = await makeApp({ config: { baseUrl: base } });
    await t.app.listen({ host: '127.0.0.1', port });
    callbackServer = createHttpServer((req, res) => {
      received.push(new URL(req.url ?? '/', 'http://x').searchParams);
      res.writeHead(200, { 'content-type': 'text/plain' }).end('callback reached');
    });
    await new Promise<void>((resolve) => callbackServer.listen(0, '127.0.0.1', resolve));
    callbackUri = `http://127.0.0.1:${(callbackServer.address() as { port: number }).port}/callback`;
    chain = await tokenChain(t.app);
    email = await emailOf(t.app, chain);
    profile = mkdtempSync(join(tmpdir(), 'chromium-profile-'));
    context = await chromium.launchPersistentContext(profile, {
      executablePath: CHROMIUM, headless: true,
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking',
        '--disable-component-update', '--disable-sync'],
    });
    // Nothing leaves the machine: the client's logo is answered here.
    await context.route((url) => url.hostname === 'acme.example', (route) =>
      route.fulfill({ status: 200, contentType: 'image/png', body: Buffer.from('89504e470d0a1a0a', 'hex') }));
    context.on('console', (msg) => {
      if (/Content Security Policy|Refused to/i.test(msg.text())) cspViolations.push(msg.text());
    });
  });

  afterAll(async () => {
    await context?.close();
    await new Promise((resolve) => callbackServer?.close(resolve));
    await t?.close();
    if (profile) rmSync(profile, { recursive: true, force: true });
  });

  async function logIn(page: Page): Promise<void> {
    await page.fill('input[name=email]', email);
    await page.fill('input[name=password]', PASSWORD);
    await Promise.all([page.waitForNavigation(), page.click('button[type=submit]')]);
  }

  function authorizeUrl(clientId: string, challenge: string, state: string): string {
    return `${base}/authorize?${new URLSearchParams({
      response_type: 'code', client_id: clientId, redirect_uri: callbackUri, scope: 'store_full_access',
      state, code_challenge: challenge, code_challenge_method: 'S256',
    })}`;
  }

  it('authorization code: log in, consent, approve, exchange the code and call the API', async () => {
    const client = await registerClient(t.app, {
      project_name: 'Inventory <Sync>', project_description: 'Keeps "stock" in step', company_name: 'Acme & Sons',
      company_url: 'https://acme.example', company_logo: 'https://acme.example/logo.png', redirect_uri: callbackUri,
    });
    const { verifier, challenge } = pkce();
    const page = await context.newPage();
    await page.goto(authorizeUrl(client.clientId, challenge, 'browser-state'));
    expect(await page.title()).toBe('Log in');
    await logIn(page);
    expect(await page.textContent('.project-name')).toBe('Inventory <Sync>');
    expect(await page.textContent('.project-description')).toBe('Keeps "stock" in step');
    expect(await page.textContent('.company-name')).toBe('Acme & Sons');
    expect(await page.getAttribute('.company-name a', 'href')).toBe('https://acme.example');
    expect(await page.getAttribute('.client img', 'src')).toBe('https://acme.example/logo.png');
    expect(await page.$$eval('select[name=store_id] option', (o) => o.length)).toBe(1);
    await Promise.all([page.waitForURL((u) => u.href.startsWith(callbackUri)), page.click('button[value=approve]')]);
    const params = new URL(page.url()).searchParams;
    expect(await page.textContent('body')).toBe('callback reached');
    expect(received.at(-1)?.get('code')).toBe(params.get('code'));
    expect(params.get('state')).toBe('browser-state');
    expect(params.get('iss')).toBe(base);

    const tokenRes = await fetch(`${base}/token`, {
      method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'authorization_code', code: params.get('code')!, redirect_uri: callbackUri, code_verifier: verifier,
        client_id: client.clientId, client_secret: client.clientSecret,
      }),
    });
    expect(tokenRes.status).toBe(200);
    const token = await tokenRes.json() as { access_token: string; scope: string };
    expect(token.scope).toBe('store_full_access');
    const store = await fetch(chain.storeHref, { headers: { authorization: `Bearer ${token.access_token}`, 'service-api-version': '1' } });
    expect(store.status).toBe(200);
    expect(((await store.json()) as { _links: { self: { href: string } } })._links.self.href).toBe(chain.storeHref);
    await page.close();
  });

  it('authorization code: deny sends the user back with error=access_denied', async () => {
    const client = await registerClient(t.app, { redirect_uri: callbackUri });
    const page = await context.newPage();
    await page.goto(authorizeUrl(client.clientId, pkce().challenge, 'deny-state'));
    if (await page.$('input[name=password]')) await logIn(page);
    await Promise.all([page.waitForURL((u) => u.href.startsWith(callbackUri)), page.click('button[value=deny]')]);
    const params = new URL(page.url()).searchParams;
    expect([params.get('error'), params.get('state'), params.get('code')]).toEqual(['access_denied', 'deny-state', null]);
    await page.close();
  });

  it('admin: log in, open the store\'s Integrations, Get Token shows working credentials once', async () => {
    await context.clearCookies();
    const page = await context.newPage();
    await page.goto(`${base}/admin`);
    await logIn(page);
    expect(await page.title()).toBe('Your stores');
    await Promise.all([page.waitForNavigation(), page.click('text=Integrations')]);
    await Promise.all([page.waitForNavigation(), page.click('button:has-text("Get Token")')]);
    const creds = Object.fromEntries(await Promise.all(['client_id', 'client_secret', 'access_token', 'refresh_token']
      .map(async (k) => [k, (await page.textContent(`#${k}`)) ?? ''])));
    expect(creds.client_id).toMatch(/^svc_/);
    expect(creds.refresh_token).toMatch(/^\d+\./);
    await page.reload();
    expect(await page.$('#client_secret')).toBeNull();
    expect(await page.textContent('body')).toContain(creds.client_id);

    const store = await call(t.app, chain.storeHref, { token: creds.access_token });
    expect(store.statusCode).toBe(200);
    expect(json(store)._links.self.href).toBe(chain.storeHref);
    expect(cspViolations).toEqual([]);
    await page.close();
  });
});
