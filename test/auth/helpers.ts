// Helpers for the OAuth suites: token endpoint calls, PKCE pairs, and a browser-like session over
// app.inject (a cookie jar and CSRF tokens read from the served forms).
import { createHash, randomBytes } from 'node:crypto';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { CLIENT_FORM, call, json, type Chain } from '../helpers/rest.js';

export function basic(id: string, secret: string): string {
  const enc = (s: string) => encodeURIComponent(s);
  return `Basic ${Buffer.from(`${enc(id)}:${enc(secret)}`).toString('base64')}`;
}

/** POST to an OAuth endpoint with form parameters (and optional headers). */
export function oauthPost(app: FastifyInstance, path: string, form: Record<string, string>, headers: Record<string, string> = {}) {
  return app.inject({
    method: 'POST', url: path, payload: new URLSearchParams(form).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
  });
}

export function pkce(): { verifier: string; challenge: string } {
  const verifier = randomBytes(48).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}

export async function registerClient(app: FastifyInstance, extra: Record<string, string> = {}) {
  const res = await call(app, '/clients', { method: 'POST', form: { ...CLIENT_FORM, ...extra } });
  if (res.statusCode !== 201) throw new Error(`register: ${res.statusCode} ${res.body}`);
  const b = json(res);
  return { clientId: b.client_id as string, clientSecret: b.client_secret as string, token: b.token };
}

export function refresh(app: FastifyInstance, chain: Pick<Chain, 'clientId' | 'clientSecret'>, refreshToken: string, scope?: string) {
  return oauthPost(app, '/token', {
    grant_type: 'refresh_token', client_id: chain.clientId, client_secret: chain.clientSecret, refresh_token: refreshToken,
    ...(scope ? { scope } : {}),
  });
}

/** GET / with a bearer token: 200 when it works, 401 when it does not. */
export async function tokenWorks(app: FastifyInstance, token: string): Promise<boolean> {
  const res = await call(app, '/', { token });
  if (res.statusCode !== 200 && res.statusCode !== 401) throw new Error(`home: ${res.statusCode} ${res.body}`);
  return res.statusCode === 200;
}

/** A browser stand-in: keeps cookies between inject calls and reads hidden fields from forms. */
export class Browser {
  cookies = new Map<string, string>();
  constructor(readonly app: FastifyInstance) {}

  private remember(res: LightMyRequestResponse): LightMyRequestResponse {
    for (const c of res.cookies as Array<{ name: string; value: string; maxAge?: number; expires?: Date }>) {
      const gone = c.value === '' || c.maxAge === 0 || (c.expires && c.expires.getTime() < Date.now());
      if (gone) this.cookies.delete(c.name);
      else this.cookies.set(c.name, c.value);
    }
    return res;
  }

  private cookieHeader(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  async get(url: string): Promise<LightMyRequestResponse> {
    return this.remember(await this.app.inject({ method: 'GET', url, headers: { cookie: this.cookieHeader() } }));
  }

  async post(url: string, form: Record<string, string>, headers: Record<string, string> = {}): Promise<LightMyRequestResponse> {
    return this.remember(await this.app.inject({
      method: 'POST', url, payload: new URLSearchParams(form).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: this.cookieHeader(), ...headers },
    }));
  }
}

/** Hidden inputs of the first form posting to `action` in a page. */
export function formFields(html: string, action: string): Record<string, string> {
  const form = new RegExp(`<form[^>]*action="${action.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}"[^>]*>([\\s\\S]*?)</form>`).exec(html);
  if (!form) throw new Error(`no form to ${action} in ${html.slice(0, 500)}`);
  const out: Record<string, string> = {};
  const unesc = (s: string) => s.replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');
  for (const m of form[1].matchAll(/<input type="hidden" name="([^"]*)" value="([^"]*)">/g)) out[unesc(m[1])] = unesc(m[2]);
  return out;
}

export const PASSWORD = 'correct horse battery';

/** The query parameters of a redirect's Location. */
export function locationParams(res: LightMyRequestResponse): URLSearchParams {
  const loc = res.headers.location;
  if (typeof loc !== 'string') throw new Error(`no redirect: ${res.statusCode} ${res.body.slice(0, 300)}`);
  return new URL(loc).searchParams;
}
