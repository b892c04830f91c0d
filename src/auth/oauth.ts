// Client registration and the client → user → store token chain, over the generic resource service.
// The token endpoint's grants are in grants.ts, the browser flow's codes in codes.ts.
import type { Values } from '../data/codec.js';
import { inTransaction } from '../db/database.js';
import type { ServiceContext } from '../services/context.js';
import { createRow } from '../services/resource-service.js';
import { hashSecret, randomToken } from './hashing.js';
import { CLIENT_FULL, STORE_FULL, USER_FULL } from './scopes.js';
import type { TokenService, TokenSet } from './tokens.js';
import { dataOf } from '../services/data-access.js';
import { apiError, insufficientScope } from '../services/error-catalog.js';

export const CLIENT_ID_PREFIX = 'svc_';

export { OAuthError } from './client-auth.js';

export interface Registration {
  client: Values;
  clientSecret: string;
  token: TokenSet;
}

/** A client row with a generated secret (stored as a hash), shown to the caller once. */
export async function createClient(ctx: ServiceContext, input: Record<string, unknown>, grantTypes?: string): Promise<{ client: Values; clientSecret: string }> {
  const clientSecret = randomToken(32);
  const body = { ...input };
  if (body.client_id === undefined || body.client_id === null || body.client_id === '') {
    body.client_id = CLIENT_ID_PREFIX + randomToken(24).replace(/[-_]/g, 'x').slice(0, 30);
  }
  const client = await createRow(ctx, ctx.registry.resource('client'), body, {
    authorized: true, extraColumns: { client_secret_hash: await hashSecret(clientSecret), grant_types: grantTypes ?? null },
  });
  return { client, clientSecret };
}

export async function registerClient(ctx: ServiceContext, tokens: TokenService, input: Record<string, unknown>): Promise<Registration> {
  const { client, clientSecret } = await createClient(ctx, input);
  // The spec's registration response carries a refresh token, unlike a later client_credentials grant.
  const token = await tokens.issue({ clientId: client.id, scope: CLIENT_FULL });
  return { client, clientSecret, token };
}

/** 401 without a token, 403 without the scope: checked before anything is looked up. */
export function requireScope(ctx: ServiceContext, scope: string): void {
  if (ctx.principal.kind === 'anonymous') throw apiError('TOKEN_REQUIRED');
  if (!ctx.principal.scopes.has(scope)) throw insufficientScope([scope]);
}

/** A user row; a password (for browser log-in) is stored only as its scrypt hash. */
export async function createUser(ctx: ServiceContext, input: Record<string, unknown>, clientId?: number): Promise<Values> {
  const password = typeof input.password === 'string' && input.password.length >= 8 ? input.password : undefined;
  return createRow(ctx, ctx.registry.resource('user'), input, {
    authorized: true,
    extraColumns: { created_by_client_id: clientId ?? null, password_hash: password ? await hashSecret(password) : null },
  });
}

export async function createUserWithToken(ctx: ServiceContext, tokens: TokenService, input: Record<string, unknown>) {
  requireScope(ctx, CLIENT_FULL);
  const user = await createUser(ctx, input, ctx.principal.clientId);
  const token = await tokens.issue({ clientId: ctx.principal.clientId!, userId: user.id, scope: USER_FULL });
  return { user, token };
}

/** A store of the principal's user, with the DEFAULT item category every store has. */
export async function createStore(ctx: ServiceContext, input: Record<string, unknown>): Promise<Values> {
  const store = await createRow(ctx, ctx.registry.resource('store'), input, { authorized: true });
  await inTransaction(dataOf(ctx).database, (tx) => dataOf(ctx).repo.insert(ctx.registry.resource('item_category'), {
    store_id: store.id, code: 'DEFAULT', name: 'Default', item_delivery_type: 'notshipped',
    date_created: store.date_created, date_modified: store.date_created,
  }, tx));
  return store;
}

export async function createStoreWithToken(ctx: ServiceContext, tokens: TokenService, input: Record<string, unknown>) {
  requireScope(ctx, USER_FULL);
  const store = await createStore(ctx, input);
  const token = await tokens.issue({ clientId: ctx.principal.clientId!, userId: ctx.principal.userId, storeId: store.id, scope: STORE_FULL });
  return { store, token };
}
