// Parses the hAPI query language (DESIGN §3) into the query AST: zoom, fields, order, limit, offset
// and every other `name[:op]=value` as a filter, checked against the registry. Problems are
// collected and reported together, each naming the parameter.
import type { RelDef, Registry, ResourceDef } from '../model/types.js';
import { DEFAULT_LIMIT, MAX_LIMIT, emptyQuery, type FilterOp, type ListQuery, type Zoom } from '../data/query.js';
import type { FieldError } from '../services/errors.js';

const OPS: Record<string, FilterOp> = {
  not: 'not', in: 'in', isdefined: 'isdefined', greaterthan: 'gt', greaterthanorequal: 'gte',
  lessthan: 'lt', lessthanorequal: 'lte',
};
const RESERVED = new Set(['zoom', 'fields', 'order', 'limit', 'offset', 'after']);

export interface ParsedQuery {
  query: ListQuery;
  errors: FieldError[];
}

function zoomable(r: ResourceDef, name: string): RelDef | undefined {
  const rel = r.relsByName.get(name);
  return rel && (rel.zoom || rel.embed) ? rel : undefined;
}

/** Finds or adds the zoom node for a `a:b:c` path; undefined when a step is not zoomable. */
function zoomNode(registry: Registry, r: ResourceDef, q: ListQuery, path: string[]): { node: Zoom; resource: ResourceDef; rel: RelDef } | undefined {
  let res = r;
  let query = q;
  let node: Zoom | undefined;
  let rel: RelDef | undefined;
  for (const step of path) {
    rel = zoomable(res, step);
    if (!rel) return undefined;
    node = query.zoom.find((z) => z.rel === step);
    if (!node) {
      node = { rel: step, query: emptyQuery(rel.kind === 'many' ? MAX_LIMIT : 1) };
      query.zoom.push(node);
    }
    res = registry.resource(rel.target);
    query = node.query;
  }
  return node && rel ? { node, resource: res, rel } : undefined;
}

function intParam(name: string, raw: string, min: number, max: number, errors: FieldError[]): number | undefined {
  if (!/^\d{1,9}$/.test(raw) || Number(raw) < min || Number(raw) > max) {
    errors.push({ field: name, code: 'invalid_value', message: `${name} must be an integer from ${min} to ${max}` });
    return undefined;
  }
  return Number(raw);
}

export function parseListQuery(registry: Registry, r: ResourceDef, params: URLSearchParams): ParsedQuery {
  const errors: FieldError[] = [];
  const query = emptyQuery(DEFAULT_LIMIT);
  const limit = params.get('limit');
  if (limit !== null) query.limit = intParam('limit', limit, 1, MAX_LIMIT, errors) ?? DEFAULT_LIMIT;
  const after = params.get('after');
  if (after !== null) {
    // Logs with a per-store `sequence` (the event feed) resume after a position.
    if (!r.fieldsByName.has('sequence') || !/^\d{1,15}$/.test(after)) {
      errors.push({ field: 'after', code: 'invalid_value', message: `after takes the sequence of the last ${r.name} seen` });
    } else {
      query.filters.push({ field: 'sequence', op: 'gt', value: after });
      if (!params.has('order')) query.order.push({ field: 'sequence', dir: 'asc' });
    }
  }
  const offset = params.get('offset');
  if (offset !== null) query.offset = intParam('offset', offset, 0, 1e9, errors) ?? 0;
  for (const z of (params.get('zoom') ?? '').split(',').map((s) => s.trim()).filter(Boolean)) {
    if (!zoomNode(registry, r, query, z.split(':'))) {
      errors.push({ field: 'zoom', code: 'unknown_zoom', message: `${z} cannot be zoomed on ${r.name}` });
    }
  }
  const fields = params.get('fields');
  if (fields !== null) {
    query.fields = fields.split(',').map((s) => s.trim()).filter(Boolean);
    for (const f of query.fields) {
      const def = r.fieldsByName.get(f);
      if (!def || def.writeOnly) errors.push({ field: 'fields', code: 'unknown_field', message: `${r.name} has no property ${f}` });
    }
  }
  for (const part of (params.get('order') ?? '').split(',').map((s) => s.trim()).filter(Boolean)) {
    const [field, dir = 'asc', extra] = part.split(/\s+/);
    const def = field === 'id' ? true : r.fieldsByName.get(field);
    if (!def || (def !== true && (!def.column || def.writeOnly || def.list)) || extra || !['asc', 'desc'].includes(dir.toLowerCase())) {
      errors.push({ field: 'order', code: 'invalid_order', message: `cannot order ${r.name} by "${part}"` });
      continue;
    }
    query.order.push({ field, dir: dir.toLowerCase() as 'asc' | 'desc' });
  }
  for (const [key, value] of params) {
    if (RESERVED.has(key)) continue;
    // PostgreSQL text cannot hold NUL: refuse it here rather than fail in the database.
    if (value.includes('\u0000')) {
      errors.push({ field: key, code: 'invalid_value', message: `${key} must not contain NUL characters` });
      continue;
    }
    const attr = /^(.*?)(?::)?attributes:name\[([^\]]{1,500})\](?::([a-z]+))?$/.exec(key);
    const parts = key.split(':');
    let op: FilterOp = 'eq';
    const last = parts[parts.length - 1];
    if (!attr && parts.length > 1 && OPS[last]) { op = OPS[last]; parts.pop(); }
    const path = attr ? (attr[1] ? attr[1].split(':') : []) : parts.slice(0, -1);
    const target = path.length ? zoomNode(registry, r, query, path) : { node: undefined, resource: r, rel: undefined };
    if (!target) {
      errors.push({ field: key, code: 'unknown_filter', message: `${path.join(':')} is not a zoomable child of ${r.name}` });
      continue;
    }
    // A zoomed single resource is embedded whole or not at all; filtering it would silently do nothing.
    if (target.rel?.kind === 'one') {
      errors.push({ field: key, code: 'invalid_filter', message: `${path.join(':')} is a single resource; child filters apply to zoomed collections` });
      continue;
    }
    const q = target.node ? target.node.query : query;
    if (attr) {
      // Attribute values are matched by equality with * wildcards; other operators are not offered.
      if (attr[3]) errors.push({ field: key, code: 'invalid_filter', message: `attribute filters take name[<name>]=<value> (with * wildcards), not :${attr[3]}` });
      else q.attributeFilters.push({ rel: 'attributes', name: attr[2], op: 'eq', value });
      continue;
    }
    const field = parts[parts.length - 1];
    const def = field === 'id' ? undefined : target.resource.fieldsByName.get(field);
    if (field !== 'id' && (!def || !def.column || def.writeOnly || def.list || def.kind === 'json')) {
      errors.push({ field: key, code: 'unknown_filter', message: `${target.resource.name} has no property "${field}" to filter by` });
      continue;
    }
    const range = value.split('..');
    if (op === 'eq' && range.length === 2 && range[0] && range[1] && (field === 'id' || def?.kind !== 'string')) {
      q.filters.push({ field, op: 'between', value: range });
    } else if (op === 'isdefined') {
      if (!['true', 'false', '1', '0'].includes(value)) {
        errors.push({ field: key, code: 'invalid_value', message: `${key} takes true or false` });
        continue;
      }
      q.filters.push({ field, op, value: value === 'true' || value === '1' });
    } else {
      q.filters.push({ field, op, value });
    }
  }
  return { query, errors };
}
