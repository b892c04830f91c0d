// Request bodies (JSON, form-encoded, XML) and method overrides: every way of sending the same
// write gives the same result, and 201s carry Location.
import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engines } from '../../helpers/app.js';
import { json, link } from '../../helpers/rest.js';
import { openWorld, type World } from './world.js';

const TAX = { name: 'VAT & <Co>', type: 'country', country: 'DE', region: 'BE', rate: '19.5', apply_to_shipping: 'true' };

function xmlBody(props: Record<string, string>): string {
  const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  return `<?xml version="1.0" encoding="UTF-8"?>\n<resource>\n${Object.entries(props).map(([k, v]) => `  <${k}>${esc(v)}</${k}>`).join('\n')}\n</resource>`;
}

/** A representation's data without what differs between two creations. */
function data(body: any): Record<string, unknown> {
  const { _links, date_created, date_modified, ...rest } = body;
  void _links; void date_created; void date_modified;
  return rest;
}

describe.each(engines())('request bodies and method overrides (%s)', (engine) => {
  let w: World;
  beforeAll(async () => { w = await openWorld(engine); });
  afterAll(async () => w?.close());

  const post = (payload: string, contentType: string, url = w.taxesHref) =>
    w.req(url, { method: 'POST', body: payload, headers: { 'content-type': contentType } });

  it('creates the same tax from JSON, form-encoded and XML bodies, each with Location', async () => {
    const sent = [
      await w.req(w.taxesHref, { method: 'POST', body: { ...TAX, rate: 19.5, apply_to_shipping: true } }),
      await w.req(w.taxesHref, { method: 'POST', form: TAX }),
      await post(xmlBody(TAX), 'application/xml'),
      await post(xmlBody(TAX), 'application/hal+xml'),
      await post(xmlBody(TAX), 'text/xml; charset=utf-8'),
    ];
    const bodies = sent.map((res) => {
      expect(res.statusCode, res.body).toBe(201);
      const body = json(res);
      expect(res.headers.location).toBe(link(body, 'self'));
      expect(res.headers.etag).toMatch(/^"/);
      return body;
    });
    expect(new Set(bodies.map((b) => link(b, 'self'))).size).toBe(bodies.length);
    for (const b of bodies) expect(data(b)).toEqual(data(bodies[0]));
    expect(bodies[0]).toMatchObject({ name: 'VAT & <Co>', rate: 19.5, apply_to_shipping: true, country: 'DE' });
    for (const b of bodies) expect(await w.get(link(b, 'self'))).toEqual(b);
  });

  it('reports every invalid field whatever the body format', async () => {
    const bad = { name: 'x'.repeat(31), type: 'nowhere', rate: '-1' };
    for (const res of [
      await w.req(w.taxesHref, { method: 'POST', body: bad }),
      await w.req(w.taxesHref, { method: 'POST', form: bad }),
      await post(xmlBody(bad), 'application/xml'),
    ]) {
      expect(res.statusCode).toBe(400);
      expect(json(res)._embedded['svc:errors'].map((e: any) => e.field).sort()).toEqual(['name', 'rate', 'type']);
    }
  });

  it('refuses NUL characters with 400 naming the field, on every database', async () => {
    for (const res of [
      await w.req(w.taxesHref, { method: 'POST', body: { name: 'a\u0000b', type: 'global', rate: 1 } }),
      await w.req(w.taxesHref, { method: 'POST', form: { name: 'a\u0000b', type: 'global', rate: '1' } }),
    ]) {
      expect(res.statusCode, res.body).toBe(400);
      expect(json(res)._embedded['svc:errors'].map((e: any) => e.field)).toEqual(['name']);
    }
  });

  it('refuses unreadable bodies with 4xx, never 500', async () => {
    const cases: Array<[string, string, number]> = [
      ['<resource><name>a</resource>', 'application/xml', 400],
      ['<?xml version="1.0"?><!DOCTYPE r [<!ENTITY x "y">]><resource><name>&x;</name></resource>', 'application/xml', 400],
      ['<other><name>a</name></other>', 'application/xml', 400],
      ['{"name": ', 'application/json', 400],
      ['[1, 2]', 'application/json', 400],
      ['"text"', 'application/json', 400],
      ['name=a', 'text/plain', 415],
      ['name=a', 'application/octet-stream', 415],
      ['name=a', 'application/octet-stream', 415],
      ['{"name": ', 'application/merge-patch+json', 400],
      ['{"name": ', 'text/plain', 415],
    ];
    for (const [payload, type, status] of cases) {
      const res = await post(payload, type);
      expect(res.statusCode, `${type} ${payload}`).toBe(status);
      expect(json(res)._embedded['svc:errors'].length).toBeGreaterThan(0);
    }
  });

  it('reads every +json type and a text/plain body holding JSON as JSON (what fetch sends unlabelled)', async () => {
    const types = [
      'application/hal+json', 'application/vnd.siren+json', 'application/merge-patch+json; charset=utf-8',
      'application/x-unknown+json', 'text/plain;charset=UTF-8', 'text/plain',
    ];
    const props = { name: 'Typed', type: 'global', rate: 4 };
    for (const type of types) {
      const res = await post(JSON.stringify(props), type);
      expect(res.statusCode, `${type} ${res.body}`).toBe(201);
      expect(json(res)).toMatchObject(props);
      const self = link(json(res), 'self');
      const patched = await w.req(self, { method: 'PATCH', body: JSON.stringify({ rate: 5 }), headers: { 'content-type': type } });
      expect(patched.statusCode, type).toBe(200);
      expect(json(patched).rate).toBe(5);
    }
    // Bodies that are lists (attributes) too; text that is not JSON stays 415 there as well.
    const attributes = link(w.store, 'svc:attributes');
    const list = await post(JSON.stringify([{ name: 'size', value: 'L' }]), 'text/plain;charset=UTF-8', attributes);
    expect(list.statusCode, list.body).toBe(201);
    expect((await post('size=L', 'text/plain', attributes)).statusCode).toBe(415);
    // Invalid input in these types is reported field by field, as for application/json.
    const bad = await post(JSON.stringify({ name: 'x'.repeat(31), type: 'nowhere' }), 'text/plain;charset=UTF-8');
    expect(bad.statusCode).toBe(400);
    expect(json(bad)._embedded['svc:errors'].map((e: any) => e.field).sort()).toEqual(['name', 'rate', 'type']);
  });

  it('treats an empty body as no body whatever its Content-Type (DELETE, action POSTs)', async () => {
    for (const type of ['application/json', 'application/hal+json', 'text/plain;charset=UTF-8', 'application/xml', 'application/octet-stream', 'multipart/form-data; boundary=x']) {
      const tax = await w.createTax({ name: 'Empty', type: 'global', rate: 5 });
      const res = await w.req(link(tax, 'self'), { method: 'DELETE', headers: { 'content-type': type } });
      expect(res.statusCode, `${type} ${res.body}`).toBe(204);
      // An action POST with no body reaches its handler (here: no such cart), not a 400 or 415.
      const action = await w.req(`${w.store._links.self.href.replace(/\/stores\/\d+$/, '')}/carts/999999/checkout`, { method: 'POST', headers: { 'content-type': type } });
      expect(action.statusCode, `${type} ${action.body}`).toBe(404);
      const empty = await w.req(link(tax, 'self'), { method: 'PATCH', headers: { 'content-type': type, 'content-length': '0' } });
      expect(empty.statusCode, type).toBe(404); // deleted above: the PATCH was read as "no properties"
    }
    // A chunked body of zero bytes too (no Content-Length tells the parser it is empty).
    const tax = await w.createTax({ name: 'Chunked', type: 'global', rate: 5 });
    await w.app.listen({ port: 0, host: '127.0.0.1' });
    const port = (w.app.server.address() as { port: number }).port;
    for (const type of ['application/json', 'application/hal+json', 'text/plain']) {
      const status = await new Promise<number>((resolve, reject) => {
        const req = request({
          host: '127.0.0.1', port, method: 'PATCH', path: new URL(link(tax, 'self')).pathname,
          headers: { 'content-type': type, 'transfer-encoding': 'chunked', 'service-api-version': '1', authorization: `Bearer ${w.token}` },
        }, (res) => { res.resume(); resolve(res.statusCode!); });
        req.on('error', reject);
        req.end();
      });
      expect(status, type).toBe(200);
    }
  });

  it('honours X-HTTP-Method-Override on a POST to a member', async () => {
    const tax = await w.createTax({ name: 'Override', type: 'global', rate: 5 });
    const self = link(tax, 'self');
    const patched = await w.req(self, { method: 'POST', body: { rate: 6 }, headers: { 'x-http-method-override': 'PATCH' } });
    expect(patched.statusCode, patched.body).toBe(200);
    expect(json(patched)).toMatchObject({ name: 'Override', rate: 6 });
    const put = await w.req(self, { method: 'POST', body: { name: 'Replaced', type: 'global', rate: 7 }, headers: { 'x-http-method-override': 'put' } });
    expect(put.statusCode).toBe(200);
    expect(json(put)).toMatchObject({ name: 'Replaced', rate: 7 });
    // Without an override a member takes no POST.
    const plain = await w.req(self, { method: 'POST', body: { rate: 8 } });
    expect(plain.statusCode).toBe(405);
    // An override on a collection is answered as that method, never turned into a create.
    const before = (await w.get(w.taxesHref)).total_items;
    const collection = await w.req(w.taxesHref, { method: 'POST', body: { name: 'x', type: 'global', rate: 1 }, headers: { 'x-http-method-override': 'DELETE' } });
    expect(collection.statusCode).toBe(405);
    expect((await w.get(w.taxesHref)).total_items).toBe(before);
    const removed = await w.req(self, { method: 'POST', headers: { 'x-http-method-override': 'DELETE' } });
    expect(removed.statusCode).toBe(204);
    expect((await w.req(self)).statusCode).toBe(404);
  });

  it('treats _method as an override only in form bodies, as HTML forms send it', async () => {
    const tax = await w.createTax({ name: 'Form', type: 'global', rate: 5 });
    const self = link(tax, 'self');
    const form = await w.req(self, { method: 'POST', form: { _method: 'PATCH', rate: '9' } });
    expect(form.statusCode, form.body).toBe(200);
    expect(json(form)).toMatchObject({ name: 'Form', rate: 9 });
    const jsonBody = await w.req(self, { method: 'POST', body: { _method: 'PATCH', rate: 10 } });
    expect(jsonBody.statusCode).toBe(405);
    expect((await w.get(self)).rate).toBe(9);
  });
});
