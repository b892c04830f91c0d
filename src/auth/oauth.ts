// The OAuth 2.0 side of the service: client registration, the client → user → store token chain
// and the token endpoint's grants (RFC 6749), over the generic resource service.
import type { Values } from '../data/codec.js';
import { inTransaction } from '../db/database.js';
import { ApiError } from '../services/errors.js';
import type { ServiceContext } from '../services/context.js';
import { createRow } from '../services/resource-service.js';
import { hashSecret, randomToken, verifySecret } from './hashing.js';
import { CLIENT_FULL, STORE_FULL, USER_FULL } from './scopes.js';
import type { TokenService, TokenSet } from './tokens.js';

export const CLIENT_ID_PREFIX = 'svc_';

/** An RFC 6749 §5.2 error. */
export class OAuthError extends Error {
  constructor(readonly error: string, readonly description: string, readonly status = 400) {
    super(description);
  }
}

export interface Registration {
  client: Values;
  clientSecret: string;
  token: TokenSet;
}

export async function registerClient(ctx: ServiceContext, tokens: TokenService, input: Record<string, unknown>): Promise<Registration> {
  const clientSecret = randomToken(32);
  const body = { ...input };
  if (body.client_id === undefined || body.client_id === null || body.client_id === '') {
    body.client_id = CLIENT_ID_PREFIX + randomToken(24).replace(/[-_]/g, 'x').slice(0, 30);
  }
  const client = await createRow(ctx, ctx.registry.resource('client'), body, {
    authorized: true, extraColumns: { client_secret_hash: await hashSecret(clientSecret) },
  });
  // The spec's registration response carries a refresh token, unlike a later client_credentials grant.
  const token = await tokens.issue({ clientId: client.id, scope: CLIENT_FULL });
  return { client, clientSecret, token };
}

function requireScope(ctx: ServiceContext, scope: string): void {
  if (ctx.principal.kind === 'anonymous') throw ApiError.unauthenticated();
  if (!ctx.principal.scopes.has(scope)) throw ApiError.forbidden([scope]);
}

export async function createUserWithToken(ctx: ServiceContext, tokens: TokenService, input: Record<string, unknown>) {
  requireScope(ctx, CLIENT_FULL);
  const password = typeof input.password === 'string' && input.password.length >= 8 ? input.password : undefined;
  const user = await createRow(ctx, ctx.registry.resource('user'), input, {
    authorized: true,
    extraColumns: { created_by_client_id: ctx.principal.clientId, password_hash: password ? await hashSecret(password) : null },
  });
  const token = await tokens.issue({ clientId: ctx.principal.clientId!, userId: user.id, scope: USER_FULL });
  return { user, token };
}

export async function createStoreWithToken(ctx: ServiceContext, tokens: TokenService, input: Record<string, unknown>) {
  requireScope(ctx, USER_FULL);
  const store = await createRow(ctx, ctx.registry.resource('store'), input, { authorized: true });
  await inTransaction(ctx.database, (tx) => ctx.repo.insert(ctx.registry.resource('item_category'), {
    store_id: store.id, code: 'DEFAULT', name: 'Default', item_delivery_type: 'notshipped',
    date_created: store.date_created, date_modified: store.date_created,
  }, tx));
  const token = await tokens.issue({ clientId: ctx.principal.clientId!, userId: ctx.principal.userId, storeId: store.id, scope: STORE_FULL });
  return { store, token };
}

