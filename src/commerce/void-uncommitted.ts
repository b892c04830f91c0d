// When a checkout's write fails after the gateway authorized the payment (the claim was lost, the
// database failed at commit), the authorization is voided at once, and the store's event log says
// so: a changelog entry on the cart (announced as `changelog/created`) names the authorization,
// the amount and why, so the store can reconcile it with its gateway even if the void itself failed.
import { inTransaction } from '../db/database.js';
import { appendEvent } from '../events/log.js';
import { actorOf } from '../events/record.js';
import type { ServiceContext } from '../services/context.js';
import { formatTimestamp } from '../services/clock.js';
import type { CartClaim } from './cart-claim.js';
import type { Authorization, AuthorizationRequest, PaymentGateway } from './gateway.js';
import { dataOf } from '../services/data-access.js';

export async function voidUncommitted(ctx: ServiceContext, gateway: PaymentGateway, claim: CartClaim,
  authorization: Authorization, request: AuthorizationRequest, cause: unknown): Promise<void> {
  const id = authorization.authorizationId ?? 'unknown';
  let voided = true;
  try {
    await gateway.void(id, request);
  } catch {
    voided = false;
  }
  const why = cause instanceof Error ? cause.message : String(cause);
  const message = voided
    ? `authorization ${id} of ${request.amount} ${request.currencyCode} voided: the checkout of cart ${claim.cart.id} did not commit (${why})`
    : `authorization ${id} of ${request.amount} ${request.currencyCode} could NOT be voided after the checkout of cart ${claim.cart.id} did not commit (${why}); void it with the gateway`;
  const storeId = Number(claim.cart.store_id);
  const now = formatTimestamp(ctx.clock.now());
  try {
    await inTransaction(dataOf(ctx).database, async (tx) => {
      const log = await tx.insertInto('changelogs').values({
        store_id: storeId, resource_type: 'cart', resource_id: claim.cart.id, action: 'modified', actor: actorOf(ctx),
        diff: JSON.stringify({ payment_authorization: [id, voided ? 'voided' : 'void_failed'] }), message, date_created: now, date_modified: now,
      }).returningAll().executeTakeFirstOrThrow();
      await appendEvent(tx, {
        storeId, name: 'changelog/created', resourceType: 'changelog', resourceId: Number(log.id), occurredAt: now,
        payload: { ...log, id: Number(log.id) },
      });
    });
    ctx.bus.publish(storeId);
  } catch {
    // The database that failed the commit may fail this too; the thrown checkout error still stands.
  }
}
