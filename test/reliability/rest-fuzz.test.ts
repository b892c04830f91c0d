// Hostile input to every REST route: ≥ 10,000 generated requests (fixed seed; FUZZ_SEED / FUZZ_RUNS
// for more) with odd or invalid bodies in every content type, garbage query strings and headers.
// Not one may answer ≥ 500, leak internals in its body, or damage the database.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { openWorld, type World } from './support/world.js';
import { restCase } from './support/rest-cases.js';
import { count, fuzz, fuzzSettings, summarize } from './support/fuzz-run.js';
import { findLeak } from './support/leaks.js';

describe('REST under hostile input', () => {
  let w: World;
  beforeAll(async () => {
    w = await openWorld('sqlite');
  }, 120_000);
  afterAll(async () => w?.close());

  it('answers every generated request below 500, without leaking internals, and keeps the database intact', async () => {
    const { seed, runs } = fuzzSettings(10_000);
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
    const db = w.app.container.database.db;
    const integrity = (await sql<{ integrity_check: string }>`PRAGMA integrity_check`.execute(db)).rows.map((r) => r.integrity_check);
    const foreignKeys = (await sql`PRAGMA foreign_key_check`.execute(db)).rows;
    console.log(`[figures] rest-fuzz seed=${seed}: ${report.cases} cases in ${report.ms} ms, ${report.failures.length} failures, ` +
      `statuses ${JSON.stringify(report.statuses)}, integrity_check=${integrity.join(',')}, foreign_key_check=${foreignKeys.length} rows`);
    if (report.failures.length) console.log(summarize(report));
    expect(report.cases).toBeGreaterThanOrEqual(runs);
    expect(report.failures.length, summarize(report)).toBe(0);
    expect(integrity).toEqual(['ok']);
    expect(foreignKeys).toEqual([]);
  }, 240_000);
});
