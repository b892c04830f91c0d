// Exact decimals in every REST representation (issue 13): a decimal a double cannot hold
// (9007199254740993, 12345678901234567.89) is written as a JSON number with exactly its digits in
// HAL+JSON (the fast member path and the generic one), Siren, HAL+XML, HTML and webhook payloads;
// random decimals within the column's precision (20 integer, 12 fraction digits) round-trip
// POST → GET exactly.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { Decimal } from 'decimal.js';
import { isLosslessNumber, parse as parseLossless } from 'lossless-json';
import { engines } from '../helpers/app.js';
import { call, json, link } from '../helpers/rest.js';
import { startReceiver, type Receiver } from '../helpers/receiver.js';
import { makeWorld, openDelivery, type World } from '../webhooks/world.js';

const BIG = '9007199254740993';
const PRICE = '12345678901234567.89';

/** A JSON number's exact text (lossless-json keeps it), failing on anything else. */
function digits(v: unknown): string {
  if (!isLosslessNumber(v)) throw new Error(`not a JSON number: ${JSON.stringify(v)}`);
  return v.value;
}

describe.each(engines())('exact decimals in REST output on %s', (engine) => {
  let w: World;
  let rx: Receiver;
  let taxHref: string;
  let cart: any;
  beforeAll(async () => {
    w = await makeWorld(engine);
    rx = await startReceiver();
    const res = await call(w.app, link(w.store, 'svc:taxes'), { method: 'POST', token: w.chain.storeToken, body: `{"name":"Big","type":"global","rate":${BIG}}` });
    expect(res.statusCode, res.body).toBe(201);
    // The answer to the POST itself is exact.
    expect(digits((parseLossless(res.body) as any).rate)).toBe(BIG);
    taxHref = link(json(res), 'self');
    cart = json(await call(w.app, link(w.store, 'svc:carts'), { method: 'POST', token: w.chain.storeToken, body: { customer_email: 'big@example.com' } }));
    const item = await call(w.app, link(cart, 'svc:items'), { method: 'POST', token: w.chain.storeToken, body: `{"name":"Yacht","price":${PRICE},"quantity":1}` });
    expect(item.statusCode, item.body).toBe(201);
  });
  afterAll(async () => { await rx?.close(); await w?.close(); });

  const get = (href: string, accept: string) => call(w.app, href, { token: w.chain.storeToken, headers: { accept } });

  it('writes them exactly in HAL+JSON, one resource and a collection (fast member path)', async () => {
    const one = await get(taxHref, 'application/hal+json');
    expect(one.body).toContain(`"rate":${BIG}`);
    expect(digits((parseLossless(one.body) as any).rate)).toBe(BIG);
    const items = await get(link(cart, 'svc:items'), 'application/hal+json');
    const member = (parseLossless(items.body) as any)._embedded['svc:items'][0];
    expect(digits(member.price)).toBe(PRICE);
    // The generic renderer (a zoomed cart embeds its items through it) agrees.
    const zoomed = await get(`${link(cart, 'self')}?zoom=items`, 'application/hal+json');
    expect(digits((parseLossless(zoomed.body) as any)._embedded['svc:items'][0].price)).toBe(PRICE);
  });

  it('writes them exactly in Siren, properties and action field values', async () => {
    const res = await get(taxHref, 'application/vnd.siren+json');
    const body = parseLossless(res.body) as any;
    expect(digits(body.properties.rate)).toBe(BIG);
    const update = body.actions.find((a: any) => a.method === 'PATCH');
    expect(digits(update.fields.find((f: any) => f.name === 'rate').value)).toBe(BIG);
    const items = parseLossless((await get(link(cart, 'svc:items'), 'application/vnd.siren+json')).body) as any;
    expect(digits(items.entities[0].properties.price)).toBe(PRICE);
  });

  it('writes them exactly in HAL+XML and HTML', async () => {
    expect((await get(taxHref, 'application/hal+xml')).body).toContain(`<rate>${BIG}</rate>`);
    expect((await get(link(cart, 'svc:items'), 'application/hal+xml')).body).toContain(`<price>${PRICE}</price>`);
    const html = (await get(taxHref, 'text/html')).body;
    expect(html).toContain(`<td>${BIG}</td>`);
    expect(html).toContain(`value="${BIG}"`);
  });

  it('sends them exactly in webhook payloads', async () => {
    const hook = await w.createWebhook({ url: `${rx.url}/carts`, event_resource: 'cart', format: 'vendor_a', encryption_key: null, query: 'zoom=items' });
    rx.received.splice(0);
    await call(w.app, link(cart, 'self'), { method: 'PATCH', token: w.chain.storeToken, body: { customer_email: 'bigger@example.com' } });
    await w.run();
    const got = rx.received.splice(0);
    expect(got.length).toBe(1);
    await openDelivery(got[0], null);
    expect(got[0].body).toContain(`"price":${PRICE}`);
    const payload = parseLossless(got[0].body) as any;
    expect(digits(payload._embedded['svc:items'][0].price)).toBe(PRICE);
    await call(w.app, link(hook, 'self'), { method: 'DELETE', token: w.chain.storeToken });
  });

  it('keeps values a double holds as they were', async () => {
    const res = await call(w.app, link(w.store, 'svc:taxes'), { method: 'POST', token: w.chain.storeToken, body: { name: 'Small', type: 'global', rate: '7.25' } });
    expect(res.body).toContain('"rate":7.25');
    expect(json(res).rate).toBe(7.25);
  });

  it('round-trips random decimals within the column precision through POST and GET', async () => {
    // Up to 20 integer and 12 fraction digits (services/coerce.ts), sent as a JSON number or a string.
    const decimal = fc.tuple(fc.stringMatching(/^[1-9]\d{0,19}$|^0$/), fc.stringMatching(/^\d{0,12}$/), fc.boolean())
      .filter(([i, f]) => !new Decimal(f ? `${i}.${f}` : i).isZero());
    await fc.assert(fc.asyncProperty(decimal, async ([int, frac, asNumber]) => {
      const text = frac ? `${int}.${frac}` : int;
      const value = asNumber ? text : JSON.stringify(text);
      const posted = await call(w.app, link(w.store, 'svc:taxes'), { method: 'POST', token: w.chain.storeToken, body: `{"name":"P","type":"global","rate":${value}}` });
      expect(posted.statusCode, posted.body).toBe(201);
      const href = link(json(posted), 'self');
      for (const res of [posted, await get(href, 'application/hal+json')]) {
        const out = digits((parseLossless(res.body) as any).rate);
        expect(new Decimal(out).eq(text), `${text} came back as ${out}`).toBe(true);
      }
      const siren = digits((parseLossless((await get(href, 'application/vnd.siren+json')).body) as any).properties.rate);
      expect(new Decimal(siren).eq(text), `${text} came back in Siren as ${siren}`).toBe(true);
      await call(w.app, href, { method: 'DELETE', token: w.chain.storeToken });
    }), { numRuns: 40 });
  });
});
