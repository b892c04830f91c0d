// /rels/{rel}: a documentation page per relation, generated from the registry, reachable from the
// curie of every representation, without SERVICE-API-VERSION.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BASE, engines } from '../../helpers/app.js';
import { call, json, link } from '../../helpers/rest.js';
import { relNames } from '../../../src/rest/rels-page.js';
import { HAL, SIREN, XML, fromHal, fromSirenText, fromXml, openWorld, type World } from './world.js';

const HOME_RELS = ['create_client', 'token', 'reporting', 'reporting_email_exists', 'reporting_store_domain_exists', 'client',
  'create_user', 'user', 'stores', 'store', 'errors'];

/** A GET without SERVICE-API-VERSION, as a browser following a curie sends it. */
async function page(w: World, url: string, accept?: string) {
  const path = url.startsWith(BASE) ? url.slice(BASE.length) : url;
  return w.app.inject({ method: 'GET', url: path, headers: accept ? { accept } : {} });
}

/** Every `svc:` rel named in a HAL body (links and embedded keys, at any depth). */
function halRels(body: any, out = new Set<string>()): Set<string> {
  for (const k of Object.keys(body?._links ?? {})) if (k.startsWith('svc:')) out.add(k);
  for (const [k, v] of Object.entries(body?._embedded ?? {})) {
    out.add(k);
    for (const item of Array.isArray(v) ? v : [v]) halRels(item, out);
  }
  return out;
}

function sirenRels(entity: any, out = new Set<string>()): Set<string> {
  for (const l of entity.links ?? []) for (const r of l.rel) if (r.startsWith(`${BASE}/rels/`)) out.add(r);
  for (const e of entity.entities ?? []) {
    for (const r of e.rel) out.add(r);
    sirenRels(e, out);
  }
  return out;
}

