// Relay connections over the query AST: filter/orderBy/first/after/last/before/offset arguments
// become a ListQuery, and rows become edges with keyset cursors.
import type { FieldDef, ResourceDef } from '../model/types.js';
import { DEFAULT_LIMIT, MAX_LIMIT, emptyQuery, type Cursor, type Filter, type FilterOp, type ListQuery, type OrderBy } from '../data/query.js';
import type { Values } from '../data/codec.js';
import { fullOrder } from '../data/query-fields.js';
import { ApiError, type FieldError } from '../services/errors.js';
import { apiError } from '../services/error-catalog.js';

export interface ConnectionArgs {
  filter?: Record<string, Record<string, unknown> | null> | null;
  orderBy?: Array<{ field: string; direction?: 'ASC' | 'DESC' | null }> | null;
  first?: number | null;
  after?: string | null;
  last?: number | null;
  before?: string | null;
  offset?: number | null;
}

/** What a connection asks the repository for, and how the fetched rows become a page. */
export interface ConnectionQuery {
  /** Asks for one row more than the page, to learn whether more rows follow. */
  query: ListQuery;
  /** Rows the page shows. */
  size: number;
  /** Both `first` and `last` given: Relay takes the first `first` rows, then the last `last` of them. */
  takeLast?: number;
}

const OPS: Record<string, FilterOp> = {
  eq: 'eq', not: 'not', in: 'in', isDefined: 'isdefined', like: 'like', gt: 'gt', gte: 'gte', lt: 'lt', lte: 'lte', between: 'between',
};

/** The page size the connection returns for `first`/`last` (used by the cost limit too). */
export function requestedPageSize(first: unknown, last: unknown): number {
  const n = (v: unknown) => (typeof v === 'number' && Number.isInteger(v) && v >= 0 ? v : undefined);
  const f = n(first);
  const l = n(last);
  return f !== undefined && l !== undefined ? Math.min(f, l) : f ?? l ?? DEFAULT_LIMIT;
}

/** SQL-comparable form of an order value: booleans are stored as 0/1. */
function cursorValue(v: unknown): unknown {
  return typeof v === 'boolean' ? (v ? 1 : 0) : v;
}

export function encodeCursor(c: Cursor): string {
  return Buffer.from(JSON.stringify([c.values.map(cursorValue), c.id])).toString('base64url');
}

/** A value a cursor may carry for `f`; anything else would reach SQL with the wrong type. */
function fits(f: FieldDef, v: unknown): boolean {
  if (v === null) return true;
  switch (f.kind) {
    case 'int': return Number.isSafeInteger(v);
    case 'boolean': return v === 0 || v === 1;
    case 'decimal': return typeof v === 'string' && /^-?\d{1,30}(\.\d{1,30})?$/.test(v);
    default: return typeof v === 'string' && v.length <= 10_000;
  }
}

function decodeCursor(s: string, arg: string, order: Array<{ f: FieldDef }>): Cursor {
  const bad = apiError('CONNECTION_CURSOR_INVALID', { arg }, { field: arg });
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(s, 'base64url').toString('utf8'));
  } catch {
    throw bad;
  }
  if (!Array.isArray(parsed) || parsed.length !== 2) throw bad;
  const [values, id] = parsed as [unknown, unknown];
  const keys = order.slice(0, -1);
  if (!Array.isArray(values) || values.length !== keys.length || !Number.isSafeInteger(id) || (id as number) < 1) throw bad;
  if (!keys.every(({ f }, i) => fits(f, values[i]))) throw bad;
  return { values, id: id as number };
}

function restEnum(f: FieldDef | undefined, v: unknown): string {
  const s = String(v);
  return f?.enumValues?.find((e) => e.gql === s)?.rest ?? s;
}

function pageSize(n: number | null | undefined, arg: string, errors: FieldError[]): number | undefined {
  if (n === null || n === undefined) return undefined;
  if (!Number.isInteger(n) || n < 0 || n > MAX_LIMIT) {
    errors.push({ field: arg, code: 'invalid_value', message: `${arg} must be from 0 to ${MAX_LIMIT}` });
    return undefined;
  }
  return n;
}

