// Issues and refreshes token sets, revokes them, and turns a bearer token into a Principal.
import { sql, type CompiledQuery } from 'kysely';
import type { Database, Db } from '../db/database.js';
import type { Clock } from '../services/clock.js';
import { formatTimestamp } from '../services/clock.js';
import { hashSecret, randomToken, verifySecret } from './hashing.js';
import { signAccessToken, verifyAccessToken, type VerifiedAccess } from './jwt.js';
import type { SigningKey } from './keys.js';
import { ANONYMOUS, type Principal } from './principal.js';
import { CLIENT_FULL, STORE_FULL, USER_FULL } from './scopes.js';
import { foundIn, livenessAt, TokenCheck, type Liveness } from './token-check.js';
import { LivenessCache } from './liveness-cache.js';

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
  /** The refresh-token family the access token belongs to (absent for client_credentials). */
  family?: string;
}

/** A stored refresh token, whoever it was issued to: callers check the client and the state. */
export interface RefreshGrant extends Grant {
  id: number;
  family: string;
  rotated: boolean;
  revoked: boolean;
}

export interface TokenServiceOptions {
  keys: SigningKey[];
  issuer: string;
  accessTokenTtl: number;
  rotateRefreshTokens: boolean;
}

const REFRESH_FORMAT = /^([1-9]\d{0,15})\.([A-Za-z0-9_-]{20,100})$/;

export class TokenService {
  readonly #answers = new LivenessCache();

  constructor(private readonly database: Database, private readonly clock: Clock, readonly opts: TokenServiceOptions) {}

  nowSec(): number {
    return Math.floor(this.clock.now().getTime() / 1000);
  }

  private now(): string {
    return formatTimestamp(this.clock.now());
  }

  accessToken(g: Grant): string {
    return signAccessToken(this.opts.keys, this.opts.issuer,
      { cid: g.clientId, uid: g.userId, sid: g.storeId, scope: g.scope, fam: g.family }, this.opts.accessTokenTtl, this.nowSec());
  }

  /** A token set without a refresh token (client_credentials, RFC 6749 §4.4.3). */
  accessOnly(g: Grant): TokenSet {
    return { access_token: this.accessToken(g), expires_in: this.opts.accessTokenTtl, token_type: 'Bearer', scope: g.scope };
  }

  /** A new access token and a new refresh token (stored hashed) for a grant, in `g.family` or a new family. */
  async issue(g: Grant, db: Db = this.database.db): Promise<TokenSet> {
    const family = g.family ?? randomToken(12);
    const secret = randomToken(32);
    const hash = await hashSecret(secret);
    const now = this.now();
    const row = await db.insertInto('refresh_tokens').values({
      token_hash: hash, client_id: g.clientId, user_id: g.userId ?? null, store_id: g.storeId ?? null,
      scope: g.scope, family, date_created: now, date_modified: now,
    }).returning('id').executeTakeFirstOrThrow();
    return { ...this.accessOnly({ ...g, family }), refresh_token: `${row.id}.${secret}` };
  }

  /** The stored grant behind a refresh token (revoked or not), or null when there is none. */
  async findRefresh(token: string): Promise<RefreshGrant | null> {
    const m = REFRESH_FORMAT.exec(token);
    if (!m) return null;
    const row = await this.database.db.selectFrom('refresh_tokens').selectAll().where('id', '=', Number(m[1])).executeTakeFirst();
    if (!(await verifySecret(m[2], row?.token_hash)) || !row) return null;
    return {
      id: Number(row.id), family: row.family, rotated: !!row.rotated_at, revoked: !!row.revoked_at,
      clientId: Number(row.client_id), userId: row.user_id == null ? undefined : Number(row.user_id),
      storeId: row.store_id == null ? undefined : Number(row.store_id), scope: row.scope,
    };
  }

  /** Marks a refresh token as rotated; false when a concurrent refresh did so first. */
  async markRotated(id: number): Promise<boolean> {
    const r = await this.database.db.updateTable('refresh_tokens').set({ rotated_at: this.now() })
      .where('id', '=', id).where('rotated_at', 'is', null).executeTakeFirst();
    return Number(r.numUpdatedRows) === 1;
  }

