// Authenticated encryption (AES-256-GCM) of values the service must give back later but must not
// keep in clear (stored idempotent answers that may carry credentials). The key is derived from
// the JWT keys per purpose (the first seals, all open), and the associated data binds a sealed
// value to where it belongs, so a value copied to another row does not open.
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { deriveKey, type SigningKey } from './keys.js';

const PREFIX = 'gcm1.';

export class Sealer {
  private readonly keys: Buffer[];

  constructor(keys: SigningKey[], purpose: string) {
    this.keys = keys.map((k) => deriveKey(k, purpose));
  }

  seal(plain: string, aad: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.keys[0], iv);
    cipher.setAAD(Buffer.from(aad));
    const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return PREFIX + Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url');
  }

  /** The plain text, or undefined when no key opens it (tampered, other row, key rotated out). */
  open(sealed: string, aad: string): string | undefined {
    if (!sealed.startsWith(PREFIX)) return undefined;
    const buf = Buffer.from(sealed.slice(PREFIX.length), 'base64url');
    if (buf.length < 28) return undefined;
    for (const key of this.keys) {
      try {
        const decipher = createDecipheriv('aes-256-gcm', key, buf.subarray(0, 12));
        decipher.setAAD(Buffer.from(aad));
        decipher.setAuthTag(buf.subarray(12, 28));
        return Buffer.concat([decipher.update(buf.subarray(28)), decipher.final()]).toString('utf8');
      } catch {
        // Not this key: try the next one.
      }
    }
    return undefined;
  }
}

const fieldSealers = new WeakMap<SigningKey[], Sealer>();

/** The sealer of stored secret columns (a webhook's encryption_key), one per key set. */
export function columnSealer(keys: SigningKey[]): Sealer {
  let s = fieldSealers.get(keys);
  if (!s) fieldSealers.set(keys, s = new Sealer(keys, 'stored secret columns'));
  return s;
}

/** Seals a secret column's value; the column name is the associated data. */
export function sealColumn(keys: SigningKey[], column: string, value: unknown): unknown {
  return typeof value === 'string' && value !== '' && !value.startsWith(PREFIX) ? columnSealer(keys).seal(value, column) : value;
}

/** The clear value of a sealed column; a value from before sealing is returned as it is. */
export function openColumn(keys: SigningKey[], column: string, value: unknown): unknown {
  if (typeof value !== 'string' || !value.startsWith(PREFIX)) return value;
  return columnSealer(keys).open(value, column) ?? null;
}
