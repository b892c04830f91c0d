// HAL+JSON of one row, built straight from the row by the resource's property and link
// plans: the output the generic renderer gives for memberRepresentation(), without building the
// neutral representation first (test/representations/hal-fast.test.ts holds the two equal).
import type { Values } from '../data/codec.js';
import type { Link } from '../representations/types.js';
import { linkPlan, perResource, propertyPlan, selfAndStore } from './plans.js';

type Json = Record<string, unknown>;

/**
 * `self` is the member's self link, written as it is; `ownHref` is its href when it is the row's own
 * (the base of the row's other links), undefined when someone replaced it.
 */
export type HalMemberWriter = (row: Values, fields: string[] | undefined, self: Link, ownHref: string | undefined,
  curies: Link[] | undefined, embedded: Json | undefined) => Json;

/**
 * The writer of a resource, or null where the generic renderer must decide: a rel that occurs twice
 * becomes an array of links, and `self`/`curies` are written by the renderer.
 */
export const halMemberWriter = perResource((registry, baseUrl, r): HalMemberWriter | null => {
  const links = linkPlan(registry, baseUrl, r);
  const rels = links.map((l) => l.rel);
  if (new Set(rels).size !== rels.length || rels.includes('self') || rels.includes('curies')) return null;
  const props = propertyPlan(registry, baseUrl, r);
  // Keys are always added in the same order, so every member of a resource shares one shape.
  return (row, fields, self, ownHref, curies, embedded) => {
    const own = selfAndStore(baseUrl, r, row, ownHref);
    const linkObject: Json = { self };
    if (curies) linkObject.curies = curies;
    for (const l of links) {
      const href = l.href(row, own.self, own.store);
      if (href !== undefined) linkObject[l.rel] = { href, title: l.title };
    }
    const out: Json = { _links: linkObject };
    if (embedded) out._embedded = embedded;
    for (const p of props) {
      if (fields && !fields.includes(p.name)) continue;
      out[p.name] = p.value(row);
    }
    return out;
  };
});
