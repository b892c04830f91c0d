// HAL+JSON of one row, written as text straight from the row by the resource's property and link
// plans: the output the generic renderer gives for memberRepresentation(), without building the
// neutral representation first (test/representations/hal-fast.test.ts holds the two equal).
import type { Values } from '../data/codec.js';
import { linkPlan, perResource, propertyPlan, selfAndStore } from './plans.js';

/** `selfLink` is the self link's JSON when it differs from the row's own (undefined: write the row's). */
export type HalMemberWriter = (row: Values, fields: string[] | undefined, selfLink: string | undefined, extraLinks: string, embedded: string) => string;

/**
 * The writer of a resource, or null where the generic renderer must decide: a rel that occurs twice
 * becomes an array of links, and `self`/`curies` are written by the renderer.
 */
export const halMemberWriter = perResource((registry, baseUrl, r): HalMemberWriter | null => {
  const links = linkPlan(registry, baseUrl, r);
  const rels = links.map((l) => l.rel);
  if (new Set(rels).size !== rels.length || rels.includes('self') || rels.includes('curies')) return null;
  const linkParts = links.map((l) => ({ head: `,${JSON.stringify(l.rel)}:{"href":`, tail: `,"title":${JSON.stringify(l.title)}}`, plain: l.plain, href: l.href }));
  const propParts = propertyPlan(registry, baseUrl, r).map((p) => ({ name: p.name, key: `,${JSON.stringify(p.name)}:`, value: p.value }));
  const selfHead = `{"_links":{"self":{"href":`;
  const selfTail = `,"title":${JSON.stringify(r.title)}}`;
  const baseFree = JSON.stringify(baseUrl + r.path) === `"${baseUrl}${r.path}"`;
  return (row, fields, selfLink, extraLinks, embedded) => {
    const { self, store } = selfAndStore(baseUrl, r, row);
    let out = selfLink === undefined
      ? selfHead + (baseFree ? `"${self}"` : JSON.stringify(self)) + selfTail
      : `{"_links":{"self":${selfLink}`;
    out += extraLinks;
    for (const l of linkParts) {
      const href = l.href(row, self, store);
      if (href !== undefined) out += l.head + (l.plain ? `"${href}"` : JSON.stringify(href)) + l.tail;
    }
    out += `}${embedded}`;
    for (const p of propParts) {
      if (fields && !fields.includes(p.name)) continue;
      const v = p.value(row);
      if (v !== undefined) out += p.key + (v === null ? 'null' : JSON.stringify(v));
    }
    return `${out}}`;
  };
});
