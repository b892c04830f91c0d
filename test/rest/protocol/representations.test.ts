// Representations chosen by Accept: the same data in HAL+JSON, HAL+XML and Siren, usable Siren
// actions, and HTML pages whose forms work.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BASE, engines } from '../../helpers/app.js';
import { json, link } from '../../helpers/rest.js';
import { SUPPORTED_MEDIA_TYPES } from '../../../src/representations/negotiate.js';
import { HAL, HTML, SIREN, XML, fromHal, fromSirenText, fromXml, members, openWorld, wellFormed, type World } from './world.js';

describe.each(engines())('representations (%s)', (engine) => {
  let w: World;
  let tax: any;
  beforeAll(async () => {
    w = await openWorld(engine);
    const [books, food] = [await w.createCategory('BOOKS', 'Books'), await w.createCategory('FOOD', 'Food & <drink>')];
    const taxes = [
      await w.createTax({ name: 'VAT "DE"', type: 'country', country: 'DE', rate: 19, apply_to_shipping: true }),
      await w.createTax({ name: 'Oregon & co', type: 'region', country: 'US', region: 'OR', rate: '0.5' }),
      await w.createTax({ name: 'Global <b>', type: 'global', rate: 7.25 }),
    ];
    await w.linkCategory(taxes[0], books);
    await w.linkCategory(taxes[0], food);
    await w.linkCategory(taxes[1], food);
    tax = taxes[0];
  });
  afterAll(async () => w?.close());

  const as = (url: string, accept: string, headers: Record<string, string> = {}) => w.req(url, { headers: { accept, ...headers } });

  it('chooses HAL+JSON, HAL+XML, Siren or HTML from Accept', async () => {
    const self = link(tax, 'self');
    const cases: Array<[string | undefined, string]> = [
      [undefined, HAL], ['*/*', HAL], ['application/json', HAL], [HAL, HAL], [XML, XML], ['application/xml', XML],
      ['text/xml', XML], [SIREN, SIREN], [HTML, HTML], ['text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8', HTML],
      [`${HAL};q=0.5, ${SIREN}`, SIREN],
    ];
    for (const [accept, type] of cases) {
      const res = await w.req(self, { headers: accept ? { accept } : {} });
      expect(res.statusCode, accept).toBe(200);
      expect(res.headers['content-type'], accept).toBe(`${type}; charset=utf-8`);
      expect(res.headers.vary).toContain('Accept');
    }
  });

  it('answers 406 with the supported media types for anything else', async () => {
    for (const accept of ['application/pdf', 'image/*', `${HAL};q=0, ${XML};q=0, ${SIREN};q=0, ${HTML};q=0`]) {
      const res = await as(link(tax, 'self'), accept);
      expect(res.statusCode, accept).toBe(406);
      const error = json(res)._embedded['svc:errors'][0];
      expect(error.code).toBe('not_acceptable');
      for (const type of SUPPORTED_MEDIA_TYPES) expect(error.message).toContain(type);
    }
  });

  it('returns the same collection data in HAL+JSON, HAL+XML and Siren', async () => {
    for (const query of ['zoom=tax_item_categories', 'zoom=tax_item_categories,tax_item_categories:item_category&order=rate%20desc']) {
      const url = `${w.taxesHref}?${query}`;
      const [hal, xml, siren] = await Promise.all([as(url, HAL), as(url, XML), as(url, SIREN)]);
      for (const r of [hal, xml, siren]) expect(r.statusCode).toBe(200);
      const shape = fromHal(hal.body);
      expect(shape.embedded).toHaveLength(3);
      expect(shape.embedded.map((e) => e.embedded.length)).toEqual(expect.arrayContaining([2, 1, 0]));
      expect(fromXml(xml.body)).toEqual(shape);
      expect(fromSirenText(siren.body)).toEqual(shape);
    }
  });

  it('writes well-formed XML for resources, collections and errors, hostile text included', async () => {
    for (const url of [link(tax, 'self'), `${w.taxesHref}?zoom=tax_item_categories`, '/taxes/999999', `${w.taxesHref}?name=%3C%26%22`, w.chain.storeHref]) {
      const res = await as(url, XML);
      expect(res.headers['content-type']).toMatch(/^application\/hal\+xml/);
      expect(wellFormed(res.body), url).toBe(true);
    }
    const oregon = members(await w.get(`${w.taxesHref}?name=Oregon*`), 'taxes')[0];
    expect(fromXml((await as(link(oregon, 'self'), XML)).body).properties).toMatchObject({ name: 'Oregon & co', rate: '0.5' });
  });

  it('offers Siren actions that work as described: POST a collection member, PATCH a member', async () => {
    const collection = JSON.parse((await as(w.taxesHref, SIREN)).body);
    const create = collection.actions.find((a: any) => a.method === 'POST');
    expect(create).toMatchObject({ href: `${BASE}${new URL(w.taxesHref).pathname}`, type: 'application/json' });
    const values: Record<string, unknown> = { name: 'From Siren', type: 'country', country: 'FR', rate: '20', apply_to_shipping: true };
    const body = Object.fromEntries(create.fields.filter((f: any) => f.name in values).map((f: any) => [f.name, values[f.name]]));
    expect(Object.keys(body).sort()).toEqual(Object.keys(values).sort());
    const created = await w.req(create.href, { method: create.method, body, headers: { 'content-type': create.type, accept: SIREN } });
    expect(created.statusCode).toBe(201);
    const entity = JSON.parse(created.body);
    expect(entity.properties).toMatchObject({ name: 'From Siren', rate: 20, apply_to_shipping: true });
    const self = entity.links.find((l: any) => l.rel.includes('self')).href;
    expect(created.headers.location).toBe(self);

    const update = entity.actions.find((a: any) => a.method === 'PATCH');
    const patch = Object.fromEntries(update.fields.filter((f: any) => f.value !== undefined).map((f: any) => [f.name, f.value]));
    patch.name = 'Siren, renamed';
    const updated = await w.req(update.href, { method: update.method, body: patch, headers: { 'content-type': update.type, accept: SIREN } });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(JSON.parse(updated.body).properties).toMatchObject({ name: 'Siren, renamed', country: 'FR', rate: 20 });
    const remove = entity.actions.find((a: any) => a.method === 'DELETE');
    expect((await w.req(remove.href, { method: remove.method })).statusCode).toBe(204);
  });

  it('serves HTML without SERVICE-API-VERSION, with clickable links and forms that update through _method', async () => {
    const self = link(tax, 'self');
    const page = await w.app.inject({ method: 'GET', url: new URL(self).pathname, headers: { accept: HTML, authorization: `Bearer ${w.token}` } });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.body).toContain(`href="${link(tax, 'svc:store')}"`);
    expect(page.body).toContain(`href="${BASE}/rels/store"`);
    expect(page.body).toContain('name="_method" value="PATCH"');
    expect(page.body).not.toContain('<b>');
    // What the browser sends when the PATCH form is submitted: a form-encoded POST with _method.
    const form = new URLSearchParams({ _method: 'PATCH', name: 'Renamed in a browser', rate: '21' }).toString();
    const posted = await w.app.inject({
      method: 'POST', url: new URL(self).pathname, payload: form,
      headers: { accept: HTML, authorization: `Bearer ${w.token}`, 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(posted.statusCode, posted.body).toBe(200);
    expect(posted.headers['content-type']).toMatch(/^text\/html/);
    expect(await w.get(self)).toMatchObject({ name: 'Renamed in a browser', rate: 21, country: 'DE' });
  });
});
