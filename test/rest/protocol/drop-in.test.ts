// What generic clients and the hosted API's SDKs read besides the resources (issue 19): RFC 6750's
// top-level error fields on 401/403 in every representation, a title on every link, a to-many
// create taking its parent from the path, and the curie name and version header as settings.
import { parse } from 'graphql';
import { XMLParser } from 'fast-xml-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engines, makeApp, type TestApp } from '../../helpers/app.js';
import { CLIENT_FORM, call, errorFields, json, link } from '../../helpers/rest.js';
import { buildRegistry } from '../../../src/model/registry.js';
import { loadSourceSdl } from '../../../src/model/sdl.js';
import { loadConfig } from '../../../src/config.js';
import { HTML, SIREN, XML, openWorld, type World } from './world.js';

const xml = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '' });

/** Every link object of a HAL body, nested ones included, with where it was found. */
function halLinks(body: any, at = ''): Array<{ at: string; rel: string; link: any }> {
  const out: Array<{ at: string; rel: string; link: any }> = [];
  for (const [rel, l] of Object.entries(body?._links ?? {})) for (const one of [l].flat()) out.push({ at, rel, link: one });
  for (const [rel, e] of Object.entries(body?._embedded ?? {})) {
    for (const [i, item] of [e].flat().entries()) out.push(...halLinks(item, `${at}/${rel}[${i}]`));
  }
  return out;
}

describe.each(engines())('drop-in for existing clients (%s)', (engine) => {
  let w: World;
  beforeAll(async () => { w = await openWorld(engine); });
  afterAll(async () => w?.close());

  it('puts RFC 6750 error and error_description at the top of 401 and 403 bodies, in every representation', async () => {
    const cases = [
      { token: 'not-a-token', status: 401, error: 'invalid_token' },
      { token: w.chain.clientToken, status: 403, error: 'insufficient_scope' },
    ];
    for (const { token, status, error } of cases) {
      const hal = await w.req(w.taxesHref, { token });
      expect(hal.statusCode).toBe(status);
      const body = json(hal);
      expect(body.error).toBe(error);
      expect(body.error_description).toMatch(/\w/);
      // The REST error body stays as it was beside them.
      expect(body._embedded['svc:errors'][0]).toMatchObject({ code: error, message: body.error_description });
      expect(String(hal.headers['www-authenticate'])).toContain(`error="${error}"`);
      const siren = json(await w.req(w.taxesHref, { token, headers: { accept: SIREN } }));
      expect(siren.properties).toMatchObject({ error, error_description: body.error_description });
      const x = xml.parse((await w.req(w.taxesHref, { token, headers: { accept: XML } })).body);
      expect(x.resource).toMatchObject({ error, error_description: body.error_description });
    }
    // Other errors do not carry them: they are OAuth's vocabulary.
    const notFound = json(await w.req('/taxes/999999'));
    expect(notFound.error).toBeUndefined();
    expect(notFound._embedded['svc:errors'][0].code).toBe('not_found');
  });

  it('gives every link a title: resources, collections with paging, embedded members, errors, home', async () => {
    const tax = await w.createTax({ name: 'Titled', type: 'global', rate: 3 });
    const category = await w.createCategory('TITLED');
    await w.linkCategory(tax, category);
    for (let i = 0; i < 3; i++) await w.createTax({ name: `Page ${i}`, type: 'global', rate: 1 });
    const bodies = [
      await w.get(link(tax, 'self')),
      await w.get(`${link(tax, 'self')}?zoom=tax_item_categories`),
      await w.get(`${w.taxesHref}?limit=2&offset=2`),
      await w.get(w.chain.storeHref),
      json(await w.req('/', { token: w.chain.clientToken })),
      json(await w.req('/taxes/999999')),
    ];
    for (const body of bodies) {
      // The curie is not a link to follow; DESIGN §3 gives its exact shape (name, href, templated).
      for (const { at, rel, link: l } of halLinks(body).filter((x) => x.rel !== 'curies')) {
        expect(l.title, `${at} ${rel} ${JSON.stringify(l)}`).toMatch(/\w/);
      }
    }
    // HAL+XML and Siren carry the same titles.
    const x = (await w.req(`${w.taxesHref}?limit=2&offset=2`, { headers: { accept: XML } })).body;
    for (const m of x.matchAll(/<link [^>]*>/g)) if (!m[0].includes('rel="curies"')) expect(m[0], m[0]).toMatch(/title="[^"]+"/);
    const siren = json(await w.req(`${w.taxesHref}?limit=2&offset=2`, { headers: { accept: SIREN } }));
    for (const l of siren.links) expect(l.title, JSON.stringify(l)).toMatch(/\w/);
    expect((await w.req(w.taxesHref, { headers: { accept: HTML } })).statusCode).toBe(200);
  });

  it('takes the tax of POST /taxes/{id}/tax_item_categories from the path: tax_uri optional, and must agree', async () => {
    const [a, b] = [await w.createTax({ name: 'A', type: 'global', rate: 1 }), await w.createTax({ name: 'B', type: 'global', rate: 2 })];
    const category = await w.createCategory('PARENTED');
    const href = link(a, 'svc:tax_item_categories');
    const plain = await w.req(href, { method: 'POST', body: { item_category_uri: link(category, 'self') } });
    expect(plain.statusCode, plain.body).toBe(201);
    expect(json(plain).tax_uri).toBe(link(a, 'self'));
    const other = await w.req(href, { method: 'POST', body: { tax_uri: link(b, 'self'), item_category_uri: link(category, 'self') } });
    expect(other.statusCode).toBe(400);
    expect(errorFields(json(other))).toEqual(['tax_uri']);
    // The mismatch is listed with the other invalid fields, not instead of them.
    const both = await w.req(href, { method: 'POST', body: { tax_uri: link(b, 'self'), item_category_uri: 'nope' } });
    expect(errorFields(json(both))).toEqual(['item_category_uri', 'tax_uri']);
    expect((await w.get(link(b, 'svc:tax_item_categories'))).total_items).toBe('0');
    // The same rule from the other parent: the category's collection fills item_category_uri.
    const fromCategory = await w.req(link(category, 'svc:tax_item_categories'), { method: 'POST', body: { tax_uri: link(b, 'self') } });
    expect(fromCategory.statusCode, fromCategory.body).toBe(201);
    expect(json(fromCategory)).toMatchObject({ tax_uri: link(b, 'self'), item_category_uri: link(category, 'self') });
  });

  it('never annotates a link with a method its target refuses (the tax\'s svc:store has no DELETE)', async () => {
    const tax = await w.createTax({ name: 'Annotated', type: 'global', rate: 1 });
    const store = w.app.container.registry.resource('store');
    const rel = w.app.container.registry.resource('tax').relsByName.get('store')!;
    expect(rel.methods).not.toContain('DELETE');
    expect((await w.req(link(tax, 'svc:store'), { method: 'DELETE' })).statusCode).toBe(405);
    for (const r of w.app.container.registry.resources) {
      for (const one of r.rels.filter((x) => x.kind === 'one')) {
        const target = w.app.container.registry.resource(one.target);
        for (const m of one.methods) expect(target.methods, `${r.name}.${one.name} ${m}`).toContain(m);
      }
    }
    // The registry refuses such a model outright.
    const sdl = loadSourceSdl().replace('@rel(name: "store", fk: "store_id", methods: [GET, PATCH, PUT])', '@rel(name: "store", fk: "store_id", methods: [GET, PATCH, PUT, DELETE])');
    expect(store.methods).not.toContain('DELETE');
    expect(() => buildRegistry(parse(sdl))).toThrow(/refused by store/);
  });
});

