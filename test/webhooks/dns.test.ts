// Host names of webhook URLs are resolved by DNS through c-ares (src/net/resolve.ts), within a bound,
// not by dns.lookup on libuv's thread pool: a name whose servers never answer fails its attempt
// (logged as a DNS failure, retried on schedule) and holds up nothing else the pool runs, such as
// the scrypt behind every tenant's client-secret check. A real DNS server on loopback plays the
// callers' name servers (OUTBOUND_DNS_SERVERS).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { link } from '../helpers/rest.js';
import { startReceiver, type Receiver } from '../helpers/receiver.js';
import { startDns, type DnsServer } from '../helpers/dns-server.js';
import { basic, oauthPost } from '../auth/helpers.js';
import { collection, createCustomer, makeWorld, type World } from './world.js';

describe('outbound host names', () => {
  let dns: DnsServer;
  let w: World;
  let receiver: Receiver;
  beforeAll(async () => {
    dns = await startDns();
    receiver = await startReceiver();
    w = await makeWorld('sqlite', { outboundDnsServers: [`127.0.0.1:${dns.port}`], outboundDnsTimeoutMs: 1000, webhookTimeoutMs: 10_000 });
  });
  afterAll(async () => { await w?.close(); await receiver?.close(); await dns?.close(); });

  it('are asked of the configured name servers and delivered to the address they give; localhost is loopback without asking', async () => {
    const port = new URL(receiver.url).port;
    dns.answer = (name) => (name === 'hooks.example.test' ? ['127.0.0.1'] : 'nxdomain');
    const named = await w.createWebhook({ url: `http://hooks.example.test:${port}/named`, format: 'vendor_a' });
    const local = await w.createWebhook({ url: `http://localhost:${port}/local`, format: 'vendor_a' });
    const unknown = await w.createWebhook({ url: `http://nowhere.example.test:${port}/`, format: 'vendor_a' });
    await createCustomer(w, 'named@example.com');
    await w.run();
    expect(receiver.received.map((r) => r.url).sort()).toEqual(['/local', '/named']);
    expect(dns.questions).toContain('A hooks.example.test');
    expect(dns.questions.some((q) => q.endsWith(' localhost'))).toBe(false);
    for (const hook of [named, local]) expect((await collection(w, link(hook, 'svc:logs'), 'logs'))[0]).toMatchObject({ response_code: 200, error: null });
    const [failed] = await collection(w, link(unknown, 'svc:logs'), 'logs');
    expect(failed).toMatchObject({ response_code: null });
    expect(failed.error).toMatch(/^dns: ENOTFOUND nowhere\.example\.test/);
  });

  it('that nobody answers fail their attempts within the bound and leave the thread pool to everyone else', async () => {
    dns.answer = () => 'hold';
    const hosts = Array.from({ length: 8 }, (_, i) => `stalled-${i}.example.test`);
    const hooks = [];
    for (const host of hosts) hooks.push(await w.createWebhook({ url: `http://${host}/`, format: 'vendor_a' }));
    await createCustomer(w, 'stalled@example.com');
    let settled = false;
    const run = w.run().finally(() => { settled = true; });
    // Every name's question has reached the server, which answers none of them.
    for (let waited = 0; hosts.some((h) => !dns.questions.includes(`A ${h}`)); waited += 10) {
      if (waited > 10_000) throw new Error(`the configured name server was not asked for every host: ${JSON.stringify(dns.questions)}`);
      await new Promise((r) => setTimeout(r, 10));
    }
    // Meanwhile the pool serves: eight client-credentials grants (a scrypt each, on the pool),
    // more than its four threads, all answered while every lookup is still waiting.
    const grants = await Promise.all(Array.from({ length: 8 }, () =>
      oauthPost(w.app, '/token', { grant_type: 'client_credentials' }, { authorization: basic(w.chain.clientId, w.chain.clientSecret) })));
    expect(grants.map((g) => g.statusCode)).toEqual(Array(8).fill(200));
    expect(settled).toBe(false);
    await run;
    for (const [i, hook] of hooks.entries()) {
      const logs = await collection(w, link(hook, 'svc:logs'), 'logs');
      expect(logs, hosts[i]).toHaveLength(1);
      expect(logs[0]).toMatchObject({ response_code: null });
      expect(logs[0].error).toMatch(new RegExp(`^dns: ETIMEOUT ${hosts[i].replace(/\./g, '\\.')}`));
    }
    const [status] = await collection(w, link(hooks[0], 'svc:statuses'), 'statuses');
    expect([status.status, status.attempts]).toEqual(['pending', 1]);
  });
});
