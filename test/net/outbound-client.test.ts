// The outbound client (src/net/outbound.ts) loads undici at its first call: calls that come at
// once, before it is loaded, are all answered, and a call after close() is refused rather than
// making an agent nobody would destroy. Against a real receiver on loopback (private addresses allowed here).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Outbound } from '../../src/net/outbound.js';
import { startReceiver, type Receiver } from '../helpers/receiver.js';

describe('the outbound client', () => {
  let receiver: Receiver;
  beforeAll(async () => { receiver = await startReceiver(() => ({ status: 202, body: { ok: true } })); });
  afterAll(async () => receiver?.close());

  const client = () => new Outbound({ allowPrivate: true, dns: { servers: [], timeoutMs: 1000 } });

  it('answers twenty calls made at once, before any agent exists', async () => {
    const out = client();
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => out.post(`${receiver.url}/hook`, JSON.stringify({ i }), { 'content-type': 'application/json' }, { timeoutMs: 5000 })));
    expect(answers.map((a) => a.status)).toEqual(Array(20).fill(202));
    expect(receiver.received.filter((r) => r.url === '/hook')).toHaveLength(20);
    await out.close();
  });

  it('refuses a call after close, and closes without ever having called', async () => {
    const unused = client();
    await expect(unused.close()).resolves.toBeUndefined();
    await expect(unused.post(`${receiver.url}/late`, '{}', {}, { timeoutMs: 1000 })).rejects.toThrow(/closed/);
    const used = client();
    expect((await used.post(`${receiver.url}/once`, '{}', {}, { timeoutMs: 5000 })).status).toBe(202);
    await used.close();
    await expect(used.post(`${receiver.url}/late`, '{}', {}, { timeoutMs: 1000 })).rejects.toThrow(/closed/);
    expect(receiver.received.some((r) => r.url === '/late')).toBe(false);
  });
});
