// What a query may name, checked without SQL: the fields of a resource that filter and sort, the
// full order of a page (id as the tie-breaker), and the error a bad name raises. The transports use
// these to validate and page (GraphQL cursors), so they live apart from compile.ts, which builds SQL.
import type { FieldDef, ResourceDef } from '../model/types.js';
import type { OrderBy } from './query.js';

export class QueryError extends Error {
  constructor(public readonly field: string, public readonly code: 'unknown_field' | 'invalid_value', message: string) {
    super(message);
  }
}

export const ID_FIELD: FieldDef = {
  name: 'id', gqlName: 'id', column: 'id', kind: 'int', list: false, gqlType: 'ID', constraints: {},
  readOnly: true, writeOnce: false, writeOnly: false, derived: false,
};

export function filterableField(r: ResourceDef, name: string): FieldDef {
  if (name === 'id') return ID_FIELD;
  const f = r.fieldsByName.get(name);
  if (!f || !f.column || f.writeOnly) throw new QueryError(name, 'unknown_field', `${r.name} has no property "${name}" to filter or sort by`);
  return f;
}

/** The order with `id` appended as the tie-breaker that makes paging stable. */
export function fullOrder(r: ResourceDef, order: OrderBy[]): Array<{ f: FieldDef; dir: 'asc' | 'desc' }> {
  const out = order.map((o) => ({ f: filterableField(r, o.field), dir: o.dir }));
  if (!out.some((o) => o.f.name === 'id')) out.push({ f: ID_FIELD, dir: out.length ? out[out.length - 1].dir : 'asc' });
  return out;
}
