// Which checkout owns a cart. A checkout first claims its cart with a conditional update (claim
// empty or its lease run out), so of any number of concurrent checkouts of one cart exactly one goes
// on to price and pay. A checkout that calls out commits the claim before its outbound calls, and
// the others answer 409 at once; one that does not keeps the claim inside its single transaction,
// where the row lock (PostgreSQL) or BEGIN IMMEDIATE (SQLite) holds the others until the cart is
// gone, and they answer 409 already_checked_out. The claim is a lease, so a crashed instance frees
// the cart after it. The final write deletes the cart only while this checkout still holds the
// claim (the deletion is the check, under the row's lock), and the unique transactions.cart_id
// makes a second transaction for one cart impossible whatever happens.
import { randomUUID } from 'node:crypto';
import { sql, type CompiledQuery } from 'kysely';
import { decodeRow, type Row, type ValuesOf } from '../data/codec.js';
import { inTransaction, type Tx } from '../db/database.js';
import { tenantScope } from '../auth/principal.js';
import { ApiError } from '../services/errors.js';
import type { ServiceContext } from '../services/context.js';
import { leaseStamp } from '../resources/cart.js';
import { dataOf } from '../services/data-access.js';
import { apiError } from '../services/error-catalog.js';
import { authorize, beforeRead, getRow } from '../services/resource-service.js';
import { ownerCondition, scopeShape, slotScope } from '../data/tenancy.js';

export interface CartClaim {
  cart: ValuesOf<'cart'>;
  token: string;
  /** The transaction's id, reserved by the claim itself on PostgreSQL (claimQuery's `reserve`). */
  transactionId?: number;
}

/** A checkout of a cart that is already a transaction (a retry, a double click): 409 naming it. */
async function alreadyCheckedOut(ctx: ServiceContext, cartId: number): Promise<ApiError | undefined> {
  const storeId = tenantScope(ctx.principal).storeId;
  if (!storeId) return undefined;
  const txn = await dataOf(ctx).database.db.selectFrom('transactions').select('id')
    .where('cart_id', '=', cartId).where('store_id', '=', storeId).executeTakeFirst();
  if (!txn) return undefined;
  const href = `${ctx.baseUrl}${ctx.registry.resource('transaction').path}/${Number(txn.id)}`;
  return apiError('ALREADY_CHECKED_OUT', { href });
}

/**
 * What every checkout does before its transaction: scope check, and expired cart items go. When
 * the token check is still to ride with the claim (auth/token-check.ts), its answer says whether
 * the store has any: the checkout then purges and starts again only if so (checkout.ts, PurgeFirst).
 */
export async function beforeClaim(ctx: ServiceContext): Promise<void> {
  const r = ctx.registry.resource('cart');
  authorize(ctx, r, 'write');
  await beforeRead(ctx, r);
  if (ctx.principal.check?.waiting) return;
  // Runs its own transaction when expired items exist, so not inside the checkout's.
  await beforeRead(ctx, ctx.registry.resource('item'));
}

/** Thrown inside a checkout's first transaction when its claim's token check found expired cart items. */
export class PurgeFirst extends Error {}

/** After the claim's round trip, which carried a waiting token check: expired items must go first. */
export function purgeNeeded(ctx: ServiceContext, checkWasWaiting: boolean): boolean {
  return checkWasWaiting && ctx.principal.expiredCartItems === true;
}

/**
 * The claim of a cart, to run inside the caller's transaction: one conditional update, scoped to the
 * caller's store, that is also the read of the cart (and on PostgreSQL takes its row lock until the
 * caller commits). Undefined for an id that names no cart. Its row, through claimed(), says whether
 * the claim was made; no row: the cart is missing, another store's or held (notClaimed says which).
 * `reserve` (PostgreSQL): the claimed row also brings the id the checkout's transaction will have,
 * from the transactions' sequence, so the transaction's row can be written with the rows under it
 * (checkout-write.ts); only a claim that was made takes one.
 */
