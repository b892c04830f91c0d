// JSON Schemas (OpenAPI 3.1, draft 2020-12) of every resource, read from the model registry: its
// properties (output and input), its HAL+JSON member with the links and embeds it can carry, its
// Siren entity, and the collections that list it. Nothing here names a resource: add a field to the
// SDL and it appears here, so the description cannot drift from what the facade answers.
import { INT_RANGE, type FieldDef, type Registry, type RelDef, type ResourceDef } from '../model/types.js';

export type Schema = Record<string, unknown>;
export const ref = (name: string): Schema => ({ $ref: `#/components/schemas/${name}` });

/** `svc:tax_item_categories` → `TaxItemCategories`. */
export function pascal(s: string): string {
  return s.split(/[^a-zA-Z0-9]+/).filter(Boolean).map((p) => p[0].toUpperCase() + p.slice(1)).join('');
}

/** `YYYY-MM-DDThh:mm:ss+zzzz`, the timestamp form of the spec (not RFC 3339: no colon in the offset). */
export const TIMESTAMP_PATTERN = '^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}[+-]\\d{4}$';
const DECIMAL_PATTERN = '^-?(\\d{1,20}(\\.\\d{0,12})?|\\.\\d{1,12})$';

function describe(f: FieldDef): string | undefined {
  const notes: string[] = [];
  if (f.description) notes.push(f.description);
  const c = f.constraints;
  if (c.requiredWhen) notes.push(`Required when ${c.requiredWhen.field} is ${c.requiredWhen.value || '""'}.`);
  if (c.unique) notes.push('Unique (a duplicate answers 409).');
  if (c.future) notes.push('Must lie in the future.');
  if (c.gt !== undefined) notes.push(`Greater than ${c.gt}.`);
  if (f.writeOnce) notes.push('Set on creation only.');
  if (f.writeOnly) notes.push('Write-only: never shown.');
  if (f.ref) notes.push(`The self link of the svc:${f.ref}.`);
  if (c.format === 'FREQUENCY') notes.push('A number followed by d, w, m or y (".5m" is twice a month).');
  if (c.format === 'JSON') notes.push('JSON text.');
  if (c.format === 'COUNTRY') notes.push('ISO 3166-1 alpha-2 code.');
  return notes.length ? notes.join(' ') : undefined;
}

function baseType(f: FieldDef, input: boolean): Schema {
  const c = f.constraints;
  const s: Schema = {};
  switch (f.kind) {
    case 'string': case 'json':
      s.type = 'string';
      if (c.maxLength !== undefined) s.maxLength = c.maxLength;
      if (c.minLength !== undefined) s.minLength = c.minLength;
      if (c.format === 'URL' || f.ref) s.format = 'uri';
      if (c.format === 'EMAIL') s.format = 'email';
      if (c.format === 'COUNTRY') s.pattern = '^[A-Z]{2}$';
      if (c.format === 'JSON' || f.kind === 'json') s.contentMediaType = 'application/json';
      break;
    case 'enum': {
      const values = f.enumValues!.map((e) => e.rest);
      s.type = 'string';
      s.enum = values;
      break;
    }
    case 'int':
      // GraphQL's Int: a signed 32-bit integer (src/model/types.ts INT_RANGE).
      s.type = input ? ['integer', 'string'] : 'integer';
      s.format = 'int32';
      if (input) s.pattern = '^-?\\d{1,15}$';
      break;
    case 'decimal':
      // Exact decimals: rendered as JSON numbers; accepted as numbers or decimal text.
      s.type = input ? ['number', 'string'] : 'number';
      if (input) s.pattern = DECIMAL_PATTERN;
      break;
    case 'boolean':
      // @bit fields (webhook is_active) are written 1 or 0, as the spec's field table says.
      s.type = input ? ['boolean', 'integer', 'string'] : f.bit ? 'integer' : 'boolean';
      if (!input && f.bit) s.enum = [0, 1];
      if (input) s.enum = [true, false, 1, 0, 'true', 'false', '1', '0', 'on', 'off'];
      break;
    case 'date':
      s.type = 'string';
      s.format = 'date';
      break;
    case 'datetime':
      s.type = 'string';
      s.pattern = TIMESTAMP_PATTERN;
      break;
  }
  // Bounds are input checks: rules may store values outside them (a custom tax endpoint's rate 0).
  if (input && (f.kind === 'int' || f.kind === 'decimal')) {
    const range = f.kind === 'int' ? INT_RANGE : undefined;
    if (c.min !== undefined || range) s.minimum = Number(c.min ?? range!.min);
    if (c.max !== undefined || range) s.maximum = Number(c.max ?? range!.max);
    if (c.gt !== undefined) s.exclusiveMinimum = Number(c.gt);
  }
  return s;
}

/**
 * Whether a shown value can be null: anything not required (a default fills only what the API
 * writes), and every reference (deleting its target sets it to null).
 */
function nullable(f: FieldDef): boolean {
  return !!f.ref || !f.constraints.required;
}

function withNull(s: Schema): Schema {
  const out = { ...s };
  if (Array.isArray(out.enum)) out.enum = [...(out.enum as unknown[]), null];
  out.type = Array.isArray(out.type) ? [...(out.type as string[]), 'null'] : [out.type as string, 'null'];
  return out;
}

