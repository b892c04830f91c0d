// One store of `size` transactions and as many events in its log, for `npm run bench:growth`, on
// either engine: 100 transactions (with items and options) through the seeder, then copies of
// them and one `transaction/created` event per copy, each by one INSERT … SELECT over a series
// (generate_series on PostgreSQL, a recursive CTE on SQLite). The copies have no items (see
// BENCHMARKS.md); the events are marked dispatched, as a live store's old events are.
import { sql, type RawBuilder } from 'kysely';
import { containerOf } from '../src/app.js';
import { formatTimestamp } from '../src/services/clock.js';
import { expectStatus, link } from './api.js';
import { seed } from './seed.js';
import type { Target } from './target.js';

export interface GrowthStore {
  size: number;
  storeId: number;
  token: string;
  seconds: number;
  /** The store's last event sequence. */
  lastSequence: number;
  /** When each copied event happened: the first copy at `firstAt` (s since the epoch), one per second. */
  firstAt: number;
  /** Events copied (one per copied transaction). */
  copied: number;
  /** An inactive webhook of the store's transaction events, for resends (nothing is delivered). */
  webhookId: number;
}

const TEMPLATE = 100;
/** A payload of the size of a small transaction's snapshot; the measured reads never return it. */
const PAYLOAD = JSON.stringify({ status: 'captured', currency_code: 'USD', note: 'x'.repeat(360) });

/** `WITH … AS (1..n)` as a table `g(x)`, on either engine. */
function series(postgres: boolean, n: number): RawBuilder<unknown> {
  return postgres ? sql`generate_series(1, ${n}) AS g(x)` : sql`(WITH RECURSIVE s(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM s WHERE x < ${n}) SELECT x FROM s) AS g`;
}

/** Seconds since the epoch as the log's timestamp text, on either engine. */
function stamp(postgres: boolean, seconds: RawBuilder<unknown>): RawBuilder<string> {
  return postgres ? sql<string>`to_char(to_timestamp(${seconds}) AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"+0000"')`
    : sql<string>`strftime('%Y-%m-%dT%H:%M:%S+0000', ${seconds}, 'unixepoch')`;
}

export async function seedGrowthStore(target: Target, size: number): Promise<GrowthStore> {
  const started = performance.now();
  const database = containerOf(target.probe).database;
  const { db } = database;
  const postgres = database.dialect === 'postgres';
  const s = await seed(target.send, database, { transactions: TEMPLATE, carts: 0, tag: `growth-${size}-${Date.now()}` });
  const store = await expectStatus(target.send('GET', s.storeHref, { token: s.storeToken }), [200], 'store');
  const hook = await expectStatus(target.send('POST', link(store, 'svc:webhooks'), {
    token: s.storeToken,
    json: { name: 'catch-up', url: 'http://127.0.0.1:9/hook', format: 'json', encryption_key: 'growth bench', event_resource: 'transaction', is_active: 0 },
  }), [201], 'webhook');
  const cols = (postgres
    ? await sql<{ c: string }>`SELECT column_name AS c FROM information_schema.columns
      WHERE table_schema = current_schema() AND table_name = 'transactions' AND column_name <> 'id' ORDER BY ordinal_position`.execute(db)
    : await sql<{ c: string }>`SELECT name AS c FROM pragma_table_info('transactions') WHERE name <> 'id' ORDER BY cid`.execute(db)).rows.map((r) => r.c);
  const list = sql.join(cols.map((c) => sql.ref(c)));
  const templateEnd = Number((await sql<{ m: number }>`SELECT max(id) AS m FROM transactions WHERE store_id = ${s.storeId}`.execute(db)).rows[0].m);
  const copies = Math.ceil(size / TEMPLATE) - 1;
  await sql`INSERT INTO transactions (${list}) SELECT ${list} FROM transactions t CROSS JOIN ${series(postgres, copies)}
    WHERE t.store_id = ${s.storeId} ORDER BY g.x, t.id`.execute(db);
  const base = Number((await db.selectFrom('stores').select('event_sequence').where('id', '=', s.storeId).executeTakeFirstOrThrow()).event_sequence);
  const firstAt = Math.floor(Date.now() / 1000);
  const at = stamp(postgres, sql`${firstAt} + c.rn - 1`);
  const added = await sql`INSERT INTO events (store_id, sequence, name, resource_type, resource_id, occurred_at, payload, dispatched_at, date_created, date_modified)
    SELECT ${s.storeId}, ${base} + c.rn, 'transaction/created', 'transaction', c.id, ${at}, ${PAYLOAD}, ${at}, ${at}, ${at}
    FROM (SELECT id, row_number() OVER (ORDER BY id) AS rn FROM transactions WHERE store_id = ${s.storeId} AND id > ${templateEnd}) c`.execute(db);
  const copied = Number(added.numAffectedRows ?? 0);
  const lastSequence = base + copied;
  await db.updateTable('stores').set({ event_sequence: lastSequence }).where('id', '=', s.storeId).execute();
  return {
    size, storeId: s.storeId, token: s.storeToken, seconds: (performance.now() - started) / 1000, lastSequence, firstAt, copied,
    webhookId: Number(link(hook, 'self').split('/').pop()),
  };
}

/** The `since` of a resend that catches up the last `n` copied events of the store. */
export function sinceOfLast(st: GrowthStore, n: number): string {
  return formatTimestamp(new Date((st.firstAt + st.copied - n) * 1000));
}