  /** Revokes every refresh token of a grant and, through the `fam` claim, its access tokens. */
  async revokeFamily(family: string, db: Db = this.database.db): Promise<void> {
    await db.updateTable('refresh_tokens').set({ revoked_at: this.now() })
      .where('family', '=', family).where('revoked_at', 'is', null).execute();
  }

  /** Revokes one access token until it would have expired anyway. */
  async revokeAccess(claims: VerifiedAccess): Promise<void> {
    const expires = formatTimestamp(new Date(claims.exp * 1000));
    const now = this.now();
    // Entries past their token's expiry guard nothing any more: prune them as new ones arrive.
    await this.database.db.deleteFrom('revoked_tokens').where('expires_at', '<', now).execute();
    await this.database.db.insertInto('revoked_tokens')
      .values({ jti: claims.jti, expires_at: expires, date_created: now, date_modified: now })
      .onConflict((oc) => oc.column('jti').doNothing()).execute();
  }

  /**
   * Whether the token's client, user and store still exist and neither the token nor its grant was
   * revoked: one statement of indexed lookups, whose answer counts on every instance as soon as a
   * revocation or deletion has committed. On SQLite an answer is kept while no commit has happened
   * since (liveness-cache.ts); PostgreSQL asks every time. For a store token the same statement
   * tells whether the store has cart items past their expiry, so a request that reads items needs
   * no statement of its own to find out that there is nothing to purge.
   */
  async preflight(c: VerifiedAccess): Promise<Liveness> {
    const changes = this.database.changes?.();
    const claims = changes === undefined ? '' : claimsKey(c);
    const kept = changes === undefined ? undefined : this.#answers.get(changes, c.jti, claims);
    if (kept) return livenessAt(c, kept, this.nowSec());
    const { rows } = await this.database.db.executeQuery(this.preflightQuery(c));
    const found = foundIn(rows[0] ?? {});
    if (changes !== undefined) this.#answers.set(changes, c.jti, claims, found);
    return livenessAt(c, found, this.nowSec());
  }

  /** The token check's statement for these claims, bound, not sent (it may ride with another: token-check.ts). */
  preflightQuery(c: VerifiedAccess): CompiledQuery<Record<string, unknown>> {
    // Run by every request: compiled once per shape of claims (db/query-templates.ts).
    const shape = `preflight ${c.uid !== undefined ? 'u' : ''}${c.sid !== undefined ? 's' : ''}${c.fam !== undefined ? 'f' : ''}`;
    return this.database.templates.bind(this.database.db, shape, [c.cid, c.uid, c.sid, c.fam, c.jti],
      (slots) => preflightStatement(c, slots));
  }

  /** Runs a statement made by preflightQuery, alone. */
  runPreflight(q: CompiledQuery<Record<string, unknown>>) {
    return this.database.db.executeQuery(q);
  }

  async isLive(c: VerifiedAccess): Promise<boolean> {
    return (await this.preflight(c)).live;
  }

  /** The claims of a valid, live access token, or null. */
  async verifyAccess(token: string): Promise<VerifiedAccess | null> {
    return (await this.checkAccess(verifyAccessToken(this.opts.keys, this.opts.issuer, token, this.nowSec())))?.claims ?? null;
  }

  /** The claims of an `Authorization: Bearer` header's valid access token (liveness not checked), or null. */
  bearerClaims(header: string | undefined): VerifiedAccess | null {
    const token = header ? bearerToken(header) : undefined;
    return token ? verifyAccessToken(this.opts.keys, this.opts.issuer, token, this.nowSec()) : null;
  }

  private async checkAccess(claims: VerifiedAccess | null): Promise<{ claims: VerifiedAccess; expiredCartItems?: boolean } | null> {
    if (!claims) return null;
    const { live, expiredCartItems } = await this.preflight(claims);
    return live ? { claims, expiredCartItems } : null;
  }

