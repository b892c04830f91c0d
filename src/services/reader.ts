// The one way rows are read: every front door (REST resources, collections and zooms, GraphQL
// fields and connections, webhook payloads, the events feed's subjects) asks a Reader, and the
// Reader decides, once and here, what the caller may see: the read scope (of the row's resource,
// or for rows reached through a relation of the resource that decides access to them), that the
// parent is visible, the resource's `beforeRead` hook (once per read unit and resource), and the
// caller's tenancy. Transports batch (DataLoader) and shape (HAL, GraphQL) what it returns.
import type { RelDef, ResourceDef } from '../model/types.js';
import type { Values } from '../data/codec.js';
import type { ListQuery } from '../data/query.js';
import type { Page } from '../data/repository.js';
import { childScope, type TenantScope } from '../data/tenancy.js';
import { accessTarget, allowed, grantingScopes, type AccessMode } from '../auth/scopes.js';
import { tenantScope } from '../auth/principal.js';
import { rulesOf } from './rule-book.js';
import type { ServiceContext } from './context.js';
import { dataOf } from './data-access.js';
import { ApiError } from './errors.js';
import { apiError, insufficientScope } from './error-catalog.js';

/** A page of rows and the collection's size, as the transports receive it. */
export type { Page };

/** Throws unless the caller may access `r` in `mode` (401 for no token, 403 naming the granting scopes). */
export function authorize(ctx: ServiceContext, r: ResourceDef, mode: AccessMode): void {
  if (ctx.principal.kind === 'anonymous') throw apiError('TOKEN_REQUIRED');
  if (!allowed(ctx.principal, r, mode)) throw insufficientScope(grantingScopes(r, mode));
}

/** Runs the resource's read hook (expired cart items go, due downloads expire), unmemoised. */
export async function runBeforeRead(ctx: ServiceContext, r: ResourceDef): Promise<void> {
  await rulesOf(r.name)?.beforeRead?.(ctx);
}

/** A collection below a parent row: `/stores/1/taxes` is store 1 through its `taxes` rel. */
export interface Parent {
  resource: ResourceDef;
  id: number;
  rel: RelDef;
}

/**
 * Rows fetched by id (foreign keys, the token's own chain, event subjects) skip the SQL tenancy
 * condition, so the rule is applied here: a store's rows (and the rows belonging to them) only to
 * that store. Rows of other owners reached by id are the caller's own client, user or store, or a
 * store's user, which every token of the store may read.
 */
function sameTenant(r: ResourceDef, row: Values, scope: TenantScope): boolean {
  if (r.owner !== 'STORE' && r.owner !== 'PARENT') return true;
  return scope.storeId !== undefined && Number(row.store_id) === scope.storeId;
}

export class Reader {
  readonly #prepared = new Map<string, Promise<void>>();

  constructor(private readonly ctx: ServiceContext) {}

  private get scope(): TenantScope {
    return tenantScope(this.ctx.principal);
  }

  private get repo() {
    return dataOf(this.ctx).repo;
  }

  /** Throws unless the caller may read `r` itself (a row by id, a store-wide collection). */
  mayRead(r: ResourceDef, mode: AccessMode = 'read'): void {
    authorize(this.ctx, r, mode);
  }

  /**
   * Throws unless the caller may read what `rel` reaches from an `owner` row it already holds.
   * Rows that belong to their parent (attributes) are read with the parent's scope (accessTarget).
   * `embed` relations (a client's attributes) are part of their parent's representation: whoever
   * was given the parent row sees them, with no scope of their own. That is what lets the answer
   * to a registration (anonymous: no scope at all) show the client it created with its
   * attributes, the same object a later read with client scope shows.
   */
  mayFollow(owner: ResourceDef, rel: RelDef): void {
    if (rel.embed) return;
    authorize(this.ctx, accessTarget(owner, this.ctx.registry.resource(rel.target)), 'read');
  }

  /** The resource's read hook, once per read unit (a request; a GraphQL execution) and resource. */
  prepare(r: ResourceDef): Promise<void> {
    let p = this.#prepared.get(r.name);
    if (!p) this.#prepared.set(r.name, p = runBeforeRead(this.ctx, r));
    return p;
  }

  /** Forgets which hooks ran: a write has changed what they would tidy. */
  forget(): void {
    this.#prepared.clear();
  }

  /** A row the caller may access in `mode`, or 404 whether it is missing or another tenant's. */
  async row(r: ResourceDef, id: number, mode: AccessMode = 'read'): Promise<Values> {
    const row = await this.find(r, id, mode);
    if (!row) throw apiError('NO_SUCH', { what: r.name });
    return row;
  }

  /** Like row(), but undefined where row() answers 404. */
  async find(r: ResourceDef, id: number, mode: AccessMode = 'read'): Promise<Values | undefined> {
    this.mayRead(r, mode);
    const { principal } = this.ctx;
    if (principal.check?.waiting && !this.#prepared.has(r.name) && rulesOf(r.name)?.beforeReadFollowsCheck) {
      // The read carries the token check (auth/token-check.ts), whose answer says whether the hook
      // has work: nearly always not, and the request took one round trip. Otherwise the hook
      // tidies (expired cart items go) and the row is read again.
      const row = await this.repo.findById(r, this.scope, id);
      if (principal.expiredCartItems === false) {
        this.#prepared.set(r.name, Promise.resolve());
        return row;
      }
    }
    await this.prepare(r);
    return this.repo.findById(r, this.scope, id);
  }

