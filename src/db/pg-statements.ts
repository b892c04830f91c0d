// Named (prepared) statements on PostgreSQL. Kysely sends every statement unnamed, so PostgreSQL
// parses, analyses and plans it on every execution; a name lets each connection parse a statement
// once and from then on only bind and execute it (node-postgres skips the Parse of a name the
// connection has already parsed). The server's work per request is what it saves: on a machine the
// database shares with the service, that is the service's CPU too (GET one item on PostgreSQL went
// from 1,881 to 2,481 requests/s, decisions.md "Issue 20, round 6").
//
// Only statements whose best plan does not depend on how much data there is: a named statement is
// planned generically after a few runs (plan_cache_mode auto), for any values. That is right for
// reads by key, inserts and updates, and wrong for a store's rows read in an order (pages, feeds):
// a store of 1,000,000 transactions and one of 100 want different plans, which a generic plan
// cannot tell apart (the growth bench's REST page at 1,000,000: 9.4 ms named, 6.6 ms unnamed). So a
// statement with ORDER BY stays unnamed and is planned with its values every time, unless its text
// says (ORDERED_BY_KEY) that the rows it orders are the handful one key finds (a cart's items, a
// store's taxes): their plan is an index look-up by that key at any size, and planning such a
// statement every time was the largest part of PostgreSQL's work in a checkout (decisions.md,
// "Issue 20, round 11").
//
// A name is not enough by itself: after five plans made for their values PostgreSQL keeps the
// generic plan only if it is costed no higher than those were (plan_cache_mode auto). A range on a
// value the generic plan cannot see (`expires <= $now`) is guessed at a third of the rows, and the
// statement is then planned again on every run, as if unnamed (the token check was, BENCHMARKS.md
// round 17): such a probe is written so its cost does not hang on the value (the least expiry,
// compared outside the subquery). test/data/expiring-items-index.test.ts and
// test/events/due-probe.test.ts read pg_prepared_statements to hold the hot ones to it.
//
// Bounded: the first MAX_NAMED distinct texts with parameters get names, per pool (the hot
// statements come first and stay; a text generated in many shapes, such as an IN list of each
// length, cannot fill a connection's memory with plans). Per pool, not per process: a pool's
// connections are the ones that hold the plans, and a second database in the process (a test
// file after another in the same worker, a tool beside the service) starts with its own bound.
//
// A named statement goes stale when its tables change under it: another instance's migration
// adds a column to a table read with `select *` ("cached plan must not change result type"), or
// a pooler dropped the connection's statements ("prepared statement … does not exist"). The
// connection then names its statements afresh (a new generation: the next use parses again), and
// a statement outside a transaction, or the first of a transaction (nothing else ran in it: it is
// rolled back and begun again), is run again once; a later statement's error ends its transaction
// as any error does, and the next one uses the new names.

/** At most this many distinct statement texts are named, per pool. */
export const MAX_NAMED = 256;

/** A read in an order: its plan depends on the data's size (see above). */
const ORDERED = /\border\s+by\b/i;

/**
 * Lists of values: `in ($1, $2, …)` and the rows of a multi-row insert make one text per length,
 * and a loader's batch, a page's ids or a fan-out's rows come in every length up to their bound.
 * Named, such texts would use up the pool's MAX_NAMED within minutes of varied traffic, and every
 * hot statement met after that (a checkout's, the first time one runs) would be planned on each run
 * for the process's life. Up to SHORT_LIST values or rows a statement is named (a checkout's three
 * applied taxes); longer, it is sent unnamed.
 */
const SHORT_LIST = 4;
const LONG_IN = new RegExp(`\\bin\\s*\\(\\s*\\$\\d+(\\s*,\\s*\\$\\d+){${SHORT_LIST}}`, 'i');
const NEXT_ROW = /\)\s*,\s*\(\s*\$\d+/g;

/** Whether `text` holds a list longer than SHORT_LIST; rows are counted only up to it (an unnamed text is tested on each run). */
function longList(text: string): boolean {
  if (LONG_IN.test(text)) return true;
  NEXT_ROW.lastIndex = 0;
  let rows = 0;
  while (NEXT_ROW.exec(text)) if (++rows >= SHORT_LIST) return true;
  return false;
}

/**
 * Ends the text of a read whose ORDER BY sorts only the rows one key finds (see above): it is named
 * like any other statement. A comment, so any engine runs the text as it is.
 */
export const ORDERED_BY_KEY = ' /* ordered within one key */';

/** The names a pool's connections give statement texts. */
export class StatementNames {
  private readonly names = new Map<string, string>();

  /** The name of a statement text on a connection of `generation`, or undefined to send it unnamed. */
  name(text: string, values: readonly unknown[] | undefined, generation: number): string | undefined {
    if (!values?.length) return undefined;
    let base = this.names.get(text);
    if (base === undefined) {
      if (this.names.size >= MAX_NAMED || longList(text) || (ORDERED.test(text) && !text.endsWith(ORDERED_BY_KEY))) return undefined;
      this.names.set(text, base = `k${this.names.size}`);
    }
    return generation ? `${base}_${generation}` : base;
  }
}

/** Whether a named statement's error means its prepared form is gone or out of date (not the statement's fault). */
export function isStaleStatement(err: unknown): boolean {
  const e = err as { code?: string; message?: string } | null;
  if (!e) return false;
  // 0A000 feature_not_supported is raised for "cached plan must not change result type"; 26000 invalid_sql_statement_name.
  return (e.code === '0A000' && /cached plan must not change result type/i.test(e.message ?? '')) || e.code === '26000';
}
