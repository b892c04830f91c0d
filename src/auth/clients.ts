// What the browser-facing doors ask about registered clients: whether an origin belongs to one
// (CORS), a client by its client_id (the consent page), and which clients hold a live grant on a
// store (the admin page).
import type { Values } from '../data/codec.js';
import type { ServiceContext } from '../services/context.js';
import { dataOf } from '../services/data-access.js';

/** `scheme://host[:port]` of an http(s) URL, or undefined for anything else. */
export function normaliseOrigin(origin: string): string | undefined {
  try {
    const u = new URL(origin);
    return u.protocol === 'http:' || u.protocol === 'https:' ? u.origin : undefined;
  } catch {
    return undefined;
  }
}

/** Whether `origin` (normalised) is the `javascript_origin_uri` of a registered client. */
export async function isRegisteredOrigin(ctx: ServiceContext, origin: string): Promise<boolean> {
  const rows = await dataOf(ctx).database.db.selectFrom('clients').select('javascript_origin_uri')
    .where('javascript_origin_uri', 'like', `${origin}%`).limit(20).execute();
  return rows.some((r) => normaliseOrigin(String(r.javascript_origin_uri)) === origin);
}

/** The client registered as `clientId` (id as a number), or undefined. */
export async function findClient(ctx: ServiceContext, clientId: string): Promise<Values | undefined> {
  if (clientId.length > 200) return undefined;
  const row = await dataOf(ctx).database.db.selectFrom('clients').selectAll().where('client_id', '=', clientId).executeTakeFirst();
  return row ? { ...row, id: Number(row.id) } as Values : undefined;
}

/** Clients holding a live grant on the store, oldest first. */
export async function connectedClients(ctx: ServiceContext, storeId: number): Promise<Array<{ client_id: string; project_name: string | null }>> {
  const db = dataOf(ctx).database.db;
  const rows = await db.selectFrom('clients').select(['client_id', 'project_name'])
    .where('id', 'in', db.selectFrom('refresh_tokens').select('client_id').where('store_id', '=', storeId).where('revoked_at', 'is', null))
    .orderBy('id').execute();
  return rows.map((r) => ({ client_id: String(r.client_id), project_name: r.project_name == null ? null : String(r.project_name) }));
}
