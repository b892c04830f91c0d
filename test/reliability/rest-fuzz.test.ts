// Hostile input to every REST route: ≥ 10,000 generated requests on SQLite (fixed seed; FUZZ_SEED,
// FUZZ_RUNS or FUZZ_SCALE for other or more cases; fewer on PostgreSQL by default) with odd or
// invalid bodies in every content type, garbage query strings and headers. Not one may answer ≥ 500,
// leak internals in its body, or damage the database.
import { containerOf } from '../../src/app.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { engines } from '../helpers/app.js';
import { openWorld, type World } from './support/world.js';
import { restCase } from './support/rest-cases.js';
import { count, fuzz, fuzzSettings, summarize } from './support/fuzz-run.js';
import { findLeak } from './support/leaks.js';

describe('the leak detector', () => {
  it('recognises stack traces, paths, SQL and driver errors, and passes ordinary bodies', () => {
    const leaks = [
      'TypeError: Cannot read properties of undefined (reading \'x\')\n    at handler (/work/main/src/rest/body.ts:12:5)',
      '{"message":"SqliteError: no such column: foo"}', '{"message":"duplicate key value violates unique constraint \\"x\\""}',
      'select "id" from "taxes" where "store_id" = $1', 'at Object.<anonymous> (file:///app/dist/main.js:10:3)',
      'ENOENT /home/app/node_modules/x/index.js',
    ];
    for (const body of leaks) expect(findLeak(body), body).toBeDefined();
    for (const body of ['{"message":"name must be at most 30 characters","field":"name"}', '<p>Select the store from the list</p>', '{"rate":"5"}']) {
      expect(findLeak(body), body).toBeUndefined();
    }
  });
});

describe.each(engines())('REST under hostile input on %s', (engine) => {
  let w: World;
  beforeAll(async () => {
    w = await openWorld(engine);
  }, 120_000);
  afterAll(async () => w?.close());

  it('answers every generated request below 500, without leaking internals, and keeps the database intact', async () => {
    const { seed, runs } = fuzzSettings(engine === 'sqlite' ? 10_000 : 2_000);
    const tokens = { store: w.chain.storeToken, user: w.chain.userToken, client: w.chain.clientToken };
    const report = await fuzz(restCase(w.app.container.registry, w.ids, tokens), runs, seed, async (c, r) => {
      let res;
      try {
        res = await w.app.inject({ method: c.method as 'GET', url: c.url, headers: c.headers, payload: c.payload });
      } catch (err) {
        return { group: `${c.label}: inject threw ${(err as Error).message.slice(0, 80)}`, example: JSON.stringify({ ...c, payload: c.payload?.slice(0, 300) }) };
      }
      count(r, res.statusCode);
      const example = () => `${c.method} ${c.url.slice(0, 300)} ${JSON.stringify(c.headers).slice(0, 400)} body=${String(c.payload ?? '').slice(0, 300)} → ${res.statusCode} ${res.body.slice(0, 400)}`;
      if (res.statusCode >= 500) return { group: `${c.label}: ${res.statusCode}`, example: example() };
      const leak = findLeak(res.body);
      if (leak) return { group: `${c.label}: leaks ${leak.split(':')[0]}`, example: `${leak} — ${example()}` };
      return undefined;
    });
    let integrity = 'not checked';
    if (engine === 'sqlite') {
      const db = containerOf(w.app).database.db;
      integrity = (await sql<{ integrity_check: string }>`PRAGMA integrity_check`.execute(db)).rows.map((r) => r.integrity_check).join(',');
      const foreignKeys = (await sql`PRAGMA foreign_key_check`.execute(db)).rows;
      expect(foreignKeys).toEqual([]);
    } else {
      // PostgreSQL enforces its constraints on every statement; the service must still answer.
      expect((await w.app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);
    }
    console.log(`[figures] rest-fuzz ${engine} seed=${seed}: ${report.cases} cases in ${report.ms} ms, ${report.failures.length} failures, ` +
      `statuses ${JSON.stringify(report.statuses)}, integrity_check=${integrity}`);
    if (report.failures.length) console.log(summarize(report));
    expect(report.cases).toBeGreaterThanOrEqual(runs);
    expect(report.failures.length, summarize(report)).toBe(0);
    if (engine === 'sqlite') expect(integrity).toBe('ok');
  }, 300_000);
});
