// Public and confidential clients as RFC 6749 §2.1 and RFC 9700 define them (issue 15 item 2, issue
// 19 item 3): the type is set at registration; a confidential client always refreshes with its
// secret and may skip PKCE; a public client must use PKCE and its refresh tokens rotate with reuse
// detection; redirect_uri is needed at the token step only when /authorize had it; RFC 8414 metadata.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engines, makeApp, BASE, type TestApp } from '../helpers/app.js';
import { CLIENT_FORM, call, json, tokenChain, type Chain } from '../helpers/rest.js';
import { authorizeUrl, consent, exchange, obtainCode, setupFlow, storeOption } from './code-flow.js';
import { Browser, formFields, oauthPost, refresh, tokenWorks } from './helpers.js';

const ORIGIN = 'https://front.example';

describe.each(engines())('client types on %s', (engine) => {
  let t: TestApp;
  let chain: Chain;
  beforeAll(async () => {
    t = await makeApp({ engine });
    chain = await tokenChain(t.app);
  });
  afterAll(async () => t?.close());

  const secretless = (clientId: string, refreshToken: string) =>
    oauthPost(t.app, '/token', { grant_type: 'refresh_token', refresh_token: refreshToken, client_id: clientId });

  /** The browser part without PKCE or redirect_uri unless given, as the hosted API's SDK does it. */
  async function codeWithout(flow: Awaited<ReturnType<typeof setupFlow>>, keep: Record<string, string> = {}): Promise<URLSearchParams> {
    const b = new Browser(t.app);
    const url = authorizeUrl(flow.client, '', { code_challenge: '', code_challenge_method: '', redirect_uri: '', ...keep });
    const early = await b.get(url);
    if (early.statusCode === 302) return new URL(String(early.headers.location)).searchParams;
    const browser = new Browser(t.app);
    const page = await consent(browser, url, flow.email);
    expect(page.statusCode, page.body).toBe(200);
    const res = await browser.post('/authorize', { ...formFields(page.body, '/authorize'), store_id: storeOption(page.body), decision: 'approve' });
    expect(res.statusCode).toBe(302);
    return new URL(String(res.headers.location)).searchParams;
  }

  it('keeps a confidential client confidential whatever javascript_origin_uri says', async () => {
    // Registered with an origin: still confidential, so no secretless refresh.
    const reg = await call(t.app, '/clients', { method: 'POST', form: { ...CLIENT_FORM, javascript_origin_uri: ORIGIN } });
    const body = json(reg);
    expect((await secretless(body.client_id, body.token.refresh_token)).statusCode).toBe(401);
    // The chain's client adds an origin later: its store grant still needs the secret.
    const me = json(await call(t.app, '/', { token: chain.clientToken }))._links['svc:client'].href;
    const patched = await call(t.app, me, { method: 'PATCH', token: chain.clientToken, body: { javascript_origin_uri: ORIGIN } });
    expect(patched.statusCode).toBe(200);
    expect(json(patched).client_type).toBe('confidential');
    const res = await secretless(chain.clientId, chain.storeRefresh);
    expect([res.statusCode, json(res).error]).toEqual([401, 'invalid_client']);
    // And the type cannot be changed after registration.
    await call(t.app, me, { method: 'PATCH', token: chain.clientToken, body: { client_type: 'public' } });
    expect(json(await call(t.app, me, { token: chain.clientToken })).client_type).toBe('confidential');
    expect((await secretless(chain.clientId, chain.storeRefresh)).statusCode).toBe(401);
    // With the secret it refreshes, and keeps its refresh token (DESIGN §4).
    const ok = json(await refresh(t.app, chain, chain.storeRefresh));
    expect(ok.refresh_token).toBe(chain.storeRefresh);
  });

  it('lets a confidential client use the code grant without PKCE and without redirect_uri', async () => {
    const flow = await setupFlow(t.app, chain);
    const params = await codeWithout(flow);
    expect(params.get('iss')).toBe(BASE);
    const code = params.get('code')!;
    const res = await oauthPost(t.app, '/token', { grant_type: 'authorization_code', code, client_id: flow.client.clientId, client_secret: flow.client.clientSecret });
    expect(res.statusCode, res.body).toBe(200);
    expect(await tokenWorks(t.app, json(res).access_token)).toBe(true);
  });

  it('refuses a verifier for a code issued without a challenge, and requires one for a code issued with it', async () => {
    const flow = await setupFlow(t.app, chain);
    const plain = (await codeWithout(flow)).get('code')!;
    const downgrade = await exchange(t.app, flow.client, plain, 'v'.repeat(43));
    expect([downgrade.statusCode, json(downgrade).error]).toEqual([400, 'invalid_grant']);
    const withPkce = await obtainCode(flow);
    const missing = await exchange(t.app, flow.client, withPkce.code, '', { code_verifier: '' });
    expect(json(missing).error).toMatch(/invalid_(grant|request)/);
  });

  it('requires redirect_uri at the token step exactly when /authorize had it', async () => {
    const flow = await setupFlow(t.app, chain);
    const { code } = await obtainCode(flow);
    const res = await oauthPost(t.app, '/token', { grant_type: 'authorization_code', code, client_id: flow.client.clientId, client_secret: flow.client.clientSecret, code_verifier: 'x'.repeat(43) });
    expect([res.statusCode, json(res).error]).toEqual([400, 'invalid_request']);
    expect(json(res).error_description).toContain('redirect_uri');
    // Not sent to /authorize: a wrong one at the token step is still refused.
    const other = (await codeWithout(flow)).get('code')!;
    const wrong = await oauthPost(t.app, '/token', { grant_type: 'authorization_code', code: other, redirect_uri: 'https://evil.example/cb', client_id: flow.client.clientId, client_secret: flow.client.clientSecret });
    expect(json(wrong).error).toBe('invalid_grant');
  });

  it('makes a public client use PKCE and rotates its refresh tokens with reuse detection', async () => {
    const flow = await setupFlow(t.app, chain, { client_type: 'public', javascript_origin_uri: ORIGIN });
    const refused = await codeWithout(flow, { redirect_uri: CLIENT_FORM.redirect_uri });
    expect(refused.get('error')).toBe('invalid_request');
    const { code } = await obtainCode(flow);
    const noVerifier = await oauthPost(t.app, '/token', { grant_type: 'authorization_code', code, redirect_uri: CLIENT_FORM.redirect_uri, client_id: flow.client.clientId });
    expect(noVerifier.statusCode).toBe(400);
    const again = await obtainCode(flow);
    const tokens = json(await oauthPost(t.app, '/token', { grant_type: 'authorization_code', code: again.code, redirect_uri: CLIENT_FORM.redirect_uri, code_verifier: again.verifier, client_id: flow.client.clientId }));
    expect(tokens.refresh_token).toBeTruthy();
    const first = json(await secretless(flow.client.clientId, tokens.refresh_token));
    expect(first.refresh_token).not.toBe(tokens.refresh_token);
    // The old one coming back means two holders: the whole grant ends, the new tokens too.
    const reuse = await secretless(flow.client.clientId, tokens.refresh_token);
    expect([reuse.statusCode, json(reuse).error]).toEqual([400, 'invalid_grant']);
    expect(await tokenWorks(t.app, first.access_token)).toBe(false);
    expect(json(await secretless(flow.client.clientId, first.refresh_token)).error).toBe('invalid_grant');
  });

  it('publishes RFC 8414 metadata that matches the endpoints', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/.well-known/oauth-authorization-server' });
    expect(res.statusCode).toBe(200);
    const m = json(res);
    expect(m.issuer).toBe(BASE);
    expect(m).toMatchObject({
      authorization_endpoint: `${BASE}/authorize`, token_endpoint: `${BASE}/token`, revocation_endpoint: `${BASE}/revoke`,
      introspection_endpoint: `${BASE}/introspect`, response_types_supported: ['code'], code_challenge_methods_supported: ['S256'],
      authorization_response_iss_parameter_supported: true,
    });
    expect(m.grant_types_supported).toEqual(expect.arrayContaining(['authorization_code', 'refresh_token', 'client_credentials']));
    expect(m.token_endpoint_auth_methods_supported).toEqual(expect.arrayContaining(['client_secret_basic', 'client_secret_post', 'none']));
    expect(m.scopes_supported).toEqual(expect.arrayContaining(['store_full_access', 'user_full_access', 'webhooks_resend']));
    // Every endpoint it names answers as that endpoint (an OAuth error, not a 404).
    for (const e of ['token_endpoint', 'revocation_endpoint', 'introspection_endpoint']) {
      const r = await oauthPost(t.app, new URL(m[e]).pathname, {});
      expect([r.statusCode, json(r).error], e).toEqual([r.statusCode === 401 ? 401 : 400, expect.stringMatching(/^invalid_(request|client)$/)]);
    }
    const authz = await t.app.inject({ method: 'GET', url: new URL(m.authorization_endpoint).pathname });
    expect(authz.statusCode).toBe(400);
    expect(authz.headers['content-type']).toContain('text/html');
  });
});
