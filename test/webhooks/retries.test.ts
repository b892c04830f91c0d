// Failed deliveries under a manual clock: retried exactly on WEBHOOK_RETRY_SCHEDULE (not a second
// early), one delivery at a time per webhook, given up after the schedule; the webhook switched
// off after WEBHOOK_DISABLE_AFTER consecutive failed attempts (with a changelog entry saying why),
// at once on 410 Gone; nothing sent while off; PATCH is_active = 1 resumes the pending delivery.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engines } from '../helpers/app.js';
import { call, json, link } from '../helpers/rest.js';
import { refusedUrl, startReceiver, type Receiver } from '../helpers/receiver.js';
import { collection, createCustomer, idOf, KEY, makeWorld, openDelivery, type World } from './world.js';

const SCHEDULE = [60, 300, 1800, 7200, 18000, 36000, 36000];
const TIMEOUT_MS = 400;

describe.each(engines())('webhook retries on %s', (engine) => {
  let w: World;
  let rx: Receiver;
  let status = 500;
  beforeAll(async () => {
    w = await makeWorld(engine, { webhookTimeoutMs: TIMEOUT_MS });
    rx = await startReceiver(() => ({ status, body: { status } }));
  });
  afterAll(async () => { await rx?.close(); await w?.close(); });

  const seconds = async (s: number) => { w.clock.advance(s * 1000); await w.run(); };
  const stamp = (offsetS: number, from: Date) => new Date(from.getTime() + offsetS * 1000).toISOString().slice(0, 19) + '+0000';
  const statuses = (hook: any) => collection(w, link(hook, 'svc:statuses'), 'statuses');
  const remove = (hook: any) => call(w.app, link(hook, 'self'), { method: 'DELETE', token: w.chain.storeToken });

  it('retries on the schedule, gives up after it, and switches the webhook off after 12 consecutive failures', async () => {
    status = 500;
    const hook = await w.createWebhook({ url: `${rx.url}/failing` });
    rx.received.length = 0;
    await createCustomer(w, 'r1@example.com');
    await createCustomer(w, 'r2@example.com');
    await w.run();
    // Head of line: the second delivery waits for the first.
    expect(rx.received).toHaveLength(1);
    let [first, second] = await statuses(hook);
    expect([first.status, first.attempts, first.next_attempt_at]).toEqual(['pending', 1, stamp(60, w.clock.now())]);
    expect([second.status, second.attempts]).toEqual(['pending', 0]);
    for (const [i, wait] of SCHEDULE.entries()) {
      await seconds(wait - 1);
      expect(rx.received).toHaveLength(i + 1);
      await seconds(1);
      // The last retry fails the first delivery for good, which lets the second go at once.
      expect(rx.received).toHaveLength(i === SCHEDULE.length - 1 ? i + 3 : i + 2);
    }
    [first, second] = await statuses(hook);
    expect([first.status, first.attempts, first.next_attempt_at]).toEqual(['failed', 8, null]);
    expect([second.status, second.attempts]).toEqual(['pending', 1]);
    for (const wait of SCHEDULE.slice(0, 3)) await seconds(wait);
    expect(rx.received).toHaveLength(12);
    expect(rx.received.every((r) => r.url === '/failing')).toBe(true);
    const off = json(await call(w.app, link(hook, 'self'), { token: w.chain.storeToken }));
    expect(off.is_active).toBe(0);
    second = (await statuses(hook))[1];
    expect([second.status, second.attempts, second.next_attempt_at]).toEqual(['pending', 4, stamp(7200, w.clock.now())]);
    const logs = await collection(w, link(hook, 'svc:logs'), 'logs');
    expect(logs.map((l) => l.response_code)).toEqual(Array(12).fill(500));
    const changes = await collection(w, `${link(w.store, 'svc:changelogs')}?resource_type=webhook&action=modified`, 'changelogs');
    expect(changes.at(-1)).toMatchObject({ actor: 'system', message: expect.stringContaining('12 consecutive delivery attempts failed') });
    expect(JSON.parse(changes.at(-1).diff)).toEqual({ is_active: [true, false] });
    const events = await collection(w, `${link(w.store, 'svc:events')}?name=changelog/created&resource_id=${idOf(link(changes.at(-1), "self"))}`, 'events');
    expect(events).toHaveLength(1);

    // Off: nothing is sent, new events are not queued for it.
    await seconds(36000);
    await createCustomer(w, 'r3@example.com');
    await w.run();
    expect(rx.received).toHaveLength(12);
    expect(await statuses(hook)).toHaveLength(2);

    // Back on: the pending delivery continues where it stopped.
    status = 200;
    expect((await call(w.app, link(hook, 'self'), { method: 'PATCH', token: w.chain.storeToken, body: { is_active: true } })).statusCode).toBe(200);
    await w.run();
    expect(rx.received).toHaveLength(13);
    expect((await openDelivery(rx.received[12], KEY)).payload.email).toBe('r2@example.com');
    expect((await statuses(hook)).map((s) => [s.status, s.attempts])).toEqual([['failed', 8], ['successful', 5]]);
    await remove(hook);
  });

  it('switches the webhook off at once on 410 Gone', async () => {
    status = 410;
    const hook = await w.createWebhook({ url: `${rx.url}/gone` });
    rx.received.length = 0;
    await createCustomer(w, 'gone@example.com');
    await w.run();
    expect(rx.received).toHaveLength(1);
    expect(json(await call(w.app, link(hook, 'self'), { token: w.chain.storeToken })).is_active).toBe(0);
    const changes = await collection(w, `${link(w.store, 'svc:changelogs')}?resource_type=webhook&resource_id=${link(hook, 'self').split('/').pop()}`, 'changelogs');
    expect(changes.at(-1)).toMatchObject({ action: 'modified', actor: 'system', message: expect.stringContaining('410 Gone') });
    await seconds(3600);
    expect(rx.received).toHaveLength(1);
    await remove(hook);
  });

  it('counts timeouts, refused connections and non-2xx answers as failures, each logged', async () => {
    const hanging = await startReceiver(() => 'hang');
    const refused = await refusedUrl();
    status = 302;
    const hooks = [
      await w.createWebhook({ url: `${hanging.url}/slow` }),
      await w.createWebhook({ url: `${refused}/nobody` }),
      await w.createWebhook({ url: `${rx.url}/moved` }),
    ];
    await createCustomer(w, 'fail@example.com');
    await w.run();
    const errors = [];
    for (const hook of hooks) {
      const [log] = await collection(w, link(hook, 'svc:logs'), 'logs');
      errors.push([log.response_code, log.error]);
      const [s] = await statuses(hook);
      expect([s.status, s.attempts]).toEqual(['pending', 1]);
    }
    expect(errors[0]).toEqual([null, `timeout: no answer within ${TIMEOUT_MS} ms`]);
    expect(errors[1]).toEqual([null, 'connection refused']);
    expect(errors[2]).toEqual([302, null]);
    await hanging.close();
    for (const hook of hooks) await remove(hook);
  });
});
