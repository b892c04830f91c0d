// One read path (issue 14 item 1): who may read rows through a relation is decided once, by the
// Reader (src/services/reader.ts), so every front door answers the same. A token without the read
// scope of a child is refused it through REST zoom, the REST child collection, the GraphQL nested
// field and connection and a webhook payload's zoom; another store's rows never appear through any
// of them, even behind a foreign key that points across stores; a resource's beforeRead hook runs
// once per request however many paths reach its rows.
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { engines, makeApp, type TestApp } from '../helpers/app.js';
import { call, json, link, tokenChain, type Chain } from '../helpers/rest.js';
import { narrowToken } from '../helpers/tokens.js';
import { fillCart, openShop } from '../helpers/shop.js';
import { errorCodes, gql } from '../graphql/helpers.js';
import { buildPayload, PayloadError, webhookPrincipal } from '../../src/events/payload.js';
import { halPayloadRenderer } from '../../src/rest/webhook-routes.js';
import { resourceRules } from '../../src/resources/index.js';
import { STORE_FULL } from '../../src/auth/scopes.js';
import { containerOf } from '../../src/app.js';

const idOf = (href: string) => Number(href.split('/').pop());

describe.each(engines())('one read path on %s', (engine) => {
  let t: TestApp;
  let a: Chain;
  let b: Chain;
  let storeA: any;
  let category: any;
  let tax: any;
  let taxLink: any;
  let crossLink: any;
  let otherCategory: any;
  let otherLink: any;
  let narrow: string;

  const post = async (url: string, token: string, body: Record<string, unknown>) => {
    const res = await call(t.app, url, { method: 'POST', token, body });
    if (res.statusCode !== 201) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
    return json(res);
  };
  const get = (url: string, token: string) => call(t.app, url, { token });

  beforeAll(async () => {
    t = await makeApp({ engine });
    a = await tokenChain(t.app);
    b = await tokenChain(t.app);
    storeA = json(await get(a.storeHref, a.storeToken));
    const storeB = json(await get(b.storeHref, b.storeToken));
    category = await post(link(storeA, 'svc:item_categories'), a.storeToken, { code: 'OWN-CAT', name: 'Own' });
    const second = await post(link(storeA, 'svc:item_categories'), a.storeToken, { code: 'OWN-CAT-2', name: 'Own 2' });
    tax = await post(link(storeA, 'svc:taxes'), a.storeToken, { name: 'Sales', type: 'global', rate: 5 });
    const linkBody = (c: any, x: any) => ({ tax_uri: link(x, 'self'), item_category_uri: link(c, 'self') });
    taxLink = await post(link(tax, 'svc:tax_item_categories'), a.storeToken, linkBody(category, tax));
    crossLink = await post(link(tax, 'svc:tax_item_categories'), a.storeToken, linkBody(second, tax));
    otherCategory = await post(link(storeB, 'svc:item_categories'), b.storeToken, { code: 'OTHER-STORE-CAT', name: 'Theirs' });
    const otherTax = await post(link(storeB, 'svc:taxes'), b.storeToken, { name: 'OTHER-STORE-TAX', type: 'global', rate: 7 });
    const otherCategory2 = await post(link(storeB, 'svc:item_categories'), b.storeToken, { code: 'OTHER-STORE-CAT-2', name: 'Theirs 2' });
    otherLink = await post(link(otherTax, 'svc:tax_item_categories'), b.storeToken, linkBody(otherCategory2, otherTax));
    // Foreign keys that point across stores (no API write can make them; a bug or a bad import
    // could): store A's link names store B's category, and store B's link hangs off store A's tax.
    const db = containerOf(t.app).database.db;
    await db.updateTable('tax_item_categories').set({ item_category_id: idOf(link(otherCategory, 'self')) })
      .where('id', '=', idOf(link(crossLink, 'self'))).execute();
    await db.updateTable('tax_item_categories').set({ tax_id: idOf(link(tax, 'self')) })
      .where('id', '=', idOf(link(otherLink, 'self'))).execute();
    narrow = await narrowToken(t.app, a, 'tax_settings_read');
  });
  afterAll(async () => t?.close());
  afterEach(() => vi.restoreAllMocks());

  /** The webhook payload of `resource_type`/`id` rendered for store A with `scopes` and `query`. */
  async function payload(scopes: string[], type: string, href: string, query: string): Promise<string | null> {
    const { container } = t.app;
    const ctx = container.context(webhookPrincipal(idOf(a.storeHref), scopes), 'test-payload');
    const renderer = halPayloadRenderer(container.registry, container.config.baseUrl, container.config.curieName);
    return buildPayload(ctx, renderer, { store_id: idOf(a.storeHref), resource_type: type, resource_id: idOf(href), payload: null }, query);
  }

  const taxLinkGql = (href: string) => `{ taxItemCategory(id: "${idOf(href)}") { id itemCategory { code } } }`;
  const storeCategoriesGql = '{ store { itemCategories(first: 10) { edges { node { code } } } } }';

  it('with the scope, every path reaches the child (the control)', async () => {
    const zoom = json(await get(`${link(taxLink, 'self')}?zoom=item_category`, a.storeToken));
    expect(zoom._embedded['svc:item_category'].code).toBe('OWN-CAT');
    expect((await get(link(storeA, 'svc:item_categories'), a.storeToken)).body).toContain('OWN-CAT');
    const field = await gql(t.app, taxLinkGql(link(taxLink, 'self')), { token: a.storeToken });
    expect(field.body.data.taxItemCategory.itemCategory.code).toBe('OWN-CAT');
    const conn = await gql(t.app, storeCategoriesGql, { token: a.storeToken });
    expect(conn.body.data.store.itemCategories.edges.map((e: any) => e.node.code)).toContain('OWN-CAT');
    expect(await payload([STORE_FULL], 'tax_item_category', link(taxLink, 'self'), 'zoom=item_category')).toContain('OWN-CAT');
  });

  it('without the child\'s read scope, every path refuses it alike', async () => {
    // The parent itself is readable with the narrow token.
    expect((await get(link(taxLink, 'self'), narrow)).statusCode).toBe(200);
    for (const url of [`${link(taxLink, 'self')}?zoom=item_category`, `${link(tax, 'self')}?zoom=tax_item_categories:item_category`,
      link(storeA, 'svc:item_categories')]) {
      const res = await get(url, narrow);
      expect(res.statusCode, url).toBe(403);
      expect(res.headers['www-authenticate'], url).toContain('insufficient_scope');
      expect(res.body, url).not.toContain('OWN-CAT');
    }
    const field = await gql(t.app, taxLinkGql(link(taxLink, 'self')), { token: narrow });
    expect(errorCodes(field.body)).toEqual(['FORBIDDEN']);
    expect(field.body.errors[0].path).toEqual(['taxItemCategory', 'itemCategory']);
    // itemCategory is non-null in the schema: the refusal nulls its parent.
    expect(field.body.data.taxItemCategory).toBeNull();
    const conn = await gql(t.app, storeCategoriesGql, { token: narrow });
    expect(errorCodes(conn.body)).toEqual(['FORBIDDEN']);
    expect(JSON.stringify(conn.body)).not.toContain('OWN-CAT');
    const refused = payload(['tax_settings_read'], 'tax_item_category', link(taxLink, 'self'), 'zoom=item_category');
    await expect(refused).rejects.toBeInstanceOf(PayloadError);
    await expect(refused).rejects.toThrow(/zooms into what its scopes may not read/);
    // Without the zoom the same webhook delivers the link it may read.
    expect(await payload(['tax_settings_read'], 'tax_item_category', link(taxLink, 'self'), '')).toContain(link(taxLink, 'self'));
  });

  it('never shows another store\'s rows, by id, through a to-one key or as children', async () => {
    // Store A's crossed row still links the foreign key it holds; what must not appear is the
    // other store's rows themselves (their codes, names and own self links).
    const leaks = (text: string | null) => {
      expect(text).not.toContain('OTHER-STORE');
      expect(text).not.toContain(`"${link(otherLink, 'self')}"`);
    };
    // By id.
    expect((await get(link(otherCategory, 'self'), a.storeToken)).statusCode).toBe(404);
    const byId = await gql(t.app, `{ itemCategory(id: "${idOf(link(otherCategory, 'self'))}") { code } }`, { token: a.storeToken });
    expect(byId.body.data.itemCategory).toBeNull();
    // REST zoom (to-one and children) and the child collection.
    for (const url of [`${link(crossLink, 'self')}?zoom=item_category`, `${link(tax, 'self')}?zoom=tax_item_categories,tax_item_categories:item_category`,
      link(tax, 'svc:tax_item_categories')]) {
      const res = await get(url, a.storeToken);
      expect(res.statusCode, url).toBe(200);
      leaks(res.body);
    }
    const children = json(await get(link(tax, 'svc:tax_item_categories'), a.storeToken));
    expect(children.total_items).toBe('2');
    // GraphQL nested field and connection.
    // The crossed key leads nowhere the caller may go; itemCategory is non-null in the schema, so
    // the field is an error and its parent null, never the other store's category.
    const field = await gql(t.app, taxLinkGql(link(crossLink, 'self')), { token: a.storeToken });
    expect(field.body.data.taxItemCategory).toBeNull();
    leaks(JSON.stringify(field.body));
    const conn = await gql(t.app, `{ tax(id: "${idOf(link(tax, 'self'))}") { taxItemCategories(first: 10) { totalCount edges { node { href } } } } }`,
      { token: a.storeToken });
    expect(conn.body.errors).toBeUndefined();
    expect(conn.body.data.tax.taxItemCategories.totalCount).toBe(2);
    leaks(JSON.stringify(conn.body));
    // Webhook payloads.
    leaks(await payload([STORE_FULL], 'tax_item_category', link(crossLink, 'self'), 'zoom=item_category'));
    leaks(await payload([STORE_FULL], 'tax', link(tax, 'self'), 'zoom=tax_item_categories,tax_item_categories:item_category'));
  });

  it('runs a resource\'s beforeRead hook once per request, whatever the number of paths to its rows', async () => {
    const shop = await openShop(t.app, a);
    const cart = await fillCart(t.app, a, shop, [{ name: 'One', price: '5' }, { name: 'Two', price: '6' }]);
    const items = json(await get(link(cart, 'svc:items'), a.storeToken))._embedded['svc:items'];
    const spy = vi.spyOn(resourceRules.item!, 'beforeRead');
    const cartId = idOf(link(cart, 'self'));
    const itemId = idOf(items[0]._links.self.href);
    const query = `{ cart(id: "${cartId}") { items(first: 5) { totalCount edges { node { id } } } }
      item(id: "${itemId}") { id } node(href: "${items[1]._links.self.href}") { id } }`;
    const res = await gql(t.app, query, { token: a.storeToken });
    expect(res.body.errors).toBeUndefined();
    expect(res.body.data.cart.items.totalCount).toBe(2);
    // On PostgreSQL the token check rides with the first statement, and a read of one item that
    // comes first skips the hook when the check found nothing to tidy (reader.ts find): at most once.
    if (engine === 'postgres') expect(spy.mock.calls.length).toBeLessThanOrEqual(1);
    else expect(spy).toHaveBeenCalledTimes(1);
    spy.mockClear();
    expect((await get(`${link(cart, 'self')}?zoom=items`, a.storeToken)).statusCode).toBe(200);
    expect(spy).toHaveBeenCalledTimes(1);
    spy.mockClear();
    expect((await get(`${link(cart, 'svc:items')}?zoom=item_category`, a.storeToken)).statusCode).toBe(200);
    expect(spy).toHaveBeenCalledTimes(1);
    // A new request is a new read: the hook runs again. (A read of one item whose token check rode
    // with it skips the hook when the check found nothing to tidy: test/auth/token-check-rides.test.ts.)
    spy.mockClear();
    expect((await get(link(cart, 'svc:items'), a.storeToken)).statusCode).toBe(200);
    expect(spy).toHaveBeenCalledTimes(1);
  });
});

