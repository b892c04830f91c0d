// Cart rules: while a checkout holds the cart (src/commerce/cart-claim.ts), the cart and its items
// (declared frozenWithParent in the SDL) do not change, so the transaction charges exactly what the
// checkout priced.
import type { ResourceRules } from './rules.js';

/**
 * A lease's end as stored: ISO 8601 with milliseconds in UTC, so that leases shorter than a second
 * still compare right (the API's timestamp format stops at seconds).
 */
export const leaseStamp = (d: Date): string => d.toISOString();

/** Whether a cart row is claimed by a checkout now (its lease has not run out). */
export function claimActive(cart: Record<string, unknown>, now: Date): boolean {
  return cart.checkout_claim != null && String(cart.checkout_claimed_until ?? '') > leaseStamp(now);
}

export const cartRules: ResourceRules = {
  frozen(row, ctx) {
    return claimActive(row, ctx.clock.now()) ? 'the cart is being checked out; it cannot change until the checkout ends' : undefined;
  },
};
