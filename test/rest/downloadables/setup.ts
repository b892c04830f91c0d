// Shared setup for the downloadable suites: a store with a downloaded and a shipped item category,
// hand-built multipart bodies (so file names reach the server byte for byte, odd ones included)
// and helpers that walk the storage root.
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { BASE } from '../../helpers/app.js';
import { call, json, link, tokenChain, type Chain } from '../../helpers/rest.js';

export type Part =
  | { name: string; value: string }
  | { name: string; filename?: string; content: Buffer | string; contentType?: string; disposition?: string };

/** A multipart/form-data body; `disposition` overrides the part's Content-Disposition line verbatim. */
export function multipart(parts: Part[], boundary = `----test${Math.random().toString(16).slice(2)}`): { payload: Buffer; contentType: string } {
  const chunks: Buffer[] = [];
  for (const p of parts) {
    const head: string[] = [`--${boundary}`];
    if ('value' in p) {
      head.push(`Content-Disposition: form-data; name="${p.name}"`);
      chunks.push(Buffer.from(`${head.join('\r\n')}\r\n\r\n`, 'utf8'), Buffer.from(p.value, 'utf8'), Buffer.from('\r\n'));
    } else {
      head.push(p.disposition ?? `Content-Disposition: form-data; name="${p.name}"; filename="${p.filename ?? 'file.bin'}"`);
      head.push(`Content-Type: ${p.contentType ?? 'application/octet-stream'}`);
      chunks.push(Buffer.from(`${head.join('\r\n')}\r\n\r\n`, 'utf8'), Buffer.from(p.content), Buffer.from('\r\n'));
    }
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

export async function sendMultipart(app: FastifyInstance, url: string, token: string | undefined, parts: Part[],
  headers: Record<string, string> = {}): Promise<LightMyRequestResponse> {
  const { payload, contentType } = multipart(parts);
  const path = url.startsWith(BASE) ? url.slice(BASE.length) : url;
  return app.inject({
    method: 'POST', url: path, payload,
    headers: { 'service-api-version': '1', 'content-type': contentType, ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers },
  });
}

export interface Shop {
  chain: Chain;
  token: string;
  downloadables: string;
  downloadedCategory: string;
  shippedCategory: string;
}

export async function category(app: FastifyInstance, chain: Chain, store: any, type: string): Promise<string> {
  const res = await call(app, link(store, 'svc:item_categories'), {
    method: 'POST', token: chain.storeToken,
    body: {
      code: `C${Math.random().toString(36).slice(2, 10)}`, name: `${type} goods`, item_delivery_type: type,
      ...(type === 'downloaded' ? { max_downloads_per_customer: 3, max_downloads_time_period: 72 } : {}),
    },
  });
  if (res.statusCode !== 201) throw new Error(`category: ${res.statusCode} ${res.body}`);
  return link(json(res), 'self');
}

export async function shop(app: FastifyInstance): Promise<Shop> {
  const chain = await tokenChain(app);
  const store = json(await call(app, chain.storeHref, { token: chain.storeToken }));
  return {
    chain, token: chain.storeToken,
    downloadables: link(store, 'svc:downloadables'),
    downloadedCategory: await category(app, chain, store, 'downloaded'),
    shippedCategory: await category(app, chain, store, 'shipped'),
  };
}

let n = 0;
/** Valid form fields for a new downloadable (a unique code each time). */
export function fields(s: Shop, over: Record<string, string> = {}): Part[] {
  n += 1;
  const values = { code: `DL-${n}`, name: `Ebook ${n}`, price: '9.99', item_category_uri: s.downloadedCategory, ...over };
  return Object.entries(values).map(([name, value]) => ({ name, value }));
}

export function filePart(content: Buffer | string, filename = 'book.pdf', contentType = 'application/pdf'): Part {
  return { name: 'file', filename, content, contentType };
}

/** Every regular file below `dir`, as paths relative to it. */
export function walk(dir: string, prefix = ''): string[] {
  let entries: string[];
  try {
    entries = readdirSync(join(dir, prefix));
  } catch {
    return [];
  }
  return entries.flatMap((e) => {
    const rel = prefix ? `${prefix}/${e}` : e;
    return statSync(join(dir, rel)).isDirectory() ? walk(dir, rel) : [rel];
  });
}

/** Stored blobs and leftover temp files under the storage root of an app whose data dir is `dataDir`. */
export function storage(dataDir: string): { blobs: string[]; temp: string[] } {
  const root = join(dataDir, 'files');
  return { blobs: walk(join(root, 'blobs')), temp: walk(join(root, 'tmp')) };
}
