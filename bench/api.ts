// Talking to the service the way an integration does (version header, bearer token, links), over
// app.inject in process or over loopback HTTP, with one small interface for both.
import type { FastifyInstance } from 'fastify';

export interface Answer {
  status: number;
  body: any;
  text: string;
}

export type Send = (method: string, url: string, opts?: { token?: string; json?: unknown; form?: Record<string, string>; headers?: Record<string, string> }) => Promise<Answer>;

function prepare(opts: Parameters<Send>[2] = {}): { headers: Record<string, string>; payload?: string } {
  const headers: Record<string, string> = { 'service-api-version': '1', ...opts.headers };
  if (opts.token) headers.authorization = `Bearer ${opts.token}`;
  if (opts.form) {
    headers['content-type'] = 'application/x-www-form-urlencoded';
    return { headers, payload: new URLSearchParams(opts.form).toString() };
  }
  if (opts.json !== undefined) {
    headers['content-type'] = 'application/json';
    return { headers, payload: JSON.stringify(opts.json) };
  }
  return { headers };
}

function parse(status: number, text: string): Answer {
  let body: unknown;
  try { body = text ? JSON.parse(text) : undefined; } catch { body = undefined; }
  return { status, body, text };
}

/** Requests against an in-process app; `base` is stripped from absolute link targets. */
export function injector(app: FastifyInstance, base: string): Send {
  return async (method, url, opts) => {
    const { headers, payload } = prepare(opts);
    const path = url.startsWith(base) ? url.slice(base.length) || '/' : url;
    const res = await app.inject({ method: method as 'GET', url: path, headers, payload });
    return parse(res.statusCode, res.body);
  };
}

/** Requests over HTTP to a listening server. */
export function fetcher(base: string): Send {
  return async (method, url, opts) => {
    const { headers, payload } = prepare(opts);
    const res = await fetch(url.startsWith('http') ? url : base + url, { method, headers, body: payload });
    return parse(res.status, await res.text());
  };
}

export function link(body: any, rel: string): string {
  const l = body?._links?.[rel];
  if (!l) throw new Error(`no link ${rel} in ${JSON.stringify(body?._links ?? body).slice(0, 300)}`);
  return Array.isArray(l) ? l[0].href : l.href;
}

export async function expectStatus(p: Promise<Answer>, ok: number[], what: string): Promise<any> {
  const res = await p;
  if (!ok.includes(res.status)) throw new Error(`${what}: HTTP ${res.status} ${res.text.slice(0, 500)}`);
  return res.body;
}

export interface Chain {
  storeToken: string;
  storeHref: string;
  storeId: number;
}

/** Home → register a client → create a user → create a store, by links alone. */
export async function tokenChain(send: Send, tag: string): Promise<Chain> {
  const home = await expectStatus(send('GET', '/'), [200], 'home');
  const client = await expectStatus(send('POST', link(home, 'svc:create_client'), {
    form: {
      redirect_uri: 'https://bench.example/callback', project_name: 'Benchmark', company_name: 'Bench Co',
      contact_name: 'Bench', contact_email: 'bench@example.com', contact_phone: '+1 555 0100',
    },
  }), [201], 'register client');
  const clientToken = client.token.access_token as string;
  const home2 = await expectStatus(send('GET', '/', { token: clientToken }), [200], 'home as client');
  const user = await expectStatus(send('POST', link(home2, 'svc:create_user'), {
    token: clientToken, json: { first_name: 'Bench', last_name: 'Mark', email: `bench-${tag}@example.com` },
  }), [201], 'create user');
  const userToken = user.token.access_token as string;
  const home3 = await expectStatus(send('GET', '/', { token: userToken }), [200], 'home as user');
  const store = await expectStatus(send('POST', link(home3, 'svc:stores'), {
    token: userToken,
    json: {
      store_name: 'Bench Store', store_domain: `bench-${tag}`, store_url: 'https://shop.example', store_email: 'shop@example.com',
      postal_code: '97201', region: 'OR', country: 'US',
    },
  }), [201], 'create store');
  const storeHref = link(store, 'self');
  return { storeToken: store.token.access_token, storeHref, storeId: Number(storeHref.split('/').pop()) };
}
