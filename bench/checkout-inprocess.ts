// `npm run bench:checkout`: a checkout taken apart in process (BENCHMARKS.md, round 30). The app
// over a SQLite file at the service's synchronous=FULL (or PostgreSQL: BENCH_CHECKOUT_ENGINE=postgres
// with TEST_DATABASE_URL), BENCH_CHECKOUT_N one-item taxed carts checked out through app.inject by
// four concurrent callers, the first half as warm-up. It prints wall and CPU time per checkout and,
// on SQLite, better-sqlite3's time per statement text (COMMIT's spread included), the promises a
// checkout makes (BENCH_CHECKOUT_PROMISES=1; async_hooks slows the run) and the WAL's pages per
// COMMIT by B-tree. No baseline and no budget: for finding where a checkout's time goes, not for
// judging it (npm run bench does that, over HTTP against the baseline).
import { createHook } from 'node:async_hooks';
import { readFileSync } from 'node:fs';
import SQLite from 'better-sqlite3';
import type { FastifyInstance } from 'fastify';
import { makeApp, type Engine } from '../test/helpers/app.js';
import { call, json, link, tokenChain, type Chain } from '../test/helpers/rest.js';
import { walCommits } from '../test/helpers/wal-pages.js';
import { containerOf } from '../src/app.js';

const engine = (process.env.BENCH_CHECKOUT_ENGINE ?? 'sqlite') as Engine;
const N = 2 * Math.ceil(Number(process.env.BENCH_CHECKOUT_N ?? 4000) / 2);
const CALLERS = 4;

// better-sqlite3's calls, timed by statement text while `timing` is on.
const times = new Map<string, { calls: number; ns: number }>();
const commits: number[] = [];
let timing = false;
const proto = Object.getPrototypeOf(new SQLite(':memory:').prepare('select 1')) as Record<string, (...a: unknown[]) => unknown>;
for (const m of ['run', 'all', 'get']) {
  const original = proto[m];
  proto[m] = function (this: { source: string }, ...args: unknown[]) {
    if (!timing) return original.apply(this, args);
    const started = process.hrtime.bigint();
    try {
      return original.apply(this, args);
    } finally {
      const ns = Number(process.hrtime.bigint() - started);
      const text = this.source.replace(/\s+/g, ' ').slice(0, 100);
      const t = times.get(text) ?? { calls: 0, ns: 0 };
      t.calls++;
      t.ns += ns;
      times.set(text, t);
      if (text === 'COMMIT') commits.push(ns);
    }
  };
}

async function shop(app: FastifyInstance, chain: Chain): Promise<{ store: unknown; category: string }> {
  const token = chain.storeToken;
  const store = json(await call(app, chain.storeHref, { token }));
  const category = json(await call(app, link(store, 'svc:item_categories'), { method: 'POST', token, body: { code: `C${Date.now()}`, name: 'Goods' } }));
  const tax = json(await call(app, link(store, 'svc:taxes'), { method: 'POST', token, body: { name: 'Sales', type: 'country', country: 'US', rate: 10 } }));
  await call(app, link(tax, 'svc:tax_item_categories'), { method: 'POST', token, body: { tax_uri: link(tax, 'self'), item_category_uri: link(category, 'self') } });
  return { store, category: link(category, 'self') };
}

const t = await makeApp({ engine, config: { sqliteSynchronous: 'FULL', rateLimitMax: 1e9 } });
try {
  const { app } = t;
  const chain = await tokenChain(app);
  const { store, category } = await shop(app, chain);
  const token = chain.storeToken;
  const checkouts: string[] = [];
  for (let i = 0; i < N; i++) {
    const cart = json(await call(app, link(store, 'svc:carts'), {
      method: 'POST', token, body: { shipping_country: 'US', shipping_region: 'OR', shipping_city: 'Portland', customer_email: 'b@example.com' },
    }));
    await call(app, link(cart, 'svc:items'), { method: 'POST', token, body: { item_category_uri: category, name: 'Widget', price: '12.50', quantity: 1 } });
    checkouts.push(new URL(link(cart, 'svc:checkout')).pathname);
  }
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'service-api-version': '1' };
  const run = async (list: string[]) => {
    let next = 0;
    await Promise.all(Array.from({ length: CALLERS }, async () => {
      while (next < list.length) {
        const res = await app.inject({ method: 'POST', url: list[next++], headers, payload: '{}' });
        if (res.statusCode !== 201) throw new Error(`checkout: ${res.statusCode} ${res.body}`);
      }
    }));
  };
  await run(checkouts.slice(0, N / 2));
  let promises = 0;
  const hook = createHook({ init(_id, type) { if (type === 'PROMISE') promises++; } });
  if (process.env.BENCH_CHECKOUT_PROMISES === '1') hook.enable();
  timing = true;
  const started = process.hrtime.bigint();
  const cpu0 = process.cpuUsage();
  await run(checkouts.slice(N / 2));
  const cpu = process.cpuUsage(cpu0);
  const wallMs = Number(process.hrtime.bigint() - started) / 1e6;
  timing = false;
  hook.disable();
  const n = N / 2;
  const us = (x: number) => (x / n).toFixed(0);
  console.log(`${engine}: ${n} checkouts by ${CALLERS} callers; per checkout: wall ${us(wallMs * 1000)} µs, CPU ${us(cpu.user + cpu.system)} µs (user ${us(cpu.user)}, system ${us(cpu.system)})`);
  if (promises) console.log(`promises per checkout: ${us(promises)}`);
  if (engine === 'sqlite') {
    const total = [...times.values()].reduce((s, x) => s + x.ns, 0);
    console.log(`SQLite per checkout: ${us(total / 1000)} µs`);
    const sorted = [...commits].sort((a, b) => a - b);
    const q = (f: number) => (sorted[Math.floor(f * (sorted.length - 1))] / 1000).toFixed(0);
    const slow = sorted.filter((x) => x > 2e6);
    console.log(`COMMIT: ${sorted.length}, median ${q(0.5)} µs, p99 ${q(0.99)} µs; above 2 ms ${slow.length}, ${(slow.reduce((s, x) => s + x, 0) / 1e6).toFixed(1)} of ${(sorted.reduce((s, x) => s + x, 0) / 1e6).toFixed(1)} ms`);
    for (const [text, x] of [...times].sort((a, b) => b[1].ns - a[1].ns).slice(0, 20)) {
      console.log(`${(x.ns / 1000 / n).toFixed(1).padStart(7)} µs ${(x.calls / n).toFixed(2).padStart(5)}×  ${text}`);
    }
    const file = containerOf(app).config.databaseUrl;
    const reader = new SQLite(file, { readonly: true });
    try {
      const last = walCommits(readFileSync(`${file}-wal`), reader).slice(-40);
      const by = new Map<string, number>();
      for (const c of last) for (const tree of c) by.set(tree, (by.get(tree) ?? 0) + 1);
      console.log(`WAL: ${(last.reduce((s, c) => s + c.length, 0) / last.length).toFixed(1)} pages per COMMIT (last ${last.length}); by B-tree:`);
      for (const [tree, pages] of [...by].sort((a, b) => b[1] - a[1]).slice(0, 15)) console.log(`${(pages / last.length).toFixed(2).padStart(6)}  ${tree}`);
    } finally {
      reader.close();
    }
  }
} finally {
  await t.close();
}