describe('curie name and version header as settings', () => {
  it('reads CURIE_NAME and API_VERSION_HEADER from the environment, defaulting to svc and SERVICE-API-VERSION', () => {
    expect(loadConfig({})).toMatchObject({ curieName: 'svc', versionHeader: 'SERVICE-API-VERSION' });
    expect(loadConfig({ CURIE_NAME: 'fx', API_VERSION_HEADER: 'FOXY-API-VERSION' })).toMatchObject({ curieName: 'fx', versionHeader: 'FOXY-API-VERSION' });
    // Names that cannot be a curie or a header name stop the start, each named (src/config-env.ts).
    expect(() => loadConfig({ CURIE_NAME: 'f x:', API_VERSION_HEADER: 'bad header\r\n' })).toThrow(/CURIE_NAME="f x:" is not a curie name[\s\S]*API_VERSION_HEADER=/);
  });

  let t: TestApp;
  beforeAll(async () => { t = await makeApp({ config: { curieName: 'fx', versionHeader: 'FOXY-API-VERSION' } }); });
  afterAll(async () => t?.close());

  const req = (url: string, c: Parameters<typeof call>[2] = {}) =>
    call(t.app, url, { ...c, headers: { 'foxy-api-version': '1', ...c.headers } });

  it('writes every rel and the curie under the configured name and reads the configured header', async () => {
    const home = json(await req('/'));
    expect(home._links.curies).toEqual([expect.objectContaining({ name: 'fx', href: 'http://api.test/rels/{rel}', templated: true })]);
    expect(Object.keys(home._links).filter((k) => k.includes(':'))).toEqual(['fx:create_client', 'fx:token']);
    const reg = await req(link(home, 'fx:create_client'), { method: 'POST', form: CLIENT_FORM });
    expect(reg.statusCode, reg.body).toBe(201);
    const token = json(reg).token.access_token;
    expect(json(reg)._links['fx:attributes']).toBeDefined();
    const home2 = json(await req('/', { token }));
    expect(Object.keys(home2._links)).toEqual(expect.arrayContaining(['fx:reporting', 'fx:client', 'fx:create_user']));
    // Members written straight from rows, embedded members and errors all follow the setting.
    const client = json(await req(link(home2, 'fx:client'), { token }));
    expect(Object.keys(client._links).some((k) => k.startsWith('svc:'))).toBe(false);
    expect(client._links['fx:attributes']).toBeDefined();
    expect(Object.keys(client._embedded ?? {}).every((k) => k.startsWith('fx:'))).toBe(true);
    expect(json(await req('/taxes/1', { token }))._embedded['fx:errors']).toHaveLength(1);
    const x = (await req('/', { token, headers: { accept: XML } })).body;
    expect(x).toContain('rel="fx:client"');
    expect(x).toMatch(/<link rel="curies"[^>]*name="fx"/);
    // A person reading the HTML sees the same names.
    const page = (await req('/', { token, headers: { accept: 'text/html' } })).body;
    expect(page).toContain('>fx:client<');
    expect(page).not.toContain('>svc:client<');
    // The configured header is the one required; the default name is not read.
    const missing = await t.app.inject({ method: 'GET', url: '/', headers: { 'service-api-version': '1' } });
    expect(missing.statusCode).toBe(400);
    expect(json(missing)._embedded['fx:errors'][0]).toMatchObject({ field: 'FOXY-API-VERSION', message: 'send the header FOXY-API-VERSION: 1' });
  });
});
