// Relay connections over the query AST: filter/orderBy/first/after/last/before/offset arguments
// become a ListQuery, and rows become edges with keyset cursors.
import type { FieldDef, ResourceDef } from '../model/types.js';
import { DEFAULT_LIMIT, MAX_LIMIT, emptyQuery, type Cursor, type Filter, type FilterOp, type ListQuery } from '../data/query.js';
import type { Values } from '../data/codec.js';
import { fullOrder } from '../data/compile.js';
import { ApiError } from '../services/errors.js';

export interface ConnectionArgs {
  filter?: Record<string, Record<string, unknown> | null> | null;
  orderBy?: Array<{ field: string; direction?: 'ASC' | 'DESC' | null }> | null;
  first?: number | null;
  after?: string | null;
  last?: number | null;
  before?: string | null;
  offset?: number | null;
}

const OPS: Record<string, FilterOp> = {
  eq: 'eq', not: 'not', in: 'in', isDefined: 'isdefined', like: 'like', gt: 'gt', gte: 'gte', lt: 'lt', lte: 'lte', between: 'between',
};

export function encodeCursor(c: Cursor): string {
  return Buffer.from(JSON.stringify([c.values, c.id])).toString('base64url');
}

function decodeCursor(s: string, arg: string): Cursor {
  try {
    const [values, id] = JSON.parse(Buffer.from(s, 'base64url').toString('utf8')) as [unknown[], number];
    if (!Array.isArray(values) || !Number.isSafeInteger(id)) throw new Error('shape');
    return { values, id };
  } catch {
    throw ApiError.invalid([{ field: arg, code: 'invalid_cursor', message: `${arg} is not a cursor of this connection` }]);
  }
}

function restEnum(f: FieldDef | undefined, v: unknown): string {
  const s = String(v);
  return f?.enumValues?.find((e) => e.gql === s)?.rest ?? s;
}

function pageSize(n: number | null | undefined, arg: string): number | undefined {
  if (n === null || n === undefined) return undefined;
  if (!Number.isInteger(n) || n < 0 || n > MAX_LIMIT) {
    throw ApiError.invalid([{ field: arg, code: 'invalid_value', message: `${arg} must be from 0 to ${MAX_LIMIT}` }]);
  }
  return n;
}

/** The query for a connection; it asks for one row more than the page to learn hasNextPage. */
export function connectionQuery(r: ResourceDef, args: ConnectionArgs): ListQuery {
  const q = emptyQuery(DEFAULT_LIMIT);
  for (const [gqlName, ops] of Object.entries(args.filter ?? {})) {
    if (!ops) continue;
    const f = gqlName === 'id' ? undefined : r.fieldsByGql.get(gqlName);
    const field = f?.name ?? 'id';
    for (const [op, value] of Object.entries(ops)) {
      if (value === null || value === undefined || !OPS[op]) continue;
      const v: Filter['value'] = Array.isArray(value) ? value.map((x) => restEnum(f, x))
        : typeof value === 'boolean' ? value : restEnum(f, value);
      q.filters.push({ field, op: OPS[op], value: op === 'eq' && typeof v === 'boolean' ? (v ? 'true' : 'false') : v });
    }
  }
  q.order = (args.orderBy ?? []).map((o) => ({ field: o.field.toLowerCase(), dir: o.direction === 'DESC' ? 'desc' : 'asc' }));
  const first = pageSize(args.first, 'first');
  const last = pageSize(args.last, 'last');
  if (last !== undefined && first === undefined) {
    q.fromEnd = true;
    q.limit = last;
  } else {
    q.limit = first ?? DEFAULT_LIMIT;
  }
  if (args.after) q.after = decodeCursor(args.after, 'after');
  if (args.before) q.before = decodeCursor(args.before, 'before');
  if (args.offset) q.offset = Math.max(0, Math.min(args.offset, 1e9));
  return { ...q, limit: q.limit + 1 };
}

export interface Connection {
  edges: Array<{ cursor: string; node: Values }>;
  nodes: Values[];
  pageInfo: { hasNextPage: boolean; hasPreviousPage: boolean; startCursor: string | null; endCursor: string | null };
  totalCount: () => Promise<number>;
}

export function makeConnection(r: ResourceDef, q: ListQuery, fetched: Values[], total: () => Promise<number>): Connection {
  const size = q.limit - 1;
  const more = fetched.length > size;
  const rows = q.fromEnd ? fetched.slice(Math.max(0, fetched.length - size)) : fetched.slice(0, size);
  const order = fullOrder(r, q.order);
  const cursor = (row: Values) => encodeCursor({
    values: order.slice(0, -1).map(({ f }) => (f.column ? row[f.column] : null)).map((v) => (typeof v === 'boolean' ? (v ? 1 : 0) : v)),
    id: row.id,
  });
  const edges = rows.map((node) => ({ cursor: cursor(node), node }));
  return {
    edges,
    nodes: rows,
    pageInfo: {
      hasNextPage: q.fromEnd ? !!q.before : more,
      hasPreviousPage: q.fromEnd ? more : !!q.after || q.offset > 0,
      startCursor: edges[0]?.cursor ?? null,
      endCursor: edges[edges.length - 1]?.cursor ?? null,
    },
    totalCount: total,
  };
}
