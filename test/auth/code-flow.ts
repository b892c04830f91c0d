// The authorization-code flow driven over app.inject: authorize → log in → consent → code, and the
// exchange at the token endpoint. Shared by the code-flow suites.
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { CLIENT_FORM, call, json, type Chain } from '../helpers/rest.js';
import { Browser, formFields, oauthPost, PASSWORD, pkce, registerClient } from './helpers.js';

export interface FlowClient {
  clientId: string;
  clientSecret: string;
}

export function authorizeUrl(client: FlowClient, challenge: string, extra: Record<string, string> = {}): string {
  const q = new URLSearchParams({
    response_type: 'code', client_id: client.clientId, redirect_uri: CLIENT_FORM.redirect_uri, scope: 'store_full_access',
    state: 'st-123', code_challenge: challenge, code_challenge_method: 'S256', ...extra,
  });
  return `/authorize?${q}`;
}

export async function emailOf(app: FastifyInstance, chain: Chain): Promise<string> {
  return json(await call(app, chain.userHref, { token: chain.userToken })).email;
}

/** Logs in through the page the authorize URL shows, and returns the consent page. */
export async function consent(b: Browser, url: string, email: string): Promise<LightMyRequestResponse> {
  const login = await b.get(url);
  expect(login.statusCode).toBe(200);
  const res = await b.post('/login', { ...formFields(login.body, '/login'), email, password: PASSWORD });
  expect(res.statusCode).toBe(303);
  expect(res.headers.location).toBe(url);
  return b.get(url);
}

export function storeOption(html: string): string {
  const m = /<option value="(\d+)"/.exec(html);
  if (!m) throw new Error('no store option');
  return m[1];
}

export interface Flow {
  app: FastifyInstance;
  chain: Chain;
  email: string;
  client: FlowClient;
}

export async function setupFlow(app: FastifyInstance, chain: Chain, clientExtra: Record<string, string> = {}): Promise<Flow> {
  return { app, chain, email: await emailOf(app, chain), client: await registerClient(app, clientExtra) };
}

/** The whole browser part: returns the code (and the verifier that goes with it). */
export async function obtainCode(f: Flow, extra: Record<string, string> = {}): Promise<{ code: string; verifier: string; browser: Browser }> {
  const { verifier, challenge } = pkce();
  const b = new Browser(f.app);
  const url = authorizeUrl(f.client, challenge, extra);
  const page = await consent(b, url, f.email);
  expect(page.statusCode).toBe(200);
  const fields = formFields(page.body, '/authorize');
  const storeLevel = (extra.scope ?? 'store_full_access') !== 'user_full_access';
  const res = await b.post('/authorize', { ...fields, ...(storeLevel ? { store_id: storeOption(page.body) } : {}), decision: 'approve' });
  expect(res.statusCode).toBe(302);
  const params = new URL(String(res.headers.location)).searchParams;
  expect(params.get('state')).toBe(extra.state ?? 'st-123');
  return { code: params.get('code')!, verifier, browser: b };
}

export function exchange(app: FastifyInstance, client: FlowClient, code: string, verifier: string, extra: Record<string, string> = {}) {
  return oauthPost(app, '/token', {
    grant_type: 'authorization_code', code, redirect_uri: CLIENT_FORM.redirect_uri, code_verifier: verifier,
    client_id: client.clientId, client_secret: client.clientSecret, ...extra,
  });
}
