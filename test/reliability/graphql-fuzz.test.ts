// Hostile GraphQL over HTTP: ≥ 5,000 generated operations against every mutation with hostile
// variables, and ≥ 1,000 broken documents. None may end in an internal error or leak internals.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GraphQLSchema } from 'graphql';
import { buildSchema } from '../../src/graphql/schema.js';
import { engines } from '../helpers/app.js';
import { openWorld, type World } from './support/world.js';
import { brokenDocumentCase, mutationCase, type GqlCase } from './support/graphql-cases.js';
import { count, fuzz, fuzzSettings, summarize, type Failure, type FuzzReport } from './support/fuzz-run.js';
import { findLeak } from './support/leaks.js';

describe.each(engines())('GraphQL under hostile input on %s', (engine) => {
  let w: World;
  let schema: GraphQLSchema;
  beforeAll(async () => {
    w = await openWorld(engine);
    schema = buildSchema(w.app.container.registry, w.t.config.baseUrl);
  }, 120_000);
  afterAll(async () => w?.close());

  const tokens = () => ({ store: w.chain.storeToken, user: w.chain.userToken, client: w.chain.clientToken });

  async function check(c: GqlCase, r: FuzzReport): Promise<Failure | undefined> {
    const res = await w.app.inject({ method: c.method, url: c.url, headers: c.headers, payload: c.payload });
    count(r, res.statusCode);
    const example = () => `${c.method} ${c.url.slice(0, 200)} ${JSON.stringify(c.headers).slice(0, 120)} ${String(c.payload ?? '').slice(0, 500)} → ${res.statusCode} ${res.body.slice(0, 500)}`;
    if (res.statusCode >= 500) return { group: `${c.label}: HTTP ${res.statusCode}`, example: example() };
    if (res.body.includes('INTERNAL_SERVER_ERROR')) return { group: `${c.label}: INTERNAL_SERVER_ERROR`, example: example() };
    const leak = findLeak(res.body);
    if (leak) return { group: `${c.label}: leaks ${leak.split(':')[0]}`, example: `${leak} — ${example()}` };
    return undefined;
  }

  it('answers every mutation with hostile variables without an internal error', async () => {
    const { seed, runs } = fuzzSettings(engine === 'sqlite' ? 5_000 : 1_000);
    const report = await fuzz(mutationCase(schema, w.app.container.registry, w.ids, tokens()), runs, seed, check);
    const mutations = Object.keys(schema.getMutationType()!.getFields()).length;
    console.log(`[figures] graphql-mutation-fuzz ${engine} seed=${seed}: ${report.cases} operations over ${mutations} mutations in ${report.ms} ms, ${report.failures.length} failures, statuses ${JSON.stringify(report.statuses)}`);
    expect(report.cases).toBeGreaterThanOrEqual(runs);
    expect(report.failures.length, summarize(report)).toBe(0);
  }, 240_000);

  it('answers broken documents as client errors', async () => {
    const { seed, runs } = fuzzSettings(engine === 'sqlite' ? 1_000 : 300);
    const report = await fuzz(brokenDocumentCase(tokens()), runs, seed + 1, check);
    console.log(`[figures] graphql-document-fuzz ${engine} seed=${seed + 1}: ${report.cases} documents in ${report.ms} ms, ${report.failures.length} failures, statuses ${JSON.stringify(report.statuses)}`);
    expect(report.cases).toBeGreaterThanOrEqual(runs);
    expect(report.failures.length, summarize(report)).toBe(0);
  }, 240_000);
});
