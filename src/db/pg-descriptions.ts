// The columns of a named statement, asked for once per connection. node-postgres sends a Describe
// with every execution, and PostgreSQL answers each with the statement's RowDescription, which the
// client parses again (a name, seven numbers and a type parser per column: 3–4% of a small read's
// CPU). A named statement's columns cannot change while it exists: when a table changes under it,
// PostgreSQL refuses to run it ("cached plan must not change result type") and pg-rows.ts parses it
// afresh under a new name. So after its first answer on a connection a named statement is run
// without a Describe, and its result gets the columns it answered with then.
import type { Connection, FieldDescription } from './pg-frames.js';

/** Per connection: each named statement's columns (null: it answers no rows, PostgreSQL's NoData). */
const remembered = new WeakMap<Connection, Map<string, FieldDescription[] | null>>();

/** The bound on names remembered per connection, as a guard; pg-statements.ts bounds names per pool. */
const MAX_REMEMBERED = 1024;

/** What a query needs to supply its result's columns when they are not sent. */
export interface DescribedQuery {
  handleRowDescription(msg: { fields: FieldDescription[] }): void;
}

/**
 * One query's statements (by index, in the order sent; a BEGIN sent ahead of them is not one):
 * which went without a Describe, and, while the answers come in, which statement they are for.
 */
export class Descriptions {
  /** Per statement: its remembered columns when its Describe was left out; undefined when it was sent. */
  private readonly known: Array<FieldDescription[] | null | undefined> = [];
  private connection?: Connection;
  /** The statement whose answers are coming in (-1: a BEGIN sent ahead). */
  private current: number;
  /** Whether the current statement's columns have been given to the result. */
  private given = false;

  constructor(private readonly names: ReadonlyArray<string | undefined>, begins: boolean) {
    this.current = begins ? -1 : 0;
  }

  /** Whether statement `i` needs its Describe sent: not when it was parsed here and answered one before. */
  needsDescribe(connection: Connection, i: number): boolean {
    this.connection = connection;
    const name = this.names[i];
    const known = name !== undefined && connection.parsedStatements[name] !== undefined ? remembered.get(connection)?.get(name) : undefined;
    this.known[i] = known;
    return known === undefined;
  }

  /** The server described the current statement: remembered for its next run on this connection. */
  described(fields: FieldDescription[]): void {
    this.given = true;
    this.remember(fields);
  }

  /** Before a row: the current statement's columns, given to the result if they were not sent. */
  beforeRow(query: DescribedQuery): void {
    if (this.given || this.current < 0) return;
    const known = this.known[this.current];
    if (known) {
      this.given = true;
      query.handleRowDescription({ fields: known });
    }
  }

  /** Before a statement's CommandComplete: its columns if it had no row; a described one with none answers NoData. */
  beforeComplete(query: DescribedQuery): void {
    if (this.current >= 0 && !this.given) {
      const known = this.known[this.current];
      if (known) query.handleRowDescription({ fields: known });
      else if (known === undefined) this.remember(null);
    }
    this.current++;
    this.given = false;
  }

  private remember(fields: FieldDescription[] | null): void {
    const name = this.current >= 0 ? this.names[this.current] : undefined;
    if (name === undefined || !this.connection || this.known[this.current] !== undefined) return;
    let byName = remembered.get(this.connection);
    if (!byName) remembered.set(this.connection, byName = new Map());
    if (byName.size >= MAX_REMEMBERED) byName.clear();
    byName.set(name, fields);
  }
}
