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

/** The claims of a valid access token, or null for anything else (expired, forged, wrong type...). */
export function verifyAccessToken(keys: SigningKey[], issuer: string, token: string, nowSec: number): VerifiedAccess | null {
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
    return {
      cid: p.cid, uid: optionalId(p.uid), sid: optionalId(p.sid), scope: p.scope, jti: p.jti, exp: p.exp,
      fam: typeof p.fam === 'string' ? p.fam : undefined,
    };
  } catch {
    return null;
  }
}
