// The paths `npm run bench:growth` times against each store: pages of the transactions collection
// (plain, filtered, deep, keyset, GraphQL), and a consumer's catch-up after downtime, which reads
// the store's event log from a point near its end: the REST and GraphQL pull feeds after a
// position 1,000 events back (the REST feed also half the log behind), and a webhook's resend of the
// last 100 events. A catch-up's work is its backlog's pages; what grows with the store is the
// history before it, which it should not read, and the backlog itself, which a page should not count.
import { encodeEventCursor } from '../src/events/stream.js';
import { jsonHeaders, restHeaders } from './context.js';
import { sinceOfLast, type GrowthStore } from './growth-seed.js';

export interface GrowthRequest {
  url: string;
  init: RequestInit;
  /** The answer's expected status. */
  status: number;
}

export interface GrowthPathDef {
  name: string;
  request(st: GrowthStore): GrowthRequest;
}

/** Events a catching-up consumer is behind by, whatever the store's size. */
export const BACKLOG = 1_000;
/** Events a webhook's resend sends again. */
export const RESENT = 100;

export function growthPaths(base: string, middleCursor: (st: GrowthStore) => string): GrowthPathDef[] {
  const rest = (path: (st: GrowthStore) => string) => (st: GrowthStore): GrowthRequest =>
    ({ url: base + path(st), init: { headers: restHeaders(st.token) }, status: 200 });
  const graphql = (query: string, vars: (st: GrowthStore) => Record<string, unknown>) => (st: GrowthStore): GrowthRequest =>
    ({ url: `${base}/graphql`, init: { method: 'POST', headers: jsonHeaders(st.token), body: JSON.stringify({ query, variables: vars(st) }) }, status: 200 });
  return [
    { name: 'REST page of 100 with total_items', request: rest((st) => `/stores/${st.storeId}/transactions?limit=100`) },
    { name: 'REST filtered page (status=captured) with total_items', request: rest((st) => `/stores/${st.storeId}/transactions?limit=100&status=captured`) },
    { name: 'REST deep offset (offset=9,900) with total_items', request: rest((st) => `/stores/${st.storeId}/transactions?limit=100&offset=9900`) },
    { name: 'GraphQL keyset cursor page (first: 100, after the middle row)', request: graphql('query($a: String!) { store { transactions(first: 100, after: $a) { nodes { id status } pageInfo { endCursor } } } }', (st) => ({ a: middleCursor(st) })) },
    { name: 'GraphQL connection (first: 100) with totalCount', request: graphql('{ store { transactions(first: 100) { totalCount nodes { id status } } } }', () => ({})) },
    { name: 'GraphQL filtered connection (status captured) with totalCount', request: graphql('{ store { transactions(first: 100, filter: { status: { eq: "captured" } }) { totalCount nodes { id status } } } }', () => ({})) },
    { name: `Catch-up: REST events feed, 100 after a position ${BACKLOG.toLocaleString('en-US')} back, with total_items`, request: rest((st) => `/stores/${st.storeId}/events?after=${Math.max(0, st.lastSequence - BACKLOG)}&limit=100`) },
    // Half the log behind: the backlog grows with the store, the page's cost should not (its
    // total_items is the store's counter less the position, not a count of the backlog).
    { name: 'Catch-up: REST events feed, 100 after the log\'s middle (half the log behind), with total_items', request: rest((st) => `/stores/${st.storeId}/events?after=${Math.floor(st.lastSequence / 2)}&limit=100`) },
    { name: `Catch-up: GraphQL events(after:) feed, 100 from ${BACKLOG.toLocaleString('en-US')} back`, request: graphql('query($a: String!) { events(after: $a, first: 100) { cursor name resourceId } }', (st) => ({ a: encodeEventCursor(Math.max(0, st.lastSequence - BACKLOG)) })) },
    {
      name: `Catch-up: webhook resend of the last ${RESENT} events (since a time)`,
      request: (st) => ({ url: `${base}/webhooks/${st.webhookId}/resend`, init: { method: 'POST', headers: { ...restHeaders(st.token), 'content-type': 'application/json' }, body: JSON.stringify({ since: sinceOfLast(st, RESENT) }) }, status: 202 }),
    },
    { name: 'REST events log, first page of 100 with total_items', request: rest((st) => `/stores/${st.storeId}/events?limit=100`) },
  ];
}
