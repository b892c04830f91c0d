// Shared set-up of the download suites: a store selling a file (a downloaded category with limits,
// a downloadable with bytes), purchases through the REST checkout, and the purchase's downloads.
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { BASE } from '../helpers/app.js';
import { call, json, link, tokenChain, type Chain } from '../helpers/rest.js';
import { filePart, sendMultipart } from '../rest/downloadables/setup.js';

export interface Seller {
  chain: Chain;
  store: any;
  token: string;
  category: string;
  downloadable: any;
  code: string;
}

let n = 0;

export async function downloadedCategory(app: FastifyInstance, s: { chain: Chain; store: any }, max: number | null, hours: number | null): Promise<string> {
  n += 1;
  const res = await call(app, link(s.store, 'svc:item_categories'), {
    method: 'POST', token: s.chain.storeToken,
    body: { code: `DLC${n}x${Math.random().toString(36).slice(2, 8)}`, name: 'Ebooks', item_delivery_type: 'downloaded',
      max_downloads_per_customer: max, max_downloads_time_period: hours },
  });
  if (res.statusCode !== 201) throw new Error(`category: ${res.statusCode} ${res.body}`);
  return link(json(res), 'self');
}

/** A store (or another downloadable of `base`'s store) selling `content` under a fresh code. */
export async function openSeller(app: FastifyInstance, opts: { max?: number | null; hours?: number | null; content?: string | Buffer; base?: Seller } = {}): Promise<Seller> {
  const chain = opts.base?.chain ?? await tokenChain(app);
  const store = opts.base?.store ?? json(await call(app, chain.storeHref, { token: chain.storeToken }));
  const category = await downloadedCategory(app, { chain, store }, opts.max === undefined ? 3 : opts.max, opts.hours === undefined ? 48 : opts.hours);
  n += 1;
  const code = `EBOOK-${n}`;
  const res = await sendMultipart(app, link(store, 'svc:downloadables'), chain.storeToken, [
    { name: 'code', value: code }, { name: 'name', value: 'The Book' }, { name: 'price', value: '9.99' },
    { name: 'item_category_uri', value: category }, filePart(opts.content ?? 'the bytes of the book', 'the book.pdf'),
  ]);
  if (res.statusCode !== 201) throw new Error(`downloadable: ${res.statusCode} ${res.body}`);
  return { chain, store, token: chain.storeToken, category, downloadable: json(res), code };
}

/** Checks out a cart holding `items` (default: one copy of the seller's file); returns the transaction. */
export async function buy(app: FastifyInstance, s: Seller, items: Array<Record<string, unknown>> = [{ name: 'The Book', price: '9.99', code: s.code, item_category_uri: s.category }],
  body: Record<string, unknown> = {}): Promise<any> {
  const cart = json(await call(app, link(s.store, 'svc:carts'), { method: 'POST', token: s.token, body: { customer_email: 'reader@example.com' } }));
  for (const item of items) {
    const r = await call(app, link(cart, 'svc:items'), { method: 'POST', token: s.token, body: item });
    if (r.statusCode !== 201 && r.statusCode !== 200) throw new Error(`item: ${r.statusCode} ${r.body}`);
  }
  const res = await call(app, link(cart, 'svc:checkout'), { method: 'POST', token: s.token, body });
  if (res.statusCode !== 201) throw new Error(`checkout: ${res.statusCode} ${res.body}`);
  return json(res);
}

/** The downloads of a transaction, through its zoom. */
export async function downloadsOf(app: FastifyInstance, txn: any, token: string): Promise<any[]> {
  const res = await call(app, `${link(txn, 'self')}?zoom=downloads`, { token });
  if (res.statusCode !== 200) throw new Error(`transaction: ${res.statusCode} ${res.body}`);
  return json(res)._embedded?.['svc:downloads'] ?? [];
}

/** GET (or HEAD) of a capability URL the way a customer's browser would: no token, no version header. */
export function fetchUrl(app: FastifyInstance, url: string, headers: Record<string, string> = {}, method: 'GET' | 'HEAD' = 'GET'): Promise<LightMyRequestResponse> {
  return app.inject({ method, url: url.startsWith(BASE) ? url.slice(BASE.length) : url, headers });
}

export function errorCode(res: LightMyRequestResponse): string | undefined {
  return JSON.parse(res.body)?._embedded?.['svc:errors']?.[0]?.code;
}
