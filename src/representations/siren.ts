// Siren (application/vnd.siren+json): `class`, `properties`, `entities`, `links`, `actions`.
//
// Rels: Siren has no curies, and its spec says a rel is either a registered name (`self`, `next`) or a
// URI. A Siren client cannot expand `svc:x` on its own, so `svc:` rels are written expanded to the
// curie's target, `{baseUrl}/rels/x` — the same URL that serves the relation's documentation page.
// Registered names stay as they are.
//
// Embedded items become embedded-representation sub-entities (`rel` + their own class, properties,
// links, and entities/actions when they have any). Embedded-link sub-entities (`href` only) are never
// produced: the builders either embed a resource fully or link to it.
import { stringifyExact } from './exact-number.js';
import { stringifyPaced } from './paced-json.js';
import type { Pacer } from '../services/pace.js';
import { CURIE_NAME, type Action, type Link, type Representation, type RenderContext } from './types.js';

export interface SirenLink {
  rel: string[];
  href: string;
  title?: string;
}

export interface SirenField {
  name: string;
  type: string;
  value?: unknown;
  title?: string;
}

export interface SirenAction {
  name: string;
  title?: string;
  method: string;
  href: string;
  type: string;
  fields: SirenField[];
}

export interface SirenEntity {
  rel?: string[];
  class: string[];
  title?: string;
  properties: Record<string, unknown>;
  /** Sub-entities, each written as a SirenEntity (built when it is written out). */
  entities?: Array<SirenEntity | { toJSON(): SirenEntity }>;
  links: SirenLink[];
  actions?: SirenAction[];
}

const PREFIX = `${CURIE_NAME}:`;

/** `svc:taxes` → `{baseUrl}/rels/taxes`; other rels unchanged. */
export function expandRel(rel: string, baseUrl: string): string {
  return rel.startsWith(PREFIX) ? `${baseUrl}/rels/${rel.slice(PREFIX.length)}` : rel;
}

function sirenLink(rel: string, link: Link, baseUrl: string): SirenLink {
  const out: SirenLink = { rel: [expandRel(rel, baseUrl)], href: link.href };
  if (link.title !== undefined) out.title = link.title;
  return out;
}

function sirenAction(a: Action): SirenAction {
  return {
    name: a.name,
    ...(a.title === undefined ? {} : { title: a.title }),
    method: a.method,
    href: a.href,
    type: a.type ?? 'application/json',
    fields: a.fields.map((f) => ({
      name: f.name,
      type: f.type,
      ...(f.value === undefined ? {} : { value: f.value }),
      ...(f.title === undefined ? {} : { title: f.title }),
    })),
  };
}

/** A sub-entity built when JSON.stringify (or the paced writer) reaches it, as HAL+JSON's members are (hal-json.ts). */
class LazyEntity {
  constructor(private readonly rep: Representation, private readonly ctx: RenderContext, private readonly rel: string) {}
  toJSON(): SirenEntity { return entity(this.rep, this.ctx, this.rel); }
}

function entity(rep: Representation, ctx: RenderContext, rel: string | undefined): SirenEntity {
  // Several items under one rel each carry that rel, in order (a collection's members).
  const entities = rep.embedded.flatMap((e) => e.items.map((item) => new LazyEntity(item, ctx, e.rel)));
  // Self first: clients (and the spec's examples) look for it there.
  const links = [sirenLink('self', rep.self, ctx.baseUrl), ...rep.links.map((l) => sirenLink(l.rel, l.link, ctx.baseUrl))];
  const actions = rep.actions.map(sirenAction);
  // The top-level entity always has every member, so clients need no existence checks; sub-entities
  // stay small and carry entities/actions only when they have some.
  const top = rel === undefined;
  return {
    ...(top ? {} : { rel: [expandRel(rel, ctx.baseUrl)] }),
    class: rep.class,
    properties: rep.properties,
    ...(top || entities.length ? { entities } : {}),
    links,
    ...(top || actions.length ? { actions } : {}),
  };
}

/** The Siren entity, its sub-entities built as they are written out. */
function sirenEntity(rep: Representation, ctx: RenderContext): SirenEntity {
  const { class: cls, ...rest } = entity(rep, ctx, undefined);
  return { class: cls, ...(ctx.title === undefined ? {} : { title: ctx.title }), ...rest };
}

export function renderSiren(rep: Representation, ctx: RenderContext): string {
  return stringifyExact(sirenEntity(rep, ctx));
}

/** renderSiren for a large answer: the same bytes, written over several turns of the loop. */
export function renderSirenPaced(rep: Representation, ctx: RenderContext, pacer: Pacer): Promise<Buffer> {
  return stringifyPaced(sirenEntity(rep, ctx), pacer);
}
