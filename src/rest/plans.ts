// What rendering a row of a resource needs that does not depend on the row, worked out once per
// resource and base URL: which properties to read and how, and which links to write. A page renders
// thousands of rows; these plans keep the per-row work to reading columns and joining strings.
import type { Registry, ResourceDef } from '../model/types.js';
import { linkApplies } from '../model/derive.js';
import type { Values } from '../data/codec.js';
import { selfHref, selfPrefix } from '../services/refs.js';
import { decimalOutput } from '../representations/exact-number.js';

/** Output form of a property: decimals as JSON numbers with exactly their digits (exact-number.ts). */
export function outputValue(kind: string, v: unknown): unknown {
  if (v === null || v === undefined) return null;
  if (kind === 'decimal') return decimalOutput(v);
  return v;
}

export const svc = (rel: string) => `svc:${rel}`;

/** A memo per resource and base URL (the registry is fixed for a resource definition). */
export function perResource<T>(build: (registry: Registry, baseUrl: string, r: ResourceDef) => T) {
  const cache = new WeakMap<ResourceDef, Map<string, T>>();
  return (registry: Registry, baseUrl: string, r: ResourceDef): T => {
    let byBase = cache.get(r);
    if (!byBase) cache.set(r, byBase = new Map());
    let plan = byBase.get(baseUrl);
    if (plan === undefined) byBase.set(baseUrl, plan = build(registry, baseUrl, r));
    return plan;
  };
}

/**
 * How a property's value is read from a row, for code that writes the read out (hal-member.ts):
 * the closures below share one body per kind, so in them `row[column]` sees every column of every
 * resource and V8 reads it through its slowest, megamorphic path; written out per resource, each
 * read names its column.
 */
export type PropertyRead =
  | { kind: 'column'; key: string; decimal: boolean }
  | { kind: 'bit'; key: string }
  | { kind: 'ref'; key: string; prefix: string }
  | { kind: 'none' };

/** A readable property: its REST name and how its output value is read from a row. */
export interface PropertyStep { name: string; value: (row: Values) => unknown; read: PropertyRead }

/** The reading of `read` as a function, for the generic renderer: the same rule hal-member.ts writes out. */
function valueOf(read: PropertyRead): (row: Values) => unknown {
  switch (read.kind) {
    case 'column': {
      const { key, decimal } = read;
      return decimal ? (row) => outputValue('decimal', row[key]) : (row) => row[key] ?? null;
    }
    case 'bit': return (row) => (row[read.key] == null ? null : row[read.key] ? 1 : 0);
    case 'ref': return (row) => (row[read.key] ? read.prefix + Number(row[read.key]) : null);
    case 'none': return () => null;
  }
}

function propertyStep(name: string, read: PropertyRead): PropertyStep {
  return { name, read, value: valueOf(read) };
}

export const propertyPlan = perResource((registry, baseUrl, r): PropertyStep[] =>
  r.fields.filter((f) => !f.writeOnly).map((f): PropertyStep => {
    if (f.ref) {
      // The `*_uri` property: the self link of the row its foreign key names (refs.ts's refHref).
      const rel = r.relsByName.get(f.ref)!;
      return propertyStep(f.name, { kind: 'ref', key: rel.fk!, prefix: selfPrefix(baseUrl, registry.resource(rel.target)) });
    }
    // Derived values are put on the row under their REST name by services/derived.ts.
    if (f.derived) return propertyStep(f.name, { kind: 'column', key: f.name, decimal: false });
    if (!f.column) return propertyStep(f.name, { kind: 'none' });
    if (f.bit) return propertyStep(f.name, { kind: 'bit', key: f.column });
    return propertyStep(f.name, { kind: 'column', key: f.column, decimal: f.kind === 'decimal' });
  }));

export function relTitle(registry: Registry, rel: { title?: string; target: string; kind: string }): string {
  if (rel.title) return rel.title;
  const t = registry.resource(rel.target);
  const title = t.title.charAt(0).toUpperCase() + t.title.slice(1);
  return rel.kind === 'many' ? `${title} collection` : title;
}

/**
 * A link a row may carry. `href` answers undefined when the row does not carry it (a to-one rel
 * that is not set, a `when` condition that does not hold). `read`, as for properties: a to-one
 * rel's href is `prefix` and the foreign key, a to-many rel's the row's self href and `suffix`.
 */
export interface LinkStep {
  rel: string;
  title: string;
  href: (row: Values, self: string, store: string) => string | undefined;
  read?: { kind: 'one'; key: string; prefix: string } | { kind: 'many'; suffix: string };
}

export const linkPlan = perResource((registry, baseUrl, r): LinkStep[] => {
  const plan: LinkStep[] = [];
  for (const rel of r.rels) {
    const title = relTitle(registry, rel);
    if (rel.kind === 'one') {
      const fk = rel.fk!;
      const prefix = selfPrefix(baseUrl, registry.resource(rel.target));
      plan.push({ rel: svc(rel.name), title, href: (row) => (row[fk] == null ? undefined : prefix + Number(row[fk])), read: { kind: 'one', key: fk, prefix } });
    } else {
      const suffix = `/${rel.name}`;
      plan.push({ rel: svc(rel.name), title, href: (_row, self) => self + suffix, read: { kind: 'many', suffix } });
    }
  }
  for (const l of r.links) {
    // The template split once: odd parts name a variable ({base}, {self} or {store}).
    const parts = l.href.split(/\{(base|self|store)\}/);
    const href = (self: string, store: string) => {
      let out = parts[0];
      for (let i = 1; i < parts.length; i += 2) out += (parts[i] === 'base' ? baseUrl : parts[i] === 'self' ? self : store) + parts[i + 1];
      return out;
    };
    plan.push({
      rel: svc(l.rel), title: l.title ?? l.rel.replace(/_/g, ' '),
      href: (row, self, store) => (linkApplies(l, r, row) ? href(self, store) : undefined),
    });
  }
  return plan;
});

/** The two hrefs every link template may use besides the base URL. */
export function selfAndStore(baseUrl: string, r: ResourceDef, row: Values, knownSelf?: string): { self: string; store: string } {
  const self = knownSelf ?? selfHref(baseUrl, r, row.id);
  const store = row.store_id != null ? `${baseUrl}/stores/${row.store_id}` : r.name === 'store' ? self : '';
  return { self, store };
}