  /** Rows of `r` by id, for ids the caller was given (its token's chain, its store's event log). */
  async byIds(r: ResourceDef, ids: readonly number[]): Promise<Map<number, Values>> {
    this.mayRead(r);
    return this.fetch(r, ids);
  }

  /** The to-one targets of `rel` (its foreign key values, from `owner` rows the caller holds), by id. */
  async targets(owner: ResourceDef, rel: RelDef, ids: readonly number[]): Promise<Map<number, Values>> {
    this.mayFollow(owner, rel);
    return this.fetch(this.ctx.registry.resource(rel.target), ids);
  }

  private async fetch(r: ResourceDef, ids: readonly number[]): Promise<Map<number, Values>> {
    await this.prepare(r);
    const found = await this.repo.findByIds(r, ids.filter((x) => x > 0));
    for (const [id, row] of found) if (!sameTenant(r, row, this.scope)) found.delete(id);
    return found;
  }

  /**
   * Children through `rel` of many `owner` rows the caller holds, one statement for all of them.
   * Children are filtered by the caller's tenancy as well, since a parent may be shared by several
   * stores (a user's stores); rows that belong to their parent are exactly as visible as it.
   */
  async children(owner: ResourceDef, rel: RelDef, parentIds: readonly number[], q: ListQuery): Promise<Map<number, Values[]>> {
    this.mayFollow(owner, rel);
    const target = this.ctx.registry.resource(rel.target);
    await this.prepare(target);
    return (await this.repo.listChildren(rel, target, parentIds, q, childScope(target, this.scope))).byParent;
  }

  /** How many children each parent has through `rel`, under the query's filters. */
  async childCounts(owner: ResourceDef, rel: RelDef, parentIds: readonly number[], q: ListQuery): Promise<Map<number, number>> {
    this.mayFollow(owner, rel);
    const target = this.ctx.registry.resource(rel.target);
    await this.prepare(target);
    return this.repo.countChildren(rel, target, parentIds, q, childScope(target, this.scope));
  }

  /** One parent's collection, addressed by the parent's id (a URL): the parent must be visible too. */
  async childPage(parent: Parent, q: ListQuery): Promise<Page> {
    const child = this.ctx.registry.resource(parent.rel.target);
    // Scope before existence: a token without the scope learns nothing about which parents exist.
    // Not mayFollow: the caller names the parent by id instead of holding it, so even an `embed`
    // collection needs the scope that reads it.
    authorize(this.ctx, accessTarget(parent.resource, child), 'read');
    await this.assertParent(parent);
    await this.prepare(child);
    const scope = childScope(child, this.scope);
    const { byParent, total } = await this.repo.listChildren(parent.rel, child, [parent.id], q, scope, { total: true });
    const rows = byParent.get(parent.id) ?? [];
    if (total !== undefined) return { rows, total };
    // An empty page past the start (offset, cursor) still needs the collection's size.
    const counts = q.offset > 0 || q.after || q.before ? await this.repo.countChildren(parent.rel, child, [parent.id], q, scope) : undefined;
    return { rows, total: counts?.get(parent.id) ?? 0 };
  }

  private async assertParent(parent: Parent): Promise<void> {
    // The store of a verified token needs no look-up: the token's liveness check of this very
    // request found it (and it is the caller's by definition).
    const p = this.ctx.principal;
    if (parent.resource.name === 'store' && parent.id === p.storeId && !!p.tokenId) return;
    // A narrower token may read a child collection without reading its parent (tax_settings_read
    // lists a store's taxes): its scope was checked on the collection, and the parent need only be
    // the caller's. With the parent's scope, the parent is read as any row (its hook runs).
    const row = allowed(p, parent.resource, 'read')
      ? await this.find(parent.resource, parent.id)
      : await this.repo.findById(parent.resource, this.scope, parent.id);
    if (!row) throw apiError('NO_SUCH', { what: parent.resource.name });
  }

  /** Rows of `r` in the caller's tenancy matching `q` (no total). */
  async list(r: ResourceDef, q: ListQuery): Promise<Values[]> {
    this.mayRead(r);
    await this.prepare(r);
    return (await this.repo.list(r, this.scope, q, [], { count: false })).rows;
  }
}

// The context's Reader lives on the context itself, in a slot that is not enumerable: a copy of a
// context (`{ ...ctx, loaders }`) gets a Reader of its own, as it did when Readers were kept in a
// WeakMap keyed by the context. The WeakMap took one entry per request, an ephemeron whose key dies
// young, and V8's scavenger pays for every such entry: a GET of one item spent 12% less CPU and
// answered 7% more requests a second without it (BENCHMARKS.md, round 25).
const READER = Symbol('the context\'s Reader');

type Slotted = ServiceContext & { [READER]?: Reader };

function keep(ctx: ServiceContext, r: Reader): Reader {
  Object.defineProperty(ctx, READER, { value: r, writable: true, enumerable: false, configurable: true });
  return r;
}

/** The context's Reader, made on first use: one per request, so hooks run once per request. */
export function readerOf(ctx: ServiceContext): Reader {
  return (ctx as Slotted)[READER] ?? keep(ctx, new Reader(ctx));
}

/**
 * Starts a new read unit on a long-lived context (each event a subscription executes for): the
 * read hooks run again, since time has passed and rows may have changed.
 */
export function freshReader(ctx: ServiceContext): Reader {
  return keep(ctx, new Reader(ctx));
}
