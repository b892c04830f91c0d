// The capability URL of a download: `{base}/download/{token}`, where the token is an HMAC of the
// row's random nonce under a key derived from the service's signing key (256 bits). The database
// keeps only the token's SHA-256 (to find the row) and the nonce and key id (to show the URL again
// through the API): a copy of the database alone hands out no downloads.
import { createHash, createHmac, randomBytes } from 'node:crypto';
import { deriveKey, type SigningKey } from '../auth/keys.js';
import type { ServiceContext } from './context.js';

export const DOWNLOAD_PATH = '/download';
/** 43 base64url characters: 256 bits of HMAC-SHA256. */
const TOKEN = /^[A-Za-z0-9_-]{43}$/;

const derived = new WeakMap<SigningKey, Buffer>();

function urlKey(key: SigningKey): Buffer {
  let k = derived.get(key);
  if (!k) derived.set(key, k = deriveKey(key, 'download url'));
  return k;
}

function tokenOf(key: SigningKey, nonce: string): string {
  return createHmac('sha256', urlKey(key)).update(nonce).digest('base64url');
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** Whether `token` has the shape of a download token (anything else is a 404 without a look-up). */
export function wellFormedToken(token: string): boolean {
  return TOKEN.test(token);
}

/** The columns of a new download's URL, made with the current signing key. */
export function newDownloadUrl(ctx: ServiceContext): { url_nonce: string; url_kid: string; token_hash: string } {
  const key = ctx.tokens.opts.keys[0];
  const nonce = randomBytes(16).toString('hex');
  return { url_nonce: nonce, url_kid: key.kid, token_hash: hashToken(tokenOf(key, nonce)) };
}

/** The URL of a stored download, or null when the key it was made with is no longer configured. */
export function downloadUrl(ctx: Pick<ServiceContext, 'tokens' | 'baseUrl'>, row: Record<string, unknown>): string | null {
  const key = ctx.tokens.opts.keys.find((k) => k.kid === row.url_kid);
  if (!key || typeof row.url_nonce !== 'string') return null;
  return `${ctx.baseUrl}${DOWNLOAD_PATH}/${tokenOf(key, row.url_nonce)}`;
}
