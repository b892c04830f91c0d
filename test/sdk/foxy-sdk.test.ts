// The hosted API's official JavaScript SDK (@foxy.io/sdk, Backend API), unpatched and with no proxy,
// against the service on a real port, configured with the hosted API's names (curie `fx`, header
// FOXY-API-VERSION): token refresh after a 401, follow, paging, zoom, create, patch, put, delete,
// checkout with an empty action POST, and webhooks checked with the SDK's own signature helper.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// @ts-expect-error the package's "exports" carry no types; they are imported from its files below.
import * as sdk from '@foxy.io/sdk';
import type * as Sdk from '../../node_modules/@foxy.io/sdk/dist/types/index.js';
import { Webhook } from 'standardwebhooks';
import { engines, makeApp, type TestApp } from '../helpers/app.js';
import { CLIENT_FORM, uniq } from '../helpers/rest.js';
import { startReceiver, type Receiver } from '../helpers/receiver.js';
import { freePort } from '../../scripts/reliability/api.js';

const { Backend } = sdk as typeof Sdk;
const NAMES = { curieName: 'fx', versionHeader: 'FOXY-API-VERSION' };
const KEY = 'sdk webhook key 0123456789';
const WHSEC = `whsec_${Buffer.from('standard webhooks secret bytes!!').toString('base64')}`;

/** The credentials an integration starts from: registration, a user and a store, by `fx:` links. */
async function credentials(base: string) {
  const api = async (url: string, init: { method?: string; token?: string; json?: unknown; form?: Record<string, string> } = {}) => {
    const headers: Record<string, string> = { 'FOXY-API-VERSION': '1' };
    if (init.token) headers.authorization = `Bearer ${init.token}`;
    let body: string | undefined;
    if (init.form) { headers['content-type'] = 'application/x-www-form-urlencoded'; body = new URLSearchParams(init.form).toString(); }
    if (init.json) { headers['content-type'] = 'application/json'; body = JSON.stringify(init.json); }
    const res = await fetch(url, { method: init.method ?? 'GET', headers, body });
    const text = await res.text();
    if (!res.ok) throw new Error(`${init.method ?? 'GET'} ${url}: ${res.status} ${text}`);
    return JSON.parse(text);
  };
  const home = await api(`${base}/`);
  const client = await api(home._links['fx:create_client'].href, { method: 'POST', form: CLIENT_FORM });
  const home2 = await api(`${base}/`, { token: client.token.access_token });
  const user = await api(home2._links['fx:create_user'].href, {
    method: 'POST', token: client.token.access_token,
    json: { first_name: 'Sam', last_name: 'Dee', email: `${uniq('sdk')}@example.com`, password: 'correct horse battery' },
  });
  const home3 = await api(`${base}/`, { token: user.token.access_token });
  const store = await api(home3._links['fx:stores'].href, {
    method: 'POST', token: user.token.access_token,
    json: { store_name: 'SDK Store', store_domain: uniq('sdk'), store_url: 'https://sdk.example', store_email: 'sdk@example.com', postal_code: '97201', region: 'OR', country: 'US' },
  });
  return { clientId: client.client_id as string, clientSecret: client.client_secret as string, refreshToken: store.token.refresh_token as string, accessToken: store.token.access_token as string };
}

