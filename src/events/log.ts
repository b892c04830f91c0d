// The durable event log (transactional outbox): events are appended in the same database
// transaction as the change they announce, numbered per store under the store row's lock, so the
// order is total per store and nothing uncommitted is ever visible; ids are drawn under that lock
// too, so id order and sequence order agree. Which resources' changes are events, and which
// events, their SDL says (`@events`, ResourceDef.events).
import { CompiledQuery, PostgresAdapter, sql } from 'kysely';
import { executeIn, type Tx } from '../db/database.js';
import { QueryTemplates } from '../db/query-templates.js';
import type { Values } from '../data/codec.js';
import { insertText } from '../data/cached-insert.js';

export interface NewEvent {
  storeId: number;
  /** `<resource>/<event>`. */
  name: string;
  resourceType: string;
  resourceId: number;
  occurredAt: string;
  /** The resource's properties when the event happened (JSON-able). */
  payload: unknown;
  /** A refeed's target webhooks; undefined targets every matching webhook. */
  webhookIds?: number[];
}

/**
 * `last`: the append is the last statement of its transaction (db/database.ts, lastOfTransaction).
 * Answers whether the event was left for the webhook dispatcher (see appendEvents).
 */
export async function appendEvent(tx: Tx, e: NewEvent, last = false): Promise<boolean> {
  return appendEvents(tx, [e], last);
}

/** Appends one event and answers its row as the log holds it (a refeed's answer shows it). */
export async function appendEventReturning(tx: Tx, e: NewEvent): Promise<Values> {
  return (await appendRun(tx, [e], false, true)).rows[0];
}

/** Events per statement: ten parameters each stays far under SQLite's limit on bound values. */
const CHUNK = 500;

/**
 * Appends events in order, numbered as one run per store: one statement on PostgreSQL (the
 * sequence bumped in a CTE, which takes the store row's lock), two on SQLite (its writer is already
 * alone under BEGIN IMMEDIATE). A write that announces several changes appends them all at its end.
 * Answers whether any event was left for the webhook dispatcher (written undispatched): the
 * writer's signal after commit says so (bus.ts), and without it the dispatcher does not look.
 */
export async function appendEvents(tx: Tx, events: NewEvent[], last = false): Promise<boolean> {
  let pending = false;
  for (let from = 0; from < events.length;) {
    let to = from + 1;
    while (to < events.length && to - from < CHUNK && events[to].storeId === events[from].storeId) to++;
    if ((await appendRun(tx, events.slice(from, to), last && to === events.length, false)).pending) pending = true;
    from = to;
  }
  return pending;
}

/**
 * One store's run of events. `returning`: answer the rows as written; otherwise nothing comes back
 * (every write appends its events, and sending each payload back, which no writer reads, was a
 * quarter of the statement's time on SQLite: 153 → 112 µs for a checkout's events).
 */
