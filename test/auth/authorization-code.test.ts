// The authorization-code grant with PKCE end to end over inject: consent, exchange, API call, and
// every way a code can be misused (twice, by another client, wrong redirect_uri, wrong verifier,
// expired), plus the authorization endpoint's own errors.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeApp, engines, type TestApp } from '../helpers/app.js';
import { CLIENT_FORM, call, json, link, tokenChain } from '../helpers/rest.js';
import { ManualClock } from '../../src/services/clock.js';
import { authorizeUrl, consent, exchange, obtainCode, setupFlow, storeOption, type Flow } from './code-flow.js';
import { Browser, formFields, locationParams, pkce, refresh, registerClient, tokenWorks } from './helpers.js';

for (const engine of engines()) {
  describe(`authorization code grant on ${engine}`, () => {
    let t: TestApp;
    let f: Flow;
    const clock = new ManualClock(new Date());
    beforeAll(async () => {
      t = await makeApp({ engine, clock });
      f = await setupFlow(t.app, await tokenChain(t.app));
    });
    afterAll(() => t.close());

    it('issues a store token pair for the chosen store, which then works on the API', async () => {
      const { code, verifier } = await obtainCode(f);
      const res = await exchange(t.app, f.client, code, verifier);
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('no-store');
      const tok = json(res);
      expect(tok).toMatchObject({ token_type: 'Bearer', scope: 'store_full_access', expires_in: 7200 });
      expect(tok.refresh_token).toMatch(/^\d+\.[\w-]+$/);
      const store = await call(t.app, f.chain.storeHref, { token: tok.access_token });
      expect(store.statusCode).toBe(200);
      const taxes = await call(t.app, link(json(store), 'svc:taxes'), { token: tok.access_token });
      expect(taxes.statusCode).toBe(200);
      expect((await refresh(t.app, f.client, tok.refresh_token)).statusCode).toBe(200);
    });

    it('grants a narrower area scope, and a user-level scope without a store choice', async () => {
      const narrow = await obtainCode(f, { scope: 'tax_settings_read' });
      const tok = json(await exchange(t.app, f.client, narrow.code, narrow.verifier));
      expect(tok.scope).toBe('tax_settings_read');
      expect((await call(t.app, `${f.chain.storeHref}/taxes`, { token: tok.access_token })).statusCode).toBe(200);
      expect((await call(t.app, `${f.chain.storeHref}/webhooks`, { token: tok.access_token })).statusCode).toBe(403);

      const user = await obtainCode(f, { scope: 'user_full_access' });
      const ut = json(await exchange(t.app, f.client, user.code, user.verifier));
      expect(ut.scope).toBe('user_full_access');
      const home = json(await call(t.app, '/', { token: ut.access_token }));
      expect(Object.keys(home._links)).toContain('svc:stores');
    });

    it('refuses a code used twice and revokes what the first exchange issued', async () => {
      const { code, verifier } = await obtainCode(f);
      const first = json(await exchange(t.app, f.client, code, verifier));
      expect(await tokenWorks(t.app, first.access_token)).toBe(true);
      const second = await exchange(t.app, f.client, code, verifier);
      expect(second.statusCode).toBe(400);
      expect(json(second).error).toBe('invalid_grant');
      expect(await tokenWorks(t.app, first.access_token)).toBe(false);
      expect(json(await refresh(t.app, f.client, first.refresh_token)).error).toBe('invalid_grant');
    });

    it('refuses a code presented by another client without spending it', async () => {
      const other = await registerClient(t.app);
      const { code, verifier } = await obtainCode(f);
      const stolen = await exchange(t.app, other, code, verifier);
      expect(stolen.statusCode).toBe(400);
      expect(json(stolen).error).toBe('invalid_grant');
      expect((await exchange(t.app, f.client, code, verifier)).statusCode).toBe(200);
    });

    it('refuses a mismatched redirect_uri, a wrong or missing PKCE verifier and an expired code', async () => {
      const a = await obtainCode(f);
      const wrongRedirect = await exchange(t.app, f.client, a.code, a.verifier, { redirect_uri: `${CLIENT_FORM.redirect_uri}/x` });
      expect([wrongRedirect.statusCode, json(wrongRedirect).error]).toEqual([400, 'invalid_grant']);

      const b = await obtainCode(f);
      const wrongVerifier = await exchange(t.app, f.client, b.code, pkce().verifier);
      expect([wrongVerifier.statusCode, json(wrongVerifier).error]).toEqual([400, 'invalid_grant']);

      const c = await obtainCode(f);
      const noVerifier = await exchange(t.app, f.client, c.code, '', {});
      expect([noVerifier.statusCode, json(noVerifier).error]).toEqual([400, 'invalid_request']);

      const d = await obtainCode(f);
      clock.advance(61_000);
      const late = await exchange(t.app, f.client, d.code, d.verifier);
      expect([late.statusCode, json(late).error]).toEqual([400, 'invalid_grant']);
      expect(json(late).error_description).toMatch(/expired/);
    });

    it('redirects with error=access_denied and the state when the user denies', async () => {
      const { challenge } = pkce();
      const b = new Browser(t.app);
      const page = await consent(b, authorizeUrl(f.client, challenge, { state: 'deny-me' }), f.email);
      const res = await b.post('/authorize', { ...formFields(page.body, '/authorize'), store_id: storeOption(page.body), decision: 'deny' });
      expect(res.statusCode).toBe(302);
      const p = locationParams(res);
      expect(String(res.headers.location).startsWith(`${CLIENT_FORM.redirect_uri}?`)).toBe(true);
      expect([p.get('error'), p.get('state'), p.get('code')]).toEqual(['access_denied', 'deny-me', null]);
    });

    it('shows an error page, without redirecting, for an unknown client or an unregistered redirect_uri', async () => {
      const { challenge } = pkce();
      const b = new Browser(t.app);
      // (No redirect_uri at all is fine: the one registered is used, RFC 6749 §3.1.2.3; see client-types.test.ts.)
      const cases: Array<Record<string, string>> = [{ client_id: 'svc_nobody_at_all_here' }, { redirect_uri: 'https://evil.example/cb' }, { redirect_uri: 'https://integration.example/callback/other' }];
      for (const extra of cases) {
        const res = await b.get(authorizeUrl(f.client, challenge, extra));
        expect(res.statusCode).toBe(400);
        expect(res.headers.location).toBeUndefined();
        expect(res.headers['content-type']).toMatch(/^text\/html/);
      }
    });

    it('redirects the authorization errors RFC 6749 §4.1.2.1 names, with the state', async () => {
      const { challenge } = pkce();
      const b = new Browser(t.app);
      const cases: Array<[Record<string, string>, string]> = [
        [{ response_type: 'token' }, 'unsupported_response_type'],
        [{ code_challenge_method: 'plain' }, 'invalid_request'],
        [{ code_challenge: '' }, 'invalid_request'],
        [{ scope: 'store_full_access client_full_access' }, 'invalid_scope'],
        [{ scope: 'no_such_scope' }, 'invalid_scope'],
        [{ scope: 'user_full_access tax_settings_read' }, 'invalid_scope'],
      ];
      for (const [extra, error] of cases) {
        const res = await b.get(authorizeUrl(f.client, challenge, extra));
        expect(res.statusCode, JSON.stringify(extra)).toBe(302);
        const p = locationParams(res);
        expect([p.get('error'), p.get('state'), p.get('iss')]).toEqual([error, 'st-123', t.config.baseUrl]);
      }
    });
  });
}
