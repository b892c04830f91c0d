// The one query description that REST query strings and GraphQL arguments both compile to, and
// that the repository turns into SQL. Property names are REST names (snake_case).

export type FilterOp = 'eq' | 'not' | 'in' | 'isdefined' | 'gt' | 'gte' | 'lt' | 'lte' | 'between' | 'like';

export interface Filter {
  field: string;
  op: FilterOp;
  /** Strings as given (coerced per column kind when compiled); booleans for isdefined. */
  value: string | string[] | boolean;
}

/** `attributes:name[color]=red`: the resource has an attribute `color` whose value matches. */
export interface AttributeFilter {
  rel: string;
  name: string;
  op: FilterOp;
  value: string | string[] | boolean;
}

export interface OrderBy {
  field: string;
  dir: 'asc' | 'desc';
}

/** Position after (or before) a row in a given order: the row's order values and its id. */
export interface Cursor {
  values: unknown[];
  id: number;
}

export interface Zoom {
  rel: string;
  query: ListQuery;
}

export interface ListQuery {
  filters: Filter[];
  attributeFilters: AttributeFilter[];
  order: OrderBy[];
  limit: number;
  offset: number;
  /** Properties to return; undefined means all. */
  fields?: string[];
  zoom: Zoom[];
  after?: Cursor;
  before?: Cursor;
  /** Take the last `limit` rows (GraphQL `last`): the SQL order is reversed, then the page re-reversed. */
  fromEnd?: boolean;
}

export const DEFAULT_LIMIT = 20;
export const MAX_LIMIT = 300;

export function emptyQuery(limit = DEFAULT_LIMIT): ListQuery {
  return { filters: [], attributeFilters: [], order: [], limit, offset: 0, zoom: [] };
}
