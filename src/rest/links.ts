// Links of a resource from the registry: self, one per rel, and the declared @link templates.
import type { FieldDef, RelDef, Registry, ResourceDef } from '../model/types.js';
import { linkApplies } from '../model/derive.js';
import type { Values } from '../data/codec.js';
import type { Action, ActionField, Link } from '../representations/types.js';
import { selfHref } from '../services/refs.js';

export const svc = (rel: string) => `svc:${rel}`;

export function childCollectionHref(self: string, rel: RelDef): string {
  return `${self}/${rel.name}`;
}

export function relTitle(registry: Registry, rel: RelDef): string {
  if (rel.title) return rel.title;
  const t = registry.resource(rel.target);
  return rel.kind === 'many' ? `${t.title.charAt(0).toUpperCase()}${t.title.slice(1)} collection` : t.title.charAt(0).toUpperCase() + t.title.slice(1);
}

/** A link a row may carry, with everything that does not depend on the row worked out once. */
type LinkStep = (row: Values, self: string, store: string) => { rel: string; link: Link } | undefined;

/** Per resource and base URL: the steps that build a row's links (every page renders many rows). */
const plans = new WeakMap<ResourceDef, Map<string, LinkStep[]>>();

function linkPlan(registry: Registry, baseUrl: string, r: ResourceDef): LinkStep[] {
  let byBase = plans.get(r);
  if (!byBase) plans.set(r, byBase = new Map());
  let plan = byBase.get(baseUrl);
  if (plan) return plan;
  plan = [];
  for (const rel of r.rels) {
    const name = svc(rel.name);
    const title = relTitle(registry, rel);
    if (rel.kind === 'one') {
      const prefix = `${baseUrl}${registry.resource(rel.target).path}/`;
      const fk = rel.fk!;
      plan.push((row) => (row[fk] == null ? undefined : { rel: name, link: { href: `${prefix}${Number(row[fk])}`, title } }));
    } else {
      const suffix = `/${rel.name}`;
      plan.push((_row, self) => ({ rel: name, link: { href: self + suffix, title } }));
    }
  }
  for (const l of r.links) {
    const name = svc(l.rel);
    const title = l.title ?? l.rel.replace(/_/g, ' ');
    // The template split once: odd parts name a variable ({base}, {self} or {store}).
    const parts = l.href.split(/\{(base|self|store)\}/);
    const href = (self: string, store: string) => {
      let out = parts[0];
      for (let i = 1; i < parts.length; i += 2) out += (parts[i] === 'base' ? baseUrl : parts[i] === 'self' ? self : store) + parts[i + 1];
      return out;
    };
    plan.push((row, self, store) => (linkApplies(l, r, row) ? { rel: name, link: { href: href(self, store), title } } : undefined));
  }
  byBase.set(baseUrl, plan);
  return plan;
}

export function resourceLinks(registry: Registry, baseUrl: string, r: ResourceDef, row: Values): Array<{ rel: string; link: Link }> {
  const self = selfHref(baseUrl, r, row.id);
  const storeHref = row.store_id != null ? `${baseUrl}/stores/${row.store_id}` : r.name === 'store' ? self : '';
  const out: Array<{ rel: string; link: Link }> = [];
  for (const step of linkPlan(registry, baseUrl, r)) {
    const l = step(row, self, storeHref);
    if (l) out.push(l);
  }
  return out;
}

function inputType(f: FieldDef): string {
  if (f.kind === 'boolean') return 'checkbox';
  if (f.kind === 'int' || f.kind === 'decimal') return 'number';
  if (f.constraints.format === 'EMAIL') return 'email';
  if (f.constraints.format === 'URL' || f.ref) return 'url';
  if (f.kind === 'date') return 'date';
  if (f.writeOnly) return 'password';
  return 'text';
}

export function actionFields(r: ResourceDef, values?: Record<string, unknown>): ActionField[] {
  return r.fields.filter((f) => !f.readOnly).map((f) => ({
    name: f.name,
    type: inputType(f),
    required: !!f.constraints.required,
    value: values && !f.writeOnly ? values[f.name] ?? undefined : undefined,
    options: f.enumValues?.map((e) => e.rest),
    title: f.description,
  }));
}

export function memberActions(r: ResourceDef, href: string, values: Record<string, unknown>): Action[] {
  const out: Action[] = [];
  if (r.methods.includes('PATCH')) out.push({ name: `update-${r.name}`, method: 'PATCH', href, title: `Update ${r.title}`, fields: actionFields(r, values) });
  if (r.methods.includes('PUT')) out.push({ name: `replace-${r.name}`, method: 'PUT', href, title: `Replace ${r.title}`, fields: actionFields(r, values) });
  if (r.methods.includes('DELETE')) out.push({ name: `delete-${r.name}`, method: 'DELETE', href, title: `Delete ${r.title}`, fields: [] });
  return out;
}