export function claimQuery(tx: Tx, ctx: ServiceContext, cartId: number, leaseMs: number, reserve: boolean): { query: CompiledQuery<Row>; token: string } | undefined {
  if (!Number.isSafeInteger(cartId) || cartId <= 0) return undefined;
  const r = ctx.registry.resource('cart');
  // A UUID's 122 random bits, from Node's buffered entropy: randomBytes asked the kernel at every
  // checkout, 1–2% of a checkout's CPU on PostgreSQL (BENCHMARKS.md round 20).
  const token = randomUUID();
  const now = ctx.clock.now();
  const scope = tenantScope(ctx.principal);
  // Compiled once per scope shape (db/query-templates.ts): building even a plain SQL text's tree on
  // every checkout cost more CPU than the statement takes to run.
  const query = dataOf(ctx).database.templates.bind<Row>(tx, `checkout claim ${scopeShape(scope)}${reserve ? ' reserve' : ''}`,
    [token, leaseStamp(new Date(now.getTime() + leaseMs)), cartId, scope.storeId, scope.userId, scope.clientId, leaseStamp(now)],
    ([claim, until, id, storeId, userId, clientId, at]) => sql<Row>`update carts
    set checkout_claim = ${claim}, checkout_claimed_until = ${until}
    where id = ${id} and ${ownerCondition(r, slotScope(scope, { storeId, userId, clientId }))}
    and (checkout_claim is null or checkout_claimed_until <= ${at})
    returning *${reserve ? sql`, nextval(pg_get_serial_sequence('transactions', 'id')) as _transaction_id` : sql``}`);
  return { query, token };
}

/** The claim its statement made (claimQuery), from the statement's rows. */
export function claimed(ctx: ServiceContext, rows: Row[], token: string): CartClaim | undefined {
  if (!rows[0]) return undefined;
  const { _transaction_id: reserved, ...row } = rows[0];
  return { cart: decodeRow(ctx.registry.resource('cart'), row), token, transactionId: reserved == null ? undefined : Number(reserved) };
}

/** Why a cart could not be claimed: missing or another store's (404), already a transaction, or held by another checkout. */
export async function notClaimed(ctx: ServiceContext, cartId: number): Promise<ApiError> {
  try {
    await getRow(ctx, ctx.registry.resource('cart'), cartId, 'write');
  } catch (err) {
    if (err instanceof ApiError && err.kind === 'not_found') return (await alreadyCheckedOut(ctx, cartId)) ?? err;
    throw err;
  }
  return (await alreadyCheckedOut(ctx, cartId)) ?? apiError('CHECKOUT_IN_PROGRESS');
}

/**
 * Renews the claim while the checkout runs (every third of the lease), so a slow hook or gateway
 * never loses the cart to a retry, while a crashed instance's claim runs out one lease after its
 * last renewal. Returns the function that stops renewing.
 */
export function keepClaim(ctx: ServiceContext, claim: CartClaim, leaseMs: number): () => void {
  const timer = setInterval(() => {
    const until = leaseStamp(new Date(ctx.clock.now().getTime() + leaseMs));
    inTransaction(dataOf(ctx).database, (tx) => tx.updateTable('carts').set({ checkout_claimed_until: until })
      .where('id', '=', claim.cart.id).where('checkout_claim', '=', claim.token).execute())
      .catch(() => undefined); // a missed renewal only shortens the lease; the write's deletion of the cart decides
  }, Math.max(50, Math.floor(leaseMs / 3)));
  timer.unref();
  return () => clearInterval(timer);
}

/** Gives the cart back after a checkout that wrote nothing (tax endpoint down, empty cart, an error). */
export async function releaseClaim(ctx: ServiceContext, claim: CartClaim): Promise<void> {
  await inTransaction(dataOf(ctx).database, (tx) => tx.updateTable('carts').set({ checkout_claim: null, checkout_claimed_until: null })
    .where('id', '=', claim.cart.id).where('checkout_claim', '=', claim.token).execute());
}

/** The 409 of a checkout whose claim another checkout took over before it could write. */
export function claimLost(): ApiError {
  return apiError('CHECKOUT_CLAIM_LOST');
}
