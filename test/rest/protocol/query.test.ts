// The query language of DESIGN §3 on a store's taxes: every filter operator, ranges, wildcards,
// order, fields, nested zoom, child filters, attribute filters, and 400s that name the culprit.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engines } from '../../helpers/app.js';
import { call, json, link } from '../../helpers/rest.js';
import { members, openWorld, type World } from './world.js';

const TAXES = {
  de: { name: 'VAT Germany', type: 'country', country: 'DE', rate: 19, apply_to_shipping: true },
  fr: { name: 'VAT France', type: 'country', country: 'FR', rate: 20 },
  or: { name: 'Oregon', type: 'region', country: 'US', region: 'OR', rate: '0.5' },
  pdx: { name: 'Portland', type: 'local', country: 'US', region: 'OR', city: 'Portland', rate: 1.25 },
  gl: { name: 'Global', type: 'global', rate: 5 },
};
type Key = keyof typeof TAXES;

describe.each(engines())('query language (%s)', (engine) => {
  let w: World;
  const names = new Map<string, Key>();
  const tax: Record<string, any> = {};
  const tic: Record<string, any> = {};
  beforeAll(async () => {
    w = await openWorld(engine);
    for (const [k, body] of Object.entries(TAXES)) {
      tax[k] = await w.createTax(body);
      names.set(body.name, k as Key);
    }
    const books = await w.createCategory('BOOKS', 'Books');
    const food = await w.createCategory('FOOD', 'Food');
    tic.deBooks = await w.linkCategory(tax.de, books);
    tic.deFood = await w.linkCategory(tax.de, food);
    tic.frBooks = await w.linkCategory(tax.fr, books);
  });
  afterAll(async () => w?.close());

  /** The taxes a query returns, as keys of TAXES in the order returned. */
  const keys = async (qs: string): Promise<string[]> => {
    const res = await w.req(`${w.taxesHref}?${qs}`);
    expect(res.statusCode, `${qs}: ${res.body}`).toBe(200);
    return members(json(res), 'taxes').map((t: any) => names.get(t.name)!);
  };
  const set = async (qs: string) => (await keys(qs)).sort();
  const bad = async (url: string): Promise<string[]> => {
    const res = await w.req(url);
    expect(res.statusCode, `${url}: ${res.body}`).toBe(400);
    return json(res)._embedded['svc:errors'].map((e: any) => `${e.field}: ${e.message}`);
  };

  it('filters by equality, :not, :in and :isdefined', async () => {
    expect(await set('type=country')).toEqual(['de', 'fr']);
    expect(await set('type:not=country')).toEqual(['gl', 'or', 'pdx']);
    expect(await set('country:in=DE,FR')).toEqual(['de', 'fr']);
    expect(await set('country:in=US')).toEqual(['or', 'pdx']);
    expect(await set('city:isdefined=true')).toEqual(['pdx']);
    expect(await set('city:isdefined=false')).toEqual(['de', 'fr', 'gl', 'or']);
    expect(await set('country:isdefined=0')).toEqual(['gl']);
    expect(await set('apply_to_shipping=true')).toEqual(['de']);
    expect(await set('apply_to_shipping=0')).toEqual(['fr', 'gl', 'or', 'pdx']);
    expect(await set('rate=19')).toEqual(['de']);
    expect(await set('rate=0.5')).toEqual(['or']);
    expect(await set('type=country&country=FR')).toEqual(['fr']);
  });

  it('compares numbers as numbers with :greaterthan, :greaterthanorequal, :lessthan, :lessthanorequal', async () => {
    expect(await set('rate:greaterthan=5')).toEqual(['de', 'fr']);
    expect(await set('rate:greaterthanorequal=5')).toEqual(['de', 'fr', 'gl']);
    expect(await set('rate:lessthan=5')).toEqual(['or', 'pdx']);
    expect(await set('rate:lessthanorequal=5')).toEqual(['gl', 'or', 'pdx']);
    expect(await set('rate:greaterthan=1.25&rate:lessthan=19.5')).toEqual(['de', 'gl']);
  });

  it('takes ranges a..b (decimal bounds included) and * wildcards in strings', async () => {
    expect(await set('rate=1..19')).toEqual(['de', 'gl', 'pdx']);
    expect(await set('rate=0.5..1.25')).toEqual(['or', 'pdx']);
    const created = (await w.get(link(tax.gl, 'self'))).date_created;
    expect(await set(`date_created=${encodeURIComponent(`2000-01-01T00:00:00+0000..${created}`)}`)).toContain('gl');
    expect(await set('name=VAT*')).toEqual(['de', 'fr']);
    expect(await set('name=*land')).toEqual(['pdx']);
    expect(await set('name=*an*')).toEqual(['de', 'fr', 'pdx']);
    expect(await set('name=Port*nd')).toEqual(['pdx']);
    // A range on a string is a plain value, and the SQL wildcards % and _ are literal.
    expect(await set('name=a..b')).toEqual([]);
    expect(await set('name=%25')).toEqual([]);
    expect(await set('name=Glob_l')).toEqual([]);
  });

  it('orders by two keys, ascending and descending', async () => {
    expect(await keys('order=type%20asc,rate%20desc')).toEqual(['fr', 'de', 'gl', 'pdx', 'or']);
    expect(await keys('order=type desc,rate asc'.replace(/ /g, '+'))).toEqual(['or', 'pdx', 'gl', 'de', 'fr']);
    expect(await keys('order=rate')).toEqual(['or', 'pdx', 'gl', 'de', 'fr']);
    expect(await keys('order=name%20desc&type=country')).toEqual(['de', 'fr']);
  });

  it('returns only the requested fields, plus links and embedded children', async () => {
    const body = await w.get(`${w.taxesHref}?fields=name,rate&zoom=tax_item_categories&order=rate`);
    for (const t of members(body, 'taxes')) {
      expect(Object.keys(t).sort()).toEqual(['_embedded', '_links', 'name', 'rate']);
      expect(t._links.self).toBeDefined();
      expect(t._links['svc:store']).toBeDefined();
    }
    const one = await w.get(`${link(tax.pdx, 'self')}?fields=city`);
    expect(Object.keys(one).sort()).toEqual(['_links', 'city']);
  });

  it('zooms nested children with :', async () => {
    const de = await w.get(`${link(tax.de, 'self')}?zoom=tax_item_categories,tax_item_categories:item_category`);
    const children = de._embedded['svc:tax_item_categories'];
    expect(children.map((c: any) => link(c, 'self')).sort()).toEqual([link(tic.deBooks, 'self'), link(tic.deFood, 'self')].sort());
    expect(children.map((c: any) => c._embedded['svc:item_category'].code).sort()).toEqual(['BOOKS', 'FOOD']);
    // The deeper step alone implies the first.
    const implied = await w.get(`${link(tax.de, 'self')}?zoom=tax_item_categories:item_category`);
    expect(implied._embedded['svc:tax_item_categories']).toHaveLength(2);
    const list = await w.get(`${w.taxesHref}?zoom=tax_item_categories&order=rate`);
    expect(members(list, 'taxes').map((t: any) => t._embedded['svc:tax_item_categories'].length)).toEqual([0, 0, 0, 2, 1]);
  });

  it('applies child:prop filters to the zoomed child, adding the zoom when missing', async () => {
    const deBooks = link(tic.deBooks, 'self').split('/').pop();
    const body = await w.get(`${w.taxesHref}?tax_item_categories:id=${deBooks}&type=country&order=rate`);
    const [de, fr] = members(body, 'taxes');
    expect(de._embedded['svc:tax_item_categories'].map((c: any) => link(c, 'self'))).toEqual([link(tic.deBooks, 'self')]);
    expect(fr._embedded['svc:tax_item_categories']).toEqual([]);
    const later = await w.get(`${w.taxesHref}?zoom=tax_item_categories:item_category&tax_item_categories:id:greaterthan=${deBooks}&order=rate`);
    expect(members(later, 'taxes').flatMap((t: any) => t._embedded['svc:tax_item_categories'].map((c: any) => c._embedded['svc:item_category'].code)))
      .toEqual(['FOOD', 'BOOKS']);
  });

  it('filters by attributes:name[...] on a collection of resources with attributes', async () => {
    const attrs = link(w.store, 'svc:attributes');
    expect((await w.req(attrs, { method: 'POST', body: { name: 'color', value: 'red' } })).statusCode).toBe(201);
    const storesHref = `${w.chain.userHref}/stores`;
    const second = await call(w.app, storesHref, { method: 'POST', token: w.chain.userToken, body: {
      store_name: 'Second', store_domain: `second-${Date.now()}`, store_url: 'https://second.example', store_email: 'b@example.com',
      postal_code: '1', region: 'BE', country: 'DE',
    } });
    expect(second.statusCode, second.body).toBe(201);
    const stores = async (qs: string) => {
      const res = await call(w.app, `${storesHref}?${qs}`, { token: w.chain.userToken });
      expect(res.statusCode, `${qs}: ${res.body}`).toBe(200);
      return members(json(res), 'stores').map((s: any) => s.store_name);
    };
    expect(await stores('')).toHaveLength(2);
    expect(await stores('attributes:name[color]=red')).toEqual(['Test Store']);
    expect(await stores('attributes:name[color]=r*')).toEqual(['Test Store']);
    expect(await stores('attributes:name[color]=blue')).toEqual([]);
    expect(await stores('attributes:name[size]=red')).toEqual([]);
  });

  it('answers 400 naming unknown fields in filters, order, zoom and fields', async () => {
    const base = w.taxesHref;
    expect((await bad(`${base}?colour=red`)).join()).toContain('colour');
    expect((await bad(`${base}?rate:between=1`)).join()).toContain('rate:between');
    expect((await bad(`${base}?order=colour%20desc`)).join()).toContain('colour');
    expect((await bad(`${base}?order=rate%20sideways`)).join()).toContain('rate sideways');
    expect((await bad(`${base}?zoom=store_things`)).join()).toContain('store_things');
    expect((await bad(`${base}?zoom=tax_item_categories:nothing`)).join()).toContain('tax_item_categories:nothing');
    expect((await bad(`${base}?fields=name,colour`)).join()).toContain('colour');
    expect((await bad(`${base}?tax_item_categories:colour=1`)).join()).toContain('colour');
    expect((await bad(`${base}?nothing:id=1`)).join()).toContain('nothing');
    // Every problem at once.
    expect(await bad(`${base}?colour=red&order=size&zoom=x&fields=y`)).toHaveLength(4);
  });

  it('answers 400, never 500, for a bad value of a typed filter', async () => {
    const base = w.taxesHref;
    for (const qs of ['rate:greaterthan=abc', 'rate=1..abc', 'rate:in=1,x', 'apply_to_shipping=maybe', 'type=nowhere',
      'city:isdefined=maybe', 'id=abc', 'rate=1e5', 'tax_item_categories:id=x', 'rate=..5', 'attributes:name[color]:not=red',
      'tax_item_categories:item_category:code=BOOKS', 'name=a%00b']) {
      const res = await w.req(`${base}?${qs}`);
      expect(res.statusCode, `${qs}: ${res.body}`).toBe(400);
      expect(json(res)._embedded['svc:errors'][0].field, qs).toBeTruthy();
    }
  });
});
