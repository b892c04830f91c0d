// What the browser pages and the CLI need about people: password log-in, a user's stores, and
// standalone integrations (a client plus a store_full_access token pair, shown once).
import { sql } from 'kysely';
import type { Values } from '../data/codec.js';
import { sameValue } from '../data/compile.js';
import type { ServiceContext } from '../services/context.js';
import { verifySecret } from './hashing.js';
import { createClient } from './oauth.js';
import { STORE_FULL } from './scopes.js';
import type { TokenService } from './tokens.js';
import { dataOf } from '../services/data-access.js';
import { hasNul } from '../services/coerce.js';

/** `column = value` as the resource's field compares it: an address or a domain whatever its case (compile.ts sameValue). */
function sameText(ctx: ServiceContext, resource: 'user' | 'store', column: 'email' | 'store_domain', value: string) {
  const field = ctx.registry.resource(resource).fields.find((f) => f.column === column);
  if (!field) throw new Error(`${resource} has no column ${column}`);
  return sameValue(field, sql.ref(column), value);
}

/** The user with this email and password, or null; as slow when the user does not exist. */
export async function authenticateUser(ctx: ServiceContext, email: string, password: string) {
  // No stored address is that long or holds NUL (which PostgreSQL cannot even compare: a 500 before):
  // such a one is unknown, as any other, without asking the database.
  const row = email.length <= 100 && password.length <= 200 && !hasNul(email)
    ? await dataOf(ctx).database.db.selectFrom('users').select(['id', 'email', 'first_name', 'last_name', 'password_hash'])
      .where(sameText(ctx, 'user', 'email', email)).executeTakeFirst()
    : undefined;
  const ok = await verifySecret(password, row?.password_hash);
  return row && ok ? { ...row, id: Number(row.id) } : null;
}

export async function findUser(ctx: ServiceContext, id: number) {
  const row = await dataOf(ctx).database.db.selectFrom('users').select(['id', 'email', 'first_name', 'last_name', 'phone'])
    .where('id', '=', id).executeTakeFirst();
  return row ? { ...row, id: Number(row.id) } : null;
}

export async function userStores(ctx: ServiceContext, userId: number) {
  const rows = await dataOf(ctx).database.db.selectFrom('stores').select(['id', 'store_name', 'store_domain', 'store_url'])
    .where('user_id', '=', userId).orderBy('id').execute();
  return rows.map((r) => ({ ...r, id: Number(r.id) }));
}

export interface IntegrationCredentials {
  client_id: string;
  client_secret: string;
  access_token: string;
  refresh_token: string;
  expires_in: number;
  scope: string;
}

/**
 * A new client bound to one store, with a store_full_access token pair. The client may only use
 * the refresh_token grant: it exists for this store, not to run authorization flows for others.
 */
export async function issueIntegration(ctx: ServiceContext, tokens: TokenService, user: Values, store: Values): Promise<IntegrationCredentials> {
  const name = String(store.store_name);
  const { client, clientSecret } = await createClient(ctx, {
    project_name: `Integration for ${name}`.slice(0, 100),
    company_name: name,
    redirect_uri: store.store_url,
    company_url: store.store_url,
    contact_name: `${String(user.first_name)} ${String(user.last_name)}`.slice(0, 100),
    contact_email: user.email,
    contact_phone: (user.phone as string | null) || 'not given',
  }, 'refresh_token');
  const set = await tokens.issue({ clientId: client.id, userId: Number(user.id), storeId: Number(store.id), scope: STORE_FULL });
  return {
    client_id: client.client_id as string, client_secret: clientSecret, access_token: set.access_token,
    refresh_token: set.refresh_token!, expires_in: set.expires_in, scope: set.scope,
  };
}

/** The id of the user with this email, for svc:reporting (a client choosing between creating and connecting). */
export async function userIdByEmail(ctx: ServiceContext, email: string): Promise<number | undefined> {
  const row = await dataOf(ctx).database.db.selectFrom('users').select('id').where(sameText(ctx, 'user', 'email', email)).executeTakeFirst();
  return row ? Number(row.id) : undefined;
}

/** The id of the store with this domain, for svc:reporting. */
export async function storeIdByDomain(ctx: ServiceContext, domain: string): Promise<number | undefined> {
  const row = await dataOf(ctx).database.db.selectFrom('stores').select('id').where(sameText(ctx, 'store', 'store_domain', domain)).executeTakeFirst();
  return row ? Number(row.id) : undefined;
}
