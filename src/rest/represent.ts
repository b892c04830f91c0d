// Builds neutral representations of rows and collections, embedding zoomed and always-embedded
// children. Children of all rows are loaded together: one statement per zoom level.
import type { RelDef, ResourceDef } from '../model/types.js';
import type { Values } from '../data/codec.js';
import { emptyQuery, MAX_LIMIT, type ListQuery, type Zoom } from '../data/query.js';
import type { Page } from '../data/repository.js';
import type { ActionField, Embedded, Representation } from '../representations/types.js';
import type { ServiceContext } from '../services/context.js';
import { authorize, beforeRead } from '../services/resource-service.js';
import { accessTarget } from '../auth/scopes.js';
import { tenantScope } from '../auth/principal.js';
import { childScope } from '../data/tenancy.js';
import { selfHref } from '../services/refs.js';
import { memberActions, resourceLinks, svc } from './links.js';

/** Output form of a property: decimals as JSON numbers (exact up to 15 significant digits). */
export function outputValue(kind: string, v: unknown): unknown {
  if (v === null || v === undefined) return null;
  if (kind === 'decimal') return Number(v);
  return v;
}

type PropertyStep = readonly [name: string, value: (row: Values) => unknown];

/** Per resource and base URL: how each readable property is read from a row, worked out once. */
const propertyPlans = new WeakMap<ResourceDef, Map<string, PropertyStep[]>>();

function propertyPlan(ctx: Pick<ServiceContext, 'baseUrl' | 'registry'>, r: ResourceDef): PropertyStep[] {
  let byBase = propertyPlans.get(r);
  if (!byBase) propertyPlans.set(r, byBase = new Map());
  let plan = byBase.get(ctx.baseUrl);
  if (plan) return plan;
  plan = r.fields.filter((f) => !f.writeOnly).map((f): PropertyStep => {
    if (f.ref) {
      const rel = r.relsByName.get(f.ref)!;
      const prefix = `${ctx.baseUrl}${ctx.registry.resource(rel.target).path}/`;
      const fk = rel.fk!;
      return [f.name, (row) => (row[fk] ? `${prefix}${Number(row[fk])}` : null)];
    }
    const column = f.column;
    if (!column) return [f.name, () => null];
    const kind = f.kind;
    return [f.name, (row) => outputValue(kind, row[column])];
  });
  byBase.set(ctx.baseUrl, plan);
  return plan;
}

export function properties(ctx: Pick<ServiceContext, 'baseUrl' | 'registry'>, r: ResourceDef, row: Values, only?: string[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [name, value] of propertyPlan(ctx, r)) {
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

async function loadZoom(ctx: ServiceContext, r: ResourceDef, rel: RelDef, rows: Values[], q: ListQuery): Promise<Map<number, Values[]>> {
  const target = ctx.registry.resource(rel.target);
  if (!rel.embed) authorize(ctx, accessTarget(r, target), 'read');
  await beforeRead(ctx, target);
  if (rel.kind === 'many') {
    return (await ctx.repo.listChildren(rel, target, rows.map((x) => x.id), q, childScope(target, tenantScope(ctx.principal)))).byParent;
  }
  const byId = await ctx.repo.findByIds(target, rows.map((x) => Number(x[rel.fk!])).filter((x) => x > 0));
  return new Map(rows.map((x) => {
    const t = byId.get(Number(x[rel.fk!]));
    return [x.id, t ? [t] : []];
  }));
}

export async function representRows(ctx: ServiceContext, r: ResourceDef, rows: Values[], q: Pick<ListQuery, 'fields' | 'zoom'>): Promise<Representation[]> {
  const embeds = new Map<number, Embedded[]>(rows.map((x) => [x.id, []]));
  for (const z of zoomsWithEmbeds(r, q.zoom)) {
    const rel = r.relsByName.get(z.rel)!;
    const target = ctx.registry.resource(rel.target);
    const byParent = await loadZoom(ctx, r, rel, rows, z.query);
    const children = [...new Set([...byParent.values()].flat())];
    const reps = await representRows(ctx, target, children, z.query);
    const repOf = new Map(children.map((c, i) => [c, reps[i]]));
    for (const row of rows) {
      const items = (byParent.get(row.id) ?? []).map((c) => repOf.get(c)!);
      embeds.get(row.id)!.push({ rel: svc(rel.name), items, single: rel.kind === 'one' });
    }
  }
  return rows.map((row) => memberRepresentation(ctx, r, row, q.fields, embeds.get(row.id)!));
}

/** One row as a representation, its children already loaded (also used for documentation examples). */
export function memberRepresentation(ctx: Pick<ServiceContext, 'baseUrl' | 'registry'>, r: ResourceDef, row: Values,
  fields: string[] | undefined, embedded: Embedded[]): Representation {
  const href = selfHref(ctx.baseUrl, r, row.id);
  const props = properties(ctx, r, row, fields);
  return {
    self: { href, title: r.title },
    class: [r.name],
    properties: props,
    links: resourceLinks(ctx.registry, ctx.baseUrl, r, row),
    embedded,
    // Siren and HTML show actions; HAL never reads them, and building their field lists for every
    // member of a page was a tenth of a collection request's time.
    get actions() { return memberActions(r, href, props); },
  };
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
    links: [
      { rel: 'first', link: { href: pageHref(0) } },
      { rel: 'prev', link: { href: pageHref(Math.max(0, q.offset - q.limit)) } },
      { rel: 'next', link: { href: pageHref(Math.min(q.offset + q.limit, lastOffset)) } },
      { rel: 'last', link: { href: pageHref(lastOffset) } },
    ],
    embedded: [{ rel: svc(rel), items }],
    actions: post ? [{ name: `create-${member.name}`, method: 'POST', href, title: `Create ${member.title}`, fields: post.fields }] : [],
  };
}
