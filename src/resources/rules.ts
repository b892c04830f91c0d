// The shape of a resource module: the rules of one resource that the SDL's directives cannot say.
// The generic service (src/services/resource-service.ts) calls these around every write.
import type { Tx } from '../db/database.js';
import type { Values } from '../data/codec.js';
import type { FieldError } from '../services/errors.js';
import type { ServiceContext } from '../services/context.js';
import type { WriteMode } from '../services/validate.js';

export interface WriteInput {
  mode: WriteMode;
  /** The raw input (REST names); `prepare` may change it before validation. */
  input: Record<string, unknown>;
  /** The stored row for PATCH/PUT. */
  existing?: Values;
  /** A create in a parent's collection: the foreign key the path gives, and the parent's id. */
  parent?: { fk: string; id: number };
}

export interface ResourceRules {
  /** Columns shown only to principals that may write the resource (src/services/reader-view.ts). */
  writerOnlyFields?: readonly string[];
  /** Secret columns stored sealed (AES-GCM with a key derived from the JWT keys), opened for writers. */
  sealedFields?: readonly string[];
  /** Adjusts the raw input and names required fields this input does not need. */
  prepare?(w: WriteInput, ctx: ServiceContext): { relaxed?: string[] } | void;
  /** Rules beyond the declared constraints, over the merged values (REST names). */
  validate?(values: Record<string, unknown>, w: WriteInput, ctx: ServiceContext): FieldError[] | Promise<FieldError[]>;
  /** Last changes to the column values before they are written, inside the write transaction. */
  beforeWrite?(columns: Record<string, unknown>, w: WriteInput, ctx: ServiceContext, tx: Tx): void | Promise<void>;
  /**
   * An existing row that takes this create instead of a new row (an identical cart item gets its
   * quantity raised): the hook updates and returns it, inside the write transaction.
   */
  absorb?(columns: Record<string, unknown>, w: WriteInput, ctx: ServiceContext, tx: Tx): Promise<Values | undefined>;
  /**
   * With `absorb`: the column values every row that could absorb this create shares with it. The
   * create then inserts in one statement unless such a row exists, and only then asks `absorb`.
   * When that statement was to end the transaction (it commits with it on PostgreSQL) and a row
   * exists, the create runs again in a new transaction: `beforeWrite` must then only set columns.
   */
  absorbKey?(columns: Record<string, unknown>): Record<string, unknown> | undefined;
  /** After the row is written, inside the same transaction (events, derived rows). */
  afterWrite?(row: Values, w: WriteInput, ctx: ServiceContext, tx: Tx): void | Promise<void>;
  /** Before rows of the resource are read for the caller (expired cart items are removed here). */
  beforeRead?(ctx: ServiceContext): Promise<void>;
  /**
   * beforeRead has work only where the token check says so (principal.expiredCartItems): a row by
   * id may then be read first, carrying the check, and read again only after work was done
   * (services/reader.ts find).
   */
  beforeReadFollowsCheck?: boolean;
  /** After a deletion has committed: what lives outside the database goes (uploaded files). */
  afterDelete?(row: Values, ctx: ServiceContext): void | Promise<void>;
  /** The event an update announces when it is more than `<resource>/modified` (a cancellation). */
  updateEvent?(before: Values, after: Values): string | undefined;
  /**
   * A reason the row may not change now (answered 409), or undefined. Children declared
   * `frozenWithParent` in the SDL follow it (src/services/frozen.ts).
   */
  frozen?(row: Values, ctx: ServiceContext): string | undefined;
  /** Values of the resource's @derived properties (REST names), computed from a row being read. */
  derive?(row: Values, ctx: ServiceContext): Record<string, unknown>;
}
