// Talking to a running server over real HTTP: the token chain (client → user → store) and small
// request helpers, for the crash and load scripts.
import { createServer } from 'node:net';

export interface Session {
  base: string;
  storeToken: string;
  storeHref: string;
  /** Absolute hrefs of the store's links by rel (svc:customers, svc:taxes, ...). */
  links: Record<string, string>;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => resolve(port));
    });
  });
}

export async function api(base: string, path: string, init: { method?: string; token?: string; json?: unknown; form?: Record<string, string> } = {}): Promise<{ status: number; body: any; headers: Headers }> {
  const headers: Record<string, string> = { 'service-api-version': '1', accept: 'application/hal+json' };
  if (init.token) headers.authorization = `Bearer ${init.token}`;
  let body: string | undefined;
  if (init.form) {
    headers['content-type'] = 'application/x-www-form-urlencoded';
    body = new URLSearchParams(init.form).toString();
  } else if (init.json !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(init.json);
  }
  const res = await fetch(path.startsWith('http') ? path : base + path, { method: init.method ?? 'GET', headers, body });
  const text = await res.text();
  let parsed: any = text;
  try { parsed = JSON.parse(text); } catch { /* not JSON */ }
  return { status: res.status, body: parsed, headers: res.headers };
}

function href(body: any, rel: string): string {
  const l = body?._links?.[rel];
  const h = Array.isArray(l) ? l[0]?.href : l?.href;
  if (!h) throw new Error(`no link ${rel} in ${JSON.stringify(body).slice(0, 300)}`);
  return h.replace(/\{[^}]*\}$/, '');
}

/** Registers a client, creates a user and a store, and returns the store's token and links. */
export async function openSession(base: string, tag: string): Promise<Session> {
  const reg = await api(base, '/clients', {
    method: 'POST', form: { redirect_uri: 'https://example.com/cb', project_name: 'Reliability', company_name: 'Co', contact_name: 'Ops', contact_email: 'ops@example.com', contact_phone: '1' },
  });
  if (reg.status !== 201) throw new Error(`register: ${reg.status} ${JSON.stringify(reg.body)}`);
  const user = await api(base, '/users', {
    method: 'POST', token: reg.body.token.access_token,
    json: { first_name: 'Rel', last_name: 'Iability', email: `${tag}@reliability.example`, password: 'correct horse battery' },
  });
  if (user.status !== 201) throw new Error(`user: ${user.status} ${JSON.stringify(user.body)}`);
  const home = await api(base, '/', { token: user.body.token.access_token });
  const store = await api(base, href(home.body, 'svc:stores'), {
    method: 'POST', token: user.body.token.access_token,
    json: { store_name: 'Reliability', store_domain: tag, store_url: 'https://shop.example', store_email: 'shop@example.com', postal_code: '97201', region: 'OR', country: 'US' },
  });
  if (store.status !== 201) throw new Error(`store: ${store.status} ${JSON.stringify(store.body)}`);
  const links: Record<string, string> = {};
  for (const rel of Object.keys(store.body._links)) if (rel.startsWith('svc:')) links[rel] = href(store.body, rel);
  return { base, storeToken: store.body.token.access_token, storeHref: href(store.body, 'self'), links };
}
