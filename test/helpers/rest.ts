// Small helpers to talk to the REST facade the way an integration does: version header, bearer
// token, JSON bodies, and following links by relation.
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { BASE } from './app.js';
import { assertDescribed } from './openapi-check.js';

export interface Call {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE' | 'HEAD' | 'OPTIONS';
  token?: string;
  body?: unknown;
  form?: Record<string, string>;
  headers?: Record<string, string>;
}

/** The method a POST stands for (X-HTTP-Method-Override, or an HTML form's `_method`), as the server reads it. */
function effectiveMethod(c: Call): string {
  const method = c.method ?? 'GET';
  const header = Object.entries(c.headers ?? {}).find(([k]) => k.toLowerCase() === 'x-http-method-override')?.[1];
  const override = (header ?? c.form?._method ?? '').toUpperCase();
  return method === 'POST' && ['PATCH', 'PUT', 'DELETE'].includes(override) ? override : method;
}

/** Requests a full URL (as found in a link) or a path. */
export async function call(app: FastifyInstance, url: string, c: Call = {}): Promise<LightMyRequestResponse> {
  const path = url.startsWith(BASE) ? url.slice(BASE.length) || '/' : url;
  const headers: Record<string, string> = { 'service-api-version': '1', ...c.headers };
  if (c.token) headers.authorization = `Bearer ${c.token}`;
  let payload: string | undefined;
  if (c.form) {
    headers['content-type'] = 'application/x-www-form-urlencoded';
    payload = new URLSearchParams(c.form).toString();
  } else if (c.body !== undefined) {
    headers['content-type'] ??= 'application/json';
    payload = typeof c.body === 'string' ? c.body : JSON.stringify(c.body);
  }
  const res = await app.inject({ method: c.method ?? 'GET', url: path, headers, payload });
  // Every answer the suite sees must match the generated OpenAPI description.
  assertDescribed(effectiveMethod(c), path, res);
  return res;
}

export function json(res: LightMyRequestResponse): any {
  return JSON.parse(res.body);
}

/** The href of link `rel` of a HAL body. */
export function link(body: any, rel: string): string {
  const l = body?._links?.[rel];
  if (!l) throw new Error(`no link ${rel} in ${JSON.stringify(body?._links)}`);
  return Array.isArray(l) ? l[0].href : l.href;
}

/** Field names of the errors in a REST error body. */
export function errorFields(body: any): string[] {
  return (body?._embedded?.['svc:errors'] ?? []).map((e: any) => e.field).sort();
}

export const CLIENT_FORM = {
  redirect_uri: 'https://integration.example/callback',
  project_name: 'Test Integration',
  company_name: 'Example Co',
  contact_name: 'Ada Lovelace',
  contact_email: 'ada@example.com',
  contact_phone: '+1 555 0100',
};

let seq = 0;
export function uniq(prefix: string): string {
  seq += 1;
  return `${prefix}${process.pid}x${seq}x${Math.random().toString(36).slice(2, 8)}`;
}

export interface Chain {
  clientToken: string;
  clientId: string;
  clientSecret: string;
  userToken: string;
  storeToken: string;
  storeRefresh: string;
  storeHref: string;
  userHref: string;
}

/** Home → register a client → create a user → create a store, by links alone. */
export async function tokenChain(app: FastifyInstance): Promise<Chain> {
  const home = json(await call(app, '/'));
  const reg = await call(app, link(home, 'svc:create_client'), { method: 'POST', form: CLIENT_FORM });
  if (reg.statusCode !== 201) throw new Error(`register: ${reg.statusCode} ${reg.body}`);
  const client = json(reg);
  const clientToken = client.token.access_token;
  const home2 = json(await call(app, '/', { token: clientToken }));
  const userRes = await call(app, link(home2, 'svc:create_user'), {
    method: 'POST', token: clientToken,
    body: { first_name: 'Grace', last_name: 'Hopper', email: `${uniq('u')}@example.com`, password: 'correct horse battery' },
  });
  if (userRes.statusCode !== 201) throw new Error(`user: ${userRes.statusCode} ${userRes.body}`);
  const user = json(userRes);
  const userToken = user.token.access_token;
  const home3 = json(await call(app, '/', { token: userToken }));
  const storeRes = await call(app, link(home3, 'svc:stores'), {
    method: 'POST', token: userToken,
    body: {
      store_name: 'Test Store', store_domain: uniq('shop'), store_url: 'https://shop.example', store_email: 'shop@example.com',
      postal_code: '97201', region: 'OR', country: 'US',
    },
  });
  if (storeRes.statusCode !== 201) throw new Error(`store: ${storeRes.statusCode} ${storeRes.body}`);
  const store = json(storeRes);
  return {
    clientToken, clientId: client.client_id, clientSecret: client.client_secret, userToken,
    storeToken: store.token.access_token, storeRefresh: store.token.refresh_token,
    storeHref: link(store, 'self'), userHref: link(user, 'self'),
  };
}
