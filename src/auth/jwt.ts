// Access tokens: HS256 JWTs with every claim checked explicitly. jsonwebtoken accepts tokens without
// exp, skips aud/iss unless told and never checks a token type, so each is passed or checked here.
import jwt from 'jsonwebtoken';
import { randomUUID } from 'node:crypto';
import type { SigningKey } from './keys.js';

export const AUDIENCE = 'commerce-api';
const ALGORITHM = 'HS256' as const;

export interface AccessClaims {
  /** Client row id. */
  cid: number;
  uid?: number;
  sid?: number;
  scope: string;
  /** The refresh-token family (grant) the token was issued under; revoking the family revokes it. */
  fam?: string;
}

export interface VerifiedAccess extends AccessClaims {
  jti: string;
  exp: number;
}

export function signAccessToken(keys: SigningKey[], issuer: string, claims: AccessClaims, ttlSeconds: number, nowSec: number): string {
  const key = keys[0];
  return jwt.sign({ ...claims, typ: 'access', iat: nowSec, exp: nowSec + ttlSeconds }, key.key, {
    algorithm: ALGORITHM, keyid: key.kid, issuer, audience: AUDIENCE, jwtid: randomUUID(),
  });
}

/**
 * Tokens already verified, by their exact text: a client sends the same token with every request,
 * and checking its signature and claims again is a tenth of a small GET's CPU. A hit still needs the
 * key that verified it to be one of the current keys (rotation drops it) and the token unexpired;
 * its issuer and audience were checked once and cannot change. Liveness (revocation) is checked per
 * request elsewhere, as before. Bounded: emptied when full.
 */
const verified = new Map<string, { claims: VerifiedAccess; key: SigningKey; issuer: string }>();
const VERIFIED_MAX = 10_000;

/** The claims of a valid access token, or null for anything else (expired, forged, wrong type...). */
export function verifyAccessToken(keys: SigningKey[], issuer: string, token: string, nowSec: number): VerifiedAccess | null {
  const hit = verified.get(token);
  if (hit && hit.issuer === issuer && nowSec < hit.claims.exp && keys.includes(hit.key)) return { ...hit.claims };
  const fresh = verifyOnce(keys, issuer, token, nowSec);
  if (!fresh) return null;
  if (verified.size >= VERIFIED_MAX) verified.clear();
  verified.set(token, { claims: fresh.claims, key: fresh.key, issuer });
  return { ...fresh.claims };
}

function verifyOnce(keys: SigningKey[], issuer: string, token: string, nowSec: number): { claims: VerifiedAccess; key: SigningKey } | null {
  const decoded = jwt.decode(token, { complete: true });
  if (!decoded || typeof decoded.payload === 'string') return null;
  const kid = decoded.header.kid;
  const key = typeof kid === 'string' ? keys.find((k) => k.kid === kid) : undefined;
  if (!key || decoded.header.alg !== ALGORITHM) return null;
  try {
    const p = jwt.verify(token, key.key, {
      algorithms: [ALGORITHM], issuer, audience: AUDIENCE, clockTimestamp: nowSec, complete: false,
    }) as jwt.JwtPayload;
    if (p.typ !== 'access' || typeof p.exp !== 'number' || typeof p.jti !== 'string') return null;
    if (typeof p.cid !== 'number' || typeof p.scope !== 'string') return null;
    const optionalId = (v: unknown) => (typeof v === 'number' && Number.isSafeInteger(v) ? v : undefined);
    const claims = {
      cid: p.cid, uid: optionalId(p.uid), sid: optionalId(p.sid), scope: p.scope, jti: p.jti, exp: p.exp,
      fam: typeof p.fam === 'string' ? p.fam : undefined,
    };
    return { claims, key };
  } catch {
    return null;
  }
}
