// A store reached through the token chain, with helpers to create taxes, item categories and the
// tax_item_categories between them by following links, and to read HAL+JSON, HAL+XML and Siren
// into one comparable shape (with the independent decoders of test/representations/common-shape.ts).
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { XMLValidator } from 'fast-xml-parser';
import { BASE, makeApp, type Engine, type TestApp } from '../../helpers/app.js';
import { fromHalJson, fromHalXml, fromSiren, type Common } from '../../representations/common-shape.js';
import { call, json, link, tokenChain, type Call, type Chain } from '../../helpers/rest.js';

export const HAL = 'application/hal+json';
export const XML = 'application/hal+xml';
export const SIREN = 'application/vnd.siren+json';
export const HTML = 'text/html';

export interface World {
  t: TestApp;
  app: FastifyInstance;
  chain: Chain;
  token: string;
  store: any;
  taxesHref: string;
  categoriesHref: string;
  /** GET (or another call) with the store token. */
  req(url: string, c?: Call): Promise<LightMyRequestResponse>;
  /** GET as HAL+JSON with the store token, asserting 200. */
  get(url: string): Promise<any>;
  createTax(body: Record<string, unknown>): Promise<any>;
  createCategory(code: string, name?: string): Promise<any>;
  linkCategory(tax: any, category: any): Promise<any>;
  close(): Promise<void>;
}

function expectStatus(res: LightMyRequestResponse, status: number, what: string): void {
  if (res.statusCode !== status) throw new Error(`${what}: expected ${status}, got ${res.statusCode} ${res.body.slice(0, 500)}`);
}

export async function openWorld(engine: Engine): Promise<World> {
  const t = await makeApp({ engine });
  const app = t.app;
  const chain = await tokenChain(app);
  const token = chain.storeToken;
  const store = json(await call(app, chain.storeHref, { token }));
  const req = (url: string, c: Call = {}) => call(app, url, { token, ...c });
  const post = async (url: string, body: Record<string, unknown>, what: string) => {
    const res = await req(url, { method: 'POST', body });
    expectStatus(res, 201, what);
    return json(res);
  };
  return {
    t, app, chain, token, store, req,
    taxesHref: link(store, 'svc:taxes'),
    categoriesHref: link(store, 'svc:item_categories'),
    async get(url) {
      const res = await req(url);
      expectStatus(res, 200, `GET ${url}`);
      return json(res);
    },
    createTax: (body) => post(link(store, 'svc:taxes'), body, 'create tax'),
    createCategory: (code, name = code) => post(link(store, 'svc:item_categories'), { code, name }, 'create item category'),
    linkCategory: (tax, category) => post(link(tax, 'svc:tax_item_categories'),
      { tax_uri: link(tax, 'self'), item_category_uri: link(category, 'self') }, 'link tax to item category'),
    close: () => t.close(),
  };
}

/** Members of a HAL collection. */
export function members(body: any, rel: string): any[] {
  return body?._embedded?.[`svc:${rel}`] ?? [];
}

/** The value of a query parameter of a link. */
export function param(href: string, name: string): string | null {
  return new URL(href).searchParams.get(name);
}

/** HAL writes a zoomed single resource as an object; the decoder expects lists everywhere. */
function listify(o: any): any {
  if (Array.isArray(o)) return o.map(listify);
  if (!o || typeof o !== 'object') return o;
  const out: any = {};
  for (const [k, v] of Object.entries(o)) {
    out[k] = k === '_embedded'
      ? Object.fromEntries(Object.entries(v as object).map(([rel, items]) => [rel, (Array.isArray(items) ? items : [items]).map(listify)]))
      : v;
  }
  return out;
}

export function fromHal(text: string): Common {
  return fromHalJson(JSON.stringify(listify(JSON.parse(text))));
}

/** Siren writes `svc:x` rels expanded to `{base}/rels/x`; compact them back as HAL writes them. */
export function fromSirenText(text: string): Common {
  return fromSiren(text.split(`"${BASE}/rels/`).join('"svc:'));
}

export function fromXml(text: string): Common {
  const valid = XMLValidator.validate(text);
  if (valid !== true) throw new Error(`malformed XML: ${JSON.stringify(valid.err)}\n${text}`);
  return fromHalXml(text);
}

export function wellFormed(xml: string): boolean {
  return XMLValidator.validate(xml) === true;
}