async function appendRun(tx: Tx, events: NewEvent[], last: boolean, returning: boolean): Promise<{ rows: Values[]; pending: boolean }> {
  const { storeId } = events[0];
  const n = events.length;
  // dispatched: whether the store has no webhook that could take the event (stores.webhook_count,
  // read from the row this statement locks anyway; migration 016): then the dispatcher has nothing
  // to queue and is spared a transaction. A refeed's events are always for its target webhooks.
  const row = (e: NewEvent, sequence: unknown, dispatched: unknown) => [e.storeId, sequence, e.name, e.resourceType, e.resourceId, e.occurredAt,
    JSON.stringify(e.payload ?? null), e.webhookIds ? JSON.stringify(e.webhookIds) : null, e.webhookIds ? null : dispatched, e.occurredAt, e.occurredAt];
  let rows: Values[];
  if (tx.getExecutor().adapter instanceof PostgresAdapter) {
    // The id is drawn after the store row's lock (the CASE reads s first): a default id is drawn
    // before it, so a write that committed later could hold the smaller id, and whatever goes by
    // id (deliveries, the feed, catch-up) would see the store's events out of their order.
    // Compiled once per number of events, their kinds and RETURNING (db/query-templates.ts): the
    // tree of a checkout's three was rebuilt and compiled at every append. Each event's values
    // are its row's, then how far it is from the run's last sequence, then its dispatched stamp.
    const shape = `events append ${returning ? '*' : '-'} ${events.map((e) => (e.webhookIds ? 'w' : '-')).join('')}`;
    const values = [n, storeId, ...events.flatMap((e, i) => [...row(e, n - 1 - i, e.occurredAt)])];
    const append = PG_APPENDS.bind<Values>(tx, shape, values, (slots) => {
      const at = (i: number, k: number) => slots[2 + i * PER_EVENT + k];
      const id = sql`case when (select event_sequence from s) is not null then nextval(pg_get_serial_sequence('events', 'id')) end`;
      const rowsSql = events.map((e, i) => sql`(${sql.join([id, ...COLUMNS.map((_, k) => {
        if (k === SEQUENCE) return sql`(select event_sequence from s) - ${at(i, k)}`;
        if (k === DISPATCHED) return e.webhookIds ? sql`null` : sql`(select case when webhook_count = 0 then ${at(i, k)} end from s)`;
        return sql`${at(i, k)}`;
      })])})`);
      return sql<Values>`with s as (update stores set event_sequence = event_sequence + ${slots[0]} where id = ${slots[1]} returning event_sequence, webhook_count)
      insert into events (id, ${sql.join(COLUMNS.map((c) => sql.ref(c)))}) values ${sql.join(rowsSql)} returning ${returning ? sql`*` : sql`dispatched_at`}`;
    }, last);
    rows = (await tx.executeQuery(append)).rows;
    // Without the store's row the sequence is null, which the column refuses: a guard, not a path.
    if (rows.length !== n) throw new Error(`store ${storeId} not found for its events`);
    // A row without its stamp (or of an unexpected shape) counts as left: a wrong "yes" costs the
    // dispatcher one empty look, a wrong "no" would leave the event to the poll.
    const pending = rows.some((r) => !r.dispatched_at);
    if (!returning) return { rows: [], pending };
  } else {
    // One fixed text: built through the query builder it was ~1% of a checkout's CPU on SQLite.
    const [seq] = (await executeIn<{ event_sequence: number; webhook_count: number }>(tx, CompiledQuery.raw(BUMP_SQLITE, [n, storeId]))).rows;
    if (!seq) throw new Error(`store ${storeId} not found for its events`);
    const last = Number(seq.event_sequence);
    const none = Number(seq.webhook_count) === 0;
    // The values in row-major order under insertRows's text for the run's length (a run is at most
    // CHUNK events, far below SQLite's parameter limit): no object per row to take apart again.
    const params: unknown[] = [];
    for (let i = 0; i < n; i++) params.push(...row(events[i], last - n + 1 + i, none ? events[i].occurredAt : null));
    rows = (await executeIn<Values>(tx, CompiledQuery.raw(insertText(false, 'events', COLUMNS, n, returning ? '*' : ''), params))).rows;
    if (!returning) return { rows: [], pending: !none || events.some((e) => e.webhookIds) };
  }
  // RETURNING promises no order.
  return { rows: rows.map((r) => ({ ...r, id: Number(r.id) }) as Values).sort((a, b) => Number(a.sequence) - Number(b.sequence)), pending: true };
}

/** SQLite's sequence bump (the writer is alone under BEGIN IMMEDIATE). */
const BUMP_SQLITE = 'update stores set event_sequence = event_sequence + ? where id = ? returning event_sequence, webhook_count';

const COLUMNS = ['store_id', 'sequence', 'name', 'resource_type', 'resource_id', 'occurred_at', 'payload', 'webhook_ids', 'dispatched_at', 'date_created', 'date_modified'];
const PER_EVENT = COLUMNS.length;
const SEQUENCE = COLUMNS.indexOf('sequence');
const DISPATCHED = COLUMNS.indexOf('dispatched_at');

/**
 * PostgreSQL's appends, compiled once per shape. The text is the dialect's and names no schema
 * (postgres.ts sets the search path), so one set serves every PostgreSQL database of the process.
 */
const PG_APPENDS = new QueryTemplates();
