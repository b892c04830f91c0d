// Builds neutral representations of rows and collections, embedding zoomed and always-embedded
// children. Children of all rows are loaded together: one statement per zoom level.
import type { Registry, RelDef, ResourceDef } from '../model/types.js';
import type { Values } from '../data/codec.js';
import { emptyQuery, MAX_LIMIT, type ListQuery, type Zoom } from '../data/query.js';
import type { Page } from '../services/reader.js';
import { HAL_JSON, HAL_TEXT, type Action, type ActionField, type Embedded, type Link, type Representation } from '../representations/types.js';
import type { ServiceContext } from '../services/context.js';
import { readerOf } from '../services/reader.js';
import { apiError } from '../services/error-catalog.js';
import { readerView } from '../services/reader-view.js';
import { selfHref } from '../services/refs.js';
import { withDerived } from '../services/derived.js';
import { memberActions, resourceLinks, svc } from './links.js';
import { halMemberText, halMemberWriter } from './hal-member.js';
import { propertyPlan } from './plans.js';

export function properties(ctx: Pick<ServiceContext, 'baseUrl' | 'registry'>, r: ResourceDef, row: Values, only?: string[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const { name, value } of propertyPlan(ctx.registry, ctx.baseUrl, r)) {
    if (only && !only.includes(name)) continue;
    out[name] = value(row);
  }
  return out;
}

function zoomsWithEmbeds(r: ResourceDef, zoom: Zoom[]): Zoom[] {
  const out = [...zoom];
  for (const rel of r.rels) {
    if (rel.embed && !out.some((z) => z.rel === rel.name)) out.push({ rel: rel.name, query: emptyQuery(MAX_LIMIT) });
  }
  return out;
}

/** The rows `rel` reaches from each row, as the Reader lets the caller see them (one statement). */
async function loadZoom(ctx: ServiceContext, r: ResourceDef, rel: RelDef, rows: Values[], q: ListQuery): Promise<Map<number, Values[]>> {
  const reader = readerOf(ctx);
  if (rel.kind === 'many') return reader.children(r, rel, rows.map((x) => x.id), q);
  const byId = await reader.targets(r, rel, rows.map((x) => Number(x[rel.fk!])));
  return new Map(rows.map((x) => {
    const t = byId.get(Number(x[rel.fk!]));
    return [x.id, t ? [t] : []];
  }));
}

/**
 * How many objects the answer holds so far, counting every place a shared child appears (a tax
 * reached from 30 tax_item_categories is written 30 times): the hard cap on response size, checked
 * level by level before the next level is loaded, so a cyclic zoom stops before it is written out.
 */
interface Tally {
  objects: number;
  max: number;
}

function countLevel(tally: Tally, added: number): void {
  tally.objects += added;
  if (tally.objects > tally.max) {
    throw apiError('RESPONSE_TOO_LARGE', { max: tally.max }, { field: 'zoom' });
  }
}

export async function representRows(ctx: ServiceContext, r: ResourceDef, rows: Values[], q: Pick<ListQuery, 'fields' | 'zoom'>): Promise<Representation[]> {
  const tally = { objects: 0, max: ctx.maxResponseObjects ?? Infinity };
  countLevel(tally, rows.length);
  return buildRows(ctx, r, rows, q, rows.map(() => 1), tally);
}

/** `weights[i]`: how many times rows[i] appears in the answer. */
async function buildRows(ctx: ServiceContext, r: ResourceDef, stored: Values[], q: Pick<ListQuery, 'fields' | 'zoom'>,
  weights: number[], tally: Tally): Promise<Representation[]> {
  const rows = readerView(ctx, r, withDerived(ctx, r, stored));
  const zooms = zoomsWithEmbeds(r, q.zoom);
  const embeds: Embedded[][] = rows.map(() => []);
  for (const z of zooms) {
    const rel = r.relsByName.get(z.rel)!;
    const target = ctx.registry.resource(rel.target);
    const byParent = await loadZoom(ctx, r, rel, rows, z.query);
    // A deep zoom loads level after level: others' requests may go between them.
    const wait = ctx.pacer?.pace();
    if (wait) await wait;
    // A child reached from two parents (a shared category) is represented once.
    const weightOf = new Map<Values, number>();
    let added = 0;
    for (let i = 0; i < rows.length; i++) {
      for (const c of byParent.get(rows[i].id) ?? []) weightOf.set(c, (weightOf.get(c) ?? 0) + weights[i]);
      added += weights[i] * (byParent.get(rows[i].id)?.length ?? 0);
    }
    countLevel(tally, added);
    const children = [...weightOf.keys()];
    const reps = await buildRows(ctx, target, children, z.query, children.map((c) => weightOf.get(c)!), tally);
    const repOf = new Map<Values, Representation>();
    for (let i = 0; i < children.length; i++) repOf.set(children[i], reps[i]);
    const name = svc(rel.name);
    const single = rel.kind === 'one';
    for (let i = 0; i < rows.length; i++) {
      const list = byParent.get(rows[i].id) ?? [];
      embeds[i].push({ rel: name, items: list.map((c) => repOf.get(c)!), single });
    }
  }
  return rows.map((row, i) => memberRepresentation(ctx, r, row, q.fields, embeds[i]));
}

