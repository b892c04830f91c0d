// The browsable HTML facade as a person uses it, in real headless Chromium at phone width (390 px):
// register a client with the home page's form, paste a token once on /browse, browse the store,
// create a tax with a decimal rate through its form, and submit every edit form of every store
// resource unchanged (each must round-trip: 200 and the same resource after). Screenshots of the
// main pages go to $SCREENSHOT_DIR (or a temp folder); no page may be wider than the screen, break
// its CSP or load anything from another host. Skips, saying why, without /usr/bin/chromium.
import { existsSync, mkdirSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeApp, type TestApp } from '../helpers/app.js';
import { call, CLIENT_FORM, json, link, tokenChain, type Chain } from '../helpers/rest.js';
import { freePort } from '../../scripts/reliability/api.js';

const CHROMIUM = '/usr/bin/chromium';
const HAVE_CHROMIUM = existsSync(CHROMIUM);
if (!HAVE_CHROMIUM) console.log(`[skip] browsable HTML facade: ${CHROMIUM} is missing (apt-get install chromium)`);
const PHONE = { width: 390, height: 844 };

/** The stored state a form round-trip must leave as it was. */
function state(body: any): unknown {
  const { _links, _embedded, date_modified, ...props } = body;
  void _links; void _embedded; void date_modified;
  return props;
}

