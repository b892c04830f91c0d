// Which checkout owns a cart. A checkout first claims its cart with a conditional update (claim
// empty or its lease run out), before any outbound call, so of any number of concurrent checkouts
// of one cart exactly one goes on to the tax endpoint, the pre-checkout hook and the gateway; the
// others answer 409 at once. The claim is a lease, so a crashed instance frees the cart after it.
// The final write transaction re-checks the claim under the row's lock (claimHeld), and the unique
// transactions.cart_id makes a second transaction for one cart impossible whatever happens.
import { randomBytes } from 'node:crypto';
import type { ValuesOf } from '../data/codec.js';
import { inTransaction, type Tx } from '../db/database.js';
import { tenantScope } from '../auth/principal.js';
import { ApiError } from '../services/errors.js';
import type { ServiceContext } from '../services/context.js';
import { leaseStamp } from '../resources/cart.js';
import { getRow } from '../services/resource-service.js';
import { dataOf } from '../services/data-access.js';
import { apiError } from '../services/error-catalog.js';

export interface CartClaim {
  cart: ValuesOf<'cart'>;
  token: string;
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

export async function claimCart(ctx: ServiceContext, cartId: number, leaseMs: number): Promise<CartClaim> {
  let cart: ValuesOf<'cart'>;
  try {
    cart = await getRow(ctx, ctx.registry.resource('cart'), cartId, 'write');
  } catch (err) {
    if (err instanceof ApiError && err.kind === 'not_found') throw (await alreadyCheckedOut(ctx, cartId)) ?? err;
    throw err;
  }
  const token = randomBytes(16).toString('hex');
  const now = ctx.clock.now();
  const claimed = await inTransaction(dataOf(ctx).database, (tx) => tx.updateTable('carts')
    .set({ checkout_claim: token, checkout_claimed_until: leaseStamp(new Date(now.getTime() + leaseMs)) })
    .where('id', '=', cartId)
    .where((eb) => eb.or([eb('checkout_claim', 'is', null), eb('checkout_claimed_until', '<=', leaseStamp(now))]))
    .returning('id').executeTakeFirst());
  if (!claimed) {
    throw (await alreadyCheckedOut(ctx, cartId))
      ?? apiError('CHECKOUT_IN_PROGRESS');
  }
  return { cart: { ...cart, checkout_claim: token }, token };
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
      .catch(() => undefined); // a missed renewal only shortens the lease; claimHeld decides at the write
  }, Math.max(50, Math.floor(leaseMs / 3)));
  timer.unref();
  return () => clearInterval(timer);
}

/** Gives the cart back after a checkout that wrote nothing (tax endpoint down, empty cart, an error). */
export async function releaseClaim(ctx: ServiceContext, claim: CartClaim): Promise<void> {
  await inTransaction(dataOf(ctx).database, (tx) => tx.updateTable('carts').set({ checkout_claim: null, checkout_claimed_until: null })
    .where('id', '=', claim.cart.id).where('checkout_claim', '=', claim.token).execute());
}

/**
 * Inside the checkout's write transaction: the claim is still this checkout's. The update takes the
 * cart row's lock on PostgreSQL, so nothing changes the cart between here and its deletion.
 */
export async function claimHeld(tx: Tx, claim: CartClaim): Promise<void> {
  const row = await tx.updateTable('carts').set({ checkout_claim: claim.token })
    .where('id', '=', claim.cart.id).where('checkout_claim', '=', claim.token).returning('id').executeTakeFirst();
  if (!row) throw apiError('CHECKOUT_CLAIM_LOST');
}
