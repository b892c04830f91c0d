// The delivery queue in the database, safe with several instances on one PostgreSQL:
// - fan-out turns committed events into one pending webhook_status per matching webhook; it runs
//   under a transaction-scoped advisory lock, so one instance at a time queues events, in event
//   order, and an event is queued once (the unique (webhook_id, event_id) index makes it idempotent);
// - claims take each active webhook's oldest pending delivery when it is due (deliveries to one
//   webhook are made in event order, one at a time) with FOR UPDATE SKIP LOCKED, and lease it by
//   setting lease_until past the attempt's timeout on the DATABASE clock (issue 15): another
//   instance, whatever its own clock says, sees it as taken, and a crashed instance's attempt is
//   taken again when the lease runs out (same webhook-id). next_attempt_at stays the retry
//   schedule, on the service clock (tests drive it with a manual clock).
// On SQLite the writer transaction (BEGIN IMMEDIATE) makes the same steps atomic per process.
import { sql, type Insertable } from 'kysely';
import { inTransaction, orderedByKey, type Database, type DB, type Db, type Tx } from '../db/database.js';
import type { Claim } from './delivery.js';
import { dbLeaseUntil, dbNowMs } from '../db/db-clock.js';

/** Arbitrary key of the PostgreSQL advisory lock that serializes fan-out across instances. */
const FAN_OUT_LOCK = 7_310_008;
/** Events queued per transaction. */
export const FAN_OUT_BATCH = 500;

interface HookRow { id: number; store_id: number; event_resource: string; events: string | null; is_active: number }
interface EventRow { id: number; store_id: number; name: string; resource_type: string; resource_id: number; webhook_ids: string | null }

function list(text: string | null): unknown[] {
  if (!text) return [];
  try {
    const v = JSON.parse(text) as unknown;
    return Array.isArray(v) ? v : [];
  } catch {
    return [];
  }
}

/** Whether `hook` takes `e`: a refeed only its targets, otherwise active webhooks of the resource and events. */
export function takes(hook: HookRow, e: EventRow): boolean {
  if (Number(hook.store_id) !== Number(e.store_id)) return false;
  if (e.webhook_ids !== null) return list(e.webhook_ids).map(Number).includes(Number(hook.id));
  if (!hook.is_active || hook.event_resource !== e.resource_type) return false;
  const names = list(hook.events);
  return !names.length || names.includes(e.name);
}

export function statusRow(hook: { id: number; store_id: number }, e: Pick<EventRow, 'id' | 'resource_type' | 'resource_id' | 'name'>,
  refeed: boolean, now: string): Insertable<DB['webhook_statuses']> {
  return {
    store_id: hook.store_id, webhook_id: hook.id, event_id: e.id, resource_type: e.resource_type, resource_id: e.resource_id,
    event: e.name, status: 'pending', attempts: 0, next_attempt_at: now, refeed: refeed ? 1 : 0, date_created: now, date_modified: now,
  };
}

export async function insertStatuses(tx: Tx, rows: Insertable<DB['webhook_statuses']>[]): Promise<void> {
  for (let i = 0; i < rows.length; i += 200) {
    await tx.insertInto('webhook_statuses').values(rows.slice(i, i + 200))
      .onConflict((oc) => oc.columns(['webhook_id', 'event_id']).doNothing()).execute();
  }
}

/** Whether the log holds events not queued yet: a plain read, as most passes find none. */
export async function anyUndispatched(db: Db): Promise<boolean> {
  return !!await db.selectFrom('events').select('id').where('dispatched_at', 'is', null).limit(1).executeTakeFirst();
}

/**
 * Queues one batch of undispatched events inside the caller's transaction (the dispatcher's, which
 * also records attempts and claims: one commit for all three); the number of events handled
 * (0: none left, or another instance is at it).
 */
export async function fanOutIn(tx: Tx, dialect: Database['dialect'], now: string): Promise<number> {
  if (dialect === 'postgres') {
    // Keyed by schema too: instances sharing a schema serialize, other schemas' services (tests
    // run several side by side in one database) must not skip their fan-out for ours.
    const lock = await sql<{ ok: boolean }>`select pg_try_advisory_xact_lock(${FAN_OUT_LOCK}, hashtext(current_schema())) as ok`.execute(tx);
    if (!lock.rows[0]?.ok) return 0;
  }
  const events = (await tx.selectFrom('events').select(['id', 'store_id', 'name', 'resource_type', 'resource_id', 'webhook_ids'])
    .where('dispatched_at', 'is', null).orderBy('id').limit(FAN_OUT_BATCH).execute());
  if (!events.length) return 0;
  const stores = [...new Set(events.map((e) => Number(e.store_id)))];
  const hooks = (await tx.selectFrom('webhooks').select(['id', 'store_id', 'event_resource', 'events', 'is_active'])
    .where('store_id', 'in', stores).where('url', 'is not', null).orderBy('id').execute());
  const rows: Insertable<DB['webhook_statuses']>[] = [];
  for (const e of events) {
    for (const h of hooks) if (takes(h, e)) rows.push(statusRow({ id: Number(h.id), store_id: Number(h.store_id) }, e, e.webhook_ids !== null, now));
  }
  await insertStatuses(tx, rows);
  await tx.updateTable('events').set({ dispatched_at: now }).where('id', 'in', events.map((e) => e.id)).execute();
  return events.length;
}

