// Authorization codes (RFC 6749 §4.1, PKCE RFC 7636 S256 only): short-lived, single use, bound to
// the client, the redirect URI and the code challenge. A code presented twice revokes the tokens
// its first exchange issued (RFC 6749 §4.1.2). PKCE is required of public clients; a confidential
// client may go without (RFC 9700 §2.1.1 allows it, the hosted API's SDK does), but a code issued
// with a challenge needs its verifier and one issued without refuses a verifier (no downgrade).
// redirect_uri is required at the token step only if the authorization request carried it.
import { createHash, timingSafeEqual } from 'node:crypto';
import type { Values } from '../data/codec.js';
import { formatTimestamp } from '../services/clock.js';
import type { ServiceContext } from '../services/context.js';
import { isPublicClient, OAuthError } from './client-auth.js';
import { randomToken } from './hashing.js';
import type { TokenService, TokenSet } from './tokens.js';
import { dataOf } from '../services/data-access.js';

export const CODE_TTL_SECONDS = 60;
const KEEP_SPENT_SECONDS = 24 * 3600;
/** RFC 7636 §4.1 (verifier) and §4.2 (an S256 challenge is 43 base64url characters). */
const VERIFIER = /^[A-Za-z0-9._~-]{43,128}$/;
export const CHALLENGE = /^[A-Za-z0-9_-]{43}$/;

export interface CodeGrant {
  clientId: number;
  userId: number;
  storeId?: number;
  scope: string;
  redirectUri: string;
  /** Whether the authorization request named the redirect URI (else the registered one was used). */
  redirectUriSent: boolean;
  /** Absent for a confidential client's request without PKCE. */
  codeChallenge?: string;
}

const sha256 = (s: string) => createHash('sha256').update(s).digest();

export function s256(verifier: string): string {
  return sha256(verifier).toString('base64url');
}

export async function createCode(ctx: ServiceContext, g: CodeGrant): Promise<string> {
  const code = randomToken(32);
  const now = ctx.clock.now();
  const stamp = formatTimestamp(now);
  // Spent or expired codes are kept a while so a late replay still revokes what they issued.
  await dataOf(ctx).database.db.deleteFrom('authorization_codes')
    .where('expires_at', '<', formatTimestamp(new Date(now.getTime() - KEEP_SPENT_SECONDS * 1000))).execute();
  await dataOf(ctx).database.db.insertInto('authorization_codes').values({
    code_hash: sha256(code).toString('hex'), client_id: g.clientId, user_id: g.userId, store_id: g.storeId ?? null,
    scope: g.scope, redirect_uri: g.redirectUri, redirect_uri_sent: g.redirectUriSent ? 1 : 0, code_challenge: g.codeChallenge ?? '', family: randomToken(12),
    expires_at: formatTimestamp(new Date(now.getTime() + CODE_TTL_SECONDS * 1000)), date_created: stamp, date_modified: stamp,
  }).execute();
  return code;
}

function required(params: Record<string, string>, name: string): string {
  const v = params[name];
  if (!v) throw new OAuthError('invalid_request', `${name} is required`);
  return v;
}

/** The authorization_code grant: checks the code, claims it once, and issues a token pair. */
export async function exchangeCode(ctx: ServiceContext, tokens: TokenService, client: Values, params: Record<string, string>): Promise<TokenSet> {
  const code = required(params, 'code');
  const verifier = params.code_verifier;
  if (verifier !== undefined && !VERIFIER.test(verifier)) throw new OAuthError('invalid_request', 'code_verifier must be 43-128 characters of A-Z a-z 0-9 - . _ ~');
  if (isPublicClient(client) && !verifier) throw new OAuthError('invalid_request', 'code_verifier is required (PKCE) for public clients');
  const db = dataOf(ctx).database.db;
  const row = await db.selectFrom('authorization_codes').selectAll().where('code_hash', '=', sha256(code).toString('hex')).executeTakeFirst();
  // Another client's code is refused without being spent, so the real client can still redeem it.
  if (!row || Number(row.client_id) !== client.id) throw new OAuthError('invalid_grant', 'unknown authorization code, or issued to another client');
  const redirectSent = Number(row.redirect_uri_sent) === 1;
  if (redirectSent && !params.redirect_uri) throw new OAuthError('invalid_request', 'redirect_uri is required: the authorization request carried one');
  const now = formatTimestamp(ctx.clock.now());
  const claimed = await db.updateTable('authorization_codes').set({ used_at: now })
    .where('id', '=', row.id).where('used_at', 'is', null).executeTakeFirst();
  if (Number(claimed.numUpdatedRows) !== 1) {
    await db.updateTable('authorization_codes').set({ reused_at: now }).where('id', '=', row.id).execute();
    await tokens.revokeFamily(row.family);
    throw new OAuthError('invalid_grant', 'the authorization code was already used; the tokens it issued are revoked');
  }
  if (row.expires_at <= now) throw new OAuthError('invalid_grant', 'the authorization code has expired');
  if (params.redirect_uri !== undefined && row.redirect_uri !== params.redirect_uri) {
    throw new OAuthError('invalid_grant', 'redirect_uri differs from the authorization request');
  }
  const challenge = String(row.code_challenge ?? '');
  if (challenge) {
    if (!verifier) throw new OAuthError('invalid_grant', 'code_verifier is required: the authorization request carried a code_challenge');
    const expected = Buffer.from(challenge);
    const actual = Buffer.from(s256(verifier));
    if (expected.length !== actual.length || !timingSafeEqual(expected, actual)) {
      throw new OAuthError('invalid_grant', 'code_verifier does not match the code_challenge');
    }
  } else if (verifier !== undefined) {
    // RFC 9700 §2.1.1: a verifier for a code issued without a challenge is a downgrade attempt.
    throw new OAuthError('invalid_grant', 'code_verifier was sent but the authorization request carried no code_challenge');
  }
  const set = await tokens.issue({
    clientId: client.id, userId: Number(row.user_id), storeId: row.store_id == null ? undefined : Number(row.store_id),
    scope: row.scope, family: row.family,
  });
  // A replay that raced this exchange revoked the family before our insert: check again after it.
  const after = await db.selectFrom('authorization_codes').select('reused_at').where('id', '=', row.id).executeTakeFirst();
  if (after?.reused_at) {
    await tokens.revokeFamily(row.family);
    throw new OAuthError('invalid_grant', 'the authorization code was already used; the tokens it issued are revoked');
  }
  return set;
}
