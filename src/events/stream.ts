// A store's event log as a live stream: everything after a position, in order, then each new
// event as it is committed. It reads the log itself and only waits on the bus (or a poll) for
// more, so a lost signal delays and never drops, and a slow reader buffers nothing here.
import type { Values } from '../data/codec.js';
import type { ServiceContext } from '../services/context.js';
import { allowed } from '../auth/scopes.js';

export interface StreamOptions {
  storeId: number;
  /** Sequence to resume after; undefined starts at the live end of the log. */
  after?: number;
  resources?: string[];
  names?: string[];
  /** How long to wait for a signal before looking at the log anyway. */
  pollMs?: number;
  signal?: AbortSignal;
}

const PAGE = 100;

export function encodeEventCursor(sequence: number): string {
  return Buffer.from(`event:${sequence}`).toString('base64url');
}

export function decodeEventCursor(cursor: string): number | undefined {
  const m = /^event:(\d{1,15})$/.exec(Buffer.from(cursor, 'base64url').toString('utf8'));
  return m ? Number(m[1]) : undefined;
}

/** Whether the principal may see events about `resourceType` (read access to that resource). */
export function mayReceive(ctx: ServiceContext, resourceType: string): boolean {
  const r = ctx.registry.byName.get(resourceType);
  return !!r && allowed(ctx.principal, r, 'read');
}

async function page(ctx: ServiceContext, o: StreamOptions, after: number): Promise<Values[]> {
  let q = ctx.database.db.selectFrom('events').selectAll().where('store_id', '=', o.storeId).where('sequence', '>', after);
  if (o.resources?.length) q = q.where('resource_type', 'in', o.resources);
  if (o.names?.length) q = q.where('name', 'in', o.names);
  const rows = await q.orderBy('sequence').limit(PAGE).execute();
  return rows.map((r) => ({ ...r, id: Number(r.id), sequence: Number(r.sequence) }) as Values);
}

async function liveEnd(ctx: ServiceContext, storeId: number): Promise<number> {
  const row = await ctx.database.db.selectFrom('stores').select('event_sequence').where('id', '=', storeId).executeTakeFirst();
  return Number(row?.event_sequence ?? 0);
}

export async function* streamEvents(ctx: ServiceContext, o: StreamOptions): AsyncGenerator<Values> {
  let cursor = o.after ?? await liveEnd(ctx, o.storeId);
  let wake: (() => void) | undefined;
  let signalled = false;
  const unsubscribe = ctx.bus.subscribe((storeId) => {
    if (storeId !== o.storeId) return;
    signalled = true;
    wake?.();
  });
  const onAbort = () => wake?.();
  o.signal?.addEventListener('abort', onAbort);
  try {
    while (!o.signal?.aborted) {
      signalled = false;
      const rows = await page(ctx, o, cursor);
      for (const row of rows) {
        cursor = Number(row.sequence);
        if (mayReceive(ctx, String(row.resource_type))) yield row;
        if (o.signal?.aborted) return;
      }
      if (rows.length === PAGE || signalled) continue;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, o.pollMs ?? 5000);
        wake = () => { clearTimeout(timer); resolve(); };
      });
      wake = undefined;
    }
  } finally {
    unsubscribe();
    o.signal?.removeEventListener('abort', onAbort);
  }
}
