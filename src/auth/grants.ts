// The token endpoint's grants (RFC 6749 §4.1.3, §4.4, §6): authorization_code with PKCE,
// refresh_token (optionally narrower, optionally rotating with reuse detection) and
// client_credentials, each answering the §5.2 error codes.
import type { Values } from '../data/codec.js';
import type { ServiceContext } from '../services/context.js';
import { authenticateClient, clientAllows, isPublicClient, publicClient, GRANT_TYPES, OAuthError, oauthParams, type GrantType } from './client-auth.js';
import { exchangeCode } from './codes.js';
import { CLIENT_FULL, covers } from './scopes.js';
import type { TokenService, TokenSet } from './tokens.js';

/** The requested scope when the grant covers all of it, else invalid_scope; no request keeps the grant's. */
export function narrowScope(ctx: ServiceContext, granted: string, requested: string | undefined): string {
  if (requested === undefined || requested.trim() === '') return granted;
  const have = new Set(granted.split(' ').filter(Boolean));
  const want = [...new Set(requested.split(' ').filter(Boolean))];
  for (const s of want) {
    if (!covers(ctx.registry, have, s)) throw new OAuthError('invalid_scope', `scope ${s} is unknown or exceeds the grant (${granted})`);
  }
  return want.join(' ');
}

async function refresh(ctx: ServiceContext, tokens: TokenService, client: Values, params: Record<string, string>): Promise<TokenSet> {
  if (!params.refresh_token) throw new OAuthError('invalid_request', 'refresh_token is required');
  const grant = await tokens.findRefresh(params.refresh_token);
  if (!grant || grant.clientId !== client.id || grant.revoked) {
    throw new OAuthError('invalid_grant', 'the refresh token is invalid, revoked or not this client\'s');
  }
  const reused = () => {
    // A rotated token coming back means two parties hold it: end the whole grant (RFC 6819 §5.2.2.3).
    throw new OAuthError('invalid_grant', 'the refresh token was already used; its grant is revoked');
  };
  if (grant.rotated) {
    await tokens.revokeFamily(grant.family);
    reused();
  }
  const scope = narrowScope(ctx, grant.scope, params.scope);
  const g = { clientId: client.id, userId: grant.userId, storeId: grant.storeId, family: grant.family };
  if (!tokens.opts.rotateRefreshTokens && !isPublicClient(client)) {
    // Integrations store the refresh token once (DESIGN §4): by default a confidential client's
    // keeps its value (it is useless without the secret). A public client's token is a bearer
    // credential on its own, so it rotates with reuse detection (RFC 9700 §4.14.2).
    return { ...tokens.accessOnly({ ...g, scope }), refresh_token: params.refresh_token };
  }
  if (!(await tokens.markRotated(grant.id))) {
    await tokens.revokeFamily(grant.family);
    reused();
  }
  // RFC 6749 §6: a new refresh token keeps the scope of the one it replaces; only the access token narrows.
  const set = await tokens.issue({ ...g, scope: grant.scope });
  return { ...set, scope, access_token: tokens.accessToken({ ...g, scope }) };
}

export async function tokenGrant(ctx: ServiceContext, tokens: TokenService, authorization: string | undefined,
  body: unknown): Promise<TokenSet> {
  const params = oauthParams(body);
  const grantType = params.grant_type;
  if (!grantType) throw new OAuthError('invalid_request', 'grant_type is required');
  if (!(GRANT_TYPES as readonly string[]).includes(grantType)) {
    throw new OAuthError('unsupported_grant_type', `grant_type ${grantType} is not supported; use one of ${GRANT_TYPES.join(', ')}`);
  }
  const client = await publicClient(ctx, authorization, params, grantType) ?? await authenticateClient(ctx, authorization, params);
  if (!clientAllows(client, grantType as GrantType)) {
    throw new OAuthError('unauthorized_client', `this client may not use the ${grantType} grant`);
  }
  switch (grantType as GrantType) {
    case 'client_credentials': {
      const scope = narrowScope(ctx, CLIENT_FULL, params.scope);
      // RFC 6749 §4.4.3: no refresh token here (registration's response has one: the spec says so).
      return tokens.accessOnly({ clientId: client.id, scope });
    }
    case 'refresh_token':
      return refresh(ctx, tokens, client, params);
    case 'authorization_code':
      // The scope is the one the user approved; a scope parameter here (not defined by §4.1.3) is ignored.
      return exchangeCode(ctx, tokens, client, params);
  }
}
