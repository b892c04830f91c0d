// Several statements of one transaction in one write and one round trip (PostgreSQL's extended
// protocol: each statement's Parse/Bind/Describe/Execute, then one Sync), for statements that do
// not need each other's answers in the client: a later one may read what an earlier one wrote (the
// server runs them in order, in the same transaction), but its parameters are known before the
// first is sent. node-postgres sends one statement and waits for its answer; a checkout's claim and
// loads, or its rows written under the transaction's id, were a round trip each (decisions.md,
// "Issue 20, round 11"). If a statement fails, the server skips to the Sync: the statements after
// it never ran, and the transaction is aborted as if each had been sent alone.
//
// Named statements (pg-statements.ts) are parsed on their first use on a connection, as
// node-postgres does for one statement; it records a name once the server has parsed it, which a
// pipeline does itself: every statement before a failed one was parsed; whether the failed one was
// is not known, so the caller is told to name its statements afresh (a rare case: an error on a
// statement's first use on that connection).
import type pg from 'pg';
import pgUtils from 'pg/lib/utils.js';
import { ArrayRowsQuery, bare, type Connection } from './pg-frames.js';

/** One statement of a pipeline: its text, parameters and name (undefined: unnamed). */
export interface PipedStatement {
  text: string;
  values: readonly unknown[];
  name?: string;
}

export interface PipelineFrame {
  /** BEGIN goes first (the transaction's held BEGIN, pg-rows.ts). */
  begins: boolean;
  /** COMMIT goes last (the last statement was marked the transaction's last). */
  commits: boolean;
  /** Called when a named statement's parse is in doubt after an error: the connection renames its statements. */
  parseInDoubt: () => void;
}

class Pipelined extends ArrayRowsQuery {
  /** Statements this pipeline parses under their names, by index. */
  private readonly fresh = new Map<number, string>();
  /** Commands the server completed so far (BEGIN's included). */
  private completed = 0;

  constructor(private readonly statements: PipedStatement[], private readonly converted: unknown[][], private readonly frame: PipelineFrame,
    callback: (err: Error | null, res: unknown) => void) {
    // A text for node-postgres's own checks; the statements are written by prepare().
    super(statements[0].text, undefined, callback, statements.map((s) => s.name), frame.begins);
  }

  override prepare(connection: Connection): void {
    if (this.frame.begins) bare(connection, 'begin');
    const parsing = new Set<string>();
    this.statements.forEach((s, i) => {
      // A name is parsed once, also when the pipeline runs its statement twice.
      if (!s.name || (connection.parsedStatements[s.name] === undefined && !parsing.has(s.name))) {
        connection.parse({ text: s.text, name: s.name ?? '', types: [] });
        if (s.name) {
          parsing.add(s.name);
          this.fresh.set(i, s.name);
        }
      }
      connection.bind({ portal: '', statement: s.name ?? '', values: this.converted[i] });
      if (this.descriptions.needsDescribe(connection, i)) connection.describe({ type: 'P', name: '' });
      connection.execute({ portal: '' });
    });
    if (this.frame.commits) bare(connection, 'commit');
    connection.sync();
  }

  override handleCommandComplete(msg: unknown, connection: Connection): void {
    super.handleCommandComplete(msg, connection);
    this.completed++;
  }

  override handleError(err: Error, connection: Connection): void {
    // Statements before the failed one ran, so were parsed; the failed one's parse is in doubt.
    const failed = this.completed - (this.frame.begins ? 1 : 0);
    this.remember(connection, (i) => i < failed);
    if (this.fresh.has(failed)) this.frame.parseInDoubt();
    this.fresh.clear();
    super.handleError(err, connection);
  }

  override handleReadyForQuery(connection: Connection): void {
    this.remember(connection, () => true);
    super.handleReadyForQuery(connection);
  }

  private remember(connection: Connection, which: (index: number) => boolean): void {
    for (const [i, name] of this.fresh) if (which(i)) connection.parsedStatements[name] = this.statements[i].text;
  }
}

/**
 * Runs `statements` in one write, with BEGIN before them and/or COMMIT after them as `frame` says,
 * rows as arrays; resolves to one result per statement, in order.
 */
export function queryPipelined(client: pg.PoolClient, statements: PipedStatement[], frame: PipelineFrame): Promise<pg.QueryResult[]> {
  return new Promise((resolve, reject) => {
    let values: unknown[][];
    try {
      // Converted before anything is written: a value that cannot be sent fails the pipeline whole.
      values = statements.map((s) => s.values.map((v) => pgUtils.prepareValue(v)));
    } catch (err) {
      reject(err as Error);
      return;
    }
    const query = new Pipelined(statements, values, frame, (err, res) => {
      if (err) return reject(err);
      const all = (Array.isArray(res) ? res : [res]) as pg.QueryResult[];
      resolve(all.slice(frame.begins ? 1 : 0, (frame.begins ? 1 : 0) + statements.length));
    });
    (client.query as unknown as (q: unknown) => void)(query);
  });
}
