// How a webhook body is protected (DESIGN §8): Standard Webhooks signatures (`webhook-id`,
// `webhook-timestamp`, `webhook-signature`), our own hex signature of the raw body, and JWE
// encryption for endpoints that are not https. Signatures always cover the bytes actually sent.
import { createHash, createHmac, webcrypto } from 'node:crypto';
import { CompactEncrypt } from 'jose';

/**
 * The Standard Webhooks message id of a delivery: one per event × webhook, so every retry of the
 * same delivery carries the same id and receivers can deduplicate on it.
 */
export function messageId(eventId: number, webhookId: number): string {
  return `msg_${eventId}_${webhookId}`;
}

const WHSEC = /^whsec_((?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?)$/;

/**
 * The HMAC key of the Standard Webhooks signature. A key written `whsec_` + base64 is the Standard
 * Webhooks convention: its libraries use the decoded bytes, so we do too. Any other key (or a
 * `whsec_` one whose rest is not base64) signs with its UTF-8 bytes, as a receiver given
 * base64(key) verifies.
 */
export function standardKey(key: string): Buffer {
  const m = WHSEC.exec(key);
  return m && m[1] ? Buffer.from(m[1], 'base64') : Buffer.from(key, 'utf8');
}

/** Standard Webhooks `v1,` signature: base64 HMAC-SHA256 of `id.timestamp.body` with standardKey(key). */
export function standardSignature(key: string, id: string, timestamp: number, body: string): string {
  const mac = createHmac('sha256', standardKey(key)).update(`${id}.${timestamp}.${body}`).digest('base64');
  return `v1,${mac}`;
}

/** Service-Webhook-Signature: lowercase hex HMAC-SHA256 of the raw body, keyed by the key's UTF-8 bytes as written. */
export function bodySignature(key: string, body: string): string {
  return createHmac('sha256', Buffer.from(key, 'utf8')).update(body).digest('hex');
}

// Imported content keys by webhook key: importing one costs more than the encryption of a body.
const contentKeys = new Map<string, Promise<webcrypto.CryptoKey>>();

function contentKey(key: string): Promise<webcrypto.CryptoKey> {
  let k = contentKeys.get(key);
  if (!k) {
    const cek = createHash('sha256').update(key, 'utf8').digest();
    k = webcrypto.subtle.importKey('raw', cek, 'AES-GCM', false, ['encrypt']);
    if (contentKeys.size >= 1000) contentKeys.delete(contentKeys.keys().next().value!);
    contentKeys.set(key, k);
  }
  return k;
}

/** JWE compact serialization (`dir`, A256GCM) with the SHA-256 of the key as the content key. */
export async function encryptBody(key: string, body: string): Promise<string> {
  return new CompactEncrypt(new TextEncoder().encode(body))
    .setProtectedHeader({ alg: 'dir', enc: 'A256GCM' })
    .encrypt(await contentKey(key));
}

/**
 * The prefix of our own webhook headers (`<prefix>-webhook-event`, `-webhook-signature`, …), taken
 * from the version header's name: `SERVICE-API-VERSION` gives `service`, so an integration written
 * for another API's names finds its headers by the same one setting.
 */
export function webhookHeaderPrefix(versionHeader = 'SERVICE-API-VERSION'): string {
  const m = /^(.+?)-API-VERSION$/i.exec(versionHeader);
  return (m ? m[1] : 'service').toLowerCase();
}

export interface SignedRequest {
  body: string;
  headers: Record<string, string>;
}

export interface SealInput {
  /** The JSON payload. */
  json: string;
  format: string;
  url: string;
  key: string | null;
  id: string;
  /** Unix seconds. */
  timestamp: number;
  headers: Record<string, string>;
  /** webhookHeaderPrefix(): names the hex body signature header. */
  headerPrefix?: string;
}

/**
 * The body and security headers of one attempt. `json` webhooks are encrypted unless the URL is
 * https; the vendor formats go as plain JSON, signed only when a key is set.
 */
export async function seal(input: SealInput): Promise<SignedRequest> {
  const encrypt = input.format === 'json' && !!input.key && !/^https:/i.test(input.url);
  const body = encrypt ? await encryptBody(input.key!, input.json) : input.json;
  const headers: Record<string, string> = {
    'content-type': encrypt ? 'application/jose' : 'application/json',
    ...input.headers,
    'webhook-id': input.id,
    'webhook-timestamp': String(input.timestamp),
  };
  if (input.key) {
    headers['webhook-signature'] = standardSignature(input.key, input.id, input.timestamp, body);
    headers[`${input.headerPrefix ?? 'service'}-webhook-signature`] = bodySignature(input.key, body);
  }
  return { body, headers };
}
