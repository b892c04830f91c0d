// Values of @derived properties: computed from a stored row when it is read, by the resource's
// `derive` rule (a download's URL needs the service's key, which no column holds). REST puts them
// on a copy of the row under their REST names before rendering; GraphQL asks per field.
import type { Values } from '../data/codec.js';
import type { ResourceDef } from '../model/types.js';
import { rulesOf } from './rule-book.js';
import type { ServiceContext } from './context.js';

/** The rows with their derived values set (copies), or the same rows when the resource has none. */
export function withDerived(ctx: ServiceContext, r: ResourceDef, rows: Values[]): Values[] {
  const derive = rulesOf(r.name)?.derive;
  if (!derive) return rows;
  return rows.map((row) => ({ ...row, ...derive(row, ctx) }));
}

export function derivedValue(ctx: ServiceContext, r: ResourceDef, row: Values, name: string): unknown {
  if (name in row) return row[name];
  return rulesOf(r.name)?.derive?.(row, ctx)[name] ?? null;
}
