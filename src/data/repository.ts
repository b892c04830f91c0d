// The generic, tenancy-scoped repository: every resource's rows are read and written here, from the
// registry's description of the table. Collections of children are loaded one statement per level,
// whatever the number of parents (a window function limits rows per parent).
import { sql, type Expression, type SqlBool } from 'kysely';
import { dynamic, lastOfTransaction, type Database, type Db, type DynamicDb } from '../db/database.js';
import type { FieldDef, RelDef, ResourceDef } from '../model/types.js';
import { and, compileFilters, cursorCondition, equalityValues, filterableField, orderSql, sameValue } from './compile.js';
import { decodeRow, encodeRow, type Row, type RowOf, type Values } from './codec.js';
import type { ListQuery } from './query.js';
import { ownerCondition, scopeShape, slotScope, type TenantScope } from './tenancy.js';
import { countAfter, COUNTED_BY_PARENT, COUNTED_TABLES, COUNTED_VALUES, parentCounts, parentRowCount, SEQUENCED_LOGS, storeCountAfter, storeRowCount, storeValueCount } from '../db/row-counts.js';

export interface Page<T extends Values = Values> {
  rows: T[];
  total: number;
}

export interface ChildPage<T extends Values = Values> {
  byParent: Map<number, T[]>;
  /** With `{ total: true }` and one parent: the filtered collection's size, when the page has rows. */
  total?: number;
}

function attributeConditions(r: ResourceDef, q: ListQuery, alias: string): Expression<SqlBool>[] {
  return q.attributeFilters.map((af) => {
    const value = String(af.value).replace(/[\\%_]/g, (c) => `\\${c}`).replace(/\*/g, '%');
    return sql<SqlBool>`EXISTS (SELECT 1 FROM attributes a WHERE a.parent_type = ${r.name}
      AND a.parent_id = ${sql.ref(`${alias}.id`)} AND a.name = ${af.name} AND a.value LIKE ${value} ESCAPE '\\')`;
  });
}

/**
 * The children's total as kept counts, when it is a store's whole collection (row_counts) or the
 * rows of one value set of a counted column (value_counts): listed by store, narrowed by nothing
 * else (at most that one equality filter, no extra condition), every parent the caller's own
 * store. Undefined when the rows must be counted.
 */
function keptCount(rel: RelDef, child: ResourceDef, ids: readonly number[], q: ListQuery, scope?: TenantScope): KeptCount | undefined {
  // A counted collection under another parent (a webhook's statuses and logs), unfiltered, for a
  // store's caller: counted only for that store's parents (parentCounts), as its rows would be.
  if (rel.via !== undefined && COUNTED_BY_PARENT[child.table]?.column === rel.via && !rel.where) {
    if (q.filters.length || q.attributeFilters.length || scope?.storeId === undefined) return undefined;
    return { table: child.table, byParent: scope.storeId };
  }
  if (rel.via !== 'store_id' || rel.where || !COUNTED_TABLES.includes(child.table)) return undefined;
  if (q.attributeFilters.length || q.filters.length > 1) return undefined;
  if (child.owner !== 'STORE' && child.owner !== 'PARENT') return undefined;
  if (scope && !ids.every((id) => id === scope.storeId)) return undefined;
  if (!q.filters.length) return { table: child.table };
  const column = filterableField(child, q.filters[0].field).column;
  // A sequenced log after a position (the events feed's `after`): its counter less the position.
  const log = SEQUENCED_LOGS[child.table];
  const { op, value } = q.filters[0];
  if (log && column === log.column && op === 'gt') {
    return typeof value === 'string' && /^\d{1,15}$/.test(value) ? { table: child.table, after: Number(value) } : undefined;
  }
  if (!column || !COUNTED_VALUES[child.table]?.includes(column)) return undefined;
  const values = equalityValues(child, q.filters[0]);
  return values ? { table: child.table, column, values } : undefined;
}

interface KeptCount {
  table: string;
  /** Counted per value of this column, for these values. */
  column?: string;
  values?: string[];
  /** The rows of a sequenced log after this position (SEQUENCED_LOGS). */
  after?: number;
  /** Counted per parent (COUNTED_BY_PARENT), not per store: the store whose parents count. */
  byParent?: number;
}

/** The kept count's scalar subquery for one parent (the store, or the parent of COUNTED_BY_PARENT). */
function keptCountSql(k: KeptCount, parentId: number) {
  if (k.byParent !== undefined) return parentRowCount(k.table, parentId, k.byParent);
  if (k.after !== undefined) return storeCountAfter(k.table, parentId, k.after);
  return k.column ? storeValueCount(k.table, k.column, parentId, k.values!) : storeRowCount(k.table, parentId);
}

