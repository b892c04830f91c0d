// Enabling a fraud protection on a payment method set. The set comes from the collection the link is
// posted to (its svc:payment_method_set_fraud_protections); a payment_method_set_uri naming another
// set is refused rather than silently overridden, and enabling the same protection twice is a 409
// naming fraud_protection_uri (the unique index would only say "duplicate").
import { idFromHref } from '../services/refs.js';
import type { ResourceRules } from './rules.js';
import { apiError } from '../services/error-catalog.js';

export const paymentMethodSetFraudProtectionRules: ResourceRules = {
  async beforeWrite(columns, w, ctx, tx) {
    if (w.mode !== 'create') return;
    const setId = columns.payment_method_set_id;
    if (setId == null) {
      throw apiError('PAYMENT_METHOD_SET_REQUIRED', {}, { field: 'payment_method_set_uri' });
    }
    const given = w.input.payment_method_set_uri;
    if (typeof given === 'string' && given !== '') {
      const named = idFromHref(ctx.baseUrl, ctx.registry.resource('payment_method_set'), given);
      if (named !== setId) {
        throw apiError('PAYMENT_METHOD_SET_MISMATCH', {}, { field: 'payment_method_set_uri' });
      }
    }
    const dup = await tx.selectFrom('payment_method_set_fraud_protections').select('id')
      .where('payment_method_set_id', '=', setId as number).where('fraud_protection_id', '=', columns.fraud_protection_id as number)
      .executeTakeFirst();
    if (dup) {
      throw apiError('DUPLICATE_FRAUD_PROTECTION', {}, { field: 'fraud_protection_uri' });
    }
  },
};
