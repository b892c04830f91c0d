// Slow, salted hashes (scrypt) for client secrets, refresh tokens and passwords, compared in
// constant time. Runs on libuv's thread pool, so the event loop keeps serving.
import { randomBytes, scrypt as scryptCb, timingSafeEqual, type ScryptOptions } from 'node:crypto';

const PARAMS: ScryptOptions = { N: 16384, r: 8, p: 1, maxmem: 64 * 1024 * 1024 };
const KEYLEN = 32;

/**
 * Hashes at once, at most: libuv's pool (UV_THREADPOOL_SIZE, 4 by default) also reads files and
 * does what else Node hands it, and a flood of credential checks (each ~50 ms of a thread) held every
 * thread, so a file download waited behind them. Two threads stay for the rest. Process-wide, as
 * the pool is.
 */
const MAX_HASHING = Math.max(1, (Number(process.env.UV_THREADPOOL_SIZE) || 4) - 2);
let hashing = 0;
const waiting: Array<() => void> = [];

async function scrypt(secret: string, salt: Buffer): Promise<Buffer> {
  // A finishing hash hands its place straight to the next waiting one, so none can slip in between.
  if (hashing < MAX_HASHING) hashing++;
  else await new Promise<void>((resolve) => waiting.push(resolve));
  try {
    return await new Promise<Buffer>((resolve, reject) =>
      scryptCb(secret, salt, KEYLEN, PARAMS, (err, key) => (err ? reject(err) : resolve(key))));
  } finally {
    const next = waiting.shift();
    if (next) next();
    else hashing--;
  }
}

/** `scrypt$N$r$p$salt$hash`, all base64url. */
export async function hashSecret(secret: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await scrypt(secret, salt);
  return ['scrypt', PARAMS.N, PARAMS.r, PARAMS.p, salt.toString('base64url'), key.toString('base64url')].join('$');
}

export async function verifySecret(secret: string, stored: string | null | undefined): Promise<boolean> {
  const parts = (stored ?? '').split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') {
    // Spend the same time when there is nothing to compare, so timing does not reveal existence.
    await scrypt(secret, Buffer.alloc(16));
    return false;
  }
  const expected = Buffer.from(parts[5], 'base64url');
  const key = await scrypt(secret, Buffer.from(parts[4], 'base64url'));
  return key.length === expected.length && timingSafeEqual(key, expected);
}

export function randomToken(bytes = 32): string {
  return randomBytes(bytes).toString('base64url');
}
