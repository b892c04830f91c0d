// The same resource through REST and GraphQL must say the same thing, in each world's spelling:
// snake_case vs camelCase, enum values lower vs UPPER, decimals as JSON numbers vs strings.
import { Decimal } from 'decimal.js';
import type { ResourceDef } from '../../src/model/types.js';

export interface Difference {
  field: string;
  rest: unknown;
  graphql: unknown;
}

const absent = (v: unknown) => v === null || v === undefined;

/** Every property of the REST body against the GraphQL object; an empty list means they agree. */
export function differences(r: ResourceDef, rest: Record<string, unknown>, graphql: Record<string, unknown>): Difference[] {
  const out: Difference[] = [];
  for (const key of Object.keys(rest)) {
    if (key.startsWith('_')) continue;
    const f = r.fieldsByName.get(key);
    if (!f || !(f.gqlName in graphql)) out.push({ field: key, rest: rest[key], graphql: '(no such GraphQL field)' });
  }
  for (const f of r.fields) {
    if (f.writeOnly) continue;
    const a = rest[f.name];
    const b = graphql[f.gqlName];
    let same: boolean;
    if (absent(a) || absent(b)) same = absent(a) && absent(b);
    else if (f.enumValues) same = f.enumValues.find((e) => e.gql === b)?.rest === a;
    else if (f.bit) same = a === (b ? 1 : 0); // REST writes the spec's "Boolean (1 or 0)"
    else if (f.kind === 'decimal') same = typeof a === 'number' && typeof b === 'string' && new Decimal(a).eq(b);
    else same = JSON.stringify(a) === JSON.stringify(b);
    if (!same) out.push({ field: f.name, rest: a, graphql: b });
  }
  return out;
}

/** The selection of every property and the id and href of every to-one relation. */
export function fullSelection(r: ResourceDef): string {
  const props = r.fields.map((f) => f.gqlName);
  const toOne = r.rels.filter((rel) => rel.kind === 'one').map((rel) => `${rel.gqlName} { __typename id href }`);
  return ['__typename', 'id', 'href', ...props, ...toOne].join(' ');
}
