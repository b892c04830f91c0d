// The benchmark harness's own logic, without any timing: the hand-written baseline must answer
// exactly what the service answers (or its ratios compare different work), statements are counted
// the way the report says, and a run rewrites only the generated part of BENCHMARKS.md.
import { containerOf } from '../../src/app.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { engines, makeApp, BASE, PG_URL, type TestApp } from '../helpers/app.js';
import { injector } from '../../bench/api.js';
import { seed, type Seeded } from '../../bench/seed.js';
import { openLoader, type Loader } from '../../bench/baseline/load.js';
import { graphqlAnswer, halCollection, halItem } from '../../bench/baseline/render.js';
import { jsonDiff } from '../../bench/context.js';
import { percentile, turnOrder, upTo, warmClosedLoop, warmupLeft, WARMUP_MAX_SECONDS, WARMUP_REQUESTS } from '../../bench/load.js';
import { appQuery, graphqlPoster, subscriptionSupport } from '../../bench/queries.js';
import { statementLog } from '../../bench/statements.js';
import { writeReport, type Report } from '../../bench/report.js';
import { verifyAccessToken } from '../../src/auth/jwt.js';
import { databaseCpu, startFlags } from '../../bench/proc.js';
import pg from 'pg';
import { ROOT } from '../../bench/config.js';

const ZOOM = 'zoom=items,items:item_options,items:item_category';