export class Repository {
  constructor(private readonly database: Database) {}

  get db(): Db {
    return this.database.db;
  }

  /** Tables and columns here come from the registry at run time: queries use the untyped view. */
  private get dyn(): DynamicDb {
    return dynamic(this.database.db);
  }

  private conditions(r: ResourceDef, q: ListQuery, extra: Expression<SqlBool>[]): Expression<SqlBool>[] {
    const d = this.database.dialect;
    const out = [...extra, ...compileFilters(r, q.filters, d, 't'), ...attributeConditions(r, q, 't')];
    if (q.after) out.push(cursorCondition(r, q.order, q.after, d, false));
    if (q.before) out.push(cursorCondition(r, q.order, q.before, d, true));
    return out;
  }

  // Rows come back as RowOf<R>: typed when the caller names its resource statically
  // (`registry.resource('cart')`), since decodeRow gives every row of `r` that shape.

  async findById<R extends ResourceDef>(r: R, scope: TenantScope, id: number, db: Db = this.db): Promise<RowOf<R> | undefined> {
    if (!Number.isSafeInteger(id) || id <= 0) return undefined;
    // Every request reads a row by id: compiled once per resource and scope shape (query-templates.ts).
    const { rows } = await this.database.templates.execute(dynamic(db), `findById ${r.name} ${scopeShape(scope)}`,
      [id, scope.storeId, scope.userId, scope.clientId],
      ([i, storeId, userId, clientId]) => dynamic(db).selectFrom(`${r.table} as t`).selectAll()
        .where((eb) => and(eb, [sql<SqlBool>`t.id = ${i}`, ownerCondition(r, slotScope(scope, { storeId, userId, clientId }), 't')])));
    const row = rows[0];
    return row ? decodeRow(r, row as Row) as RowOf<R> : undefined;
  }

  /** Rows by id without a tenancy filter, for loaders whose ids came from already-authorized rows. */
  async findByIds<R extends ResourceDef>(r: R, ids: readonly number[], db: Db = this.db): Promise<Map<number, RowOf<R>>> {
    const out = new Map<number, RowOf<R>>();
    if (!ids.length) return out;
    const rows = await dynamic(db).selectFrom(r.table).selectAll().where('id', 'in', [...new Set(ids)]).execute();
    for (const row of rows) out.set(Number(row.id), decodeRow(r, row as Row) as RowOf<R>);
    return out;
  }

  async list(r: ResourceDef, scope: TenantScope | null, q: ListQuery, extra: Expression<SqlBool>[] = [],
    opts: { count?: boolean } = {}): Promise<Page> {
    const d = this.database.dialect;
    const base = [...(scope ? [ownerCondition(r, scope, 't')] : []), ...extra];
    const where = this.conditions(r, q, base);
    const rows = await this.dyn.selectFrom(`${r.table} as t`).selectAll('t')
      .where((eb) => and(eb, where))
      .orderBy(orderSql(r, q.order, d, !!q.fromEnd, 't'))
      .limit(q.limit).offset(q.offset)
      .execute();
    if (q.fromEnd) rows.reverse();
    let total = rows.length;
    if (opts.count !== false && (q.offset > 0 || rows.length >= q.limit || q.after || q.before)) {
      // The total ignores cursors: it counts the whole filtered collection.
      const countWhere = [...base, ...compileFilters(r, q.filters, d, 't'), ...attributeConditions(r, q, 't')];
      const c = await this.dyn.selectFrom(`${r.table} as t`).select(sql<number>`count(*)`.as('n'))
        .where((eb) => and(eb, countWhere)).executeTakeFirst();
      total = Number(c?.n ?? 0);
    } else if (q.offset === 0) {
      total = rows.length;
    }
    return { rows: rows.map((row) => decodeRow(r, row as Row)), total };
  }

