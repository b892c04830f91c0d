// The sealing rules on their own: which bodies are encrypted, and that both signatures cover the
// bytes sent, checked with the independent standardwebhooks and jose implementations.
import { createHash, createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { compactDecrypt } from 'jose';
import { Webhook } from 'standardwebhooks';
import { messageId, seal } from '../../src/events/signing.js';

const key = 'integration secret';
const json = JSON.stringify({ id: 1, email: 'a@example.com' });
const base = { json, key, id: messageId(7, 3), timestamp: Math.floor(Date.now() / 1000), headers: { 'service-webhook-event': 'customer/created' } };

describe('sealing a webhook body', () => {
  it('encrypts json webhooks to http URLs as a JWE (dir, A256GCM, key = SHA-256 of the key) and signs the JWE', async () => {
    const { body, headers } = await seal({ ...base, format: 'json', url: 'http://hooks.example/x' });
    expect(headers['content-type']).toBe('application/jose');
    expect(body.split('.')).toHaveLength(5);
    const { plaintext, protectedHeader } = await compactDecrypt(body, createHash('sha256').update(key).digest());
    expect(protectedHeader).toEqual({ alg: 'dir', enc: 'A256GCM' });
    expect(new TextDecoder().decode(plaintext)).toBe(json);
    new Webhook(Buffer.from(key).toString('base64')).verify(body, headers, { jsonParse: false });
    expect(headers['service-webhook-signature']).toBe(createHmac('sha256', key).update(body).digest('hex'));
    expect(headers['webhook-id']).toBe('msg_7_3');
  });

  it('sends json webhooks to https URLs and the vendor formats as plain signed JSON', async () => {
    for (const [format, url] of [['json', 'https://hooks.example/x'], ['vendor_a', 'http://hooks.example/x'], ['vendor_b', 'https://hooks.example/x']]) {
      const { body, headers } = await seal({ ...base, format, url });
      expect(body).toBe(json);
      expect(headers['content-type']).toBe('application/json');
      expect(new Webhook(Buffer.from(key).toString('base64')).verify(body, headers)).toEqual(JSON.parse(json));
    }
  });

  it('leaves unkeyed vendor webhooks unsigned', async () => {
    const { body, headers } = await seal({ ...base, key: null, format: 'vendor_a', url: 'http://hooks.example/x' });
    expect(body).toBe(json);
    expect(headers['webhook-signature']).toBeUndefined();
    expect(headers['service-webhook-signature']).toBeUndefined();
    expect(headers['webhook-id']).toBe('msg_7_3');
  });

  it('is refused by a verifier with another key or a changed body', async () => {
    const { body, headers } = await seal({ ...base, format: 'vendor_b', url: 'https://hooks.example/x' });
    expect(() => new Webhook(Buffer.from('other').toString('base64')).verify(body, headers)).toThrow();
    expect(() => new Webhook(Buffer.from(key).toString('base64')).verify(body.replace('a@', 'b@'), headers)).toThrow();
  });

  it('signs with the decoded bytes of a whsec_ key, as the Standard Webhooks libraries verify it given as is', async () => {
    const secret = `whsec_${Buffer.from('0123456789abcdef0123456789abcdef').toString('base64')}`;
    for (const [format, url] of [['json', 'https://hooks.example/x'], ['json', 'http://hooks.example/x'], ['vendor_a', 'http://hooks.example/x']]) {
      const { body, headers } = await seal({ ...base, key: secret, format, url });
      // The receiver hands the key over exactly as configured, prefix included.
      new Webhook(secret).verify(body, headers, { jsonParse: false });
      expect(() => new Webhook(Buffer.from(secret).toString('base64')).verify(body, headers)).toThrow();
      // The hex body signature keeps using the key as written.
      expect(headers['service-webhook-signature']).toBe(createHmac('sha256', secret).update(body).digest('hex'));
    }
    // A whsec_ key whose rest is not base64 is an ordinary key.
    const odd = 'whsec_not base64!';
    const { body, headers } = await seal({ ...base, key: odd, format: 'vendor_a', url: 'https://hooks.example/x' });
    expect(new Webhook(Buffer.from(odd).toString('base64')).verify(body, headers)).toEqual(JSON.parse(json));
  });
});