/** Client authentication by HTTP Basic or body parameters (RFC 6749 §2.3.1). */
export async function authenticateClient(ctx: ServiceContext, authorization: string | undefined, body: Record<string, unknown>): Promise<Values> {
  let id = typeof body.client_id === 'string' ? body.client_id : undefined;
  let secret = typeof body.client_secret === 'string' ? body.client_secret : undefined;
  const basic = /^Basic\s+([A-Za-z0-9+/=]+)\s*$/i.exec(authorization ?? '');
  if (basic) {
    const decoded = Buffer.from(basic[1], 'base64').toString('utf8');
    const i = decoded.indexOf(':');
    if (i < 0 || (id && id !== decodeURIComponent(decoded.slice(0, i)))) throw new OAuthError('invalid_request', 'malformed client credentials');
    id = decodeURIComponent(decoded.slice(0, i));
    secret = decodeURIComponent(decoded.slice(i + 1));
  }
  if (!id || !secret) throw new OAuthError('invalid_client', 'client authentication is required', 401);
  const row = await ctx.database.db.selectFrom('clients').selectAll().where('client_id', '=', id).executeTakeFirst();
  const ok = await verifySecret(secret, row?.client_secret_hash as string | undefined);
  if (!row || !ok) throw new OAuthError('invalid_client', 'unknown client or wrong secret', 401);
  return { ...row, id: Number(row.id) } as Values;
}

function narrowScope(granted: string, requested: unknown): string {
  if (requested === undefined || requested === '') return granted;
  if (typeof requested !== 'string') throw new OAuthError('invalid_scope', 'scope must be a space-separated string');
  const have = new Set(granted.split(' '));
  const want = requested.split(' ').filter(Boolean);
  const full = [...have].find((s) => s === STORE_FULL);
  for (const s of want) {
    // A store_full_access grant may be narrowed to any area scope of its store.
    if (!have.has(s) && !(full && /_(read|write|resend)$/.test(s))) throw new OAuthError('invalid_scope', `scope ${s} exceeds the grant`);
  }
  return want.join(' ');
}

export async function tokenGrant(ctx: ServiceContext, tokens: TokenService, authorization: string | undefined,
  body: Record<string, unknown>): Promise<TokenSet> {
  const grantType = body.grant_type;
  if (typeof grantType !== 'string' || !grantType) throw new OAuthError('invalid_request', 'grant_type is required');
  if (!['refresh_token', 'client_credentials', 'authorization_code'].includes(grantType)) {
    throw new OAuthError('unsupported_grant_type', `grant_type ${grantType} is not supported`);
  }
  const client = await authenticateClient(ctx, authorization, body);
  if (grantType === 'client_credentials') {
    const scope = narrowScope(CLIENT_FULL, body.scope);
    // RFC 6749 §4.4.3: no refresh token for client credentials.
    return { access_token: tokens.accessToken({ clientId: client.id, scope }), expires_in: tokens.opts.accessTokenTtl, token_type: 'Bearer', scope };
  }
  if (grantType === 'refresh_token') {
    if (typeof body.refresh_token !== 'string') throw new OAuthError('invalid_request', 'refresh_token is required');
    const grant = await tokens.findRefresh(body.refresh_token, client.id);
    if (!grant) throw new OAuthError('invalid_grant', 'the refresh token is invalid, revoked or not this client\'s');
    if (grant.rotated) {
      await tokens.revokeFamily(grant.family);
      throw new OAuthError('invalid_grant', 'the refresh token was already used; its grant is revoked');
    }
    const scope = narrowScope(grant.scope, body.scope);
    const g = { clientId: client.id, userId: grant.userId, storeId: grant.storeId, scope };
    if (!tokens.opts.rotateRefreshTokens) {
      return { access_token: tokens.accessToken(g), expires_in: tokens.opts.accessTokenTtl, token_type: 'Bearer', scope, refresh_token: body.refresh_token };
    }
    await ctx.database.db.updateTable('refresh_tokens').set({ rotated_at: new Date().toISOString() }).where('id', '=', grant.id).execute();
    return tokens.issue({ ...g, scope: grant.scope }, ctx.database.db, grant.family).then((t) => ({ ...t, scope, access_token: tokens.accessToken(g) }));
  }
  throw new OAuthError('unsupported_grant_type', 'authorization_code needs the browser flow, which is not available yet');
}
