// Links of a resource from the registry: self, one per rel, and the declared @link templates.
import type { FieldDef, Registry, ResourceDef } from '../model/types.js';
import type { Values } from '../data/codec.js';
import type { Action, ActionField, Link } from '../representations/types.js';
import { linkPlan, selfAndStore } from './plans.js';

import { svc } from './plans.js';
import { actionInputFields } from './action-inputs.js';

export { relTitle, svc } from './plans.js';

export function resourceLinks(registry: Registry, baseUrl: string, r: ResourceDef, row: Values): Array<{ rel: string; link: Link }> {
  const { self, store } = selfAndStore(baseUrl, r, row);
  const out: Array<{ rel: string; link: Link }> = [];
  for (const step of linkPlan(registry, baseUrl, r)) {
    const href = step.href(row, self, store);
    if (href !== undefined) out.push({ rel: step.rel, link: { href, title: step.title } });
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
    // A create form starts from the declared defaults; an edit form from the current values.
    value: values ? (f.writeOnly ? undefined : values[f.name] ?? undefined) : f.default,
    options: f.enumValues?.map((e) => e.rest),
    title: f.description,
    ...(f.kind === 'decimal' ? { step: 'any' } : f.kind === 'int' ? { step: '1' } : {}),
    ...(f.kind === 'json' || f.constraints.format === 'JSON' ? { multiline: true } : {}),
  }));
}

export function memberActions(r: ResourceDef, href: string, values: Record<string, unknown>,
  links: Array<{ rel: string; link: Link }> = []): Action[] {
  const out: Action[] = [];
  if (r.methods.includes('PATCH')) out.push({ name: `update-${r.name}`, method: 'PATCH', href, title: `Update ${r.title}`, fields: actionFields(r, values) });
  if (r.methods.includes('PUT')) out.push({ name: `replace-${r.name}`, method: 'PUT', href, title: `Replace ${r.title}`, fields: actionFields(r, values) });
  if (r.methods.includes('DELETE')) out.push({ name: `delete-${r.name}`, method: 'DELETE', href, title: `Delete ${r.title}`, fields: [] });
  // Action links the row carries now (checkout, capture, …): POST targets a browser reaches by a form.
  for (const l of r.links.filter((x) => x.methods.includes('POST') && !x.methods.includes('GET'))) {
    const link = links.find((x) => x.rel === svc(l.rel))?.link;
    if (link) out.push({ name: l.rel, method: 'POST', href: link.href, title: l.title ?? l.rel.replace(/_/g, ' '), fields: actionInputFields(l.rel) });
  }
  return out;
}