describe.skipIf(!HAVE_CHROMIUM)('the browsable HTML facade in headless Chromium', () => {
  let t: TestApp;
  let base: string;
  let chain: Chain;
  let context: BrowserContext;
  let profile: string;
  const shots = process.env.SCREENSHOT_DIR ?? mkdtempSync(join(tmpdir(), 'screens-'));
  const cspViolations: string[] = [];
  const foreign: string[] = [];

  beforeAll(async () => {
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    t = await makeApp({ config: { baseUrl: base } });
    await t.app.listen({ host: '127.0.0.1', port });
    chain = await tokenChain(t.app);
    mkdirSync(shots, { recursive: true });
    profile = mkdtempSync(join(tmpdir(), 'chromium-profile-'));
    context = await chromium.launchPersistentContext(profile, {
      executablePath: CHROMIUM, headless: true, viewport: PHONE,
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    });
    context.on('console', (msg) => {
      if (/Content Security Policy|Refused to/i.test(msg.text())) cspViolations.push(msg.text());
    });
    context.on('request', (req) => {
      if (!req.url().startsWith(base) && !req.url().startsWith('data:')) foreign.push(req.url());
    });
  }, 60_000);

  afterAll(async () => {
    await context?.close();
    await t?.close();
    if (profile) rmSync(profile, { recursive: true, force: true });
  });

  async function screenshot(page: Page, name: string): Promise<void> {
    const file = join(shots, `${name}.png`);
    await page.screenshot({ path: file, fullPage: true });
    expect(statSync(file).size, name).toBeGreaterThan(5_000);
    const width = await page.evaluate('document.documentElement.scrollWidth') as number;
    expect(width, `${name} is ${width}px wide on a ${PHONE.width}px screen`).toBeLessThanOrEqual(PHONE.width);
  }

  async function submit(page: Page, form: string): Promise<number> {
    const [response] = await Promise.all([page.waitForNavigation(), page.click(`form#${form} button[type=submit]`)]);
    return response?.status() ?? 0;
  }

  it('registers a client with the home page\'s form (no plain link to a GET that does not exist)', async () => {
    const page = await context.newPage();
    await page.goto(`${base}/`);
    await screenshot(page, 'home');
    expect(await page.getAttribute('a[href="#form-create_client"]', 'href')).toBe('#form-create_client');
    // Labels name the field; the description is help text beside it.
    expect(await page.textContent('label[for="form-create_client-project_name"]')).toContain('project_name');
    for (const [name, value] of Object.entries(CLIENT_FORM)) await page.fill(`#form-create_client-${name}`, value);
    expect(await submit(page, 'form-create_client')).toBe(201);
    await screenshot(page, 'client-registered');
    const text = await page.textContent('body');
    expect(text).toContain('created successfully');
    expect(text).toMatch(/client_secret/);
    await page.close();
  });

  it('keeps a pasted token for page requests only, and browses and edits the store with it', async () => {
    const page = await context.newPage();
    await page.goto(`${base}/browse`);
    await screenshot(page, 'browse');
    await page.fill('#token', chain.storeToken);
    await Promise.all([page.waitForURL(`${base}/`), page.click('form[action="/browse"] button[type=submit]')]);
    const cookie = (await context.cookies(base)).find((c) => c.name === 'api_token')!;
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/' });
    expect(cookie.value).not.toContain(chain.storeToken.slice(0, 20));
    expect(await page.evaluate('document.cookie')).not.toContain('api_token');
    // The API itself does not take the cookie: only a page request is answered with its token.
    const withCookie = (accept: string) => fetch(chain.storeHref, { headers: { cookie: `api_token=${cookie.value}`, accept, 'SERVICE-API-VERSION': '1' } });
    expect((await withCookie('application/hal+json')).status).toBe(401);
    expect((await withCookie('text/html')).status).toBe(200);
    await Promise.all([page.waitForNavigation(), page.click('a[rel$="/rels/store"]')]);
    expect(page.url()).toBe(chain.storeHref);
    await screenshot(page, 'store');
    await Promise.all([page.waitForNavigation(), page.click('a[rel$="/rels/taxes"]')]);
    await screenshot(page, 'taxes');
    // A tax with a decimal rate, created through the collection's form.
    await page.fill('#form-create-tax-name', 'Half rate');
    await page.selectOption('#form-create-tax-type', 'global');
    await page.fill('#form-create-tax-rate', '19.5');
    expect(await page.$$eval('#form-create-tax-service_provider option[value=""]', (o) => o.length)).toBe(1);
    expect(await submit(page, 'form-create-tax')).toBe(201);
    await screenshot(page, 'tax');
    const taxHref = page.url().startsWith(`${base}/taxes/`) ? page.url() : await page.getAttribute('a[rel="self"]', 'href');
    const tax = json(await call(t.app, taxHref!, { token: chain.storeToken }));
    expect([tax.name, tax.rate, tax.type]).toEqual(['Half rate', 19.5, 'global']);

    await page.goto(taxHref!);
    await page.fill('#form-update-tax-rate', '7.25');
    expect(await submit(page, 'form-update-tax')).toBe(200);
    expect(json(await call(t.app, taxHref!, { token: chain.storeToken })).rate).toBe(7.25);
    await page.close();
  });

  it('round-trips every edit form of every store resource unchanged', async () => {
    const token = chain.storeToken;
    const store = json(await call(t.app, chain.storeHref, { token }));
    const post = async (href: string, body: Record<string, unknown>) => {
      const res = await call(t.app, href, { method: 'POST', token, body });
      expect(res.statusCode, `${href} ${res.body}`).toBe(201);
      return json(res);
    };
    const category = await post(link(store, 'svc:item_categories'), { code: 'BOOKS', name: 'Books', default_weight: '0.75', shipping_flat_rate: '4.5', item_delivery_type: 'shipped' });
    const tax = await post(link(store, 'svc:taxes'), { name: 'Portland', type: 'local', country: 'US', region: 'OR', city: 'Portland', rate: '2.35', apply_to_shipping: true });
    const customer = await post(link(store, 'svc:customers'), { first_name: 'Ada', last_name: 'L', email: 'ada@shop.example', tax_id: 'X1' });
    const cart = await post(link(store, 'svc:carts'), { customer_uri: link(customer, 'self'), shipping_country: 'US', shipping_city: 'Portland', billing_first_name: 'Ada' });
    const item = await post(link(cart, 'svc:items'), {
      item_category_uri: link(category, 'self'), name: 'Novel', price: '12.99', weight: '0.4', quantity: 2, code: 'SKU-1',
      subscription_frequency: '1m', subscription_start_date: '2030-01-01', subscription_next_transaction_date: '2030-02-01',
    });
    const members = [
      store, category, tax, customer, cart, item,
      await post(link(item, 'svc:item_options'), { name: 'Cover', value: 'Hard', price_mod: '3.5' }),
      await post(link(tax, 'svc:tax_item_categories'), { tax_uri: link(tax, 'self'), item_category_uri: link(category, 'self') }),
      await post(link(store, 'svc:webhooks'), {
        name: 'Orders', format: 'json', url: 'https://hooks.example/in', encryption_key: 'k'.repeat(32), event_resource: 'transaction',
        events: ['transaction/created', 'transaction/captured'], query: 'zoom=items',
      }),
      await post(link(store, 'svc:fraud_protections'), {
        type: 'custom_precheckout_hook', description: 'Hook', json: JSON.stringify({ enabled: true, url: 'https://hook.example/check', failure_handling: 'approve' }),
      }),
      await post(link(store, 'svc:fraud_protections'), { type: 'vendor_minfraud', score_threshold_reject: 80 }),
      await post(link(store, 'svc:payment_method_sets'), { description: 'Cards', is_live: false }),
      await post(link(store, 'svc:native_integrations'), { provider: 'custom_tax', config: JSON.stringify({ url: 'https://tax.example/rates' }) }),
      await post(link(store, 'svc:attributes'), { name: 'color', value: 'blue', visibility: 'public' }),
    ];
    const page = await context.newPage();
    const tried: string[] = [];
    for (const member of members) {
      const href = link(member, 'self');
      for (const kind of ['update', 'replace']) {
        const before = state(json(await call(t.app, href, { token })));
        await page.goto(href);
        const form = await page.$(`form[id^="form-${kind}-"]`);
        if (!form) continue;
        const id = (await form.getAttribute('id'))!;
        const status = await submit(page, id);
        expect(status, `${id} on ${href}: ${(await page.textContent('main'))?.slice(0, 400)}`).toBe(200);
        expect(state(json(await call(t.app, href, { token }))), `${id} on ${href}`).toEqual(before);
        tried.push(id);
      }
    }
    // Every member above offers an edit form except the read-only link rows (tax_item_category).
    expect(tried.length).toBeGreaterThanOrEqual(2 * (members.length - 1) - 1);
    await page.close();
  }, 120_000);

  it('renders the OpenAPI documentation offline, and no page broke its CSP or reached another host', async () => {
    const page = await context.newPage();
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(`${base}/docs`);
    await page.waitForSelector('.opblock-tag', { timeout: 30_000 });
    expect(await page.textContent('.info .title')).toContain('Commerce API');
    await page.screenshot({ path: join(shots, 'docs.png') });
    await page.close();
    expect(cspViolations).toEqual([]);
    expect(foreign).toEqual([]);
  }, 60_000);
});
