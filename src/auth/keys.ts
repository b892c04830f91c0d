// JWT signing keys. JWT_SECRET (optionally `kid:secret,kid:secret` for rotation; the first signs)
// or a key generated once into DATA_DIR with mode 0600. Short HMAC secrets are refused.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createSecretKey, hkdfSync, randomBytes, type KeyObject } from 'node:crypto';

export interface SigningKey {
  kid: string;
  secret: Buffer;
  /** The secret as a KeyObject: jsonwebtoken would otherwise build one per call (~1 ms each). */
  key: KeyObject;
}

export const MIN_SECRET_BYTES = 32;

export function parseKeys(spec: string): SigningKey[] {
  const keys = spec.split(',').map((s, i) => {
    const idx = s.indexOf(':');
    const [kid, secret] = idx > 0 ? [s.slice(0, idx), s.slice(idx + 1)] : [`k${i + 1}`, s];
    return { kid: kid.trim(), secret: Buffer.from(secret.trim(), 'utf8') };
  });
  const kids = new Set<string>();
  for (const k of keys) {
    if (!/^[A-Za-z0-9._-]{1,64}$/.test(k.kid) || kids.has(k.kid)) {
      throw new Error(`JWT key id "${k.kid}" must be 1-64 characters of [A-Za-z0-9._-] and unique`);
    }
    kids.add(k.kid);
    if (k.secret.length < MIN_SECRET_BYTES) {
      throw new Error(`JWT secret "${k.kid}" is ${k.secret.length} bytes; at least ${MIN_SECRET_BYTES} are required`);
    }
  }
  return keys.map((k) => ({ ...k, key: createSecretKey(k.secret) }));
}

export function loadKeys(opts: { jwtSecret?: string; dataDir: string }): SigningKey[] {
  if (opts.jwtSecret) return parseKeys(opts.jwtSecret);
  const file = join(opts.dataDir, 'jwt-secret');
  if (!existsSync(file)) {
    mkdirSync(opts.dataDir, { recursive: true });
    writeFileSync(file, `k1:${randomBytes(48).toString('base64url')}`, { mode: 0o600, flag: 'wx' });
  }
  return parseKeys(readFileSync(file, 'utf8').trim());
}

/**
 * A key for another purpose (session cookies, CSRF tokens, flash messages) derived from a signing
 * key with HKDF, so no two mechanisms share key material and rotating JWT_SECRET rotates them all.
 */
export function deriveKey(key: SigningKey, purpose: string): Buffer {
  return Buffer.from(hkdfSync('sha256', key.secret, Buffer.alloc(0), `commerce-api ${purpose}`, 32));
}