describe.each(engines())('benchmark baseline and harness on %s', (engine) => {
  let t: TestApp;
  let seeded: Seeded;
  let loader: Loader;
  const dir = mkdtempSync(join(tmpdir(), 'bench-test-'));
  const send = () => injector(t.app, BASE);

  beforeAll(async () => {
    const file = join(dir, 'db.sqlite');
    // The benchmark's queries run within the default cost limit.
    t = engine === 'postgres'
      ? await makeApp({ engine })
      : await makeApp({ config: { databaseUrl: file } });
    seeded = await seed(send(), containerOf(t.app).database, { transactions: 30, carts: 3, tag: `t${process.pid}` });
    loader = engine === 'postgres' ? openLoader(PG_URL!, t.config.databaseSchema) : openLoader(file);
  });
  afterAll(async () => {
    await loader?.close();
    await t?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('seeds transactions × 5 items × 3 options, carts and a store token', () => {
    expect(seeded.counts).toMatchObject({ transactions: 30, items: 150, item_options: 450, carts: 23 });
    expect(seeded.checkoutCarts).toHaveLength(3);
    expect(seeded.storeToken).toMatch(/^ey/);
  });

  it('answers the REST collection exactly as the service does', async () => {
    const path = `/stores/${seeded.storeId}/transactions?limit=10&offset=10&${ZOOM}`;
    const res = await send()('GET', path, { token: seeded.storeToken });
    expect(res.status).toBe(200);
    const url = new URL(path, BASE);
    const collection = `${BASE}/stores/${seeded.storeId}/transactions`;
    const ours = halCollection(BASE, `${collection}?${url.searchParams}`, collection, url.searchParams, 10, 10, await loader.page(seeded.storeId, 10, 10, true));
    expect(jsonDiff(res.body, JSON.parse(ours))).toBeUndefined();
  });

  it('answers one item exactly as the service does', async () => {
    const id = (await loader.page(seeded.storeId, 1, 0, false)).itemsByTransaction.values().next().value![0].id;
    const res = await send()('GET', `/items/${id}`, { token: seeded.storeToken });
    expect(jsonDiff(res.body, JSON.parse(halItem(BASE, (await loader.item(seeded.storeId, Number(id)))!)))).toBeUndefined();
  });

  it('checks a token\'s liveness with the statement the service runs (scenario 1\'s second reference)', async () => {
    const { tokens } = containerOf(t.app);
    const claims = verifyAccessToken(tokens.opts.keys, tokens.opts.issuer, seeded.storeToken, tokens.nowSec())!;
    const both = async (c: typeof claims) => [await loader.live(c, tokens.nowSec()), await tokens.isLive(c)];
    expect(await both(claims)).toEqual([true, true]);
    // A store that is gone, and a revoked token (another jti, so the seeded token stays usable).
    expect(await both({ ...claims, sid: 987654321 })).toEqual([false, false]);
    const revoked = { ...claims, jti: `revoked-${engine}-${process.pid}` };
    await tokens.revokeAccess(revoked);
    expect(await both(revoked)).toEqual([false, false]);
  });

  it('answers the nested GraphQL query exactly as the service does', async () => {
    const post = graphqlPoster(send(), '/graphql', seeded.storeToken);
    const q = (await appQuery(post)).build(7);
    const data = await post(q.query, q.variables);
    expect(data.store.transactions.nodes).toHaveLength(7);
    expect(jsonDiff({ data }, JSON.parse(graphqlAnswer(BASE, await loader.page(seeded.storeId, 7, 0, false))))).toBeUndefined();
  });

  it('counts the statements of a request with the service counter and names them', async () => {
    const log = statementLog(containerOf(t.app).database);
    const path = (limit: number) => `/stores/${seeded.storeId}/transactions?limit=${limit}&${ZOOM}`;
    const small = await log.around(() => send()('GET', path(2), { token: seeded.storeToken }), 1);
    const large = await log.around(() => send()('GET', path(25), { token: seeded.storeToken }), 2);
    expect(small.count).toBeGreaterThan(0);
    expect(large.count).toBe(small.count);
    expect(large.statements).toHaveLength(large.count);
    expect(large.sql.some((s) => /from "item_options"/.test(s))).toBe(true);
  });

  it('says why the subscription scenario cannot run, or nothing when it can', async () => {
    const reason = await subscriptionSupport(graphqlPoster(send(), '/graphql', seeded.storeToken));
    expect(reason === undefined || /no field `events: Event!`|no subscription root/.test(reason)).toBe(true);
  });
});

describe('benchmark helpers', () => {
  it('finds the first difference between JSON values, ignoring key order', () => {
    expect(jsonDiff({ a: 1, b: [1, { c: 2 }] }, { b: [1, { c: 2 }], a: 1 })).toBeUndefined();
    expect(jsonDiff({ a: 1, b: [1, { c: 2 }] }, { a: 1, b: [1, { c: 3 }] })).toBe('$.b.1.c: 2 ≠ 3');
    expect(jsonDiff({ a: null }, { a: 0 })).toMatch(/^\$\.a:/);
  });

  it('gives each contender each place in the order of turns; of three or more, none two turns in a row', () => {
    for (const n of [2, 3, 4]) {
      const names = Array.from({ length: n }, (_, i) => String.fromCharCode(65 + i));
      const rounds = Array.from({ length: n * 2 }, (_, r) => turnOrder(names, r));
      for (const order of rounds) expect([...order].sort()).toEqual(names);
      // Every contender is at every place equally often.
      for (let place = 0; place < n; place++) {
        expect(new Set(rounds.slice(0, n).map((o) => o[place])).size).toBe(n);
      }
      // Two can only alternate, A B B A (each first every other round); three or more never repeat.
      const sequence = rounds.flat();
      if (n === 2) expect(sequence.join('')).toBe('ABBAABBA');
      else for (let i = 1; i < sequence.length; i++) expect(sequence[i], `turn ${i} of ${n}`).not.toBe(sequence[i - 1]);
    }
  });

  it('warms a slow path up for as many requests as a fast one, within a bound of time', () => {
    // 200 a second after 3 s: the rest of the requests at that rate.
    expect(warmupLeft(600, 3)).toBeCloseTo((WARMUP_REQUESTS - 600) / 200, 6);
    expect(warmupLeft(WARMUP_REQUESTS, 3)).toBe(0);
    expect(warmupLeft(30_000, 3)).toBe(0);
    // 10 a second would take minutes: the warm-up stops at its bound.
    expect(warmupLeft(30, 3)).toBe(WARMUP_MAX_SECONDS - 3);
    expect(warmupLeft(0, 3)).toBe(0);
  });

  it('warms up by count: exactly WARMUP_REQUESTS, however slow its first seconds were', async () => {
    let served = 0;
    // ~1 ms a call: a few dozen in the first 10 ms, the rest counted, not timed from that rate.
    const call = () => new Promise<number>((resolve) => setTimeout(() => { served++; resolve(200); }, 1));
    const requests = await warmClosedLoop(process.pid, 50, 0.01, call);
    expect(requests).toBe(WARMUP_REQUESTS);
    expect(served).toBe(WARMUP_REQUESTS);
    const three = upTo(3, () => Promise.resolve(200));
    expect([three(), three(), three(), three()].map((p) => p !== null)).toEqual([true, true, true, false]);
  });

  it('takes nearest-rank percentiles', () => {
    const xs = Array.from({ length: 100 }, (_, i) => i + 1);
    expect(percentile(xs, 50)).toBe(50);
    expect(percentile(xs, 99)).toBe(99);
    expect(percentile([7], 99)).toBe(7);
    expect(percentile([], 50)).toBeNaN();
  });

  it('rewrites only the generated part of the report', () => {
    const dir = mkdtempSync(join(tmpdir(), 'bench-report-'));
    const file = join(dir, 'BENCHMARKS.md');
    const report = {
      cfg: { scale: 1, transactions: 10, duration: 1, warmup: 1, rounds: 1, connections: 1, soakSeconds: 1, subscribers: 1, coldStarts: 1 },
      machine: { cpu: 'cpu', cores: 2, memoryGb: 1, freeGb: 1, kernel: 'k', loadAtStart: [0, 0, 0], versions: { node: '20' } },
      startedAt: new Date(0), seconds: 1, loadAtEnd: [0, 0, 0], seeds: [], profiles: [], warnings: [],
      scenarios: [{ id: '2', title: 'REST', engine: 'sqlite', verdict: 'met', rows: [{ name: 'service', rps: 10, ratio: 0.9 }], notes: ['a note'] }],
    } as unknown as Report;
    writeReport(file, report);
    const first = readFileSync(file, 'utf8');
    expect(first).toContain('| service | 10.0 |');
    writeFileSync(file, `# Title\n\nHand-written.\n\n${first.slice(first.indexOf('<!-- bench:begin'))}\n## Analysis\n\nMine.\n`);
    writeReport(file, { ...report, scenarios: [{ ...report.scenarios[0], notes: ['another note'] }] });
    const second = readFileSync(file, 'utf8');
    expect(second).toContain('Hand-written.');
    expect(second).toContain('## Analysis\n\nMine.');
    expect(second).toContain('another note');
    expect(second).not.toContain('a note');
    rmSync(dir, { recursive: true, force: true });
  });
});

describe('the service under the bench', () => {
  it('runs with the Node flags npm start gives it', () => {
    const start = (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { scripts: { start: string } }).scripts.start;
    expect(startFlags().length).toBeGreaterThan(0);
    expect(start).toBe(`exec node ${startFlags().join(' ')} scripts/start.mjs`);
  });
});

// The counter reads /proc: it sees a PostgreSQL server on this machine only.
const localPg = !!PG_URL && ['127.0.0.1', 'localhost', '::1', '[::1]'].includes(new URL(PG_URL).hostname);
if (!localPg) console.log('the database\'s CPU test is skipped: TEST_DATABASE_URL does not name a PostgreSQL server on this machine');

describe.runIf(localPg)('the database\'s CPU beside the service\'s', () => {
  it('counts what a statement makes the local PostgreSQL server spend', async () => {
    const client = new pg.Client({ connectionString: PG_URL });
    await client.connect();
    try {
      const idle = databaseCpu();
      const quiet = idle.stop();
      expect(quiet).toBeGreaterThanOrEqual(0);
      const busy = databaseCpu();
      // A second or so of the backend's CPU, measured in ticks of 10 ms.
      await client.query('select count(*) from generate_series(1, 20000000)');
      expect(busy.stop()).toBeGreaterThan(0.05);
    } finally {
      await client.end();
    }
  });
});
