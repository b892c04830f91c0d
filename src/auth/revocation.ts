// Token revocation (RFC 7009) and introspection (RFC 7662), both for the authenticated client's
// own tokens. A refresh token revokes its whole grant, and so every access token issued under it.
import type { Values } from '../data/codec.js';
import type { ServiceContext } from '../services/context.js';
import { authenticateClient, OAuthError, oauthParams } from './client-auth.js';
import { AUDIENCE, verifyAccessToken } from './jwt.js';
import type { TokenService } from './tokens.js';

async function authenticated(ctx: ServiceContext, authorization: string | undefined, body: unknown) {
  const params = oauthParams(body);
  const client = await authenticateClient(ctx, authorization, params);
  if (!params.token) throw new OAuthError('invalid_request', 'token is required');
  // token_type_hint only speeds up a lookup (RFC 7009 §2.1); both kinds are tried whatever it says.
  return { client, token: params.token };
}

function notYours(): never {
  throw new OAuthError('unauthorized_client', 'the token was issued to another client');
}

/** Revokes the token if it is this client's; an unknown or invalid token is not an error (RFC 7009 §2.2). */
export async function revokeToken(ctx: ServiceContext, tokens: TokenService, authorization: string | undefined, body: unknown): Promise<void> {
  const { client, token } = await authenticated(ctx, authorization, body);
  const refresh = await tokens.findRefresh(token);
  if (refresh) {
    if (refresh.clientId !== client.id) notYours();
    await tokens.revokeFamily(refresh.family);
    return;
  }
  const access = verifyAccessToken(tokens.opts.keys, tokens.opts.issuer, token, tokens.nowSec());
  if (access) {
    if (access.cid !== client.id) notYours();
    await tokens.revokeAccess(access);
  }
}

const optional = (key: string, v: number | undefined) => (v === undefined ? {} : { [key]: v });

/** RFC 7662 §2.2: `{active: false}` for anything that is not a live token of this client. */
export async function introspectToken(ctx: ServiceContext, tokens: TokenService, authorization: string | undefined,
  body: unknown): Promise<Record<string, unknown>> {
  const { client, token } = await authenticated(ctx, authorization, body);
  const inactive = { active: false };
  const refresh = await tokens.findRefresh(token);
  if (refresh) {
    if (refresh.clientId !== client.id || refresh.revoked || refresh.rotated) return inactive;
    return {
      active: true, token_type: 'refresh_token', scope: refresh.scope, client_id: client.client_id, iss: tokens.opts.issuer,
      ...optional('user_id', refresh.userId), ...optional('store_id', refresh.storeId),
    };
  }
  const access = await tokens.verifyAccess(token);
  if (!access || access.cid !== client.id) return inactive;
  return {
    active: true, token_type: 'Bearer', scope: access.scope, client_id: (client as Values).client_id, exp: access.exp,
    iss: tokens.opts.issuer, aud: AUDIENCE, jti: access.jti, ...optional('user_id', access.uid), ...optional('store_id', access.sid),
  };
}
