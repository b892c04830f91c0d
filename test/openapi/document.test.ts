// /openapi.json: served, linked from the home resource (RFC 8631 service-desc), valid OpenAPI 3.1
// by Redocly's standard validator, and true to the routes: every REST route is described, every
// described operation exists, and each described method list equals the Allow the path answers.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createConfig, lintFromString } from '@redocly/openapi-core';
import { makeApp, type TestApp } from '../helpers/app.js';
import { call, json, link } from '../helpers/rest.js';
import { describedProblems } from '../helpers/openapi-check.js';

const METHODS = ['get', 'head', 'post', 'put', 'patch', 'delete', 'options'];
/** Routes outside the REST facade's description: pages, GraphQL, operations and static assets. */
const NOT_API = /^\/(graphql|admin|login|logout|authorize|browse|healthz|readyz|metrics|docs|\.well-known)(\/|$)|^\*$/;

describe('the OpenAPI description', () => {
  let t: TestApp;
  let doc: any;

  beforeAll(async () => {
    t = await makeApp();
    const res = await t.app.inject({ method: 'GET', url: '/openapi.json' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    doc = json(res);
  });
  afterAll(async () => t?.close());

  it('is linked from the home resource as service-desc, and the documentation as service-doc', async () => {
    const home = json(await call(t.app, '/'));
    expect(link(home, 'service-desc')).toBe('http://api.test/openapi.json');
    expect(link(home, 'service-doc')).toBe('http://api.test/docs');
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.servers).toEqual([{ url: 'http://api.test' }]);
  });

  it('also names both in Link headers of the home resource', async () => {
    const res = await call(t.app, '/');
    expect(res.headers.link).toBe('<http://api.test/openapi.json>; rel="service-desc", <http://api.test/docs>; rel="service-doc"');
  });

  it('has a response check that catches answers unlike their description', async () => {
    const fake = (statusCode: number, type: string, body: unknown) =>
      ({ statusCode, headers: { 'content-type': type }, body: JSON.stringify(body), rawPayload: Buffer.from(JSON.stringify(body)) }) as never;
    const tax = { _links: { self: { href: 'http://api.test/taxes/1' } }, name: 'VAT', type: 'global', rate: 20 };
    expect(describedProblems('GET', '/taxes/1', fake(200, 'application/hal+json', tax))).toEqual([]);
    expect(describedProblems('GET', '/taxes/1', fake(200, 'application/hal+json', { ...tax, rate: '20' })).join()).toContain('/rate must be number');
    expect(describedProblems('GET', '/taxes/1', fake(200, 'application/hal+json', { ...tax, surprise: 1 })).join()).toContain('additional properties');
    expect(describedProblems('GET', '/taxes/1', fake(200, 'application/json', tax)).join()).toContain('is not among');
    expect(describedProblems('POST', '/taxes/1', fake(200, 'application/hal+json', tax)).join()).toContain('is not described');
    expect(describedProblems('GET', '/nowhere', fake(404, 'application/hal+json', { total: 1, _embedded: { 'svc:errors': [{ logref: 'x', code: 'not_found', message: 'm' }] } }))).toEqual([]);
    expect(describedProblems('GET', '/nowhere', fake(404, 'application/hal+json', { message: 'm' })).join()).toContain("must have required property 'total'");
  });

  it('passes the Redocly validator (recommended rules) with no error', async () => {
    const config = await createConfig({ extends: ['recommended'] } as never);
    const problems = await lintFromString({ source: JSON.stringify(doc), absoluteRef: 'openapi.json', config } as never);
    const errors = problems.filter((p: any) => p.severity === 'error').map((p: any) => `${p.ruleId}: ${p.message} at ${p.location?.[0]?.pointer}`);
    expect(errors).toEqual([]);
  });

  it('describes every REST route the app registers, and describes no route that does not exist', () => {
    const template = (url: string) => url.replace(/:([a-zA-Z_]+)/g, '{$1}');
    const routes = t.app.registeredRoutes.filter((r) => !NOT_API.test(r.url));
    const undescribed = routes.filter((r) => !doc.paths[template(r.url)]).map((r) => `${r.methods.join(',')} ${r.url}`);
    expect(undescribed).toEqual([]);
    // Every REST route is among the described ones (not only "some"): the facade's routes carry config.rest.
    expect(routes.filter((r) => r.rest).length).toBeGreaterThan(80);
    const missing: string[] = [];
    for (const [path, item] of Object.entries<any>(doc.paths)) {
      for (const m of METHODS.filter((x) => item[x])) {
        const url = path.replace(/\{[^}]+\}/g, '1');
        if (!t.app.hasRoute({ method: m.toUpperCase() as never, url: path.replace(/\{([^}]+)\}/g, ':$1') })) missing.push(`${m} ${path} (${url})`);
      }
    }
    expect(missing).toEqual([]);
  });

  it('lists exactly the methods each generated path answers in Allow', async () => {
    const wrong: string[] = [];
    let checked = 0;
    for (const [path, item] of Object.entries<any>(doc.paths)) {
      if (!item.options) continue;
      const res = await t.app.inject({ method: 'OPTIONS', url: path.replace(/\{[^}]+\}/g, '1'), headers: { 'service-api-version': '1' } });
      expect(res.statusCode, path).toBe(204);
      const allow = String(res.headers.allow).split(/,\s*/).map((m) => m.toLowerCase()).sort();
      const described = METHODS.filter((m) => item[m]).sort();
      if (JSON.stringify(allow) !== JSON.stringify(described)) wrong.push(`${path}: Allow ${allow.join(',')} vs described ${described.join(',')}`);
      checked++;
    }
    expect(wrong).toEqual([]);
    expect(checked).toBeGreaterThan(60);
  });

  it('gives every operation a security requirement naming scopes the token service knows', () => {
    const known = new Set(Object.keys(doc.components.securitySchemes.oauth2.flows.authorizationCode.scopes));
    for (const [path, item] of Object.entries<any>(doc.paths)) {
      for (const m of METHODS.filter((x) => item[x])) {
        const sec = item[m].security;
        expect(Array.isArray(sec) && sec.length > 0, `${m} ${path}`).toBe(true);
        for (const alt of sec) for (const s of alt.oauth2 ?? []) expect(known.has(s), `${m} ${path}: ${s}`).toBe(true);
      }
    }
    // The spec's scope table: taxes are granted by store_full_access, tax_settings_read (read) and tax_settings_write.
    expect(doc.paths['/taxes/{id}'].get.security).toEqual([{ oauth2: ['store_full_access'] }, { oauth2: ['tax_settings_read'] }, { oauth2: ['tax_settings_write'] }]);
    expect(doc.paths['/taxes/{id}'].patch.security).toEqual([{ oauth2: ['store_full_access'] }, { oauth2: ['tax_settings_write'] }]);
    expect(doc.paths['/clients'].post.security).toEqual([{}]);
  });

  it('documents the query language, the request body types, the error body and the rels pages', () => {
    const list = doc.paths['/stores/{id}/taxes'].get;
    const names = list.parameters.map((p: any) => p.$ref.split('/').pop());
    expect(names).toEqual(expect.arrayContaining(['TaxZoom', 'TaxFields', 'TaxOrder', 'Limit', 'Offset', 'TaxFilter']));
    const zoom = new RegExp(doc.components.parameters.TaxZoom.schema.pattern);
    expect(zoom.test('tax_item_categories')).toBe(true);
    expect(zoom.test('store')).toBe(false);
    const order = new RegExp(doc.components.parameters.TaxOrder.schema.pattern);
    expect(['date_created desc,name asc', 'rate', 'id DESC'].every((o) => order.test(o))).toBe(true);
    expect(order.test('rate sideways')).toBe(false);
    expect(new RegExp(doc.components.parameters.TaxFields.schema.pattern).test('name,rate')).toBe(true);
    const filter = doc.components.parameters.TaxFilter;
    const pattern = new RegExp(Object.keys(filter.schema.patternProperties)[0]);
    for (const ok of ['rate', 'rate:greaterthan', 'name:in', 'country:isdefined']) expect(pattern.test(ok), ok).toBe(true);
    expect(pattern.test('nope')).toBe(false);
    const post = doc.paths['/stores/{id}/taxes'].post;
    expect(Object.keys(post.requestBody.content)).toEqual(['application/json', 'application/x-www-form-urlencoded', 'application/xml']);
    expect(doc.components.schemas.TaxCreate.required).toEqual(['name', 'type', 'rate']);
    expect(Object.keys(doc.paths['/stores/{id}/downloadables'].post.requestBody.content)).toContain('multipart/form-data');
    expect(Object.keys(post.responses[201].content)).toEqual(['application/hal+json', 'application/hal+xml', 'application/vnd.siren+json', 'text/html']);
    expect(doc.components.responses.NotFound.content['application/hal+json'].schema.$ref).toBe('#/components/schemas/Error');
    const links = doc.components.schemas.Tax.properties._links.properties;
    expect(links['svc:tax_item_categories'].externalDocs.url).toBe('http://api.test/rels/tax_item_categories');
    expect(doc.components.schemas.Tax.properties.rate.type).toBe('number');
    expect(doc.components.schemas.Tax.properties.type.enum).toContain('custom_tax_endpoint');
  });
});