/**
 * A row as a representation. Properties, links and actions are worked out when first read: HAL+JSON
 * writes the row directly (src/rest/hal-member.ts) and needs none of them. A class, so a page of
 * thousands of members shares its accessors instead of allocating them per member.
 */
class RowRepresentation implements Representation {
  self: Link;
  #props?: Record<string, unknown>;
  #links?: Representation['links'];
  readonly #ownHref: string;

  constructor(private readonly ctx: Pick<ServiceContext, 'baseUrl' | 'registry'>, private readonly r: ResourceDef,
    private readonly row: Values, private readonly fields: string[] | undefined, public embedded: Embedded[]) {
    this.#ownHref = selfHref(ctx.baseUrl, r, row.id);
    this.self = { href: this.#ownHref, title: r.title };
  }

  get class(): string[] { return [this.r.name]; }
  get properties(): Record<string, unknown> { return this.#props ??= properties(this.ctx, this.r, this.row, this.fields); }
  set properties(v: Record<string, unknown>) { this.#props = v; }
  get links(): Representation['links'] { return this.#links ??= resourceLinks(this.ctx.registry, this.ctx.baseUrl, this.r, this.row); }
  set links(v: Representation['links']) { this.#links = v; }
  get actions(): Action[] { return memberActions(this.r, this.self.href, this.properties, this.links); }

  [HAL_JSON](curies: Link[] | undefined, embedded: Record<string, unknown> | undefined): Record<string, unknown> | undefined {
    return this.#written(halMemberWriter)?.(this.row, this.fields, this.self, this.#ownUnlessReplaced(), curies, embedded);
  }

  [HAL_TEXT](curies: Link[] | undefined): string | undefined {
    return this.embedded.length ? undefined : this.#written(halMemberText)?.(this.row, this.fields, this.self, this.#ownUnlessReplaced(), curies);
  }

  /** The resource's writer, or none once properties or links were read (they may have been changed: the generic renderer decides). */
  #written<W>(writerOf: (registry: Registry, baseUrl: string, r: ResourceDef) => W | null): W | undefined {
    return this.#props || this.#links ? undefined : writerOf(this.ctx.registry, this.ctx.baseUrl, this.r) ?? undefined;
  }

  /** The row's own self href, which its other links are built from, unless its self link was replaced. */
  #ownUnlessReplaced(): string | undefined {
    return this.self.href === this.#ownHref ? this.#ownHref : undefined;
  }
}

/** One row as a representation, its children already loaded (also used for documentation examples). */
export function memberRepresentation(ctx: Pick<ServiceContext, 'baseUrl' | 'registry'>, r: ResourceDef, row: Values,
  fields: string[] | undefined, embedded: Embedded[]): Representation {
  return new RowRepresentation(ctx, r, row, fields, embedded);
}

export async function representOne(ctx: ServiceContext, r: ResourceDef, row: Values, q: Pick<ListQuery, 'fields' | 'zoom'> = { zoom: [] }): Promise<Representation> {
  return (await representRows(ctx, r, [row], q))[0];
}

/** The collection representation of the spec: totals, paging links and members under `svc:<rel>`. */
export async function representCollection(ctx: ServiceContext, member: ResourceDef, rel: string, href: string,
  params: URLSearchParams, page: Page, q: ListQuery, post?: { fields: ActionField[] }): Promise<Representation> {
  const items = await representRows(ctx, member, page.rows, q);
  return collectionEnvelope(member, rel, href, params, page.total, items, q, post);
}

/** The collection around already-built members (also used for documentation examples). */
export function collectionEnvelope(member: ResourceDef, rel: string, href: string, params: URLSearchParams,
  total: number, items: Representation[], q: Pick<ListQuery, 'limit' | 'offset'>, post?: { fields: ActionField[] }): Representation {
  const pageHref = (offset: number) => {
    const p = new URLSearchParams(params);
    p.set('offset', String(offset));
    if (!p.has('limit')) p.set('limit', String(q.limit));
    return `${href}?${p.toString()}`;
  };
  const lastOffset = total > 0 ? Math.floor((total - 1) / q.limit) * q.limit : 0;
  const selfQs = params.toString();
  return {
    self: { href: selfQs ? `${href}?${selfQs}` : href, title: `${member.title} collection` },
    class: [rel, 'collection'],
    properties: { total_items: String(total), returned_items: items.length, limit: q.limit, offset: q.offset },
    // `prev` only where there is an earlier page and `next` only where there is a later one, so a
    // generic client's `while (next) follow(next)` ends (DESIGN §3; decisions "Drop-in", issue 19).
    links: [
      { rel: 'first', link: { href: pageHref(0), title: 'First page' } },
      ...(q.offset > 0 ? [{ rel: 'prev', link: { href: pageHref(Math.max(0, Math.min(q.offset - q.limit, lastOffset))), title: 'Previous page' } }] : []),
      ...(q.offset + q.limit < total ? [{ rel: 'next', link: { href: pageHref(q.offset + q.limit), title: 'Next page' } }] : []),
      { rel: 'last', link: { href: pageHref(lastOffset), title: 'Last page' } },
    ],
    embedded: [{ rel: svc(rel), items }],
    actions: post ? [{ name: `create-${member.name}`, method: 'POST', href, title: `Create ${member.title}`, fields: post.fields }] : [],
  };
}
