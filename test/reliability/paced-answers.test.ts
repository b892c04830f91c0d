// A large answer is written over several turns of the loop while other callers are active
// (src/services/pace.ts, src/representations/paced-json.ts), so another caller's small request that
// arrives while it is being built is answered first; with pacing off the large answer holds the
// loop to its end. Real sockets. B's request is sent the moment the server has taken A's request in
// (the server's own 'request' event), and who was answered first is told by the order in which the
// server wrote the two status lines, not by a clock. The large answer's bytes are the same either way.
import { request, Agent } from 'node:http';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { afterAll, describe, expect, it } from 'vitest';
import { containerOf } from '../../src/app.js';
import { engines, makeApp, type TestApp } from '../helpers/app.js';
import { call, json, link, tokenChain, type Chain } from '../helpers/rest.js';

describe.each(engines())('large answers paced between callers (%s)', (engine) => {
  const apps: TestApp[] = [];
  const agents: Agent[] = [];
  afterAll(async () => {
    for (const a of agents) a.destroy();
    for (const a of apps) await a.close();
  });

  /** An app on a real port, store A with a tax in 30 categories (a zoom of it holds ~2,000 members). */
  const setUp = async (config: Record<string, number>) => {
    const t = await makeApp({ engine, config: { rateLimitFairShare: 2, responseSliceMs: 0, ...config } });
    apps.push(t);
    const origin = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const a = await tokenChain(t.app);
    const b = await tokenChain(t.app);
    const store = json(await call(t.app, a.storeHref, { token: a.storeToken }));
    const tax = json(await call(t.app, link(store, 'svc:taxes'), { method: 'POST', token: a.storeToken, body: { name: 'VAT', type: 'global', rate: 20 } }));
    for (let i = 0; i < 30; i++) {
      const cat = json(await call(t.app, link(store, 'svc:item_categories'), { method: 'POST', token: a.storeToken, body: { code: `C${i}`, name: `C ${i}` } }));
      await call(t.app, link(tax, 'svc:tax_item_categories'), { method: 'POST', token: a.storeToken, body: { tax_uri: link(tax, 'self'), item_category_uri: link(cat, 'self') } });
    }
    const large = `${new URL(link(store, 'svc:taxes')).pathname}?limit=300&zoom=tax_item_categories:tax:tax_item_categories:tax`;
    // One keep-alive connection per caller, opened before the race, so sending costs no connect.
    const agentOf = new Map<Chain, Agent>([[a, new Agent({ keepAlive: true, maxSockets: 1 })], [b, new Agent({ keepAlive: true, maxSockets: 1 })]]);
    agents.push(...agentOf.values());
    const send = (c: Chain, path: string, headers: Record<string, string> = {}, post?: string) => new Promise<{ status: number; body: string; etag?: string }>((resolve, reject) => {
      const req = request(`${origin}${path}`, {
        method: post === undefined ? 'GET' : 'POST', agent: agentOf.get(c),
        headers: {
          authorization: `Bearer ${c.storeToken}`, 'service-api-version': '1', accept: 'application/hal+json', ...headers,
          ...(post === undefined ? {} : { 'content-type': 'application/json', accept: 'application/json' }),
        },
      }, (res) => {
        let body = '';
        res.setEncoding('utf8').on('data', (d: string) => { body += d; }).on('end', () => resolve({ status: res.statusCode!, body, etag: res.headers.etag }));
      });
      req.on('error', reject).end(post);
    });
    const get = (c: Chain, path: string, headers: Record<string, string> = {}) => send(c, path, headers);
    /** A's GraphQL query of the same data: 30 tax item categories, each with its category and tax. */
    const graphql = () => send(a, '/graphql', {}, JSON.stringify({
      query: '{ store { taxes(first: 300) { nodes { id name taxItemCategories(first: 300) { nodes { id itemCategory { id code name } tax { id name rate } } } } } } }',
    }));
    const largeOne = `${new URL(link(tax, 'self')).pathname}?zoom=tax_item_categories:tax:tax_item_categories:tax`;
    return { t, a, b, get, graphql, large, largeOne, small: new URL(b.storeHref).pathname };
  };

  /**
   * Sends A's large read (the REST collection, or `viaGraphql` its GraphQL query), then B's small
   * one as soon as the server has A's; the order the server answered them in.
   */
  const race = async (s: Awaited<ReturnType<typeof setUp>>, viaGraphql = false, accept = 'application/hal+json') => {
    // Both callers active (the fair share's view) and both connections open.
    expect((await s.get(s.a, new URL(s.a.storeHref).pathname)).status).toBe(200);
    expect((await s.get(s.b, s.small)).status).toBe(200);
    const order: string[] = [];
    let bSent: Promise<{ status: number; body: string }> | undefined;
    const watch = (req: IncomingMessage, res: ServerResponse) => {
      const who = req.url === (viaGraphql ? '/graphql' : s.large) ? 'A' : req.url === s.small ? 'B' : undefined;
      if (!who) return;
      const writeHead = res.writeHead;
      res.writeHead = function (this: ServerResponse, ...args: Parameters<ServerResponse['writeHead']>) {
        order.push(who);
        return writeHead.apply(this, args);
      } as ServerResponse['writeHead'];
      if (who === 'A') bSent = s.get(s.b, s.small);
    };
    s.t.app.server.on('request', watch);
    try {
      const aAnswer = await (viaGraphql ? s.graphql() : s.get(s.a, s.large, { accept }));
      const bAnswer = await bSent!;
      expect(aAnswer.status, aAnswer.body.slice(0, 300)).toBe(200);
      expect(bAnswer.status, bAnswer.body.slice(0, 300)).toBe(200);
      if (viaGraphql || accept === 'application/hal+json') {
        const a = JSON.parse(aAnswer.body);
        expect(viaGraphql ? a.data.store.taxes.nodes[0].taxItemCategories.nodes : a._embedded['svc:taxes'][0]._embedded['svc:tax_item_categories']).toHaveLength(30);
      } else {
        // 30 tax item categories, each holding its tax, each tax its 30 categories again.
        expect(aAnswer.body.split('/tax_item_categories/').length).toBeGreaterThan(900);
      }
      return { order, body: aAnswer.body };
    } finally {
      s.t.app.server.off('request', watch);
    }
  };

  /**
   * Who was answered first, paced and unpaced. On SQLite statements run on the loop, so the order
   * is the pacing's alone: paced, B goes between A's slices; unpaced, A holds the loop until it is
   * written and B waits behind it. On PostgreSQL both requests wait on the network between their
   * statements, so the order there tells the round trips' times (a loaded machine's database can
   * answer B after A's last slice), not the pacing: only the bytes are compared there.
   */
  const expectOrders = (paced: { order: string[] }, unpaced: { order: string[] }) => {
    if (engine !== 'sqlite') return;
    expect(paced.order).toEqual(['B', 'A']);
    expect(unpaced.order).toEqual(['A', 'B']);
  };

  it('answers another caller\'s small request while a large answer is being built, with the same bytes as unpaced', async () => {
    const s = await setUp({});
    const paced = await race(s);
    (s.t.app.container.config as { responsePaceAbove: number }).responsePaceAbove = 0;
    const unpaced = await race(s);
    expectOrders(paced, unpaced);
    expect(paced.body).toBe(unpaced.body);
  });

  // B also gets in between A's zoom levels here; that the XML and HTML writers themselves give the
  // loop away between members is shown by test/representations/paced-pages.test.ts.
  it.each(['application/hal+xml', 'text/html'])('answers another caller\'s small request while a large %s answer is being made, with the same text as unpaced', async (accept) => {
    const s = await setUp({});
    const paced = await race(s, false, accept);
    (s.t.app.container.config as { responsePaceAbove: number }).responsePaceAbove = 0;
    const unpaced = await race(s, false, accept);
    expectOrders(paced, unpaced);
    expect(paced.body).toBe(unpaced.body);
  });

  it('answers another caller\'s small request while a large GraphQL result is being written, with the same bytes as unpaced', async () => {
    // The result holds 126 objects and list elements: paced above 100.
    const s = await setUp({ responsePaceAbove: 100 });
    const paced = await race(s, true);
    (s.t.app.container.config as { responsePaceAbove: number }).responsePaceAbove = 0;
    const unpaced = await race(s, true);
    expectOrders(paced, unpaced);
    expect(paced.body).toBe(unpaced.body);
    expect(paced.body.endsWith('}\n')).toBe(true);
  });

  it('stops building a paced answer at its next break point once its client has hung up (499), and goes on serving', async () => {
    const s = await setUp({});
    expect((await s.get(s.a, new URL(s.a.storeHref).pathname)).status).toBe(200);
    expect((await s.get(s.b, s.small)).status).toBe(200);
    const statuses: number[] = [];
    const watch = (req: IncomingMessage, res: ServerResponse) => {
      if (req.url !== s.large) return;
      const writeHead = res.writeHead;
      res.writeHead = function (this: ServerResponse, ...args: Parameters<ServerResponse['writeHead']>) {
        statuses.push(args[0]);
        return writeHead.apply(this, args);
      } as ServerResponse['writeHead'];
      // The client goes once the answer is in the making: before the loop's next turn, where
      // the answer gives way for the first time after its first zoom level is loaded.
      setImmediate(() => req.socket.destroy());
    };
    // Each zoom level is one statement on the items' tables; count those run for A's request.
    const db = containerOf(s.t.app).database;
    const before = db.stats.statements;
    s.t.app.server.on('request', watch);
    try {
      await expect(s.get(s.a, s.large)).rejects.toThrow(/socket hang up|ECONNRESET/);
      await new Promise((r) => setTimeout(r, 200));
    } finally {
      s.t.app.server.off('request', watch);
    }
    const loads = db.stats.statements - before;
    expect(statuses).toEqual([499]);
    // The token's liveness, the page and its first zoom level: not the three levels after it.
    expect(loads).toBeLessThanOrEqual(3);
    expect((await s.get(s.b, s.small)).status).toBe(200);
  });

  it('stops writing a paced GraphQL result once its client has hung up (499), and goes on serving', async () => {
    // The result holds 126 objects and list elements: paced above 100.
    const s = await setUp({ responsePaceAbove: 100 });
    expect((await s.get(s.a, new URL(s.a.storeHref).pathname)).status).toBe(200);
    expect((await s.get(s.b, s.small)).status).toBe(200);
    const statuses: number[] = [];
    const watch = (req: IncomingMessage, res: ServerResponse) => {
      if (req.url !== '/graphql') return;
      const writeHead = res.writeHead;
      res.writeHead = function (this: ServerResponse, ...args: Parameters<ServerResponse['writeHead']>) {
        statuses.push(args[0]);
        return writeHead.apply(this, args);
      } as ServerResponse['writeHead'];
      // The client goes once its query has been read in whole: the result is executed and then
      // written for nobody, giving way (and looking at the connection) at its first break point.
      req.on('end', () => setImmediate(() => req.socket.destroy()));
    };
    s.t.app.server.on('request', watch);
    try {
      await expect(s.graphql()).rejects.toThrow(/socket hang up|ECONNRESET/);
      await new Promise((r) => setTimeout(r, 200));
    } finally {
      s.t.app.server.off('request', watch);
    }
    expect(statuses).toEqual([499]);
    expect((await s.get(s.b, s.small)).status).toBe(200);
    expect(JSON.parse((await s.graphql()).body).data.store.taxes.nodes[0].taxItemCategories.nodes).toHaveLength(30);
  });

  it('gives a large single resource in another representation the same bytes and ETag paced, and 304 for its ETag', async () => {
    const s = await setUp({});
    const siren = { accept: 'application/vnd.siren+json' };
    const both = async () => {
      // Both callers active, so A's answer is paced (the fair share's view).
      expect((await s.get(s.b, s.small)).status).toBe(200);
      return s.get(s.a, s.largeOne, siren);
    };
    const paced = await both();
    expect(paced.status).toBe(200);
    expect(JSON.parse(paced.body).entities.length).toBeGreaterThan(0);
    expect(paced.etag).toMatch(/-siren"$/);
    expect((await s.get(s.b, s.small)).status).toBe(200);
    expect((await s.get(s.a, s.largeOne, { ...siren, 'if-none-match': paced.etag! })).status).toBe(304);
    (s.t.app.container.config as { responsePaceAbove: number }).responsePaceAbove = 0;
    const unpaced = await both();
    expect(unpaced.body).toBe(paced.body);
    expect(unpaced.etag).toBe(paced.etag);
  });
});