  /**
   * The principal of an `Authorization` header: anonymous without one, null when it is invalid.
   * `verified`: the header's claims as bearerClaims gave them for this request (the rate limiter
   * verifies the token first), so they are not parsed and verified twice.
   */
  async principalFromHeader(header: string | undefined, verified?: VerifiedAccess | null): Promise<Principal | null> {
    if (!header) return ANONYMOUS;
    const checked = await this.checkAccess(verified === undefined ? this.bearerClaims(header) : verified);
    if (!checked) return null;
    return principalOf(checked.claims, checked.expiredCartItems);
  }

  /**
   * Like principalFromHeader, but the liveness statement is not run here: it rides with the
   * request's first statement (token-check.ts; PostgreSQL, where that saves a round trip). Null
   * when the token itself is invalid (signature, claims, expiry).
   */
  deferredPrincipal(header: string, verified?: VerifiedAccess | null): Principal | null {
    const claims = verified === undefined ? this.bearerClaims(header) : verified;
    if (!claims) return null;
    const principal = principalOf(claims, undefined);
    principal.check = new TokenCheck(this, claims, principal);
    return principal;
  }
}

function bearerToken(header: string): string | undefined {
  return /^Bearer\s+([A-Za-z0-9._~+/=-]+)\s*$/i.exec(header)?.[1];
}

/** A token's scopes by its `scope` claim: every request of a token had split it into a new set. */
const scopeSets = new Map<string, ReadonlySet<string>>();
const SCOPE_SETS_MAX = 1000;

function scopesOf(scope: string): ReadonlySet<string> {
  let set = scopeSets.get(scope);
  if (!set) {
    if (scopeSets.size >= SCOPE_SETS_MAX) scopeSets.clear();
    scopeSets.set(scope, set = new Set(scope.split(' ').filter(Boolean)));
  }
  return set;
}

function principalOf(claims: VerifiedAccess, expiredCartItems: boolean | undefined): Principal {
  const scopes = scopesOf(claims.scope);
  const kind = claims.sid ? 'store' : claims.uid ? 'user' : 'client';
  return { kind, scopes, clientId: claims.cid, userId: claims.uid, storeId: claims.sid, tokenId: claims.jti, grantId: claims.fam, expiresAt: claims.exp, expiredCartItems };
}

/** The claims a kept answer is for, besides the token's id. */
function claimsKey(c: VerifiedAccess): string {
  return `${c.cid} ${c.uid ?? ''} ${c.sid ?? ''} ${c.fam ?? ''}`;
}

/**
 * The token check's one statement, for claims of `c`'s shape with `values` (cid, uid, sid, fam,
 * jti). Each probe is an index lookup whatever the values, and PostgreSQL plans the named statement
 * once for all of them only if its generic plan is not costed above the plans made for the values:
 * the expiry probe is therefore the store's earliest expiry (migration 017's index, read from its
 * first entry), compared with now by the caller (token-check.ts livenessAt), which also lets an
 * answer be kept while time passes (liveness-cache.ts). As `exists (… expires <= $now)` its generic
 * plan guessed a third of the store's expiring items (a cost of 370 against 10), so PostgreSQL
 * planned the whole statement again for every request (BENCHMARKS.md, round 17).
 */
export function preflightStatement(c: Pick<VerifiedAccess, 'uid' | 'sid' | 'fam'>, values: readonly unknown[]) {
  const [cid, uid, sid, fam, jti] = values;
  return sql<Record<string, unknown>>`select
      exists (select 1 from clients where id = ${cid}) as c,
      ${c.uid !== undefined ? sql`exists (select 1 from users where id = ${uid})` : sql`1`} as u,
      ${c.sid !== undefined ? sql`exists (select 1 from stores where id = ${sid})` : sql`1`} as s,
      ${c.fam !== undefined ? sql`exists (select 1 from refresh_tokens where family = ${fam} and revoked_at is not null)` : sql`0`} as f,
      exists (select 1 from revoked_tokens where jti = ${jti}) as j,
      ${c.sid !== undefined
        ? sql`(select min(expires) from items where store_id = ${sid} and cart_id is not null and expires is not null)`
        : sql`null`} as e`;
}

export const FULL_SCOPE_OF = { client: CLIENT_FULL, user: USER_FULL, store: STORE_FULL } as const;
