// Migration 023 (issue 20): the index a webhook's resend since a time reads is in time order, then
// id, with the resource type last: each engine answers the resend's batches from it in their order
// (no sort), and on SQLite a write's events go to one place in the store's range, so a commit
// writes fewer of its pages than with (store_id, resource_type, …), where each kind of event landed
// at the end of its own run, in the middle of the tree.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import SQLite from 'better-sqlite3';
import { inTransaction, openDatabase, type Database } from '../../src/db/database.js';
import { migrate, migrations } from '../../src/db/migrate.js';
import { appendEvents, type NewEvent } from '../../src/events/log.js';
import { engines } from '../helpers/app.js';
import { scratchDatabases, twoStores } from '../helpers/scratch-db.js';
import { planOf } from '../helpers/query-plan.js';
import { indexes } from '../helpers/indexes.js';
import { walCommits } from '../helpers/wal-pages.js';

const stamp = '2026-01-01T00:00:00+0000';
const INDEX = 'events_store_id_occurred_at_id_resource_type_ix';
/** A checkout's events: three kinds, one stamp (the log's stamps are whole seconds). */
const KINDS = ['transaction', 'transaction_log', 'cart'];

const events = (storeId: number, from: number, n: number, at = stamp): NewEvent[] => Array.from({ length: n }, (_, i) => {
  const kind = KINDS[(from + i) % KINDS.length];
  return { storeId, name: `${kind}/created`, resourceType: kind, resourceId: from + i, occurredAt: at, payload: { i: from + i } };
});

describe.each(engines())('migration 023 (the resend index in time order) on %s', (engine) => {
  const scratch = scratchDatabases(engine, 'resend_ix');
  let d: Database;
  let store: number;
  beforeAll(async () => {
    d = await scratch.open();
    await migrate(d);
    [store] = await twoStores(d);
  });
  afterAll(() => scratch.closeAll());

  it('orders it by time, then id, with the resource type last; no events index has the type before the time', async () => {
    const onEvents = (await indexes(d)).filter((i) => i.table === 'events');
    expect(onEvents.find((i) => i.name === INDEX)?.columns).toEqual(['store_id', 'occurred_at', 'id', 'resource_type']);
    for (const i of onEvents) {
      const type = i.columns.indexOf('resource_type');
      const time = i.columns.indexOf('occurred_at');
      if (type >= 0 && time >= 0) expect(type, i.name).toBeGreaterThan(time);
    }
  });

  it('answers both of the resend\'s batches (since a time, after a keyset) from it, in its order', async () => {
    // The statements of src/events/resend.ts, as Kysely writes them (the kind is kept in code, so
    // the LIMIT bounds the rows a batch reads).
    const since = sql`select id, resource_type from events where store_id = ${store} and occurred_at >= ${stamp} order by occurred_at, id limit 500`;
    const after = sql`select id, resource_type from events where store_id = ${store} and (occurred_at, id) > (${stamp}, ${7}) order by occurred_at, id limit 500`;
    for (const q of [since, after]) {
      const plan = await planOf(d, q);
      expect(plan).toContain(INDEX);
      expect(plan).not.toMatch(engine === 'sqlite' ? /TEMP B-TREE/ : /\bSort\b/);
    }
  });

  it('reads one kind\'s events since a time in (time, id) order among the other kinds', async () => {
    await inTransaction(d, (tx) => appendEvents(tx, events(store, 0, 9, '2026-01-01T00:00:01+0000')));
    await inTransaction(d, (tx) => appendEvents(tx, events(store, 9, 9, '2026-01-01T00:00:00+0000')));
    const rows = await d.db.selectFrom('events').select(['id', 'resource_id', 'occurred_at']).where('store_id', '=', store)
      .where('resource_type', '=', 'cart').where('occurred_at', '>=', stamp).orderBy('occurred_at').orderBy('id').execute();
    // The second run is stamped a second earlier: it comes first, each run in id order.
    expect(rows.map((r) => Number(r.resource_id))).toEqual([11, 14, 17, 2, 5, 8]);
  });

  it('upgrades a database with events: the resend reads them by the new index', async () => {
    const u = await scratch.open();
    const at = migrations.findIndex((m) => m.name === '023_events_resend_in_time_order');
    for (const m of migrations.slice(0, at)) await m.up(u.db, u.dialect);
    const [s] = await twoStores(u);
    await inTransaction(u, (tx) => appendEvents(tx, events(s, 0, 9)));
    await migrations[at].up(u.db, u.dialect);
    expect((await indexes(u)).filter((i) => i.table === 'events').map((i) => i.name))
      .toEqual(expect.arrayContaining([INDEX]));
    expect((await indexes(u)).some((i) => i.name === 'events_store_id_resource_type_occurred_at_id_ix')).toBe(false);
    const carts = await u.db.selectFrom('events').select('resource_id').where('store_id', '=', s).where('resource_type', '=', 'cart')
      .where('occurred_at', '>=', stamp).orderBy('occurred_at').orderBy('id').execute();
    expect(carts.map((r) => Number(r.resource_id))).toEqual([2, 5, 8]);
  });
});

describe('a write\'s events on SQLite', () => {
  const dir = mkdtempSync(join(tmpdir(), 'resend-ix-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  /**
   * The pages of the resend index written by each of the last 30 commits of a group of four
   * checkouts' events (twelve, three kinds, one stamp) in the newest store, after an older store's;
   * with the index as migration 023 makes it, or as 014 made it.
   */
  async function resendPages(layout: 'time first' | 'type first'): Promise<number[]> {
    const file = join(dir, `${layout.replace(' ', '-')}.sqlite`);
    const d = await openDatabase({ url: file, sqliteSynchronous: 'NORMAL' });
    let ro: SQLite.Database | undefined;
    try {
      await migrate(d);
      const name = layout === 'time first' ? INDEX : 'events_type_first_ix';
      if (layout === 'type first') {
        await sql.raw(`drop index ${INDEX}`).execute(d.db);
        await sql.raw(`create index ${name} on events (store_id, resource_type, occurred_at, id)`).execute(d.db);
      }
      const [older, newest] = await twoStores(d);
      for (let k = 0; k < 40; k++) await inTransaction(d, (tx) => appendEvents(tx, events(older, k * 12, 12)));
      for (let k = 0; k < 60; k++) await inTransaction(d, (tx) => appendEvents(tx, events(newest, k * 12, 12)));
      ro = new SQLite(file, { readonly: true });
      const commits = walCommits(readFileSync(`${file}-wal`), ro).slice(-30);
      expect(commits.length).toBe(30);
      return commits.map((c) => c.filter((t) => t === name).length);
    } finally {
      ro?.close();
      await d.close();
    }
  }

  it('write fewer pages of the resend index than with the resource type first', async () => {
    // A leaf of an index that overflows is rebalanced with its two neighbours (SQLite splits only a
    // table's right-most leaf cheaply), so a commit of many entries in one place writes up to four
    // pages; with the type first it did that at the end of each kind's run.
    const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
    const timeFirst = await resendPages('time first');
    const typeFirst = await resendPages('type first');
    expect(sum(timeFirst), `${timeFirst.join(' ')} | ${typeFirst.join(' ')}`).toBeLessThan(sum(typeFirst) * 0.85);
  });
});
