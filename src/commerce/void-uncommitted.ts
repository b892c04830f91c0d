// When a checkout's write fails after the gateway authorized the payment (the claim was lost, the
// database failed at commit), the authorization is voided at once, and the store's event log says
// so: a changelog entry on the cart (announced as `changelog/created`) names the authorization,
// the amount and why, so the store can reconcile it with its gateway even if the void itself failed.
//
// A write that lost its connection to PostgreSQL may have committed all the same: the COMMIT went
// out with the write's last statements (one pipeline), and the connection can die after the server
// committed and before its answer arrived. Voiding then would leave a paid-for transaction with an
// authorization that can no longer be captured, so the database is asked first (committedAfterAll):
// a checkout that did commit is answered as a success; one the database cannot vouch for keeps its
// authorization (it lapses at the gateway if never captured) and the log says to check.
import { sql } from 'kysely';
import { inTransaction } from '../db/database.js';
import { appendEvent } from '../events/log.js';
import { actorOf } from '../events/record.js';
import type { ServiceContext } from '../services/context.js';
import { formatTimestamp } from '../services/clock.js';
import { decodeRow, type Values } from '../data/codec.js';
import { connectionLost } from '../db/connection-lost.js';
import type { CartClaim } from './cart-claim.js';
import type { Authorization, AuthorizationRequest, PaymentGateway } from './gateway.js';
import { dataOf } from '../services/data-access.js';

/** How long the check waits for the failed write's transaction to end on the server. */
const IN_DOUBT_LOCK_TIMEOUT = '5s';
/** Before each try of that check: at once, then twice more while the database is out of reach. */
const CHECK_WAITS_MS = [0, 50, 250];

/**
 * Whether a checkout whose write failed committed after all: its transaction's row (read back) if
 * it did, undefined if it certainly did not, 'unknown' when the database cannot tell now. Only a
 * lost connection leaves the outcome open (an error the server answered rolled the transaction
 * back), and only on PostgreSQL, where the claim reserved the transaction's id: SQLite runs in the
 * process, and its failed COMMIT is a rollback. The check first waits for the cart's row lock,
 * which the failed write's transaction holds until it ends, also on a server that has not yet read
 * the COMMIT: then the transaction with the reserved id exists exactly when that write committed.
 */
export async function committedAfterAll(ctx: ServiceContext, claim: CartClaim, cause: unknown): Promise<Values | undefined | 'unknown'> {
  const id = claim.transactionId;
  if (id === undefined || !connectionLost(cause)) return undefined;
  // Asked again after a short wait when the database is still out of reach (a failover, a blip).
  for (const wait of CHECK_WAITS_MS) {
    if (wait) await new Promise((resolve) => setTimeout(resolve, wait));
    try {
      return await inTransaction(dataOf(ctx).database, async (tx) => {
        await sql`set local lock_timeout = ${sql.lit(IN_DOUBT_LOCK_TIMEOUT)}`.execute(tx);
        await tx.selectFrom('carts').select('id').where('id', '=', claim.cart.id).forUpdate().execute();
        const row = await tx.selectFrom('transactions').selectAll().where('id', '=', id).executeTakeFirst();
        return row ? decodeRow(ctx.registry.resource('transaction'), row) : undefined;
      });
    } catch (err) {
      if (!connectionLost(err)) return 'unknown';
    }
  }
  return 'unknown';
}

/**
 * After a failed write with an approved authorization: voids it when the write certainly did not
 * commit; when that is unknown, leaves it and says so in the log.
 */
export async function settleAuthorization(ctx: ServiceContext, gateway: PaymentGateway, claim: CartClaim,
  authorization: Authorization, request: AuthorizationRequest, cause: unknown, outcome: undefined | 'unknown'): Promise<void> {
  const id = authorization.authorizationId ?? 'unknown';
  const why = cause instanceof Error ? cause.message : String(cause);
  const about = `authorization ${id} of ${request.amount} ${request.currencyCode}`;
  if (outcome === 'unknown') {
    await logAuthorization(ctx, claim, id, 'in_doubt', `${about} left in place: the checkout of cart ${claim.cart.id} lost its database connection ` +
      `while committing (${why}) and may have committed; if no transaction holds this authorization, void it with the gateway`);
    return;
  }
  let voided = true;
  try {
    await gateway.void(id, request);
  } catch {
    voided = false;
  }
  await logAuthorization(ctx, claim, id, voided ? 'voided' : 'void_failed', voided
    ? `${about} voided: the checkout of cart ${claim.cart.id} did not commit (${why})`
    : `${about} could NOT be voided after the checkout of cart ${claim.cart.id} did not commit (${why}); void it with the gateway`);
}

async function logAuthorization(ctx: ServiceContext, claim: CartClaim, id: string, verdict: string, message: string): Promise<void> {
  const storeId = Number(claim.cart.store_id);
  const now = formatTimestamp(ctx.clock.now());
  try {
    await inTransaction(dataOf(ctx).database, async (tx) => {
      const log = await tx.insertInto('changelogs').values({
        store_id: storeId, resource_type: 'cart', resource_id: claim.cart.id, action: 'modified', actor: actorOf(ctx),
        diff: JSON.stringify({ payment_authorization: [id, verdict] }), message, date_created: now, date_modified: now,
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
