// Every row of the spec's item table through REST (400 naming the field, 201 for valid values), the
// item's links, zoomable children and child collections, scopes, tenancy and the version header.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engines } from '../../helpers/app.js';
import { errorFields, json, link, tokenChain } from '../../helpers/rest.js';
import { narrowToken } from '../../helpers/tokens.js';
import { VALID, VALID_VALUES, VIOLATIONS } from './item-table.js';
import { create, newCart, suite, withValue, type Suite } from './setup.js';

describe.each(engines())('item fields on %s', (engine) => {
  let s: Suite;
  let items: string;
  beforeAll(async () => {
    s = await suite(engine);
    items = link(await newCart(s), 'svc:items');
  });
  afterAll(async () => s?.t.close());

  const post = (body: unknown, token?: string) => s.req(items, { method: 'POST', body, ...(token ? { token } : {}) });

  it.each(VIOLATIONS)('rejects %s = %j', async (field, value, extra) => {
    const res = await post(withValue(VALID, field, value, extra));
    expect(res.statusCode, res.body).toBe(400);
    expect(errorFields(json(res))).toContain(field);
  });

  let distinct = 0;
  it.each(VALID_VALUES)('accepts %s = %j', async (field, value, extra) => {
    // A distinct code keeps each item from being folded into an identical one.
    distinct += 1;
    const res = await post(withValue({ ...VALID, code: `valid-${distinct}` }, field, value, extra));
    expect(res.statusCode, res.body).toBe(201);
  });

  it('reports every invalid field at once, rule violations included', async () => {
    const res = await post({ name: '', price: 'x', quantity: 0, url: 'nope', subscription_frequency: 'soon', discount_name: 'Sale', colour: 'red' });
    expect(res.statusCode).toBe(400);
    expect(errorFields(json(res))).toEqual(['colour', 'discount_details', 'discount_type', 'name', 'price', 'quantity', 'subscription_frequency', 'url']);
    expect(json(res).total).toBe(8);
  });

  it('shows the spec links; POST answers 201 with Location; is_future_line_item is read only', async () => {
    const res = await post({ ...VALID, code: 'links', is_future_line_item: true });
    expect(res.statusCode).toBe(201);
    const item = json(res);
    expect(res.headers.location).toBe(link(item, 'self'));
    expect(item).toMatchObject({ name: 'T-shirt', price: 19.99, quantity: 1, is_future_line_item: false, expires: null });
    for (const rel of ['svc:store', 'svc:item_options', 'svc:attributes', 'svc:discount_details', 'svc:coupon_details']) {
      expect(item._links[rel], rel).toBeDefined();
    }
    expect(item._links['svc:transaction']).toBeUndefined();
  });

  it('zooms coupon_details, discount_details, item_options, item_category and gift_card_codes', async () => {
    const category = await create(s, link(s.store, 'svc:item_categories'), { code: 'SHIRTS', name: 'Shirts' });
    const item = json(await post({ ...VALID, code: 'zoom', item_category_uri: link(category, 'self') }));
    expect(item.item_category_uri).toBe(link(category, 'self'));
    expect(link(item, 'svc:item_category')).toBe(link(category, 'self'));
    const option = await s.req(link(item, 'svc:item_options'), { method: 'POST', body: { name: 'size', value: 'L', price_mod: '2' } });
    expect(option.statusCode).toBe(201);
    const zoomed = json(await s.req(`${link(item, 'self')}?zoom=coupon_details,discount_details,item_options,item_category,gift_card_codes`));
    expect(Object.keys(zoomed._embedded).sort()).toEqual(
      ['svc:coupon_details', 'svc:discount_details', 'svc:gift_card_codes', 'svc:item_category', 'svc:item_options']);
    expect(zoomed._embedded['svc:item_options']).toMatchObject([{ name: 'size', value: 'L', price_mod: 2 }]);
    expect(zoomed._embedded['svc:item_category']).toMatchObject({ code: 'SHIRTS' });
    const bad = await s.req(`${link(item, 'self')}?zoom=store`);
    expect(bad.statusCode).toBe(400);
    expect(errorFields(json(bad))).toEqual(['zoom']);
  });

  it('serves the child collections item_options, attributes, discount_details and coupon_details', async () => {
    const item = json(await post({ ...VALID, code: 'children' }));
    for (const rel of ['item_options', 'attributes', 'discount_details', 'coupon_details']) {
      const res = await s.req(link(item, `svc:${rel}`));
      expect(res.statusCode, rel).toBe(200);
      expect(json(res)).toMatchObject({ total_items: '0', returned_items: 0 });
      expect(link(item, `svc:${rel}`)).toBe(`${link(item, 'self')}/${rel}`);
    }
  });

  it('an item category of another store is not a valid item_category_uri', async () => {
    const other = await tokenChain(s.t.app);
    const otherStore = json(await s.req(other.storeHref, { token: other.storeToken }));
    const theirs = json(await s.req(link(otherStore, 'svc:item_categories'), { method: 'POST', token: other.storeToken, body: { code: 'X', name: 'X' } }));
    const res = await post({ ...VALID, item_category_uri: link(theirs, 'self') });
    expect(res.statusCode).toBe(400);
    expect(json(res)._embedded['svc:errors']).toMatchObject([{ field: 'item_category_uri', code: 'invalid_reference' }]);
  });

  it('scopes: only store_full_access writes items; area tokens get 403', async () => {
    for (const scope of ['payment_settings_write', 'webhooks_write']) {
      const token = await narrowToken(s.t.app, s.chain, scope);
      const res = await post({ ...VALID, code: scope }, token);
      expect(res.statusCode, scope).toBe(403);
      expect(res.headers['www-authenticate']).toContain('insufficient_scope');
    }
  });

  it('tenancy: another store gets 404 for the item, the cart and its items collection', async () => {
    const item = json(await post({ ...VALID, code: 'mine' }));
    const other = await tokenChain(s.t.app);
    for (const method of ['GET', 'PATCH', 'PUT', 'DELETE'] as const) {
      const res = await s.req(link(item, 'self'), { method, token: other.storeToken, body: method.startsWith('P') ? VALID : undefined });
      expect(res.statusCode, method).toBe(404);
    }
    expect((await s.req(items, { token: other.storeToken })).statusCode).toBe(404);
    expect((await post(VALID, other.storeToken)).statusCode).toBe(404);
    expect((await s.req(link(item, 'svc:item_options'), { token: other.storeToken })).statusCode).toBe(404);
  });

  it('needs SERVICE-API-VERSION and a token', async () => {
    const noVersion = await s.t.app.inject({
      method: 'POST', url: items.replace('http://api.test', ''),
      headers: { authorization: `Bearer ${s.chain.storeToken}`, 'content-type': 'application/json' }, payload: JSON.stringify(VALID),
    });
    expect(noVersion.statusCode).toBe(400);
    expect(errorFields(json(noVersion))).toEqual(['SERVICE-API-VERSION']);
    expect((await s.req(items, { method: 'POST', body: VALID, token: '' })).statusCode).toBe(401);
  });
});
