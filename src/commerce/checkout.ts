// POST to a cart's svc:checkout: taxes, fraud protections and payment, then the write of the
// transaction, its items, applied taxes, logs, subscriptions and their events, and the cart's removal.
// The cart is claimed first (cart-claim.ts), so concurrent checkouts of one cart cannot both reach
// the gateway. When a checkout calls nothing outside the process it is one database transaction;
// otherwise the claim commits before any outbound call (tax endpoint, pre-checkout hook, gateway),
// so a slow hook never holds the database, and the write has a transaction of its own.
import { Decimal } from 'decimal.js';
import type { Row, Values, ValuesOf } from '../data/codec.js';
import { ApiError } from '../services/errors.js';
import type { ServiceContext } from '../services/context.js';
import { formatTimestamp } from '../services/clock.js';
import { checkoutData, loadQueries, type CheckoutData, type ItemRow, type TaxRow } from './checkout-data.js';
import { computeTaxes } from './taxes.js';
import { runFraudChecks, type CheckoutSummary, type FraudDeps, type FraudLog } from './fraud.js';
import { writeRows, writeTransaction, type CheckoutWritten, type TransactionDraft } from './checkout-write.js';
import { beforeClaim, claimed, claimQuery, keepClaim, notClaimed, PurgeFirst, purgeNeeded, releaseClaim, type CartClaim } from './cart-claim.js';
import { inTransaction, pipelined } from '../db/database.js';
import { dataOf } from '../services/data-access.js';
import type { Authorization, AuthorizationRequest, PaymentGateway } from './gateway.js';
import { committedAfterAll, settleAuthorization } from './void-uncommitted.js';
import { shiptoOf } from './shipments.js';
import { apiError, fieldError } from '../services/error-catalog.js';

export interface CheckoutDeps {
  fraud: FraudDeps;
  sandbox: boolean;
  gateway: PaymentGateway;
  /** How long a checkout may hold its cart (default: from the hook timeout, see claimLeaseMs). */
  claimLeaseMs?: number;
  /** Most items a cart may have at checkout (CHECKOUT_MAX_LINES; default MAX_LINES). */
  maxLines?: number;
}

/** Items a checkout takes by default: its cost (pricing, one statement's parameters per item) stays bounded. */
export const MAX_LINES = 1000;

export interface CheckoutInput {
  /** Test gateway token: `tok_decline` is declined, anything else authorizes. */
  payment_token?: string;
  recaptcha_token?: string;
}

/** Taxes whose rate comes from the store's custom tax endpoint, when it has one (else none: they do not apply). */
function liveTaxes(data: CheckoutData) {
  return data.customTaxUrl ? data.taxes.filter((t) => t.isLive || t.type === 'custom_tax_endpoint') : [];
}

/**
 * Whether pricing this checkout leaves the process: the tax endpoint, a fraud protection (the hook,
 * or a pluggable scorer or verifier), or a gateway that is not in-process.
 */
function callsOut(data: CheckoutData, deps: CheckoutDeps): boolean {
  return !deps.gateway.inProcess || data.protections.length > 0 || liveTaxes(data).length > 0;
}

async function liveRates(data: CheckoutData, cart: ValuesOf<'cart'>, deps: CheckoutDeps): Promise<Map<number, string>> {
  const live = liveTaxes(data);
  const rates = new Map<number, string>();
  if (!live.length || !data.customTaxUrl) return rates;
  const body = JSON.stringify({
    address: { country: cart.shipping_country, region: cart.shipping_region, city: cart.shipping_city, postal_code: cart.shipping_postal_code },
    taxes: live.map((t) => ({ id: t.id, name: t.name, type: t.type })),
    items: data.lines.map((l) => ({ category_id: l.categoryId, amount: l.amount.toFixed() })),
  });
  try {
    const res = await deps.fraud.outbound.post(data.customTaxUrl, body, { 'content-type': 'application/json' }, { timeoutMs: deps.fraud.hookTimeoutMs });
    if (res.status < 200 || res.status > 299) throw new Error(`status ${res.status}`);
    const answer = JSON.parse(res.body) as { rate?: unknown; rates?: Record<string, unknown> };
    for (const t of live) {
      const r = answer.rates?.[String(t.id)] ?? answer.rate;
      if (r !== undefined && /^\d+(\.\d+)?$/.test(String(r))) rates.set(t.id, String(r));
    }
    return rates;
  } catch {
    // Charging no tax where tax is due is worse than asking the customer to retry.
    throw apiError('TAX_ENDPOINT_UNAVAILABLE');
  }
}

