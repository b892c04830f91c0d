// Narrower tokens for scope tests, obtained the way an integration would: a refresh grant with a
// smaller `scope` at the token endpoint.
import type { FastifyInstance } from 'fastify';
import type { Chain } from './rest.js';

export async function narrowToken(app: FastifyInstance, chain: Chain, scope: string): Promise<string> {
  const res = await app.inject({
    method: 'POST', url: '/token',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({
      grant_type: 'refresh_token', refresh_token: chain.storeRefresh, client_id: chain.clientId,
      client_secret: chain.clientSecret, scope,
    }).toString(),
  });
  if (res.statusCode !== 200) throw new Error(`narrow token: ${res.statusCode} ${res.body}`);
  return JSON.parse(res.body).access_token;
}
