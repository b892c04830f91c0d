// POST /token: every grant's success path, client authentication by Basic and by body, and every
// RFC 6749 §5.2 error code with its status; refresh token rotation with reuse detection.
import { containerOf } from '../../src/app.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { engines, makeApp, type TestApp } from '../helpers/app.js';
import { call, json, tokenChain, type Chain } from '../helpers/rest.js';
import { issueIntegration, findUser } from '../../src/auth/accounts.js';
import { ANONYMOUS } from '../../src/auth/principal.js';
import { basic, oauthPost, refresh, registerClient, tokenWorks } from './helpers.js';

async function expectError(res: Awaited<ReturnType<typeof oauthPost>>, status: number, error: string) {
  expect([res.statusCode, json(res).error], res.body).toEqual([status, error]);
  expect(res.headers['cache-control']).toBe('no-store');
}

for (const engine of engines()) {
  describe(`token endpoint on ${engine}`, () => {
    let t: TestApp;
    let chain: Chain;
    beforeAll(async () => {
      t = await makeApp({ engine });
      chain = await tokenChain(t.app);
    });
    afterAll(() => t.close());

    it('client_credentials: a client_full_access token without a refresh token (RFC 6749 §4.4.3), Basic or body auth', async () => {
      const viaBasic = await oauthPost(t.app, '/token', { grant_type: 'client_credentials' }, { authorization: basic(chain.clientId, chain.clientSecret) });
      expect(viaBasic.statusCode).toBe(200);
      const tok = json(viaBasic);
      expect(tok).toMatchObject({ token_type: 'Bearer', scope: 'client_full_access', expires_in: 7200 });
      expect(tok.refresh_token).toBeUndefined();
      const home = json(await call(t.app, '/', { token: tok.access_token }));
      expect(Object.keys(home._links)).toEqual(expect.arrayContaining(['svc:client', 'svc:create_user', 'svc:reporting']));
      const viaBody = await oauthPost(t.app, '/token', { grant_type: 'client_credentials', client_id: chain.clientId, client_secret: chain.clientSecret });
      expect(viaBody.statusCode).toBe(200);
    });

    it('refresh_token: keeps the refresh token by default and narrows the scope on request', async () => {
      const same = json(await refresh(t.app, chain, chain.storeRefresh));
      expect(same.refresh_token).toBe(chain.storeRefresh);
      expect(same.scope).toBe('store_full_access');
      expect(await tokenWorks(t.app, same.access_token)).toBe(true);
      const narrow = json(await refresh(t.app, chain, chain.storeRefresh, 'tax_settings_read webhooks_write'));
      expect(narrow.scope).toBe('tax_settings_read webhooks_write');
      expect((await call(t.app, `${chain.storeHref}/webhooks`, { token: narrow.access_token })).statusCode).toBe(200);
      expect((await call(t.app, `${chain.storeHref}/downloadables`, { token: narrow.access_token })).statusCode).toBe(403);
    });

    it('invalid_request (400): missing or repeated parameters, two client authentications, bad bodies', async () => {
      await expectError(await oauthPost(t.app, '/token', { client_id: chain.clientId, client_secret: chain.clientSecret }), 400, 'invalid_request');
      await expectError(await t.app.inject({
        method: 'POST', url: '/token', headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: `grant_type=client_credentials&grant_type=refresh_token&client_id=${chain.clientId}&client_secret=${chain.clientSecret}`,
      }), 400, 'invalid_request');
      await expectError(await oauthPost(t.app, '/token', { grant_type: 'refresh_token', client_id: chain.clientId, client_secret: chain.clientSecret }), 400, 'invalid_request');
      await expectError(await oauthPost(t.app, '/token', { grant_type: 'client_credentials', client_secret: chain.clientSecret },
        { authorization: basic(chain.clientId, chain.clientSecret) }), 400, 'invalid_request');
      await expectError(await oauthPost(t.app, '/token', { grant_type: 'client_credentials' }, { authorization: 'Basic %%%' }), 400, 'invalid_request');
      await expectError(await t.app.inject({ method: 'POST', url: '/token', headers: { 'content-type': 'application/json' }, payload: '{"grant_type":' }), 400, 'invalid_request');
    });

    it('invalid_client (401 with WWW-Authenticate): wrong secret, unknown client, no credentials', async () => {
      for (const res of [
        await oauthPost(t.app, '/token', { grant_type: 'client_credentials' }, { authorization: basic(chain.clientId, 'wrong') }),
        await oauthPost(t.app, '/token', { grant_type: 'client_credentials', client_id: 'svc_nobody_has_this_id_000', client_secret: 'x' }),
        await oauthPost(t.app, '/token', { grant_type: 'client_credentials' }),
      ]) {
        await expectError(res, 401, 'invalid_client');
        expect(res.headers['www-authenticate']).toMatch(/^Basic realm=/);
      }
    });

    it('invalid_grant: unknown, another client\'s or revoked refresh tokens', async () => {
      await expectError(await refresh(t.app, chain, '1.not-a-real-refresh-token-value'), 400, 'invalid_grant');
      await expectError(await refresh(t.app, chain, 'garbage'), 400, 'invalid_grant');
      const other = await registerClient(t.app);
      await expectError(await refresh(t.app, other, chain.storeRefresh), 400, 'invalid_grant');
      const mine = await registerClient(t.app);
      const revoked = await oauthPost(t.app, '/revoke', { token: mine.token.refresh_token }, { authorization: basic(mine.clientId, mine.clientSecret) });
      expect(revoked.statusCode).toBe(200);
      await expectError(await refresh(t.app, mine, mine.token.refresh_token), 400, 'invalid_grant');
    });

    it('invalid_scope: wider than the grant, or unknown', async () => {
      await expectError(await refresh(t.app, chain, chain.storeRefresh, 'client_full_access'), 400, 'invalid_scope');
      await expectError(await refresh(t.app, chain, chain.storeRefresh, 'tax_settings_read nonsense'), 400, 'invalid_scope');
      const narrow = json(await refresh(t.app, chain, chain.storeRefresh, 'tax_settings_read'));
      expect(narrow.refresh_token).toBe(chain.storeRefresh);
      await expectError(await oauthPost(t.app, '/token', { grant_type: 'client_credentials', scope: 'store_full_access' },
        { authorization: basic(chain.clientId, chain.clientSecret) }), 400, 'invalid_scope');
    });

    it('unsupported_grant_type and unauthorized_client', async () => {
      await expectError(await oauthPost(t.app, '/token', { grant_type: 'password', username: 'a', password: 'b' },
        { authorization: basic(chain.clientId, chain.clientSecret) }), 400, 'unsupported_grant_type');
      const ctx = t.app.container.context(ANONYMOUS, 'test');
      const userId = Number(chain.userHref.split('/').pop());
      const store = await containerOf(t.app).database.db.selectFrom('stores').selectAll().where('user_id', '=', userId).executeTakeFirstOrThrow();
      const integration = await issueIntegration(ctx, t.app.container.tokens, (await findUser(ctx, userId))!, { ...store, id: Number(store.id) });
      const auth = { authorization: basic(integration.client_id, integration.client_secret) };
      await expectError(await oauthPost(t.app, '/token', { grant_type: 'client_credentials' }, auth), 400, 'unauthorized_client');
      await expectError(await oauthPost(t.app, '/token', { grant_type: 'authorization_code', code: 'x', redirect_uri: 'https://a.example', code_verifier: 'v'.repeat(43) }, auth), 400, 'unauthorized_client');
      expect((await oauthPost(t.app, '/token', { grant_type: 'refresh_token', refresh_token: integration.refresh_token }, auth)).statusCode).toBe(200);
    });

    it('stores client secrets, refresh tokens and passwords only as scrypt hashes', async () => {
      const db = containerOf(t.app).database.db;
      const client = await db.selectFrom('clients').selectAll().where('client_id', '=', chain.clientId).executeTakeFirstOrThrow();
      expect(client.client_secret_hash).toMatch(/^scrypt\$16384\$8\$1\$/);
      const dump = JSON.stringify((await sql`select * from clients`.execute(db)).rows) +
        JSON.stringify((await sql`select * from refresh_tokens`.execute(db)).rows) + JSON.stringify((await sql`select * from users`.execute(db)).rows);
      expect(dump).not.toContain(chain.clientSecret);
      expect(dump).not.toContain(chain.storeRefresh.split('.')[1]);
      expect(dump).not.toContain('correct horse battery');
    });
  });
}

