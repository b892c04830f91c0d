// A transaction's BEGIN travels with its first statement, and its COMMIT with its last one when
// the caller marks it so (PostgreSQL's extended protocol lets a client send several statements
// before one Sync; node-postgres waits for each answer). BEGIN alone is a round trip that tells
// nothing: it cannot fail on a working connection and takes no snapshot (the first statement
// does). COMMIT alone is a round trip the caller waits for with nothing left to decide. With
// PostgreSQL on loopback in these VMs a round trip is ~0.1 ms of CPU (syscalls); across a network
// it is latency every write waits for. A single-statement transaction so costs one round trip.
// If the statement fails, PostgreSQL skips to the Sync: BEGIN has left the transaction open and
// aborted, a COMMIT after it was never run, exactly as if each had been sent alone; Kysely's
// ROLLBACK follows as before. A transaction that runs no statement sends nothing at all.
import pg from 'pg';
import pgUtils from 'pg/lib/utils.js';
import { Descriptions } from './pg-descriptions.js';

export interface Connection {
  parse(c: { text: string; name?: string; types?: unknown[] }): void;
  bind(c: { portal?: string; statement?: string; values?: unknown[]; valueMapper?: (v: unknown) => unknown }): void;
  describe(c: { type: 'P' | 'S'; name: string }): void;
  execute(c: { portal?: string; rows?: number }): void;
  sync(): void;
  /** node-postgres's record of the named statements this connection has parsed (name → text). */
  parsedStatements: Record<string, string>;
}

export interface FieldDescription { dataTypeID: number; format?: string }
export interface ResultState { fields: FieldDescription[]; _parsers?: Array<(v: string) => unknown>; _types?: typeof pg.types }

export const QueryBase = pg.Query as unknown as new (text: string, values?: unknown, callback?: (err: Error | null, res: unknown) => void) => {
  portal: string;
  name?: string;
  values?: unknown;
  queryMode?: string;
  _rowMode?: string;
  _result: ResultState;
  _results: ResultState;
  prepare(connection: Connection): void;
  _getRows(connection: Connection, rows?: number): void;
  handleRowDescription(msg: { fields: FieldDescription[] }): void;
  handleDataRow(msg: unknown): void;
  handleCommandComplete(msg: unknown, connection: Connection): void;
  handleError(err: Error, connection: Connection): void;
  handleReadyForQuery(connection: Connection): void;
};

/** Parse/Bind/Execute of a statement without parameters, unnamed, no Sync. */
export function bare(connection: Connection, text: string): void {
  connection.parse({ text, name: '', types: [] });
  connection.bind({ portal: '', statement: '', values: [] });
  connection.execute({ portal: '' });
}

/**
 * A query in the extended protocol whose rows come as arrays, for statements named `names` (in the
 * order sent; `begins`: a BEGIN goes ahead of them), which sends a named statement's Describe only
 * on its first run on a connection (pg-descriptions.ts). Built from the text, not from a config
 * object: node-postgres copies a config object through its property descriptors for every query
 * (`cloneQueryConfig`: 2.3 µs a query, against 0.08 µs from the text); the settings that text alone
 * cannot carry are set here instead.
 */
export class ArrayRowsQuery extends QueryBase {
  /** Which statements go without a Describe, and which one the answers are for. */
  protected readonly descriptions: Descriptions;

  constructor(text: string, values: unknown[] | undefined, callback: (err: Error | null, res: unknown) => void,
    names: ReadonlyArray<string | undefined>, begins: boolean) {
    super(text, values, callback);
    this.queryMode = 'extended';
    this._rowMode = 'array';
    // The result as node-postgres makes it for array rows (its constructor read no row mode above).
    this._result = this._results = new (this._result.constructor as new (rowMode: string, types: undefined) => ResultState)('array', undefined);
    this.descriptions = new Descriptions(names, begins);
  }

  // Rows come as arrays (pg-rows.ts), read through the columns' parsers. node-postgres also builds,
  // for every row description, an object with each column as a key (for object rows, unused with
  // arrays): a dictionary object spread into another, the most costly JavaScript of a small
  // statement (6% of a REST create's CPU on PostgreSQL with the 30 columns of `returning *`).
  // node-postgres is given no columns; the result takes them and their parsers here.
  override handleRowDescription(msg: { fields: FieldDescription[] }): void {
    super.handleRowDescription({ ...msg, fields: [] });
    describeColumns(this._result, msg.fields);
    this.descriptions.described(msg.fields);
  }

  override handleDataRow(msg: unknown): void {
    this.descriptions.beforeRow(this);
    super.handleDataRow(msg);
  }

  override handleCommandComplete(msg: unknown, connection: Connection): void {
    this.descriptions.beforeComplete(this);
    super.handleCommandComplete(msg, connection);
  }
}

/** A query with BEGIN ahead of it and/or COMMIT after it, in the same write, before one Sync. */
class Framed extends ArrayRowsQuery {
  constructor(text: string, values: unknown[], name: string | undefined, callback: (err: Error | null, res: unknown) => void,
    private readonly begins: boolean, private readonly commits: boolean) {
    super(text, values, callback, [name], begins);
    this.name = name;
  }

  override prepare(connection: Connection): void {
    if (this.begins) bare(connection, 'begin');
    if (this.descriptions.needsDescribe(connection, 0)) return super.prepare(connection);
    // Parsed and described on this connection before: node-postgres's steps without its Parse and Describe.
    try {
      connection.bind({ portal: this.portal, statement: this.name, values: this.values as unknown[], valueMapper: pgUtils.prepareValue });
    } catch (err) {
      connection.sync();
      this.handleError(err as Error, connection);
      return;
    }
    this._getRows(connection, undefined);
  }

  // node-postgres's last step of a query: Execute, then Sync (no row limit is ever set here).
  override _getRows(connection: Connection, rows?: number): void {
    if (!this.commits) return super._getRows(connection, rows);
    connection.execute({ portal: this.portal, rows });
    bare(connection, 'commit');
    connection.sync();
  }
}

/** The result's columns and their parsers, from a row description (see Framed.handleRowDescription). */
export function describeColumns(result: ResultState, fields: FieldDescription[]): void {
  const types = result._types ?? pg.types;
  result.fields = fields;
  result._parsers = fields.map((f) => types.getTypeParser(f.dataTypeID, (f.format ?? 'text') as 'text')) as ResultState['_parsers'];
}

/**
 * Runs `text` (one statement with parameters) with BEGIN before it (`begins`) and/or COMMIT after
 * it (`commits`) in the same write, or alone, its rows as arrays; resolves to the statement's own result
 * (node-postgres answers with one result per command).
 */
export function queryFramed(client: pg.PoolClient, text: string, values: unknown[], frame: { begins: boolean; commits: boolean },
  name?: string): Promise<pg.QueryResult> {
  return new Promise((resolve, reject) => {
    const query = new Framed(text, values, name, (err, res) => {
      if (err) reject(err);
      else resolve((Array.isArray(res) ? res[frame.begins ? 1 : 0] : res) as pg.QueryResult);
    }, frame.begins, frame.commits);
    (client.query as unknown as (q: unknown) => void)(query);
  });
}

/** Kysely's texts for a plain transaction (PostgresDriver.beginTransaction, commit, rollback). */
export const BEGIN = 'begin';
export const ENDS = new Set(['commit', 'rollback']);

/** What BEGIN, or the end of a transaction that ran nothing, answers without a round trip. */
export function noRoundTrip(command: string): pg.QueryResult {
  return { command: command.toUpperCase(), rowCount: null, oid: 0, rows: [], fields: [] };
}
