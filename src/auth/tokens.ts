// Issues and refreshes token sets, and turns a bearer token into a Principal.
import type { Database, Db } from '../db/database.js';
import type { Clock } from '../services/clock.js';
import { formatTimestamp } from '../services/clock.js';
import { hashSecret, randomToken, verifySecret } from './hashing.js';
import { signAccessToken, verifyAccessToken } from './jwt.js';
import type { SigningKey } from './keys.js';
import { ANONYMOUS, type Principal } from './principal.js';
import { CLIENT_FULL, STORE_FULL, USER_FULL } from './scopes.js';

export interface TokenSet {
  access_token: string;
  expires_in: number;
  token_type: 'Bearer';
  scope: string;
  refresh_token?: string;
}

export interface Grant {
  clientId: number;
  userId?: number;
  storeId?: number;
  scope: string;
}

export interface TokenServiceOptions {
  keys: SigningKey[];
  issuer: string;
  accessTokenTtl: number;
  rotateRefreshTokens: boolean;
}

export class TokenService {
  constructor(private readonly database: Database, private readonly clock: Clock, readonly opts: TokenServiceOptions) {}

  private nowSec(): number {
    return Math.floor(this.clock.now().getTime() / 1000);
  }

  accessToken(g: Grant): string {
    return signAccessToken(this.opts.keys, this.opts.issuer, { cid: g.clientId, uid: g.userId, sid: g.storeId, scope: g.scope },
      this.opts.accessTokenTtl, this.nowSec());
  }

  /** A new access token and a new refresh token (stored hashed) for a grant. */
  async issue(g: Grant, db: Db = this.database.db, family = randomToken(12)): Promise<TokenSet> {
    const secret = randomToken(32);
    const hash = await hashSecret(secret);
    const now = formatTimestamp(this.clock.now());
    const row = await db.insertInto('refresh_tokens').values({
      token_hash: hash, client_id: g.clientId, user_id: g.userId ?? null, store_id: g.storeId ?? null,
      scope: g.scope, family, date_created: now, date_modified: now,
    }).returning('id').executeTakeFirstOrThrow();
    return {
      access_token: this.accessToken(g), expires_in: this.opts.accessTokenTtl, token_type: 'Bearer',
      scope: g.scope, refresh_token: `${row.id}.${secret}`,
    };
  }

  /** The live grant behind a refresh token of `clientId`, or null. */
  async findRefresh(token: string, clientId: number): Promise<(Grant & { id: number; family: string; rotated: boolean }) | null> {
    const m = /^([1-9]\d{0,15})\.([A-Za-z0-9_-]{20,100})$/.exec(token);
    if (!m) return null;
    const row = await this.database.db.selectFrom('refresh_tokens').selectAll().where('id', '=', Number(m[1])).executeTakeFirst();
    if (!row || row.revoked_at || Number(row.client_id) !== clientId) return null;
    if (!(await verifySecret(m[2], row.token_hash as string))) return null;
    return {
      id: Number(row.id), family: row.family as string, rotated: !!row.rotated_at, clientId,
      userId: row.user_id == null ? undefined : Number(row.user_id),
      storeId: row.store_id == null ? undefined : Number(row.store_id), scope: row.scope as string,
    };
  }

  async revokeFamily(family: string): Promise<void> {
    await this.database.db.updateTable('refresh_tokens').set({ revoked_at: formatTimestamp(this.clock.now()) })
      .where('family', '=', family).execute();
  }

  /** The principal of an `Authorization` header: anonymous without one, null when it is invalid. */
  principalFromHeader(header: string | undefined): Principal | null {
    if (!header) return ANONYMOUS;
    const m = /^Bearer\s+([A-Za-z0-9._~+/=-]+)\s*$/i.exec(header);
    if (!m) return null;
    const claims = verifyAccessToken(this.opts.keys, this.opts.issuer, m[1], this.nowSec());
    if (!claims) return null;
    const scopes = new Set(claims.scope.split(' ').filter(Boolean));
    const kind = claims.sid ? 'store' : claims.uid ? 'user' : 'client';
    return { kind, scopes, clientId: claims.cid, userId: claims.uid, storeId: claims.sid, tokenId: claims.jti };
  }
}

export const FULL_SCOPE_OF = { client: CLIENT_FULL, user: USER_FULL, store: STORE_FULL } as const;
