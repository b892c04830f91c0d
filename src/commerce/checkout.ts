// POST to a cart's svc:checkout: taxes, fraud protections and payment, then one transaction that
// writes the transaction, moves the items, records applied taxes, logs, subscriptions and their
// events, and removes the cart. Every outbound call (tax endpoint, pre-checkout hook) happens
// before the transaction starts, so a slow hook never holds the database.
import { Decimal } from 'decimal.js';
import type { Values } from '../data/codec.js';
import { postOutbound } from '../net/outbound.js';
import { ApiError } from '../services/errors.js';
import type { ServiceContext } from '../services/context.js';
import { getRow } from '../services/resource-service.js';
import { formatTimestamp } from '../services/clock.js';
import { loadCheckoutData, type CheckoutData } from './checkout-data.js';
import { computeTaxes } from './taxes.js';
import { runFraudChecks, type CheckoutSummary, type FraudDeps, type FraudLog } from './fraud.js';
import { writeTransaction } from './checkout-write.js';

export interface CheckoutDeps {
  fraud: FraudDeps;
  sandbox: boolean;
}

export interface CheckoutInput {
  /** Test gateway token: `tok_decline` is declined, anything else authorizes. */
  payment_token?: string;
  recaptcha_token?: string;
}

async function liveRates(data: CheckoutData, cart: Values, deps: CheckoutDeps): Promise<Map<number, string>> {
  const live = data.taxes.filter((t) => t.isLive || t.type === 'custom_tax_endpoint');
  const rates = new Map<number, string>();
  if (!live.length) return rates;
  if (!data.customTaxUrl) return rates;
  const body = JSON.stringify({
    address: { country: cart.shipping_country, region: cart.shipping_region, city: cart.shipping_city, postal_code: cart.shipping_postal_code },
    taxes: live.map((t) => ({ id: t.id, name: t.name, type: t.type })),
    items: data.lines.map((l) => ({ category_id: l.categoryId, amount: l.amount.toFixed() })),
  });
  try {
    const res = await postOutbound(data.customTaxUrl, body, { 'content-type': 'application/json' },
      { allowPrivate: deps.fraud.allowPrivate, timeoutMs: deps.fraud.hookTimeoutMs });
    if (res.status < 200 || res.status > 299) throw new Error(`status ${res.status}`);
    const answer = JSON.parse(res.body) as { rate?: unknown; rates?: Record<string, unknown> };
    for (const t of live) {
      const r = answer.rates?.[String(t.id)] ?? answer.rate;
      if (r !== undefined && /^\d+(\.\d+)?$/.test(String(r))) rates.set(t.id, String(r));
    }
    return rates;
  } catch {
    // Charging no tax where tax is due is worse than asking the customer to retry.
    throw new ApiError('unavailable', [{ code: 'tax_endpoint_unavailable', message: 'the store\'s tax endpoint did not answer; try the checkout again' }]);
  }
}

function summaryOf(data: CheckoutData, cart: Values, totalOrder: Decimal): CheckoutSummary {
  return {
    storeId: Number(cart.store_id), cartId: cart.id, currencyCode: String(data.store.currency_code ?? 'USD'), totalOrder: totalOrder.toFixed(2),
    customerEmail: (cart.customer_email as string | null) ?? (data.customer?.email as string | undefined) ?? null,
    billingCountry: (cart.billing_country as string | null) ?? null, shippingCountry: (cart.shipping_country as string | null) ?? null,
    items: data.lines.map((l) => ({ name: String(l.item.name), code: (l.item.code as string | null) ?? null, quantity: Number(l.item.quantity), price: String(l.item.price) })),
  };
}

export async function checkout(ctx: ServiceContext, cartId: number, input: CheckoutInput, deps: CheckoutDeps): Promise<Values> {
  const r = ctx.registry.resource('cart');
  const cart = await getRow(ctx, r, cartId, 'write');
  const data = await loadCheckoutData(ctx, cart);
  if (!data.lines.length) throw ApiError.invalid([{ code: 'empty_cart', message: 'the cart has no items to check out' }]);
  const places = 2;
  const itemTotal = data.lines.reduce((s, l) => s.plus(l.amount), new Decimal(0));
  const shipping = data.lines.reduce((s, l) => s.plus(l.shipping), new Decimal(0));
  const taxes = computeTaxes({
    taxes: data.taxes, destination: { country: cart.shipping_country as string, region: cart.shipping_region as string, city: cart.shipping_city as string },
    lines: data.lines.map((l) => ({ categoryId: l.categoryId, amount: l.amount.toFixed(), shipto: (l.item.shipto as string | null) ?? null })),
    shipping: shipping.toFixed(), customerHasTaxId: !!data.customer?.tax_id, liveRates: await liveRates(data, cart, deps), currencyDecimals: places,
  });
  const totalOrder = itemTotal.plus(shipping).plus(taxes.totalTax).toDecimalPlaces(places, Decimal.ROUND_HALF_UP);
  const fraud = await runFraudChecks(data.protections, summaryOf(data, cart, totalOrder), input.recaptcha_token, deps.fraud);
  const logs: FraudLog[] = [...fraud.logs];
  let status: string;
  if (fraud.verdict === 'reject') status = 'rejected';
  else if (fraud.verdict === 'review') status = 'pending_fraud_review';
  else if (input.payment_token === 'tok_decline') status = 'declined';
  else status = 'authorized';
  logs.push({
    action: 'authorize', status,
    message: status === 'authorized' ? `authorized ${totalOrder.toFixed(places)} with the test gateway`
      : status === 'declined' ? 'the test gateway declined the payment' : 'payment not attempted',
  });
  const now = formatTimestamp(ctx.clock.now());
  return writeTransaction(ctx, {
    cart, data, status, now, isTest: deps.sandbox || data.gateway === 'test', logs, applied: taxes.applied,
    totals: { item: itemTotal.toFixed(places), tax: taxes.totalTax, shipping: shipping.toFixed(places), order: totalOrder.toFixed(places) },
    amount: totalOrder.toFixed(places),
  });
}

