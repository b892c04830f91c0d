// The bus's signal says whether the write left the webhook dispatcher anything, in process and
// through Redis to other instances; a signal of an earlier version (no such part) is for the
// dispatcher too, so a rolling deploy never leaves an event waiting for the poll.
import { afterAll, describe, expect, it } from 'vitest';
import { EventBus } from '../../src/events/bus.js';
import { OptionalRedis } from '../../src/ops/redis.js';
import { REDIS_URL } from '../helpers/app.js';

type Heard = Array<[number, boolean]>;

async function until(check: () => boolean, ms = 5000): Promise<void> {
  for (const end = Date.now() + ms; !check(); await new Promise((r) => setTimeout(r, 20))) {
    if (Date.now() > end) throw new Error('timed out');
  }
}

describe('the event bus in process', () => {
  it('tells its listeners the store and whether the dispatcher has work; unsure means yes', () => {
    const bus = new EventBus();
    const heard: Heard = [];
    const stop = bus.subscribe((store, dispatch) => heard.push([store, dispatch]));
    bus.publish(7, false);
    bus.publish(8, true);
    bus.publish(9);
    stop();
    bus.publish(10);
    expect(heard).toEqual([[7, false], [8, true], [9, true]]);
  });
});

if (!REDIS_URL) console.log('[skip] the event bus through Redis: TEST_REDIS_URL is not set');

describe.runIf(REDIS_URL)('the event bus through Redis', () => {
  const opened: OptionalRedis[] = [];
  afterAll(async () => { for (const r of opened) await r.close(); });

  it('carries whether the dispatcher has work to the other instances, and reads a signal without it as work', async () => {
    const channel = `commerce:events:test-${Date.now()}`;
    const open = async () => { const r = await OptionalRedis.open(REDIS_URL); opened.push(r); return r; };
    const a = new EventBus(channel);
    const b = new EventBus(channel);
    a.connectRedis(await open());
    b.connectRedis(await open());
    const raw = (await open()).client('raw')!;
    const heard: Heard = [];
    b.subscribe((store, dispatch) => heard.push([store, dispatch]));
    // B's subscription is made once its client is ready: signals from then on reach it.
    await until(() => {
      a.publish(1, false);
      return heard.length > 0;
    });
    heard.length = 0;
    a.publish(2, false);
    a.publish(3, true);
    await until(() => heard.some(([s]) => s === 3));
    expect(heard.filter(([s]) => s !== 1)).toEqual([[2, false], [3, true]]);
    // An instance of the earlier version: `<instance> <store>`, nothing about the dispatcher.
    await until(() => raw.status === 'ready');
    await raw.publish(channel, 'an-older-instance 4');
    await until(() => heard.some(([s]) => s === 4));
    expect(heard.find(([s]) => s === 4)).toEqual([4, true]);
  });
});
