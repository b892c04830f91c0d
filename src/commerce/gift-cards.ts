// Gift card provisioning at checkout: an item whose `code` is the sku of one of the store's gift
// cards with allow_autoprovisioning gets one gift card code per unit, each holding the item's unit
// price (price plus option modifiers). Runs inside the checkout's write transaction, so the codes
// exist exactly when the transaction does.
import { randomInt } from 'node:crypto';
import type { Tx } from '../db/database.js';
import type { Values } from '../data/codec.js';
import { recordChange } from '../events/record.js';
import type { NewEvent } from '../events/log.js';
import type { ServiceContext } from '../services/context.js';
import type { CartLine } from './checkout-data.js';
import { dataOf } from '../services/data-access.js';
import { apiError } from '../services/error-catalog.js';

/** No 0/O, 1/I/L: a code read aloud or off a card is not mistyped. 31 symbols. */
const ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
/** 20 symbols of 31: about 99 bits, unguessable. */
const CODE_LENGTH = 20;

export function giftCardCode(): string {
  let s = '';
  for (let i = 0; i < CODE_LENGTH; i++) s += ALPHABET[randomInt(ALPHABET.length)];
  return s;
}

/**
 * Codes one line may provision: each is a row written inside the checkout's transaction, so an
 * unbounded quantity (a hostile cart of 2,000,000,000 gift cards) would be an unbounded write.
 */
export const MAX_CODES_PER_LINE = 100;

/** Only a paid transaction provisions codes: a declined, rejected or held one has nothing to give. */
const PROVISIONING = new Set(['authorized', 'captured']);

export async function provisionGiftCards(tx: Tx, ctx: ServiceContext, txn: Values, lines: CartLine[], now: string,
  batch?: NewEvent[]): Promise<void> {
  if (!PROVISIONING.has(String(txn.status))) return;
  const skus = [...new Set(lines.map((l) => l.item.code).filter((c): c is string => typeof c === 'string' && c !== ''))];
  if (!skus.length) return;
  const cards = await tx.selectFrom('gift_cards').select(['id', 'sku'])
    .where('store_id', '=', Number(txn.store_id)).where('allow_autoprovisioning', '=', 1).where('sku', 'in', skus).execute();
  if (!cards.length) return;
  const bySku = new Map(cards.map((c) => [String(c.sku), Number(c.id)]));
  const codeR = ctx.registry.resource('gift_card_code');
  for (const { item, amount } of lines) {
    const giftCardId = bySku.get(String(item.code ?? ''));
    if (giftCardId === undefined) continue;
    const quantity = Number(item.quantity ?? 1);
    if (quantity > MAX_CODES_PER_LINE) {
      // Refused inside the write: it rolls back and the authorization is voided (checkout.ts).
      throw apiError('TOO_MANY_GIFT_CARDS', { item: String(item.id), name: String(item.name), quantity, max: MAX_CODES_PER_LINE }, { field: 'quantity' });
    }
    const balance = amount.div(quantity).toFixed();
    let first: number | undefined;
    for (let i = 0; i < quantity; i++) {
      // The (store_id, code) unique index refuses a repeated code; at ~99 bits that is never expected.
      const row = await dataOf(ctx).repo.insert(codeR, {
        store_id: txn.store_id, item_id: item.id, gift_card_id: giftCardId, code: giftCardCode(),
        current_balance: balance, date_created: now, date_modified: now,
      }, tx);
      await recordChange(tx, ctx, codeR, 'created', undefined, row, { batch });
      first ??= row.id;
    }
    if (first !== undefined) await tx.updateTable('items').set({ provisioned_gift_card_code_id: first }).where('id', '=', item.id).execute();
  }
}
