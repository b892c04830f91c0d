// Nothing committed is lost: an attempt whose instance died before recording it is made again
// (same webhook-id) once its lease runs out on the database clock, and closing the app waits for the attempts in flight
// to be recorded.
import { containerOf } from '../../src/app.js';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engines, makeApp } from '../helpers/app.js';
import { call, json, link, tokenChain } from '../helpers/rest.js';
import { startReceiver, type Receiver } from '../helpers/receiver.js';
import { openDatabase } from '../../src/db/database.js';
import { Dispatcher } from '../../src/events/dispatcher.js';
import { claimDue, fanOutBatch } from '../../src/events/queue.js';
import { formatTimestamp } from '../../src/services/clock.js';
import { halPayloadRenderer } from '../../src/rest/webhook-routes.js';
import { collection, createCustomer, idOf, KEY, makeWorld, openDelivery, type World } from './world.js';

const TIMEOUT_MS = 2000;

describe.each(engines())('delivery recovery on %s', (engine) => {
  let w: World;
  let rx: Receiver;
  let dispatcher: Dispatcher;
  beforeAll(async () => {
    // No dispatcher of the app's own: this one only runs when the test says so.
    w = await makeWorld(engine, { webhookTimeoutMs: TIMEOUT_MS }, { dispatcher: false });
    const c = containerOf(w.app);
    dispatcher = new Dispatcher(c, { renderer: halPayloadRenderer(c.registry, c.config.baseUrl) });
    rx = await startReceiver();
  });
  afterAll(async () => { await dispatcher?.stop(); await rx?.close(); await w?.close(); });

  it('makes an attempt again, with the same webhook-id, when the instance that claimed it died', async () => {
    const hook = await w.createWebhook({ url: `${rx.url}/recover` });
    const customer = await createCustomer(w, 'crash@example.com');
    const db = containerOf(w.app).database;
    const now = w.clock.now();
    // Another instance queues and claims the delivery, then dies without sending or recording it.
    expect(await fanOutBatch(db, formatTimestamp(now))).toBeGreaterThan(0);
    // Its lease is on the database clock: the service clock jumping ahead (another instance's
    // clock running fast) does not free it, only the database's time passing does.
    const [lost] = await claimDue(db, { now: formatTimestamp(now), leaseMs: 1500 }, 10);
    expect(lost).toMatchObject({ webhook_id: idOf(link(hook, 'self')), attempts: 1 });
    await dispatcher.runOnce();
    expect(rx.received).toHaveLength(0);
    w.clock.advance(10 * 60_000);
    await dispatcher.runOnce();
    expect(rx.received).toHaveLength(0);
    for (let i = 0; i < 100 && rx.received.length === 0; i++) {
      await new Promise((r) => setTimeout(r, 100));
      await dispatcher.runOnce();
    }
    expect(rx.received).toHaveLength(1);
    const opened = await openDelivery(rx.received[0], KEY);
    expect(opened.webhookId).toBe(`msg_${lost.event_id}_${lost.webhook_id}`);
    expect(opened.payload.email).toBe(customer.email);
    const [status] = await collection(w, link(hook, 'svc:statuses'), 'statuses');
    expect([status.status, status.attempts]).toEqual(['successful', 2]);
  });
});

describe('closing the app', () => {
  it('waits for the attempts in flight and records them', async () => {
    const slow = await startReceiver(() => ({ status: 200, delayMs: 400 }));
    const url = join(mkdtempSync(join(tmpdir(), 'webhook-close-')), 'close.sqlite');
    const app = await makeApp({ dispatcher: true, config: { outboundAllowPrivate: true, webhookPollMs: 0, databaseUrl: url } });
    const chain = await tokenChain(app.app);
    const store = json(await call(app.app, chain.storeHref, { token: chain.storeToken }));
    await call(app.app, link(store, 'svc:webhooks'), {
      method: 'POST', token: chain.storeToken, body: { name: 'slow', format: 'vendor_a', event_resource: 'customer', url: `${slow.url}/slow` },
    });
    await call(app.app, link(store, 'svc:customers'), { method: 'POST', token: chain.storeToken, body: { email: 'closing@example.com' } });
    // The after-commit wake-up has started the attempt; close while the receiver is still answering.
    while (!slow.received.length) await new Promise((r) => setTimeout(r, 5));
    await app.close();
    await slow.close();
    const db = await openDatabase({ url });
    try {
      const statuses = await db.db.selectFrom('webhook_statuses').select(['status', 'attempts']).execute();
      expect(statuses.map((s) => [s.status, Number(s.attempts)])).toEqual([['successful', 1]]);
      expect(await db.db.selectFrom('webhook_logs').select(['response_code']).execute()).toEqual([{ response_code: 200 }]);
    } finally {
      await db.close();
    }
  });
});