describe.each(engines())('the official SDK, unchanged (%s)', (engine) => {
  let t: TestApp;
  let base: string;
  let creds: Awaited<ReturnType<typeof credentials>>;
  let api: InstanceType<typeof Backend.API>;
  let receiver: Receiver;
  beforeAll(async () => {
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    t = await makeApp({ engine, dispatcher: true, config: { ...NAMES, baseUrl: base, outboundAllowPrivate: true, webhookPollMs: 0 } });
    await t.app.listen({ port, host: '127.0.0.1' });
    creds = await credentials(base);
    api = new Backend.API({ base: new URL(`${base}/`), clientId: creds.clientId, clientSecret: creds.clientSecret, refreshToken: creds.refreshToken, level: 0 });
    receiver = await startReceiver();
  });
  afterAll(async () => { await receiver?.close(); await t?.close(); });

  // Untyped: the SDK's types answer a POST to a collection with the collection (the hosted API, like
  // ours, answers the member) and know no cart checkout link, so its results are read as plain JSON.
  const store = (): any => api.follow('fx:store');
  // The SDK's own Response copies the fetch response by spreading it, which drops the status (it
  // always reads 200), so results are judged by their bodies, as an SDK integration does.
  const errorCode = (body: any): string | undefined => body?._embedded?.['fx:errors']?.[0]?.code;
  const j = async (res: Promise<{ json(): Promise<unknown> }>): Promise<any> => (await res).json();

  it('refreshes its token and retries when the service answers 401 invalid_token', async () => {
    const sdk = new Backend.API({ base: new URL(`${base}/`), clientId: creds.clientId, clientSecret: creds.clientSecret, refreshToken: creds.refreshToken, level: 0 });
    // A token the SDK's clock still trusts but the service does not (revoked, rotated keys, …).
    sdk.storage.setItem('access_token', JSON.stringify({ access_token: 'revoked-token', token_type: 'bearer', expires_in: 7200, scope: 'store_full_access', date_created: new Date().toISOString() }));
    const res = await sdk.follow('fx:store').get();
    expect((await res.json()).store_name).toBe('SDK Store');
    const stored = JSON.parse(sdk.storage.getItem('access_token')!);
    expect(stored.access_token).not.toBe('revoked-token');
    expect(stored.access_token).toMatch(/\w{20}/);
  });

  it('follows, creates, zooms, patches, puts and deletes through the links', async () => {
    const tax = await j(store().follow('fx:taxes').post({ name: 'SDK tax', type: 'global', rate: 7 }));
    expect(tax).toMatchObject({ name: 'SDK tax', type: 'global', rate: 7 });
    expect(tax._links.self.href).toMatch(/\/taxes\/\d+$/);
    const category = await (await store().follow('fx:item_categories').post({ code: uniq('SDK'), name: 'SDK goods' })).json();
    // The tax comes from the collection's path: the SDK sends only the category.
    const linked = await j(tax._links['fx:tax_item_categories'].post({ item_category_uri: category._links.self.href }));
    expect(linked).toMatchObject({ tax_uri: tax._links.self.href, item_category_uri: category._links.self.href });
    const zoomed = await (await tax._links.self.get({ zoom: { tax_item_categories: 'item_category' } })).json();
    const embedded = zoomed._embedded['fx:tax_item_categories'];
    expect(embedded).toHaveLength(1);
    expect(embedded[0]._embedded['fx:item_category'].name).toBe('SDK goods');
    expect((await j(tax._links.self.patch({ rate: 8 }))).rate).toBe(8);
    const put = await j(tax._links.self.put({ name: 'SDK tax, replaced', type: 'country', country: 'DE', rate: 9 }));
    expect(put).toMatchObject({ name: 'SDK tax, replaced', type: 'country', country: 'DE', rate: 9 });
    expect(await (await tax._links.self.delete()).text()).toBe('');
    expect(errorCode(await j(tax._links.self.get()))).toBe('not_found');
    // What the SDK does not show, the raw answers do: 204 for the delete, 404 after it.
    expect((await api.fetch(tax._links.self.href)).status).toBe(404);
  });

  it('pages with get({ limit, offset }) and by following next until there is none', async () => {
    const taxes = store().follow('fx:taxes');
    const names = Array.from({ length: 5 }, (_, i) => `Paged ${i}`);
    for (const name of names) expect((await j(taxes.post({ name, type: 'global', rate: 1 }))).name).toBe(name);
    const seen: string[] = [];
    let page = await (await taxes.get({ limit: 2, filters: ['name=Paged*'], order: { name: 'asc' } })).json();
    expect(page._links.prev).toBeUndefined();
    for (let guard = 0; guard < 10; guard++) {
      seen.push(...page._embedded['fx:taxes'].map((x: { name: string }) => x.name));
      if (!page._links.next) break;
      page = await (await page._links.next.get()).json();
    }
    expect(seen).toEqual(names);
    const third = await (await taxes.get({ limit: 2, offset: 4, filters: ['name=Paged*'], order: { name: 'asc' } })).json();
    expect(third).toMatchObject({ total_items: '5', returned_items: 1, offset: 4 });
    expect(third._links.next).toBeUndefined();
  });

  it('checks out with an empty action POST, and its webhooks verify with the SDK\'s own helper', async () => {
    const webhooks = store().follow('fx:webhooks');
    const hook = await j(webhooks.post({ name: 'SDK hook', format: 'json', url: `${receiver.url}/sdk`, encryption_key: KEY, event_resource: 'transaction' }));
    expect(hook.is_active).toBe(1);
    const standard = await j(webhooks.post({ name: 'Standard hook', format: 'vendor_a', url: `${receiver.url}/standard`, encryption_key: WHSEC, event_resource: 'transaction' }));
    expect(standard).toMatchObject({ encryption_key: WHSEC, is_active: 1 });
    const category = await j(store().follow('fx:item_categories').post({ code: uniq('CK'), name: 'Checkout goods' }));
    const cart = await j(store().follow('fx:carts').post({ shipping_country: 'US', shipping_region: 'OR', shipping_city: 'Portland', customer_email: 'sdk-buyer@example.com' }));
    expect(await j(cart._links['fx:items'].post({ item_category_uri: category._links.self.href, name: 'Gadget', price: 25, quantity: 2 }))).toMatchObject({ name: 'Gadget', quantity: 2 });
    // post() with no body: the SDK still labels it application/json.
    const txn = await j(cart._links['fx:checkout'].post());
    expect(txn).toMatchObject({ status: 'authorized', total_item_price: 50 });
    const deliveries = () => receiver.received.filter((r) => r.headers['foxy-webhook-event'] === 'transaction/created');
    for (let i = 0; i < 50 && deliveries().length < 2; i++) await t.app.dispatcher!.runOnce();
    const [sdkDelivery] = deliveries().filter((r) => r.url === '/sdk');
    const [standardDelivery] = deliveries().filter((r) => r.url === '/standard');
    expect(sdkDelivery && standardDelivery, JSON.stringify(receiver.received.map((r) => [r.url, r.headers]))).toBeTruthy();
    const signature = String(sdkDelivery.headers['foxy-webhook-signature']);
    expect(Backend.verifyWebhookSignature({ key: KEY, payload: sdkDelivery.body, signature })).toBe(true);
    expect(Backend.verifyWebhookSignature({ key: KEY, payload: `${sdkDelivery.body} `, signature })).toBe(false);
    expect(Backend.verifyWebhookSignature({ key: 'another key', payload: sdkDelivery.body, signature })).toBe(false);
    expect(sdkDelivery.headers['foxy-store-id']).toMatch(/^\d+$/);
    // The whsec_ key, handed to a Standard Webhooks verifier as configured.
    const payload = new Webhook(WHSEC).verify(standardDelivery.body, standardDelivery.headers as Record<string, string>) as any;
    expect(payload._links.self.href).toBe(txn._links.self.href);
    expect(Object.keys(payload._links).filter((k) => k.includes(':')).every((k) => k.startsWith('fx:'))).toBe(true);
    expect(Backend.verifyWebhookSignature({ key: WHSEC, payload: standardDelivery.body, signature: String(standardDelivery.headers['foxy-webhook-signature']) })).toBe(true);
  });
});