describe('the Reader of a context', () => {
  let t: TestApp;
  beforeAll(async () => { t = await makeApp({ engine: 'sqlite' }); });
  afterAll(async () => t?.close());

  it('is one per context, made on first use, and a copy of the context reads with its own', async () => {
    const { readerOf, freshReader } = await import('../../src/services/reader.js');
    const c = containerOf(t.app);
    const chain = await tokenChain(t.app);
    const principal = (await c.tokens.principalFromHeader(`Bearer ${chain.storeToken}`))!;
    const ctx = c.context(principal, 'reader-slot');
    const reader = readerOf(ctx);
    expect(readerOf(ctx)).toBe(reader);
    // Kept out of what copies and serialisations see: a spread copy (GraphQL's per-event contexts)
    // must run the read hooks for itself.
    expect(Object.keys(ctx).some((k) => /reader/i.test(k))).toBe(false);
    expect(Object.getOwnPropertySymbols(ctx).filter((s) => Object.getOwnPropertyDescriptor(ctx, s)!.enumerable)
      .map((s) => s.description)).not.toContain('the context\'s Reader');
    const copy = { ...ctx };
    expect(readerOf(copy)).not.toBe(reader);
    const fresh = freshReader(ctx);
    expect(fresh).not.toBe(reader);
    expect(readerOf(ctx)).toBe(fresh);
    // The copy still reads rows: the data handles travel with it.
    const store = c.registry.resource('store');
    expect(await readerOf(copy).find(store, principal.storeId!)).toMatchObject({ id: principal.storeId });
  });
});
