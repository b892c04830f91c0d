// Shared set-up of the resource suites: an app on a fixed clock, a store reached by the token chain,
// and helpers that follow the store's links to the collections under test.
import { containerOf } from '../../../src/app.js';
import { ManualClock } from '../../../src/services/clock.js';
import { dynamic } from '../../../src/db/database.js';
import { makeApp, type Engine, type TestApp } from '../../helpers/app.js';
import { call, json, link, tokenChain, type Call, type Chain } from '../../helpers/rest.js';

/** The tests' "now": dates before it are past, after it future. */
export const NOW = new Date('2030-06-15T12:00:00Z');
export const NOW_UNIX = Math.floor(NOW.getTime() / 1000);
export const TODAY = '2030-06-15';
export const YESTERDAY = '2030-06-14';
export const TOMORROW = '2030-06-16';

export interface Suite {
  t: TestApp;
  clock: ManualClock;
  chain: Chain;
  store: any;
  /** `call` with the store's full-access token unless another is given. */
  req(url: string, c?: Call): ReturnType<typeof call>;
}

export async function suite(engine: Engine): Promise<Suite> {
  const clock = new ManualClock(NOW);
  const t = await makeApp({ engine, clock });
  const chain = await tokenChain(t.app);
  const store = json(await call(t.app, chain.storeHref, { token: chain.storeToken }));
  return { t, clock, chain, store, req: (url, c = {}) => call(t.app, url, { token: chain.storeToken, ...c }) };
}

/** A body with `field` set to `value`, or removed when `value` is undefined. */
export function withValue(base: Record<string, unknown>, field: string, value: unknown, extra: Record<string, unknown> = {}): Record<string, unknown> {
  const body: Record<string, unknown> = { ...base, ...extra };
  if (value === undefined) delete body[field];
  else body[field] = value;
  for (const [k, v] of Object.entries(extra)) if (v === undefined) delete body[k];
  return body;
}

/** POSTs to a store collection by its rel and returns the created representation (throws otherwise). */
export async function create(s: Suite, href: string, body: unknown, token?: string): Promise<any> {
  const res = await s.req(href, { method: 'POST', body, ...(token ? { token } : {}) });
  if (res.statusCode !== 201) throw new Error(`POST ${href}: ${res.statusCode} ${res.body}`);
  return json(res);
}

export async function newCart(s: Suite): Promise<any> {
  return create(s, link(s.store, 'svc:carts'), {});
}

/** A row written straight to the database, for states only checkout reaches (transactions, subscriptions). */
export async function insertRow(s: Suite, table: string, values: Record<string, unknown>): Promise<number> {
  const stamp = '2030-06-15T12:00:00+0000';
  const storeId = Number(s.chain.storeHref.split('/').pop());
  const row = await dynamic(containerOf(s.t.app).database.db).insertInto(table)
    .values({ store_id: storeId, date_created: stamp, date_modified: stamp, ...values })
    .returning('id').executeTakeFirstOrThrow();
  return Number(row.id);
}

export async function updateRow(s: Suite, table: string, id: number, values: Record<string, unknown>): Promise<void> {
  await dynamic(containerOf(s.t.app).database.db).updateTable(table).set(values).where('id', '=', id).execute();
}

export function idOf(href: string): number {
  return Number(href.split('/').pop());
}
