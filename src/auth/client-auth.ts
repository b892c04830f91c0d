// Client authentication at the token, revocation and introspection endpoints (RFC 6749 §2.3.1):
// HTTP Basic or body parameters, never both; the secret is compared against its scrypt hash.
import type { Values } from '../data/codec.js';
import type { ServiceContext } from '../services/context.js';
import { verifySecret } from './hashing.js';
import { dataOf } from '../services/data-access.js';
import { hasNul } from '../services/coerce.js';

/** An RFC 6749 §5.2 error. */
export class OAuthError extends Error {
  constructor(readonly error: string, readonly description: string, readonly status = 400) {
    super(description);
  }
}

export const GRANT_TYPES = ['authorization_code', 'refresh_token', 'client_credentials'] as const;
export type GrantType = typeof GRANT_TYPES[number];

/** Form parameters as single strings: a repeated parameter is invalid (RFC 6749 §3.1, §3.2). */
export function oauthParams(body: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  if (!body || typeof body !== 'object' || Array.isArray(body)) return out;
  for (const [k, v] of Object.entries(body as Record<string, unknown>)) {
    if (v === undefined || v === null) continue;
    if (typeof v !== 'string') throw new OAuthError('invalid_request', `parameter ${k} must be given once, as a string`);
    out[k] = v;
  }
  return out;
}

function formDecode(s: string): string {
  try {
    return decodeURIComponent(s.replace(/\+/g, ' '));
  } catch {
    throw new OAuthError('invalid_request', 'malformed client credentials in the Authorization header');
  }
}

function credentials(authorization: string | undefined, params: Record<string, string>): { id?: string; secret?: string } {
  const basic = /^Basic\s+([A-Za-z0-9+/=]+)\s*$/i.exec(authorization ?? '');
  if (authorization && /^Basic\s/i.test(authorization) && !basic) {
    throw new OAuthError('invalid_request', 'malformed client credentials in the Authorization header');
  }
  if (!basic) return { id: params.client_id, secret: params.client_secret };
  if (params.client_secret !== undefined) throw new OAuthError('invalid_request', 'use one client authentication method, not both');
  const decoded = Buffer.from(basic[1], 'base64').toString('utf8');
  const i = decoded.indexOf(':');
  if (i < 0) throw new OAuthError('invalid_request', 'malformed client credentials in the Authorization header');
  const id = formDecode(decoded.slice(0, i));
  // The id is looked up in the database, where text cannot hold NUL (a 500 on PostgreSQL before).
  if (hasNul(id)) throw new OAuthError('invalid_request', 'malformed client credentials in the Authorization header');
  if (params.client_id !== undefined && params.client_id !== id) throw new OAuthError('invalid_request', 'client_id differs from the authenticated client');
  return { id, secret: formDecode(decoded.slice(i + 1)) };
}

/** The authenticated client row (id as a number), or invalid_client (401). */
export async function authenticateClient(ctx: ServiceContext, authorization: string | undefined, params: Record<string, string>): Promise<Values> {
  const { id, secret } = credentials(authorization, params);
  if (!id || !secret) throw new OAuthError('invalid_client', 'client authentication is required (HTTP Basic or client_id and client_secret)', 401);
  const row = id.length <= 200
    ? await dataOf(ctx).database.db.selectFrom('clients').selectAll().where('client_id', '=', id).executeTakeFirst()
    : undefined;
  const ok = await verifySecret(secret, row?.client_secret_hash);
  if (!row || !ok) throw new OAuthError('invalid_client', 'unknown client or wrong secret', 401);
  return { ...row, id: Number(row.id) };
}

/** Whether a client is public (RFC 6749 §2.1): a property set at registration, never inferred. */
export function isPublicClient(client: Values): boolean {
  return client.client_type === 'public';
}

/**
 * A public client (registered with client_type `public`: a browser or native front end that cannot
 * keep a secret) identifies itself with its client_id alone for the authorization-code grant (PKCE
 * is required for its codes) and for refreshing (its refresh tokens rotate). A confidential client
 * always authenticates with its secret, whatever else it registered (a javascript_origin_uri only
 * opens CORS). Returns the client, or undefined when the request is not such a request.
 */
export async function publicClient(ctx: ServiceContext, authorization: string | undefined, params: Record<string, string>,
  grantType: string): Promise<Values | undefined> {
  if (authorization || params.client_secret !== undefined || !params.client_id) return undefined;
  if (grantType !== 'authorization_code' && grantType !== 'refresh_token') return undefined;
  const row = params.client_id.length <= 200
    ? await dataOf(ctx).database.db.selectFrom('clients').selectAll().where('client_id', '=', params.client_id).executeTakeFirst()
    : undefined;
  if (!row || row.client_type !== 'public') return undefined;
  return { ...row, id: Number(row.id) };
}

/** Whether a client may use a grant type (clients made by "Get Token" may only refresh). */
export function clientAllows(client: Values, grantType: GrantType): boolean {
  const list = client.grant_types;
  return typeof list !== 'string' || list.split(' ').includes(grantType);
}