  /**
   * Children of many parents through a to-many rel, at most `q.limit` per parent (offset applies per
   * parent too), in one statement.
   */
  async listChildren<R extends ResourceDef>(rel: RelDef, child: R, parentIds: readonly number[], q: ListQuery,
    scope?: TenantScope, opts: { total?: boolean } = {}): Promise<ChildPage<RowOf<R>>> {
    const byParent = new Map<number, RowOf<R>[]>();
    const ids = [...new Set(parentIds)];
    for (const id of ids) byParent.set(id, []);
    if (!ids.length) return { byParent };
    const d = this.database.dialect;
    const via = rel.via!;
    const extra: Expression<SqlBool>[] = [sql<SqlBool>`${sql.ref(`t.${via}`)} IN (${sql.join(ids)})`];
    if (rel.where) extra.push(sql<SqlBool>`${sql.ref(`t.${rel.where.column}`)} = ${rel.where.value}`);
    // A parent shared by several stores (a user, a client) must not show one store's children to another.
    if (scope) extra.push(ownerCondition(child, scope, 't', d === 'sqlite'));
    const where = this.conditions(child, q, extra);
    if (ids.length === 1) {
      // One parent needs no window: a plain ORDER BY … LIMIT uses the index and stops early.
      const order = orderSql(child, q.order, d, !!q.fromEnd, 't');
      let page = this.dyn.selectFrom(`${child.table} as t`).selectAll('t');
      if (d === 'postgres' && rel.via === 'store_id' && COUNTED_TABLES.includes(child.table) && q.order.every((o) => o.field === 'id')) {
        // A store's page in id order, as a deferred join: the ids from the (store_id, id) index
        // alone (an index-only scan), then their rows. Asked for the rows directly, PostgreSQL may
        // walk the primary key and filter by store, which it expects to stop early when the store
        // is a large share of the table, but which reads every other store's rows that come first.
        const keys = this.dyn.selectFrom(`${child.table} as t`).select('t.id').where((eb) => and(eb, where))
          .orderBy(order).limit(q.limit).offset(q.offset);
        page = page.where('t.id', 'in', keys);
      } else {
        page = page.where((eb) => and(eb, where)).limit(q.limit).offset(q.offset);
      }
      if (opts.total) {
        // The total ignores cursors and paging. An uncorrelated scalar subquery is computed once
        // (SQLite and PostgreSQL alike), so the page and its total take one statement.
        // A whole store's collection, or its rows of one counted value, reads the kept count,
        // which does not grow with the store.
        const countWhere = [...extra, ...compileFilters(child, q.filters, d, 't'), ...attributeConditions(child, q, 't')];
        const kept = keptCount(rel, child, ids, q, scope);
        const count = kept ? keptCountSql(kept, ids[0])
          : this.dyn.selectFrom(`${child.table} as t`).select(sql<number>`count(*)`.as('n')).where((eb) => and(eb, countWhere));
        page = page.select(count.as('_total')) as typeof page;
      }
      const rows = await page.orderBy(order).execute();
      const list = rows.map((row) => decodeRow(child, row as Row) as RowOf<R>);
      if (q.fromEnd) list.reverse();
      byParent.set(ids[0], list);
      // `_total` stays on the rows: nothing reads columns by enumeration.
      return { byParent, total: opts.total && rows.length ? Number((rows[0] as Row)._total) : undefined };
    }
    // Usually every parent has fewer children than a page holds, so all of them together are at most
    // parents × (offset + limit) rows: one plain ordered read of at most that many plus one, cut per
    // parent here, is exact and several times cheaper than numbering rows with a window function.
    // Only when the read overflows does some parent have more, and the window query decides.
    const cap = ids.length * (q.offset + q.limit);
    const order = orderSql(child, q.order, d, !!q.fromEnd, 't');
    const plain = await this.dyn.selectFrom(`${child.table} as t`).selectAll('t').where((eb) => and(eb, where))
      .orderBy(sql`${sql.ref(`t.${via}`)}`).orderBy(order).limit(cap + 1).execute();
    if (plain.length <= cap) {
      const all = new Map<number, Row[]>();
      for (const row of plain as Row[]) {
        const p = Number(row[via]);
        let list = all.get(p);
        if (!list) all.set(p, list = []);
        list.push(row);
      }
      for (const [p, list] of all) {
        const page = list.slice(q.offset, q.offset + q.limit).map((row) => decodeRow(child, row) as RowOf<R>);
        byParent.set(p, q.fromEnd ? page.reverse() : page);
      }
      return { byParent };
    }
    const inner = this.dyn.selectFrom(`${child.table} as t`).selectAll('t')
      .select(sql<number>`ROW_NUMBER() OVER (PARTITION BY ${sql.ref(`t.${via}`)} ORDER BY ${orderSql(child, q.order, d, !!q.fromEnd, 't')})`.as('_rn'))
      .where((eb) => and(eb, where));
    const rows = await this.dyn.selectFrom(inner.as('z')).selectAll()
      .where('_rn', '>', q.offset).where('_rn', '<=', q.offset + q.limit)
      .orderBy('_rn')
      .execute();
    // `_rn` stays on the rows: removing it would copy every row, and nothing reads columns by enumeration.
    for (const row of rows) byParent.get(Number((row as Row)[via]))!.push(decodeRow(child, row as Row) as RowOf<R>);
    if (q.fromEnd) for (const list of byParent.values()) list.reverse();
    return { byParent };
  }