describe('refresh token rotation (ROTATE_REFRESH_TOKENS=true)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await makeApp({ config: { rotateRefreshTokens: true } });
  });
  afterAll(() => t.close());

  it('issues a new refresh token each time; replaying a rotated one revokes the family and its access tokens', async () => {
    const chain = await tokenChain(t.app);
    const first = json(await refresh(t.app, chain, chain.storeRefresh, 'tax_settings_read'));
    expect(first.refresh_token).not.toBe(chain.storeRefresh);
    expect(first.scope).toBe('tax_settings_read');
    const second = json(await refresh(t.app, chain, first.refresh_token));
    // The new refresh token keeps the grant's full scope (RFC 6749 §6).
    expect(second.scope).toBe('store_full_access');
    expect(await tokenWorks(t.app, second.access_token)).toBe(true);
    const replay = await refresh(t.app, chain, chain.storeRefresh);
    expect([replay.statusCode, json(replay).error]).toEqual([400, 'invalid_grant']);
    expect(await tokenWorks(t.app, second.access_token)).toBe(false);
    expect(await tokenWorks(t.app, chain.storeToken)).toBe(false);
    expect(json(await refresh(t.app, chain, second.refresh_token)).error).toBe('invalid_grant');
    // Other grants of the same client are untouched.
    expect(await tokenWorks(t.app, chain.userToken)).toBe(true);
  });
});
