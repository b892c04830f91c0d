// HTTP methods and headers on every path the registry generates: OPTIONS and HEAD, 405 with Allow,
// ETag and conditional requests, and the SERVICE-API-VERSION header.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engines } from '../../helpers/app.js';
import { json, link } from '../../helpers/rest.js';
import type { RelDef, ResourceDef } from '../../../src/model/types.js';
import { collectionAllow, memberAllow } from '../../../src/rest/resource-routes.js';
import { HTML, SIREN, XML, openWorld, type World } from './world.js';

const ALL = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'] as const;

describe.each(engines())('methods and conditional requests (%s)', (engine) => {
  let w: World;
  /** Ids of rows that exist, per resource, and the token that may read them. */
  const existing = new Map<string, { id: string; token: string }>();
  let members: Array<{ r: ResourceDef; path: string }>;
  let collections: Array<{ parent: ResourceDef; rel: RelDef; path: string }>;
  beforeAll(async () => {
    w = await openWorld(engine);
    const tax = await w.createTax({ name: 'Methods', type: 'global', rate: 5 });
    const category = await w.createCategory('METHODS');
    const tic = await w.linkCategory(tax, category);
    const attribute = json(await w.req(link(w.store, 'svc:attributes'), { method: 'POST', body: { name: 'color', value: 'red' } }));
    const id = (b: any) => link(b, 'self').split('/').pop()!;
    for (const [name, body] of [['store', w.store], ['tax', tax], ['item_category', category], ['tax_item_category', tic], ['attribute', attribute]] as const) {
      existing.set(name, { id: id(body), token: w.token });
    }
    existing.set('user', { id: w.chain.userHref.split('/').pop()!, token: w.chain.userToken });
    const home = json(await w.req('/', { token: w.chain.clientToken }));
    existing.set('client', { id: link(home, 'svc:client').split('/').pop()!, token: w.chain.clientToken });
    const registry = w.app.container.registry;
    const idOf = (r: ResourceDef) => existing.get(r.name)?.id ?? '999999';
    members = registry.resources.map((r) => ({ r, path: `${r.path}/${idOf(r)}` }));
    collections = registry.resources.flatMap((parent) => parent.rels.filter((rel) => rel.kind === 'many')
      .map((rel) => ({ parent, rel, path: `${parent.path}/${idOf(parent)}/${rel.name}` })));
  });
  afterAll(async () => w?.close());

  const tokenFor = (r: ResourceDef) => existing.get(r.name)?.token ?? w.token;

  it('answers OPTIONS with Allow on every member and collection path', async () => {
    for (const { r, path } of members) {
      const res = await w.req(path, { method: 'OPTIONS' });
      expect(res.statusCode, path).toBe(204);
      expect(res.headers.allow, path).toBe(memberAllow(r).join(', '));
    }
    for (const { rel, path } of collections) {
      const res = await w.req(path, { method: 'OPTIONS' });
      expect(res.statusCode, path).toBe(204);
      expect(res.headers.allow, path).toBe(collectionAllow(rel, w.app.container.registry.resource(rel.target)).join(', '));
    }
  });

  it('answers HEAD like GET without a body on every member and collection path', async () => {
    const checked: string[] = [];
    for (const { path, token } of [
      ...members.map((m) => ({ path: m.path, token: tokenFor(m.r) })),
      ...collections.map((c) => ({ path: c.path, token: tokenFor(c.parent) })),
    ]) {
      const get = await w.req(path, { token });
      const head = await w.req(path, { token, method: 'HEAD' });
      expect(get.statusCode, `${path} ${get.body}`).toBeLessThan(500);
      expect(head.statusCode, path).toBe(get.statusCode);
      expect(head.body, path).toBe('');
      if (get.statusCode !== 200) continue;
      checked.push(path);
      expect(head.headers['content-type'], path).toBe(get.headers['content-type']);
      expect(Number(head.headers['content-length']), path).toBe(Buffer.byteLength(get.body));
      expect(head.headers.etag, path).toBe(get.headers.etag);
    }
    // The rows created above are really read, not just 404s: members and their collections.
    for (const [name, { id }] of existing) {
      const r = w.app.container.registry.resource(name);
      expect(checked, name).toContain(`${r.path}/${id}`);
      for (const rel of r.rels.filter((x) => x.kind === 'many')) {
        if (name === 'user' || name === 'client') continue; // their children are checked through the store chain
        expect(checked, `${name} ${rel.name}`).toContain(`${r.path}/${id}/${rel.name}`);
      }
    }
  });

  it('answers 405 with Allow for a method a path does not take', async () => {
    for (const { r, path } of members) {
      const allow = memberAllow(r);
      for (const method of ALL.filter((m) => !allow.includes(m))) {
        const res = await w.req(path, { method, token: tokenFor(r) });
        expect(res.statusCode, `${method} ${path}`).toBe(405);
        expect(res.headers.allow, path).toBe(allow.join(', '));
        expect(json(res)._embedded['svc:errors'][0].code).toBe('method_not_allowed');
      }
    }
    for (const { rel, path } of collections) {
      const allow = collectionAllow(rel, w.app.container.registry.resource(rel.target));
      for (const method of ALL.filter((m) => !allow.includes(m))) {
        const res = await w.req(path, { method });
        expect(res.statusCode, `${method} ${path}`).toBe(405);
        expect(res.headers.allow, path).toBe(allow.join(', '));
      }
    }
  });

  it('answers OPTIONS, HEAD and 405 with Allow on the hand-written paths too (home, clients, users, reporting, actions)', async () => {
    const paths: Array<[string, string[], string]> = [
      ['/', ['GET', 'HEAD', 'OPTIONS'], w.chain.clientToken],
      ['/clients', ['POST', 'OPTIONS'], ''],
      ['/users', ['POST', 'OPTIONS'], w.chain.clientToken],
      ['/reporting', ['GET', 'HEAD', 'OPTIONS'], w.chain.clientToken],
      ['/reporting/email_exists', ['GET', 'HEAD', 'OPTIONS'], w.chain.clientToken],
      ['/carts/1/checkout', ['POST', 'OPTIONS'], w.token],
      ['/transactions/1/capture', ['POST', 'OPTIONS'], w.token],
      // Outside the REST facade as well: OAuth endpoints and documentation pages.
      ['/token', ['POST', 'OPTIONS'], ''],
      ['/revoke', ['POST', 'OPTIONS'], ''],
      ['/rels/taxes', ['GET', 'HEAD', 'OPTIONS'], ''],
    ];
    for (const [path, allow, token] of paths) {
      const options = await w.req(path, { method: 'OPTIONS', token });
      expect(options.statusCode, path).toBe(204);
      expect(options.headers.allow, path).toBe(allow.join(', '));
      for (const method of ALL.filter((m) => !allow.includes(m))) {
        const res = await w.req(path, { method, token });
        expect(res.statusCode, `${method} ${path}`).toBe(405);
        expect(res.headers.allow, `${method} ${path}`).toBe(allow.join(', '));
        if (method !== 'HEAD') expect(json(res)._embedded['svc:errors'][0].code).toBe('method_not_allowed');
      }
    }
    for (const token of ['', w.chain.clientToken, w.token]) {
      const get = await w.req('/', { token });
      const head = await w.req('/', { method: 'HEAD', token });
      expect(head.statusCode).toBe(200);
      expect(head.body).toBe('');
      expect(Number(head.headers['content-length'])).toBe(Buffer.byteLength(get.body));
      expect(Number(head.headers['content-length'])).toBeGreaterThan(0);
    }
  });

  it('sends an ETag on every single resource, its own per representation with Vary: Accept, and 304 for If-None-Match', async () => {
    for (const [name, { id, token }] of existing) {
      const path = `${w.app.container.registry.resource(name).path}/${id}`;
      const tags = new Set<string>();
      for (const accept of ['application/hal+json', XML, SIREN, HTML]) {
        const res = await w.req(path, { token, headers: { accept } });
        expect(res.statusCode, path).toBe(200);
        const etag = res.headers.etag as string;
        expect(etag, path).toMatch(/^"[^"]+"$/);
        expect(String(res.headers.vary), path).toMatch(/\bAccept\b/);
        tags.add(etag);
        for (const inm of [etag, `W/${etag}`, `"other", ${etag}`, '*']) {
          const cached = await w.req(path, { token, headers: { accept, 'if-none-match': inm } });
          expect(cached.statusCode, `${path} ${accept} ${inm}`).toBe(304);
          expect(cached.body).toBe('');
          expect(cached.headers.etag).toBe(etag);
        }
        expect((await w.req(path, { token, headers: { accept, 'if-none-match': '"stale"' } })).statusCode).toBe(200);
      }
      // Two different bodies never share a strong ETag, so one form's tag revalidates no other form.
      expect(tags.size, path).toBe(4);
      const [hal, xml] = [...tags];
      expect((await w.req(path, { token, headers: { accept: XML, 'if-none-match': hal } })).statusCode, path).toBe(200);
      expect((await w.req(path, { token, headers: { 'if-none-match': xml } })).statusCode, path).toBe(200);
    }
  });

  it('takes any representation\'s ETag of the current state for If-Match', async () => {
    const tax = await w.createTax({ name: 'Guarded', type: 'global', rate: 1 });
    const self = link(tax, 'self');
    for (const [i, accept] of [XML, SIREN, 'application/hal+json'].entries()) {
      const etag = (await w.req(self, { headers: { accept } })).headers.etag as string;
      const ok = await w.req(self, { method: 'PATCH', body: { rate: i + 2 }, headers: { 'if-match': etag } });
      expect(ok.statusCode, `${accept} ${ok.body}`).toBe(200);
      const stale = await w.req(self, { method: 'PATCH', body: { rate: 9 }, headers: { 'if-match': etag } });
      expect(stale.statusCode, accept).toBe(412);
    }
  });

  it('checks If-Match on PATCH, PUT and DELETE: 412 on a mismatch, success on a match', async () => {
    const tax = await w.createTax({ name: 'Guarded', type: 'global', rate: 5 });
    const self = link(tax, 'self');
    const etag = () => w.req(self).then((r) => r.headers.etag as string);
    const put = { name: 'Guarded', type: 'global', rate: 8 };
    for (const [method, body] of [['PATCH', { rate: 6 }], ['PUT', put], ['DELETE', undefined]] as const) {
      const stale = await w.req(self, { method, body, headers: { 'if-match': '"stale"' } });
      expect(stale.statusCode, method).toBe(412);
      expect(json(stale)._embedded['svc:errors'][0].code).toBe('precondition_failed');
      expect((await w.get(self)).rate, method).toBe(5);
    }
    const patched = await w.req(self, { method: 'PATCH', body: { rate: 6 }, headers: { 'if-match': await etag() } });
    expect(patched.statusCode).toBe(200);
    expect(patched.headers.etag).toBe(await etag());
    const old = patched.headers.etag as string;
    const replaced = await w.req(self, { method: 'PUT', body: put, headers: { 'if-match': old } });
    expect(replaced.statusCode).toBe(200);
    expect(json(replaced).rate).toBe(8);
    expect((await w.req(self, { method: 'DELETE', headers: { 'if-match': old } })).statusCode).toBe(412);
    expect((await w.req(self, { method: 'DELETE', headers: { 'if-match': await etag() } })).statusCode).toBe(204);
  });

  it('requires SERVICE-API-VERSION: 1 except for HTML', async () => {
    for (const path of ['/', w.chain.storeHref, w.taxesHref]) {
      const missing = await w.app.inject({ method: 'GET', url: new URL(path, 'http://x').pathname, headers: { authorization: `Bearer ${w.token}` } });
      expect(missing.statusCode, path).toBe(400);
      const error = json(missing)._embedded['svc:errors'][0];
      expect(error).toMatchObject({ code: 'api_version', field: 'SERVICE-API-VERSION' });
      expect(error.message).toContain('SERVICE-API-VERSION');
      for (const version of ['2', '1.0', '']) {
        const wrong = await w.req(path, { headers: { 'service-api-version': version } });
        expect(wrong.statusCode, `${path} ${version}`).toBe(400);
        expect(json(wrong)._embedded['svc:errors'][0].field).toBe('SERVICE-API-VERSION');
      }
      const html = await w.app.inject({ method: 'GET', url: new URL(path, 'http://x').pathname, headers: { authorization: `Bearer ${w.token}`, accept: HTML } });
      expect(html.statusCode, path).toBe(200);
      expect(html.headers['content-type']).toMatch(/^text\/html/);
    }
  });
});
