// Browser front ends (DESIGN §4): CORS for a client's javascript_origin_uri, and the code flow with
// PKCE as a public client, without the secret.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeApp, type TestApp } from '../helpers/app.js';
import { call, json, tokenChain, type Chain } from '../helpers/rest.js';
import { exchange, obtainCode, setupFlow } from './code-flow.js';
import { oauthPost } from './helpers.js';

const ORIGIN = 'https://shop-front.example';

describe('browser front ends', () => {
  let t: TestApp;
  let chain: Chain;
  beforeAll(async () => {
    t = await makeApp();
    chain = await tokenChain(t.app);
  });
  afterAll(async () => t?.close());

  it('answers CORS preflights and requests only for registered origins', async () => {
    await call(t.app, '/clients', { method: 'POST', body: {
      redirect_uri: `${ORIGIN}/cb`, javascript_origin_uri: ORIGIN, project_name: 'Front', company_name: 'Co',
      contact_name: 'A', contact_email: 'a@example.com', contact_phone: '1',
    } });
    const preflight = await t.app.inject({ method: 'OPTIONS', url: '/', headers: {
      origin: ORIGIN, 'access-control-request-method': 'POST', 'access-control-request-headers': 'authorization, service-api-version',
    } });
    expect(preflight.statusCode).toBe(204);
    expect(preflight.headers['access-control-allow-origin']).toBe(ORIGIN);
    expect(String(preflight.headers['access-control-allow-headers'])).toMatch(/Authorization.*SERVICE-API-VERSION.*Idempotency-Key.*If-Match/);
    const get = await call(t.app, chain.storeHref, { token: chain.storeToken, headers: { origin: ORIGIN } });
    expect(get.headers['access-control-allow-origin']).toBe(ORIGIN);
    expect(String(get.headers['access-control-expose-headers'])).toContain('ETag');
    const stranger = await call(t.app, chain.storeHref, { token: chain.storeToken, headers: { origin: 'https://evil.example' } });
    expect(stranger.headers['access-control-allow-origin']).toBeUndefined();
    const strangerPreflight = await t.app.inject({ method: 'OPTIONS', url: '/', headers: { origin: 'https://evil.example', 'access-control-request-method': 'POST' } });
    expect(strangerPreflight.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('lets a public client exchange a code and refresh without its secret', async () => {
    const flow = await setupFlow(t.app, chain, { javascript_origin_uri: ORIGIN, client_type: 'public' });
    const { code, verifier } = await obtainCode(flow);
    const res = await oauthPost(t.app, '/token', {
      grant_type: 'authorization_code', code, redirect_uri: 'https://integration.example/callback', code_verifier: verifier, client_id: flow.client.clientId,
    });
    expect(res.statusCode).toBe(200);
    const tokens = json(res);
    expect(tokens.scope).toBe('store_full_access');
    const refreshed = await oauthPost(t.app, '/token', { grant_type: 'refresh_token', refresh_token: tokens.refresh_token, client_id: flow.client.clientId });
    expect(refreshed.statusCode).toBe(200);
    // Without the verifier the public client has nothing to prove: PKCE stays mandatory.
    const again = await obtainCode(flow);
    const noVerifier = await oauthPost(t.app, '/token', { grant_type: 'authorization_code', code: again.code, redirect_uri: 'https://integration.example/callback', client_id: flow.client.clientId });
    expect(noVerifier.statusCode).toBe(400);
  });

  it('still requires the secret from confidential clients', async () => {
    const flow = await setupFlow(t.app, chain);
    const { code, verifier } = await obtainCode(flow);
    const res = await oauthPost(t.app, '/token', {
      grant_type: 'authorization_code', code, redirect_uri: 'https://integration.example/callback', code_verifier: verifier, client_id: flow.client.clientId,
    });
    expect(res.statusCode).toBe(401);
    // The same code still works with the secret: refusing the secretless attempt did not spend it.
    expect((await exchange(t.app, flow.client, code, verifier)).statusCode).toBe(200);
    expect(json(res).error).toBe('invalid_client');
  });
});