  /** Number of children per parent, for `totalCount` of nested connections. */
  async countChildren(rel: RelDef, child: ResourceDef, parentIds: readonly number[], q: ListQuery,
    scope?: TenantScope): Promise<Map<number, number>> {
    const out = new Map<number, number>();
    const ids = [...new Set(parentIds)];
    for (const id of ids) out.set(id, 0);
    if (!ids.length) return out;
    const kept = keptCount(rel, child, ids, q, scope);
    if (kept?.byParent !== undefined) {
      for (const row of (await parentCounts(kept.table, ids, kept.byParent).execute(this.db)).rows) out.set(Number(row.p), Number(row.n));
      return out;
    }
    if (kept?.after !== undefined) {
      const rows = await this.dyn.selectFrom('stores as s').select(['s.id as p', countAfter(kept.table, kept.after).as('n')])
        .where('s.id', 'in', ids).execute();
      for (const row of rows) out.set(Number(row.p), Number(row.n));
      return out;
    }
    if (kept) {
      let counts = this.dyn.selectFrom(kept.column ? 'value_counts' : 'row_counts').select(['store_id as p', sql<number>`sum(n)`.as('n')])
        .where('table_name', '=', kept.table).where('store_id', 'in', ids);
      if (kept.column) counts = counts.where('column_name', '=', kept.column).where('value', 'in', kept.values!);
      for (const row of await counts.groupBy('store_id').execute()) out.set(Number(row.p), Number(row.n));
      return out;
    }
    const d = this.database.dialect;
    const via = rel.via!;
    const where = [sql<SqlBool>`${sql.ref(`t.${via}`)} IN (${sql.join(ids)})`, ...compileFilters(child, q.filters, d, 't'),
      ...attributeConditions(child, q, 't')];
    if (rel.where) where.push(sql<SqlBool>`${sql.ref(`t.${rel.where.column}`)} = ${rel.where.value}`);
    if (scope) where.push(ownerCondition(child, scope, 't', d === 'sqlite'));
    const rows = await this.dyn.selectFrom(`${child.table} as t`)
      .select([sql.ref(`t.${via}`).as('p'), sql<number>`count(*)`.as('n')])
      .where((eb) => and(eb, where)).groupBy(`t.${via}`).execute();
    for (const row of rows) out.set(Number(row.p), Number(row.n));
    return out;
  }

  /** `last`: the statement is the last of its transaction (db/database.ts, lastOfTransaction). */
  async insert<R extends ResourceDef>(r: R, values: Row, db: Db = this.db, last = false): Promise<RowOf<R>> {
    const insert = dynamic(db).insertInto(r.table).values(encodeRow(r, values)).returningAll();
    const row = last ? (await db.executeQuery<Row>(lastOfTransaction(insert.compile()))).rows[0] : await insert.executeTakeFirstOrThrow();
    return decodeRow(r, row as Row) as RowOf<R>;
  }

  async update<R extends ResourceDef>(r: R, id: number, values: Row, db: Db = this.db): Promise<RowOf<R> | undefined> {
    const row = await dynamic(db).updateTable(r.table).set(encodeRow(r, values)).where('id', '=', id).returningAll().executeTakeFirst();
    return row ? decodeRow(r, row as Row) as RowOf<R> : undefined;
  }

  async delete(r: ResourceDef, id: number, db: Db = this.db): Promise<boolean> {
    const res = await dynamic(db).deleteFrom(r.table).where('id', '=', id).executeTakeFirst();
    return Number(res.numDeletedRows) > 0;
  }

  /** Whether another row of the same owner already has `value` in `field`'s column. */
  async exists(r: ResourceDef, field: FieldDef & { column: string }, value: unknown, ownerCols: Row, exceptId?: number, db: Db = this.db): Promise<boolean> {
    let q = dynamic(db).selectFrom(r.table).select('id').where(sameValue(field, sql.ref(field.column), value));
    for (const [k, v] of Object.entries(ownerCols)) q = q.where(k, '=', v);
    if (exceptId) q = q.where('id', '<>', exceptId);
    return !!(await q.executeTakeFirst());
  }
}