function summaryOf(data: CheckoutData, cart: ValuesOf<'cart'>, totalOrder: Decimal): CheckoutSummary {
  return {
    storeId: Number(cart.store_id), cartId: cart.id, currencyCode: String(data.store.currency_code ?? 'USD'), totalOrder: totalOrder.toFixed(2),
    customerEmail: cart.customer_email ?? data.customer?.email ?? null,
    billingCountry: cart.billing_country, shippingCountry: cart.shipping_country,
    items: data.lines.map((l) => ({ name: l.item.name, code: l.item.code, quantity: l.item.quantity, price: l.item.price })),
  };
}

/**
 * How long a checkout's claim on its cart lasts unless renewed. A live checkout renews it (keepClaim)
 * however long its outbound calls take, so the lease only needs to outlast a renewal's interval: a
 * crashed instance's cart is free for a retry within this time.
 */
export function claimLeaseMs(deps: CheckoutDeps): number {
  return deps.claimLeaseMs ?? 15_000;
}

interface Priced {
  data: CheckoutData;
  draft: Omit<TransactionDraft, 'claim' | 'now'>;
  authorization?: Authorization;
  request?: AuthorizationRequest;
}

/** Everything before the write: prices, taxes, fraud checks and the payment. No database access. */
async function price(cart: ValuesOf<'cart'>, data: CheckoutData, input: CheckoutInput, deps: CheckoutDeps): Promise<Priced> {
  if (!data.lines.length) throw apiError('EMPTY_CART');
  // The load reads one item more than the limit, so a larger cart is told so rather than cut short.
  const max = deps.maxLines ?? MAX_LINES;
  if (data.lines.length > max) throw apiError('CART_TOO_LARGE', { max });
  const negative = data.lines.filter((l) => l.amount.isNegative());
  if (negative.length) {
    throw ApiError.invalid(negative.map((l) => fieldError('NEGATIVE_AMOUNT', { item: String(l.item.id), name: String(l.item.name), amount: l.amount.toFixed() })));
  }
  const places = 2;
  const itemTotal = data.lines.reduce((s, l) => s.plus(l.amount), new Decimal(0));
  const shipping = data.lines.reduce((s, l) => s.plus(l.shipping), new Decimal(0));
  const taxes = computeTaxes({
    taxes: data.taxes, destination: { country: cart.shipping_country, region: cart.shipping_region, city: cart.shipping_city },
    lines: data.lines.map((l) => ({ categoryId: l.categoryId, amount: l.amount.toFixed(), shipping: l.shipping.toFixed(), shipto: shiptoOf(l.item) })),
    customerHasTaxId: !!data.customer?.tax_id, liveRates: await liveRates(data, cart, deps), currencyDecimals: places,
  });
  const totalOrder = itemTotal.plus(shipping).plus(taxes.totalTax).toDecimalPlaces(places, Decimal.ROUND_HALF_UP);
  const fraud = await runFraudChecks(data.protections, summaryOf(data, cart, totalOrder), input.recaptcha_token, deps.fraud);
  const logs: FraudLog[] = [...fraud.logs];
  const amount = totalOrder.toFixed(places);
  let status: string;
  let authorization: Authorization | undefined;
  let request: AuthorizationRequest | undefined;
  if (fraud.verdict === 'reject') status = 'rejected';
  else if (fraud.verdict === 'review') status = 'pending_fraud_review';
  else {
    request = { storeId: Number(cart.store_id), amount, currencyCode: String(data.store.currency_code ?? 'USD'), paymentToken: input.payment_token, reference: `cart:${cart.id}` };
    authorization = await deps.gateway.authorize(request);
    status = authorization.approved ? 'authorized' : 'declined';
  }
  logs.push({
    action: 'authorize', status, message: authorization?.message ?? 'payment not attempted',
    details: authorization?.authorizationId ? { authorization_id: authorization.authorizationId } : undefined,
  });
  const draft = {
    cart, data, status, isTest: deps.sandbox || data.gateway === 'test', logs, applied: taxes.applied,
    totals: { item: itemTotal.toFixed(places), tax: taxes.totalTax, shipping: shipping.toFixed(places), order: amount },
    amount,
  };
  return { data, draft, authorization, request };
}

