// Access-token verification refuses everything jsonwebtoken would let through by default, on a
// real request (401 with a Bearer challenge); start-up refuses weak keys; keys rotate without
// logging anyone out.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import jwt from 'jsonwebtoken';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeApp, TEST_JWT_SECRET, type TestApp } from '../helpers/app.js';
import { call, tokenChain, type Chain } from '../helpers/rest.js';
import { AUDIENCE } from '../../src/auth/jwt.js';
import { parseKeys } from '../../src/auth/keys.js';
import { basic, oauthPost, tokenWorks } from './helpers.js';

const SECRET = TEST_JWT_SECRET.slice(3);
const b64 = (o: unknown) => Buffer.from(JSON.stringify(o)).toString('base64url');

describe('access token verification', () => {
  let t: TestApp;
  let chain: Chain;
  let claims: Record<string, unknown>;
  const now = () => Math.floor(Date.now() / 1000);
  const sign = (payload: Record<string, unknown>, opts: jwt.SignOptions = {}, secret: string = SECRET) =>
    jwt.sign(payload, secret, { algorithm: 'HS256', keyid: 'k1', ...opts });

  beforeAll(async () => {
    t = await makeApp();
    chain = await tokenChain(t.app);
    const { iat: _iat, exp: _exp, ...rest } = jwt.decode(chain.storeToken) as Record<string, unknown>;
    claims = rest;
  });
  afterAll(() => t.close());

  async function rejected(token: string): Promise<void> {
    const res = await call(t.app, '/', { token });
    expect(res.statusCode, token).toBe(401);
    expect(res.headers['www-authenticate']).toMatch(/^Bearer error="invalid_token"/);
  }

  it('accepts a token built the way the service builds it (the baseline for every case below)', async () => {
    expect(await tokenWorks(t.app, sign({ ...claims, exp: now() + 60 }))).toBe(true);
  });

  it('refuses unsigned and alg none tokens', async () => {
    const body = b64({ ...claims, exp: now() + 60 });
    await rejected(`${b64({ alg: 'none', typ: 'JWT', kid: 'k1' })}.${body}.`);
    await rejected(`${b64({ alg: 'none', typ: 'JWT', kid: 'k1' })}.${body}`);
    await rejected(`${b64({ alg: 'HS256', typ: 'JWT', kid: 'k1' })}.${body}.`);
  });

  it('refuses another key, another HMAC algorithm, an unknown kid and no kid', async () => {
    await rejected(sign({ ...claims, exp: now() + 60 }, {}, 'y'.repeat(48)));
    await rejected(sign({ ...claims, exp: now() + 60 }, { algorithm: 'HS512' }));
    await rejected(sign({ ...claims, exp: now() + 60 }, { keyid: 'k9' }));
    await rejected(jwt.sign({ ...claims, exp: now() + 60 }, SECRET, { algorithm: 'HS256' }));
  });

  it('refuses expired tokens and tokens without exp', async () => {
    await rejected(sign({ ...claims, exp: now() - 1 }));
    await rejected(sign({ ...claims }));
  });

  it('refuses a wrong audience or issuer, and a missing one', async () => {
    await rejected(sign({ ...claims, exp: now() + 60, aud: 'another-api' }));
    await rejected(sign({ ...claims, exp: now() + 60, iss: 'https://evil.example' }));
    const { aud: _a, ...noAud } = claims;
    await rejected(sign({ ...noAud, exp: now() + 60 }));
    const { iss: _i, ...noIss } = claims;
    await rejected(sign({ ...noIss, exp: now() + 60 }));
  });

  it('refuses a tampered scope (the signature no longer matches)', async () => {
    const narrow = JSON.parse(await (await oauthPost(t.app, '/token', {
      grant_type: 'refresh_token', refresh_token: chain.storeRefresh, scope: 'tax_settings_read',
    }, { authorization: basic(chain.clientId, chain.clientSecret) })).body).access_token as string;
    expect((await call(t.app, `${chain.storeHref}/webhooks`, { token: narrow })).statusCode).toBe(403);
    const [h, p, s] = narrow.split('.');
    const payload = JSON.parse(Buffer.from(p, 'base64url').toString());
    await rejected(`${h}.${b64({ ...payload, scope: 'store_full_access' })}.${s}`);
  });

  it('refuses a refresh token, or a JWT of another type, used as a bearer token', async () => {
    await rejected(chain.storeRefresh);
    await rejected(sign({ ...claims, typ: 'refresh', exp: now() + 60 }));
    const { typ: _t, ...noType } = claims;
    await rejected(sign({ ...noType, exp: now() + 60 }));
  });

  it('refuses a revoked token and garbage', async () => {
    const token = sign({ ...claims, jti: 'revoke-me', exp: now() + 60 });
    expect(await tokenWorks(t.app, token)).toBe(true);
    const res = await oauthPost(t.app, '/revoke', { token, token_type_hint: 'access_token' }, { authorization: basic(chain.clientId, chain.clientSecret) });
    expect(res.statusCode).toBe(200);
    await rejected(token);
    await rejected('not.a.token');
    expect(AUDIENCE).toBe(claims.aud);
  });
});

describe('signing keys', () => {
  it('refuses to start with an HMAC secret shorter than 32 bytes, a duplicate or a malformed kid', async () => {
    expect(() => parseKeys('k1:' + 'x'.repeat(31))).toThrow(/at least 32/);
    expect(() => parseKeys('k1:' + 'x'.repeat(32))).not.toThrow();
    expect(() => parseKeys(`k1:${'x'.repeat(40)},k1:${'y'.repeat(40)}`)).toThrow(/unique/);
    expect(() => parseKeys(`a b:${'x'.repeat(40)}`)).toThrow(/key id/);
    await expect(makeApp({ config: { jwtSecret: 'short' } })).rejects.toThrow(/at least 32/);
  });

  it('rotates: tokens of the old key keep working while it is configured second, new ones use the new key', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'rotation-'));
    const databaseUrl = join(dir, 'db.sqlite');
    const oldKey = `old:${'o'.repeat(40)}`;
    const newKey = `new:${'n'.repeat(40)}`;
    const a = await makeApp({ config: { databaseUrl, jwtSecret: oldKey } });
    const chain = await tokenChain(a.app);
    await a.close();
    expect(jwt.decode(chain.storeToken, { complete: true })!.header.kid).toBe('old');

    const b = await makeApp({ config: { databaseUrl, jwtSecret: `${newKey},${oldKey}` } });
    expect(await tokenWorks(b.app, chain.storeToken)).toBe(true);
    const fresh = JSON.parse((await oauthPost(b.app, '/token', { grant_type: 'refresh_token', refresh_token: chain.storeRefresh },
      { authorization: basic(chain.clientId, chain.clientSecret) })).body).access_token as string;
    expect(jwt.decode(fresh, { complete: true })!.header.kid).toBe('new');
    expect(await tokenWorks(b.app, fresh)).toBe(true);
    await b.close();

    const c = await makeApp({ config: { databaseUrl, jwtSecret: newKey } });
    expect(await tokenWorks(c.app, chain.storeToken)).toBe(false);
    expect(await tokenWorks(c.app, fresh)).toBe(true);
    await c.close();
  });
});
