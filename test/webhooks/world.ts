// Shared set-up of the webhook suites: an app with its dispatcher driven by runOnce(), a store,
// loopback receivers, and an independent check of every delivery (the standardwebhooks package
// for the Standard Webhooks signature, jose for the JWE bodies).
import { createHash, createHmac } from 'node:crypto';
import { compactDecrypt } from 'jose';
import { Webhook } from 'standardwebhooks';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { makeApp, type Engine, type TestApp } from '../helpers/app.js';
import { call, json, link, tokenChain, type Chain } from '../helpers/rest.js';
import type { Received } from '../helpers/receiver.js';
import { ManualClock } from '../../src/services/clock.js';
import type { Config } from '../../src/config.js';

/** The encryption_key webhooks get unless a test says otherwise. */
export const KEY = 'a shared secret of the integration';

export interface World {
  t: TestApp;
  app: FastifyInstance;
  chain: Chain;
  store: any;
  clock: ManualClock;
  /** Queues and delivers everything due now. */
  run(): Promise<void>;
  createWebhook(body: Record<string, unknown>, token?: string): Promise<any>;
  close(): Promise<void>;
}

export async function makeWorld(engine: Engine, config: Partial<Config> = {}, opts: { dispatcher?: boolean } = {}): Promise<World> {
  // The clock starts now so stored times look real; tests move it to reach retries.
  const clock = new ManualClock(new Date(Math.floor(Date.now() / 1000) * 1000));
  const t = await makeApp({ engine, clock, dispatcher: opts.dispatcher ?? true, config: {
    outboundAllowPrivate: true, webhookPollMs: 0,
    // The retry tests move the clock by days; the tokens must outlive that.
    accessTokenTtl: 30 * 86400, ...config,
  } });
  const chain = await tokenChain(t.app);
  const store = json(await call(t.app, chain.storeHref, { token: chain.storeToken }));
  const world: World = {
    t, app: t.app, chain, store, clock,
    run: () => t.app.dispatcher!.runOnce(),
    async createWebhook(body, token = chain.storeToken) {
      const res = await call(t.app, link(store, 'svc:webhooks'), { method: 'POST', token, body: { name: 'hook', format: 'json', encryption_key: KEY, event_resource: 'customer', ...body } });
      if (res.statusCode !== 201) throw new Error(`webhook: ${res.statusCode} ${res.body}`);
      return json(res);
    },
    close: () => t.close(),
  };
  return world;
}

export async function createCustomer(w: World, email: string, token = w.chain.storeToken, store = w.store): Promise<any> {
  const res = await call(w.app, link(store, 'svc:customers'), { method: 'POST', token, body: { email, first_name: 'Ann' } });
  if (res.statusCode !== 201) throw new Error(`customer: ${res.statusCode} ${res.body}`);
  return json(res);
}

export interface Opened {
  /** The JSON payload (decrypted when the body was a JWE). */
  payload: any;
  event: string;
  refeed: string;
  storeId: string;
  webhookId: string;
}

/**
 * Checks one delivery the way a receiver would: the Standard Webhooks signature with the
 * standardwebhooks package, the hex body signature, and (for application/jose) decryption with jose.
 */
export async function openDelivery(r: Received, key: string | null): Promise<Opened> {
  const h = r.headers as Record<string, string>;
  if (key) {
    new Webhook(Buffer.from(key, 'utf8').toString('base64')).verify(r.body, h, { jsonParse: false });
    expect(h['service-webhook-signature']).toBe(createHmac('sha256', key).update(r.body).digest('hex'));
  } else {
    expect(h['webhook-signature']).toBeUndefined();
    expect(h['service-webhook-signature']).toBeUndefined();
  }
  let text = r.body;
  if (h['content-type'] === 'application/jose') {
    const { plaintext, protectedHeader } = await compactDecrypt(r.body, createHash('sha256').update(key!, 'utf8').digest());
    expect(protectedHeader).toMatchObject({ alg: 'dir', enc: 'A256GCM' });
    text = new TextDecoder().decode(plaintext);
  } else {
    expect(h['content-type']).toBe('application/json');
  }
  return {
    payload: JSON.parse(text), event: h['service-webhook-event'], refeed: h['service-webhook-refeed'],
    storeId: h['service-store-id'], webhookId: h['webhook-id'],
  };
}

export const idOf = (href: string): number => Number(href.split('/').pop());

export async function collection(w: World, href: string, rel: string, token = w.chain.storeToken): Promise<any[]> {
  const res = await call(w.app, `${href}${href.includes('?') ? '&' : '?'}limit=300&order=id%20asc`, { token });
  if (res.statusCode !== 200) throw new Error(`${href}: ${res.statusCode} ${res.body}`);
  return json(res)._embedded[`svc:${rel}`];
}
