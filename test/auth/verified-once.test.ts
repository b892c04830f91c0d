// A request's bearer token is parsed and verified once: the rate limiter's key needs its claims
// first (src/ops/rate-limit.ts), and the bearer hook of app.ts takes them from the request instead
// of verifying the token again (TokenService.principalFromHeader's `verified`). A token's scopes
// are one shared set, not split anew for every request.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { containerOf } from '../../src/app.js';
import { makeApp, type TestApp } from '../helpers/app.js';
import { call, tokenChain, type Chain } from '../helpers/rest.js';

describe('the bearer token verified once per request', () => {
  let t: TestApp;
  let chain: Chain;
  beforeAll(async () => {
    t = await makeApp();
    chain = await tokenChain(t.app);
  });
  afterAll(() => t.close());

  const tokens = () => containerOf(t.app).tokens;

  it('takes claims already verified for the request instead of parsing the header again', async () => {
    const claims = tokens().bearerClaims(`Bearer ${chain.storeToken}`);
    expect(claims?.sid).toBeTypeOf('number');
    // The header is not read again when the claims are given: a principal for the given claims.
    const p = await tokens().principalFromHeader('Bearer not-this-one', claims);
    expect(p?.tokenId).toBe(claims!.jti);
    expect(p?.storeId).toBe(claims!.sid);
    // Claims found invalid for the request stay invalid, whatever the header says.
    expect(await tokens().principalFromHeader(`Bearer ${chain.storeToken}`, null)).toBeNull();
    expect(tokens().deferredPrincipal(`Bearer ${chain.storeToken}`, null)).toBeNull();
    // Without them the header is verified as before.
    expect((await tokens().principalFromHeader(`Bearer ${chain.storeToken}`))?.tokenId).toBe(claims!.jti);
    expect(await tokens().principalFromHeader('Bearer not-a-token')).toBeNull();
    expect(tokens().bearerClaims('Basic abc')).toBeNull();
    expect(tokens().bearerClaims(undefined)).toBeNull();
  });

  it('gives every principal of a token the same set of scopes', async () => {
    const a = await tokens().principalFromHeader(`Bearer ${chain.storeToken}`);
    const b = await tokens().principalFromHeader(`Bearer ${chain.storeToken}`);
    expect(a).not.toBe(b);
    expect(a!.scopes).toBe(b!.scopes);
    expect(a!.scopes.size).toBeGreaterThan(0);
  });

  it('answers through the app as before: a valid token, a garbled one, and none', async () => {
    expect((await call(t.app, chain.storeHref, { token: chain.storeToken })).statusCode).toBe(200);
    expect((await call(t.app, chain.storeHref, { token: `${chain.storeToken}x` })).statusCode).toBe(401);
    expect((await call(t.app, chain.storeHref)).statusCode).toBe(401);
  });
});