function filters(r: ResourceDef, filter: ConnectionArgs['filter']): Filter[] {
  const out: Filter[] = [];
  for (const [gqlName, ops] of Object.entries(filter ?? {})) {
    if (!ops) continue;
    const f = gqlName === 'id' ? undefined : r.fieldsByGql.get(gqlName);
    const field = f?.name ?? 'id';
    for (const [op, value] of Object.entries(ops)) {
      if (value === null || value === undefined || !OPS[op]) continue;
      const v: Filter['value'] = Array.isArray(value) ? value.map((x) => restEnum(f, x))
        : typeof value === 'boolean' ? value : restEnum(f, value);
      out.push({ field, op: OPS[op], value: op === 'eq' && typeof v === 'boolean' ? (v ? 'true' : 'false') : v });
    }
  }
  return out;
}

/** The sort order; anything after `id` is dropped, since id is unique and already decides. */
function orderOf(args: ConnectionArgs): OrderBy[] {
  const order: OrderBy[] = [];
  for (const o of args.orderBy ?? []) {
    const field = o.field.toLowerCase();
    if (order.some((x) => x.field === field)) continue;
    order.push({ field, dir: o.direction === 'DESC' ? 'desc' : 'asc' });
    if (field === 'id') break;
  }
  return order;
}

export function connectionQuery(r: ResourceDef, args: ConnectionArgs): ConnectionQuery {
  const q = emptyQuery(DEFAULT_LIMIT);
  q.filters = filters(r, args.filter);
  q.order = orderOf(args);
  const order = fullOrder(r, q.order);
  const errors: FieldError[] = [];
  const first = pageSize(args.first, 'first', errors);
  const last = pageSize(args.last, 'last', errors);
  if (args.offset !== null && args.offset !== undefined && (!Number.isInteger(args.offset) || args.offset < 0)) {
    errors.push({ field: 'offset', code: 'invalid_value', message: 'offset must be 0 or more' });
  }
  if (errors.length) throw ApiError.invalid(errors);
  if (args.after) q.after = decodeCursor(args.after, 'after', order);
  if (args.before) q.before = decodeCursor(args.before, 'before', order);
  q.offset = Math.min(args.offset ?? 0, 1e9);
  let size: number;
  let takeLast: number | undefined;
  if (last !== undefined && first === undefined) {
    q.fromEnd = true;
    size = last;
  } else {
    size = first ?? DEFAULT_LIMIT;
    if (last !== undefined && last < size) takeLast = last;
  }
  q.limit = size + 1;
  return { query: q, size, takeLast };
}

/** Edges and page info are functions (graphql-js calls them) so a query that selects only `nodes` encodes no cursor. */
export interface Connection {
  edges: () => Array<{ cursor: string; node: Values }>;
  nodes: Values[];
  pageInfo: () => { hasNextPage: boolean; hasPreviousPage: boolean; startCursor: string | null; endCursor: string | null };
  totalCount: () => Promise<number>;
}

export function makeConnection(r: ResourceDef, cq: ConnectionQuery, fetched: Values[], total: () => Promise<number>): Connection {
  const { query: q, size, takeLast } = cq;
  const more = fetched.length > size;
  // Backward pages come back in display order, so the extra row is the first one.
  let rows = q.fromEnd ? fetched.slice(Math.max(0, fetched.length - size)) : fetched.slice(0, size);
  const trimmed = takeLast !== undefined && rows.length > takeLast;
  if (trimmed) rows = rows.slice(rows.length - takeLast!);
  const order = fullOrder(r, q.order);
  const cursor = (row: Values | undefined) => (row ? encodeCursor({
    values: order.slice(0, -1).map(({ f }) => (f.column ? row[f.column] ?? null : null)),
    id: row.id,
  }) : null);
  return {
    edges: () => rows.map((node) => ({ cursor: cursor(node)!, node })),
    nodes: rows,
    pageInfo: () => ({
      // Relay lets these be false when the server cannot tell cheaply; a cursor on the far side
      // means rows exist there.
      hasNextPage: q.fromEnd ? !!q.before : more,
      hasPreviousPage: q.fromEnd ? more : trimmed || !!q.after || q.offset > 0,
      startCursor: cursor(rows[0]),
      endCursor: cursor(rows[rows.length - 1]),
    }),
    totalCount: total,
  };
}