export function fieldSchema(f: FieldDef, mode: 'output' | 'input'): Schema {
  const input = mode === 'input';
  let s = baseType(f, input);
  if (f.list) s = { type: 'array', items: s };
  // Output: a stored value may be null. Input: null and "" clear optional properties.
  if (nullable(f) || (input && !f.constraints.required)) s = withNull(s);
  const description = describe(f);
  if (description) s.description = description;
  if (f.readOnly) s.readOnly = true;
  if (f.writeOnly) s.writeOnly = true;
  if (f.default !== undefined) s.default = defaultValue(f);
  return s;
}

function defaultValue(f: FieldDef): unknown {
  const d = f.default!;
  if (f.kind === 'boolean') return d === 'true' || d === '1';
  if (f.kind === 'int' || f.kind === 'decimal') return Number(d);
  return d;
}

/** Properties a representation shows (every field except write-only secrets). */
export function outputProperties(r: ResourceDef): Record<string, Schema> {
  return Object.fromEntries(r.fields.filter((f) => !f.writeOnly).map((f) => [f.name, fieldSchema(f, 'output')]));
}

/** Properties a write may send: everything not read-only. */
export function inputFields(r: ResourceDef): FieldDef[] {
  return r.fields.filter((f) => !f.readOnly);
}

/** Required on create: required properties without a default (the service fills defaults in). */
export function requiredOnCreate(r: ResourceDef): string[] {
  return inputFields(r).filter((f) => f.constraints.required && f.default === undefined).map((f) => f.name);
}

export function relHelp(base: string, rel: string): Schema {
  return { url: `${base}/rels/${rel}`, description: `Documentation of svc:${rel}` };
}

/** The `_links` object a member of `r` can carry: self, curies (top level only) and one per rel. */
function linksSchema(registry: Registry, base: string, r: ResourceDef): Schema {
  const props: Record<string, Schema> = { self: ref('Link'), curies: ref('Curies') };
  const add = (rel: string, title: string | undefined) => {
    props[`svc:${rel}`] = { allOf: [ref('Link')], description: title ?? rel.replace(/_/g, ' '), externalDocs: relHelp(base, rel) };
  };
  for (const rel of r.rels) add(rel.name, rel.title ?? registry.resource(rel.target).title);
  for (const l of r.links) add(l.rel, l.title);
  return { type: 'object', required: ['self'], properties: props, additionalProperties: false };
}

function embeddedSchema(registry: Registry, base: string, r: ResourceDef): Schema | undefined {
  const props: Record<string, Schema> = {};
  for (const rel of r.rels.filter((x) => x.zoom || x.embed)) {
    const target = ref(registry.resource(rel.target).typeName);
    props[`svc:${rel.name}`] = {
      ...(rel.kind === 'many' ? { type: 'array', items: target } : { anyOf: [target, { type: 'null' }] }),
      description: rel.embed ? 'Always embedded.' : `Embedded with ?zoom=${rel.name}.`,
      externalDocs: relHelp(base, rel.name),
    };
  }
  return Object.keys(props).length ? { type: 'object', properties: props, additionalProperties: false } : undefined;
}

/** The HAL+JSON member of `r`; `extra` adds properties some routes answer besides the resource's. */
export function halMember(registry: Registry, base: string, r: ResourceDef, extra: Record<string, Schema> = {}): Schema {
  const embedded = embeddedSchema(registry, base, r);
  return {
    type: 'object',
    title: r.title,
    ...(r.description ? { description: r.description } : {}),
    required: ['_links'],
    properties: {
      _links: linksSchema(registry, base, r),
      ...(embedded ? { _embedded: embedded } : {}),
      ...outputProperties(r),
      ...extra,
    },
    additionalProperties: false,
  };
}

export function propertiesObject(r: ResourceDef, extra: Record<string, Schema> = {}): Schema {
  return { type: 'object', properties: { ...outputProperties(r), ...extra }, additionalProperties: false };
}

export function inputSchema(r: ResourceDef, required: string[] = []): Schema {
  const props = Object.fromEntries(inputFields(r).map((f) => [f.name, fieldSchema(f, 'input')]));
  return { type: 'object', ...(required.length ? { required } : {}), properties: props, additionalProperties: false };
}

/** Schema name of the collection a to-many rel answers (members under `svc:<rel>`); a rel name leads to one resource. */
export function collectionName(rel: RelDef): string {
  return `${pascal(rel.name)}Collection`;
}

export function halCollection(registry: Registry, rel: RelDef): Schema {
  const member = registry.resource(rel.target);
  return {
    type: 'object',
    title: `${member.title} collection (svc:${rel.name})`,
    required: ['_links', '_embedded', 'total_items', 'returned_items', 'limit', 'offset'],
    properties: {
      _links: ref('CollectionLinks'),
      _embedded: {
        type: 'object', required: [`svc:${rel.name}`],
        properties: { [`svc:${rel.name}`]: { type: 'array', items: ref(member.typeName) } },
        additionalProperties: false,
      },
      ...collectionCounts(),
    },
    additionalProperties: false,
  };
}

export function collectionCounts(): Record<string, Schema> {
  return {
    total_items: { type: 'string', pattern: '^\\d+$', description: 'Total number of members (sent as a string).' },
    returned_items: { type: 'integer', minimum: 0, description: 'Members in this page.' },
    limit: { type: 'integer', minimum: 1, description: 'Page size.' },
    offset: { type: 'integer', minimum: 0, description: 'Start index of this page.' },
  };
}
