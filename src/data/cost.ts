// One cost model for every front door (REST zoom, GraphQL over HTTP and over WebSocket): the cost
// of a read is the number of objects it may return. An object costs 1; a collection (a GraphQL
// connection, a REST collection or a zoomed to-many child) costs 1 plus its page size times the
// cost of one member; a mutation costs 10. GraphQL walks its selection with these functions
// (src/graphql/cost.ts); REST walks the ListQuery below, so `?limit=100&zoom=items,items:item_options`
// costs what `transactions(first: 100) { nodes { items { nodes { itemOptions { nodes } } } } }` costs.
import type { Registry, ResourceDef } from '../model/types.js';
import { DEFAULT_LIMIT, emptyQuery, type ListQuery, type Zoom } from './query.js';

export const OBJECT_COST = 1;
export const MUTATION_COST = 10;

/**
 * Members a collection is assumed to hold when the request names no page size: a GraphQL
 * connection without first/last, and every REST zoom (the hAPI language has no page size for
 * zoomed children; they are embedded whole). The real number is held by the response-size cap.
 */
export const ESTIMATED_PAGE = DEFAULT_LIMIT;

/** A collection of `pageSize` members, each costing `memberCost`. */
export function collectionCost(pageSize: number, memberCost: number): number {
  return OBJECT_COST + pageSize * memberCost;
}

/** Zoom steps of the longest `a:b:c` path (to-one and to-many steps alike). */
export function zoomDepth(q: Pick<ListQuery, 'zoom'>): number {
  let max = 0;
  for (const z of q.zoom) max = Math.max(max, 1 + zoomDepth(z.query));
  return max;
}

/** Every rel embedded in a representation of `r`: the zooms asked for and the always-embedded ones. */
function zoomsOf(r: ResourceDef, q: Pick<ListQuery, 'zoom'>): Zoom[] {
  const out = [...q.zoom];
  for (const rel of r.rels) if (rel.embed && !out.some((z) => z.rel === rel.name)) out.push({ rel: rel.name, query: emptyQuery() });
  return out;
}

/** One representation of `r` with its embedded children. */
export function memberCost(registry: Registry, r: ResourceDef, q: Pick<ListQuery, 'zoom'>): number {
  let total = OBJECT_COST;
  for (const z of zoomsOf(r, q)) {
    const rel = r.relsByName.get(z.rel);
    if (!rel) continue;
    const child = memberCost(registry, registry.resource(rel.target), z.query);
    total += rel.kind === 'many' ? collectionCost(ESTIMATED_PAGE, child) : child;
  }
  return total;
}

/**
 * A REST read: one member (`GET /taxes/1?zoom=…`), or a page of a collection, which also reads
 * its parent (`GET /stores/1/transactions?limit=100&zoom=…` ≙ `store { transactions(first: 100) }`).
 */
export function restReadCost(registry: Registry, r: ResourceDef, q: ListQuery, shape: 'member' | 'collection'): number {
  const member = memberCost(registry, r, q);
  return shape === 'member' ? member : OBJECT_COST + collectionCost(q.limit, member);
}

/** The limits every read is held to, wherever its query comes from (a URL, a stored webhook query). */
export interface ReadLimits {
  maxCost: number;
  maxZoomDepth: number;
}

export interface ReadCheck {
  cost: number;
  /** Why the read is refused, if it is: zoomed deeper than the cap, or over the cost limit. */
  problem?: { code: 'zoom_too_deep' | 'too_costly'; message: string };
}

/**
 * Prices a read and holds it to the limits, before any SQL: the REST facade refuses a request with
 * the problem (src/rest/query-cost.ts), and a webhook refuses a stored `query` whose every delivery
 * would be such a read (src/resources/webhook.ts).
 */
export function checkRead(registry: Registry, r: ResourceDef, q: ListQuery, shape: 'member' | 'collection', limits: ReadLimits): ReadCheck {
  const depth = zoomDepth(q);
  const cost = restReadCost(registry, r, q, shape);
  if (depth > limits.maxZoomDepth) {
    return { cost, problem: { code: 'zoom_too_deep', message: `zoom is nested ${depth} steps deep; at most ${limits.maxZoomDepth} are allowed. Follow links for deeper data.` } };
  }
  if (cost > limits.maxCost) {
    return { cost, problem: { code: 'too_costly', message: `The request's calculated cost is ${cost}; at most ${limits.maxCost} is allowed. Each object costs 1 and a ` +
      `collection its page size (limit; 20 for a zoomed collection) times the cost of one member: ask for a smaller limit or fewer zooms.` } };
  }
  return { cost };
}