export async function checkout(ctx: ServiceContext, cartId: number, input: CheckoutInput, deps: CheckoutDeps): Promise<Values> {
  const leaseMs = claimLeaseMs(deps);
  const database = dataOf(ctx).database;
  await beforeClaim(ctx);
  // One transaction claims the cart and loads what the checkout needs. When pricing calls nothing
  // outside the process, it also prices, authorizes and writes, and commits once: the claim's row
  // lock (PostgreSQL) or BEGIN IMMEDIATE (SQLite) holds every other checkout of the cart until the
  // cart is gone, so they find it checked out. Otherwise it commits the claim alone, before any
  // outbound call, and the write follows in a transaction of its own (issue 13).
  // A token check still to ride (auth/token-check.ts) goes with the claim; beforeClaim left the
  // expired cart items to its answer.
  const checkWaiting = ctx.principal.check?.waiting === true;
  let claim: CartClaim | undefined;
  let inside: Priced | undefined;
  let first: { data: CheckoutData; written?: CheckoutWritten; transactionId?: number } | undefined;
  try {
    first = await inTransaction(database, async (tx) => {
      const claiming = claimQuery(tx, ctx, cartId, leaseMs, database.dialect === 'postgres');
      if (!claiming) return undefined;
      // The claim and the loads in one round trip on PostgreSQL: the loads read only a cart claimed
      // with this token. The claim reserves the transaction's id (PostgreSQL; checkout-write.ts).
      const [made, items, taxes] = await pipelined<Row>(tx,
        [claiming.query, ...loadQueries(tx, database.templates, database.dialect, cartId, claiming.token, (deps.maxLines ?? MAX_LINES) + 1)]);
      // The loads may hold expired items: the claim is rolled back, they go, and the checkout starts again.
      if (purgeNeeded(ctx, checkWaiting)) throw new PurgeFirst();
      claim = claimed(ctx, made.rows, claiming.token);
      if (!claim) return undefined;
      const data = await checkoutData(ctx, tx, items.rows as ItemRow[], taxes.rows as TaxRow[]);
      const { transactionId } = claim;
      if (callsOut(data, deps)) return { data, transactionId };
      inside = await price(claim.cart, data, input, deps);
      return { data, written: await writeRows(tx, ctx, { ...inside.draft, claim, now: formatTimestamp(ctx.clock.now()), transactionId }) };
    });
  } catch (err) {
    // Its check answered now, the checkout's beforeClaim purges this time.
    if (err instanceof PurgeFirst) return checkout(ctx, cartId, input, deps);
    // A connection lost at the COMMIT may not have lost the checkout: the database says.
    const after = claim ? await committedAfterAll(ctx, claim, err) : undefined;
    if (after !== undefined && after !== 'unknown') {
      ctx.bus.publish(Number(claim!.cart.store_id));
      return after;
    }
    // The write or its commit failed after an in-process authorization: void it, as below.
    if (claim && inside?.authorization?.approved) await settleAuthorization(ctx, deps.gateway, claim, inside.authorization, inside.request!, err, after);
    throw err;
  }
  if (!first || !claim) throw await notClaimed(ctx, cartId);
  if (first.written) {
    ctx.bus.publish(Number(claim.cart.store_id), first.written.dispatch);
    return first.written.row;
  }
  return outboundCheckout(ctx, claim, first.data, input, deps, leaseMs, first.transactionId);
}

/** The rest of a checkout whose pricing calls out, under its committed claim. */
async function outboundCheckout(ctx: ServiceContext, claim: CartClaim, data: CheckoutData, input: CheckoutInput,
  deps: CheckoutDeps, leaseMs: number, transactionId: number | undefined): Promise<Values> {
  const stopRenewing = keepClaim(ctx, claim, leaseMs);
  try {
    let priced: Priced;
    try {
      priced = await price(claim.cart, data, input, deps);
    } catch (err) {
      await releaseClaim(ctx, claim);
      throw err;
    }
    try {
      return await writeTransaction(ctx, { ...priced.draft, claim, now: formatTimestamp(ctx.clock.now()), transactionId });
    } catch (err) {
      const after = await committedAfterAll(ctx, claim, err);
      if (after !== undefined && after !== 'unknown') {
        ctx.bus.publish(Number(claim.cart.store_id));
        return after;
      }
      // An authorization without a committed transaction would hold the customer's money for nothing.
      if (priced.authorization?.approved) await settleAuthorization(ctx, deps.gateway, claim, priced.authorization, priced.request!, err, after);
      await releaseClaim(ctx, claim).catch(() => undefined);
      throw err;
    }
  } finally {
    stopRenewing();
  }
}