/** Queues one batch of undispatched events in a transaction of its own. */
export async function fanOutBatch(database: Database, now: string): Promise<number> {
  // A plain read first: most passes find nothing, and on SQLite a write transaction stalls every writer.
  if (!await anyUndispatched(database.db)) return 0;
  return inTransaction(database, (tx) => fanOutIn(tx, database.dialect, now));
}

/** Active webhooks joined to their oldest pending delivery when it is due and not leased, but for the `busy` webhooks. */
function dueJoin(dialect: Database['dialect'], now: string, busy: readonly number[]) {
  return sql`webhooks w
    join webhook_statuses s on s.id = (
      select p.id from webhook_statuses p
      where p.webhook_id = w.id and p.status = 'pending'
      order by p.event_id, p.id limit 1)
    where w.is_active = 1 and s.next_attempt_at <= ${now}
      and (s.lease_until is null or s.lease_until <= ${dbNowMs(dialect)}) ${busy.length ? sql`and w.id not in (${sql.join([...busy])})` : sql``}`;
}

/** Each active webhook's oldest pending delivery when it is due and not leased, but for the `busy` webhooks. */
function dueHeads(db: Db, dialect: Database['dialect'], now: string, limit: number, lock: boolean, busy: readonly number[] = []) {
  return sql<{ id: number }>`
    select s.id from ${dueJoin(dialect, now, busy)}
    order by s.next_attempt_at, s.id
    limit ${limit}
    ${lock ? sql`for update of s skip locked` : sql``}`.execute(db);
}

export interface ClaimWindow {
  now: string;
  /** How long the attempt is leased, on the database clock. */
  leaseMs: number;
}

/**
 * Claims due deliveries inside the caller's transaction, at most one per webhook. `busy`: webhooks
 * this process has an attempt of in flight; even if that attempt's lease ran out (a clock jump, a
 * stalled process, a database outage while recording), a second one would overtake it.
 */
export async function claimIn(tx: Tx, dialect: Database['dialect'], w: ClaimWindow, limit: number, busy: readonly number[] = []): Promise<Claim[]> {
  const heads = await dueHeads(tx, dialect, w.now, limit, dialect === 'postgres', busy);
  if (!heads.rows.length) return [];
  const claimed = await tx.updateTable('webhook_statuses')
    .set((eb) => ({ attempts: eb('attempts', '+', 1), lease_until: dbLeaseUntil(dialect, w.leaseMs), date_modified: w.now }))
    .where('id', 'in', heads.rows.map((h) => h.id)).where('status', '=', 'pending').where('next_attempt_at', '<=', w.now)
    .where((eb) => eb.or([eb('lease_until', 'is', null), eb('lease_until', '<=', dbNowMs(dialect))]))
    .returning(['id', 'store_id', 'webhook_id', 'event_id', 'resource_type', 'resource_id', 'event', 'attempts', 'refeed'])
    .execute();
  return claimed.map((c) => ({
    id: Number(c.id), store_id: Number(c.store_id), webhook_id: Number(c.webhook_id), event_id: c.event_id === null ? null : Number(c.event_id),
    resource_type: String(c.resource_type), resource_id: Number(c.resource_id), event: String(c.event), attempts: Number(c.attempts), refeed: Number(c.refeed),
  }));
}

/** Whether any delivery is due now: a plain read, so a pass that finds nothing opens no write transaction. */
export async function anyDue(database: Database, now: string, busy: readonly number[] = []): Promise<boolean> {
  // Asked after every committed event. Without an order over all webhooks the statement is named
  // on PostgreSQL and planned once per connection (db/pg-statements.ts): its only ORDER BY picks
  // one webhook's oldest delivery. As a `dueHeads` of one row it was planned on every call.
  const { rows } = await sql<{ due: unknown }>`select exists (select 1 from ${dueJoin(database.dialect, now, busy)}) as due${orderedByKey}`
    .execute(database.db);
  return !!rows[0]?.due;
}

/** Claims up to `limit` due deliveries, at most one per webhook. */
export async function claimDue(database: Database, w: ClaimWindow, limit: number): Promise<Claim[]> {
  // A plain read first: most calls find nothing due.
  if (!await anyDue(database, w.now)) return [];
  return inTransaction(database, (tx) => claimIn(tx, database.dialect, w, limit));
}
