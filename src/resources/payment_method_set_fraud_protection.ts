// Enabling a fraud protection on a payment method set. The set comes from the collection the link is
// posted to (its svc:payment_method_set_fraud_protections); a payment_method_set_uri naming another
// set is refused rather than silently overridden, and enabling the same protection twice is a 409
// naming fraud_protection_uri (the unique index would only say "duplicate").
import { ApiError } from '../services/errors.js';
import { idFromHref } from '../services/refs.js';
import type { ResourceRules } from './rules.js';

export const paymentMethodSetFraudProtectionRules: ResourceRules = {
  async beforeWrite(columns, w, ctx, tx) {
    if (w.mode !== 'create') return;
    const setId = columns.payment_method_set_id;
    if (setId == null) {
      throw ApiError.invalid([{ field: 'payment_method_set_uri', code: 'required', message: 'payment_method_set_uri is required' }]);
    }
    const given = w.input.payment_method_set_uri;
    if (typeof given === 'string' && given !== '') {
      const named = idFromHref(ctx.baseUrl, ctx.registry.resource('payment_method_set'), given);
      if (named !== setId) {
        throw ApiError.invalid([{
          field: 'payment_method_set_uri', code: 'mismatch',
          message: 'payment_method_set_uri must be the payment method set whose collection this is posted to',
        }]);
      }
    }
    const dup = await tx.selectFrom('payment_method_set_fraud_protections').select('id')
      .where('payment_method_set_id', '=', setId as number).where('fraud_protection_id', '=', columns.fraud_protection_id as number)
      .executeTakeFirst();
    if (dup) {
      throw ApiError.conflict('duplicate', 'this fraud protection is already enabled on this payment method set', 'fraud_protection_uri');
    }
  },
};
