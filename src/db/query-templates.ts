// Queries compiled once per shape and bound per call. Kysely builds an operation tree and compiles
// it to SQL text on every call, which for the few statements of a small request (the token's
// liveness check, a row by id) is a tenth of its CPU. The text depends only on the query's shape
// (table, which conditions, dialect), never on its values, so a template is built once from slot
// markers standing for the values, compiled, and each call puts its values into the slots.
import type { Compilable, CompiledQuery, Kysely, QueryResult, RawBuilder } from 'kysely';
import { LAST_STATEMENT } from './statement-marks.js';
import { memberRun } from './group-commit.js';

/** A query builder, or an `sql` template (which compiles against a handle). */
type Buildable<R> = Compilable<R> | RawBuilder<R>;

/** Stands for the call's `index`-th value while a template is compiled. */
class Slot {
  constructor(readonly index: number) {}
}

interface Template {
  sql: string;
  query: CompiledQuery['query'];
  /** Which value goes into each parameter of the compiled SQL. */
  slots: readonly number[];
}

const MAX_TEMPLATES = 1000;

/**
 * One per database (the SQL text is the dialect's). `key` must name everything that shapes the SQL
 * besides the values: calls under one key share the text compiled by the first. Every value must come
 * in through a slot; a template whose SQL carries any other parameter is refused when compiled, so a
 * value captured by `build` cannot be frozen into the text for later calls.
 */
export class QueryTemplates {
  private readonly templates = new Map<string, Template>();

  /**
   * `direct`: how the database answers a statement on its own handle `handle` outside any
   * transaction without Kysely's executor (SQLite's reading connection, sqlite-reads.ts), where
   * there is such a way. It answers what `handle.executeQuery` would; a transaction's handle, or
   * any other, goes through Kysely as before.
   */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  constructor(private readonly direct?: { handle: Kysely<any>; execute<R>(q: CompiledQuery): Promise<QueryResult<R>> }) {}

  /** How many templates were compiled (a test checks that a shape is compiled once). */
  compiled = 0;

  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  /** `last`: the statement is the last of its transaction (database.ts, lastOfTransaction). */
  async execute<R>(db: Kysely<any>, key: string, values: readonly unknown[],
    build: (slots: readonly unknown[]) => Buildable<R>, last = false): Promise<QueryResult<R>> {
    const q = this.bind(db, key, values, build, last);
    if (db === this.direct?.handle) return this.direct.execute<R>(q);
    // A SQLite group member's transaction runs it at once too (sqlite-direct.ts).
    const member = memberRun(db);
    return member ? member<R>(q) : db.executeQuery<R>(q);
  }

  /** The statement execute() would run, compiled and bound but not sent (it may ride with another, db/ride-along.ts). */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  bind<R>(db: Kysely<any>, key: string, values: readonly unknown[], build: (slots: readonly unknown[]) => Buildable<R>, last = false): CompiledQuery<R> {
    const t = this.templates.get(key) ?? this.compile(db, key, values.length, build);
    const parameters = new Array<unknown>(t.slots.length);
    for (let i = 0; i < t.slots.length; i++) parameters[i] = values[t.slots[i]];
    // A fresh query id object per call (plugins keep per-query state keyed by it), named by the key.
    return { sql: last ? t.sql + LAST_STATEMENT : t.sql, query: t.query, parameters, queryId: { queryId: key } } as CompiledQuery<R>;
  }

  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  private compile<R>(db: Kysely<any>, key: string, arity: number, build: (slots: readonly unknown[]) => Buildable<R>): Template {
    const markers = Array.from({ length: arity }, (_, i) => new Slot(i));
    const q = build(markers);
    const compiled = 'isRawBuilder' in q ? q.compile(db) : q.compile();
    const slots = compiled.parameters.map((p) => {
      if (!(p instanceof Slot)) throw new Error(`query template ${key}: a parameter that is not a slot (${String(p)})`);
      return p.index;
    });
    const t = { sql: compiled.sql, query: compiled.query, slots };
    if (this.templates.size >= MAX_TEMPLATES) this.templates.clear();
    this.templates.set(key, t);
    this.compiled++;
    return t;
  }
}
