// HAL+JSON: `_links` (with the `svc` curie) and `_embedded` around the properties. Members built
// from rows give their HAL object directly (HAL_JSON), skipping the neutral properties and links;
// the answer is serialised by one JSON.stringify (stringifyExact: exact decimals), which builds
// each embedded member's HAL object as it reaches it (LazyMember). A member alone is written as its
// text (HAL_TEXT), the same bytes (test/representations/hal-fast.test.ts).
import { stringifyExact } from './exact-number.js';
import { stringifyPaced } from './paced-json.js';
import type { Pacer } from '../services/pace.js';
import { curie, CURIE_NAME, HAL_JSON, HAL_TEXT, relName, type Representation, type RenderContext } from './types.js';

type Json = Record<string, unknown>;

/**
 * An embedded member whose HAL object is built when JSON.stringify (or the paced writer) reaches
 * it, and is garbage once written: a large answer is never whole as objects at once, so the young
 * generation's collections during it find less alive to copy. Building a 1.8 MB page's members
 * first and serialising them after cost 13 % more CPU on PostgreSQL (scenario 2, five alternating
 * runs: 32.7 vs 28.4 ms per page; SQLite 28.7 vs 26.4).
 */
class LazyMember {
  constructor(private readonly rep: Representation, private readonly ctx: RenderContext) {}
  toJSON(): Json { return halObject(this.rep, this.ctx, false); }
}

function halObject(rep: Representation, ctx: RenderContext, top: boolean): Json {
  let embedded: Json | undefined;
  if (rep.embedded.length) {
    embedded = {};
    for (const e of rep.embedded) {
      const items: unknown[] = e.items.map((i) => new LazyMember(i, ctx));
      embedded[relName(e.rel, ctx.curieName)] = e.single ? (items[0] ?? null) : items;
    }
  }
  const fast = writesSvc(ctx) ? rep[HAL_JSON]?.(top ? [curie(ctx.baseUrl)] : undefined, embedded) : undefined;
  if (fast) return fast;
  const out: Json = { _links: linksOf(rep, ctx, top) };
  if (embedded) out._embedded = embedded;
  Object.assign(out, rep.properties);
  return out;
}

/** Members written straight from rows carry `svc:` rels; under another curie name the generic renderer writes them. */
function writesSvc(ctx: RenderContext): boolean {
  return !ctx.curieName || ctx.curieName === CURIE_NAME;
}

function linksOf(rep: Representation, ctx: RenderContext, top: boolean): Json {
  const links: Json = { self: rep.self };
  if (top) links.curies = [curie(ctx.baseUrl, ctx.curieName)];
  for (const { rel: name, link } of rep.links) {
    const rel = relName(name, ctx.curieName);
    const existing = links[rel];
    if (existing === undefined) links[rel] = link;
    else links[rel] = Array.isArray(existing) ? [...existing, link] : [existing, link];
  }
  return links;
}

/**
 * A member without embedded members whose writer gives its text (GET of one item, a write's
 * answer) is written as that text; anything else as its HAL object. Text joined from parts copies
 * each embedded member's bytes once per level it is joined at and allocates a cell per part: a page
 * of 100 zoomed transactions (2,100 members) took 11% more CPU that way than JSON.stringify's one
 * pass over the objects (BENCHMARKS.md, round 33), so pages stay objects.
 */
export function renderHalJson(rep: Representation, ctx: RenderContext): string {
  const text = !rep.embedded.length && writesSvc(ctx) ? rep[HAL_TEXT]?.([curie(ctx.baseUrl)]) : undefined;
  return text ?? stringifyExact(halObject(rep, ctx, true));
}

/** renderHalJson for a large answer: the same bytes (UTF-8), written over several turns of the loop. */
export function renderHalJsonPaced(rep: Representation, ctx: RenderContext, pacer: Pacer): Promise<Buffer> {
  return stringifyPaced(halObject(rep, ctx, true), pacer);
}
