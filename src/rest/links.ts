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

function expand(template: string, vars: Record<string, string>): string {
  return template.replace(/\{(base|self|store)\}/g, (_m, k: string) => vars[k] ?? '');
}

export function relTitle(registry: Registry, rel: RelDef): string {
  if (rel.title) return rel.title;
  const t = registry.resource(rel.target);
  return rel.kind === 'many' ? `${t.title.charAt(0).toUpperCase()}${t.title.slice(1)} collection` : t.title.charAt(0).toUpperCase() + t.title.slice(1);
}

export function resourceLinks(registry: Registry, baseUrl: string, r: ResourceDef, row: Values): Array<{ rel: string; link: Link }> {
  const self = selfHref(baseUrl, r, row.id);
  const out: Array<{ rel: string; link: Link }> = [];
  for (const rel of r.rels) {
    if (rel.kind === 'one') {
      const id = row[rel.fk!];
      if (id == null) continue;
      out.push({ rel: svc(rel.name), link: { href: selfHref(baseUrl, registry.resource(rel.target), Number(id)), title: relTitle(registry, rel) } });
    } else {
      out.push({ rel: svc(rel.name), link: { href: childCollectionHref(self, rel), title: relTitle(registry, rel) } });
    }
  }
  const storeHref = row.store_id != null ? `${baseUrl}/stores/${row.store_id}` : r.name === 'store' ? self : '';
  for (const l of r.links) {
    if (!linkApplies(l, r, row)) continue;
    out.push({ rel: svc(l.rel), link: { href: expand(l.href, { base: baseUrl, self, store: storeHref }), title: l.title ?? l.rel.replace(/_/g, ' ') } });
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