describe.each(engines())('relation documentation pages (%s)', (engine) => {
  let w: World;
  let registryRels: string[];
  beforeAll(async () => {
    w = await openWorld(engine);
    registryRels = relNames(w.app.container.registry);
  });
  afterAll(async () => w?.close());

  it('serves an HTML page for every relation of the registry and of the home resource, without the version header', async () => {
    expect(registryRels).toEqual(expect.arrayContaining([...w.app.container.registry.relNames.keys(), ...HOME_RELS]));
    for (const rel of registryRels) {
      const res = await page(w, `/rels/${rel}`);
      expect(res.statusCode, rel).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.body).toContain(`svc:${rel}`);
      expect(res.headers['content-security-policy']).toContain("default-src 'none'");
    }
  });

  it('answers JSON when asked, with methods, properties and constraints from the registry', async () => {
    const doc = async (rel: string, accept = 'application/json') => {
      const res = await page(w, `/rels/${rel}`, accept);
      expect(res.statusCode, rel).toBe(200);
      return json(res);
    };
    const tax = await doc('tax');
    expect(tax).toMatchObject({ rel: 'tax', title: 'Tax', resource: 'tax', methods: ['GET', 'HEAD', 'PATCH', 'PUT', 'DELETE', 'OPTIONS'] });
    const prop = (d: any, name: string) => d.properties.find((p: any) => p.name === name);
    expect(prop(tax, 'name')).toMatchObject({ type: 'String', required: true, max_length: 30 });
    expect(prop(tax, 'type').enum).toEqual(['global', 'union', 'country', 'region', 'local', 'custom_tax_endpoint']);
    expect(prop(tax, 'rate')).toMatchObject({ type: 'Decimal', required: true, greater_than: '0' });
    expect(prop(tax, 'city')).toMatchObject({ max_length: 50, required_when: 'type = local' });
    expect(prop(tax, 'date_created')).toMatchObject({ read_only: true });
    expect(prop(await doc('attributes', 'application/hal+json'), 'visibility')).toMatchObject({ write_once: true, enum: ['public', 'private', 'restricted'], default: 'private' });
    const store = await doc('store');
    expect(prop(store, 'country')).toMatchObject({ required: true, format: 'country' });
    expect(prop(store, 'store_domain')).toMatchObject({ unique: true, max_length: 100 });
    expect(prop(store, 'store_url').type).toBe('URL');
    const categories = await doc('item_categories');
    expect(categories).toMatchObject({ kind: 'collection', methods: ['GET', 'HEAD', 'POST', 'OPTIONS'] });
    expect(prop(categories, 'max_downloads_per_customer')).toMatchObject({ type: 'Integer', minimum: '0', required_when: 'item_delivery_type = downloaded' });
    const client = await doc('client');
    expect(prop(client, 'client_id')).toMatchObject({ min_length: 15, max_length: 200, write_once: true, unique: true });
    expect(prop(client, 'client_secret')).toMatchObject({ read_only: true, write_only: true });
    expect(prop(await doc('tax_item_categories'), 'item_category_uri')).toMatchObject({ type: 'URL', required: true, reference: 'item_category' });
    expect((await doc('create_client')).methods).toEqual(['POST']);
    expect((await doc('token')).properties.map((p: any) => p.name)).toContain('grant_type');
    expect((await doc('errors')).properties.map((p: any) => p.name)).toEqual(['logref', 'code', 'message', 'field']);
    // Every property of every resource is documented, named as in the representations.
    for (const r of w.app.container.registry.resources) {
      const rel = [...w.app.container.registry.relNames].find(([, v]) => v.rel?.target === r.name)?.[0];
      if (!rel) continue;
      expect((await doc(rel)).properties.map((p: any) => p.name), rel).toEqual(r.fields.map((f) => f.name));
    }
  });

  it('gives an example in HAL+JSON, HAL+XML and Siren that carry the same data, with well-formed XML', async () => {
    for (const rel of registryRels) {
      const d = json(await page(w, `/rels/${rel}`, 'application/json'));
      if (!Object.keys(d.examples).length) continue;
      const hal = fromHal(JSON.stringify(d.examples[HAL]));
      expect(fromXml(d.examples[XML]), rel).toEqual(hal);
      expect(fromSirenText(JSON.stringify(d.examples[SIREN])), rel).toEqual(hal);
    }
    const html = (await page(w, '/rels/taxes')).body;
    for (const heading of [HAL, XML, SIREN]) expect(html).toContain(`<h3>${heading}</h3>`);
    expect(html).toContain('&lt;?xml version=&quot;1.0&quot;');
  });

  it('lists the methods that OPTIONS answers on the links it documents', async () => {
    const tax = await w.createTax({ name: 'Docs VAT', type: 'global', rate: 5 });
    for (const body of [w.store, tax]) {
      for (const [rel, l] of Object.entries(body._links as Record<string, { href: string }>)) {
        if (!rel.startsWith('svc:')) continue;
        const d = json(await page(w, `/rels/${rel.slice(4)}`, 'application/json'));
        const options = await w.req(l.href, { method: 'OPTIONS' });
        expect(options.statusCode, l.href).toBe(204);
        expect(options.headers.allow, rel).toBe(d.methods.join(', '));
      }
    }
  });

  it('404s an unknown relation and 406s a client that takes neither HTML nor JSON', async () => {
    for (const rel of ['no_such_rel', 'TAX', '..%2Fetc', 'tax%00']) {
      const res = await page(w, `/rels/${rel}`, 'application/json');
      expect(res.statusCode, rel).toBe(404);
      expect(json(res)._embedded['svc:errors'][0].code).toBe('not_found');
    }
    expect((await page(w, '/rels/nope')).headers['content-type']).toMatch(/^text\/html/);
    expect((await page(w, '/rels/tax', 'application/pdf')).statusCode).toBe(406);
    expect((await page(w, '/rels/tax', '*/*')).headers['content-type']).toMatch(/^text\/html/);
    expect((await page(w, '/rels/tax', 'application/json, text/plain, */*')).headers['content-type']).toMatch(/^application\/json/);
    expect((await page(w, '/rels/tax', 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8')).headers['content-type']).toMatch(/^text\/html/);
    expect((await page(w, '/rels/tax', 'application/hal+json')).headers['content-type']).toMatch(/^application\/hal\+json/);
    expect((await page(w, '/rels/tax', 'application/hal+json;q=0, application/json')).headers['content-type']).toMatch(/^application\/json/);
    expect((await page(w, '/rels/tax', 'text/html;q=0, application/json;q=0.1')).headers['content-type']).toMatch(/^application\/json/);
  });

  it('has a page behind every svc: relation of the home, store, tax, item category, cart, item and transaction representations', async () => {
    const tax = await w.createTax({ name: 'Followed', type: 'custom_tax_endpoint' });
    const category = await w.createCategory('FOLLOW');
    const tic = await w.linkCategory(tax, category);
    const created = async (url: string, body: Record<string, unknown>) => {
      const res = await w.req(url, { method: 'POST', body });
      expect(res.statusCode, res.body).toBe(201);
      return json(res);
    };
    const cart = await created(link(w.store, 'svc:carts'), {});
    const item = await created(link(cart, 'svc:items'), { name: 'Book', price: 10, item_category_uri: link(category, 'self') });
    await created(link(item, 'svc:item_options'), { name: 'Cover', value: 'Hard' });
    const paid = await created(link(w.store, 'svc:carts'), { shipping_country: 'US', customer_email: 'buyer@example.com' });
    await created(link(paid, 'svc:items'), { name: 'Pen', price: 2, item_category_uri: link(category, 'self') });
    const txn = await created(link(paid, 'svc:checkout'), {});
    const bodies = [
      cart, item, await w.get(`${link(item, 'self')}?zoom=item_options,item_category`),
      txn, await w.get(`${link(txn, 'self')}?zoom=items,items:item_options,applied_taxes,transaction_logs`),
      json(await call(w.app, '/')),
      json(await call(w.app, '/', { token: w.chain.clientToken })),
      json(await call(w.app, '/reporting', { token: w.chain.clientToken })),
      json(await call(w.app, '/', { token: w.chain.userToken })),
      json(await call(w.app, '/', { token: w.token })),
      w.store, tax, category, tic,
      await w.get(`${link(tax, 'self')}?zoom=tax_item_categories,tax_item_categories:item_category`),
      await w.get(`${w.taxesHref}?zoom=tax_item_categories`),
      json(await w.req('/taxes/999999')),
    ];
    const rels = new Set<string>();
    for (const b of bodies) halRels(b, rels);
    expect([...rels]).toEqual(expect.arrayContaining([
      'svc:store', 'svc:taxes', 'svc:tax_item_categories', 'svc:item_category', 'svc:item_options', 'svc:items', 'svc:capture',
      'svc:void', 'svc:transaction_logs', 'svc:errors', 'svc:token', 'svc:create_client', 'svc:create_user', 'svc:client',
      'svc:reporting', 'svc:reporting_email_exists',
    ]));
    const curie = bodies[5]._links.curies[0];
    expect(bodies[5]._links.self.href).toBe(`${BASE}/`);
    expect(curie).toEqual({ name: 'svc', href: `${BASE}/rels/{rel}`, templated: true });
    for (const rel of rels) {
      const res = await page(w, curie.href.replace('{rel}', rel.slice(4)));
      expect(res.statusCode, rel).toBe(200);
    }
    // Siren writes the same relations as absolute URLs: each is the page itself.
    const siren = JSON.parse((await w.req(`${link(tax, 'self')}?zoom=tax_item_categories`, { headers: { accept: SIREN } })).body);
    const sirenUrls = sirenRels(siren);
    expect(sirenUrls.size).toBeGreaterThan(2);
    for (const url of sirenUrls) expect((await page(w, url)).statusCode, url).toBe(200);
  });
});
