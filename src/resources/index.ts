// The rules of each resource that has any, by resource name.
import type { ResourceRules } from './rules.js';
import { subscriptionRules } from './subscription.js';
import { taxRules } from './tax.js';
import { downloadableRules } from './downloadable.js';
import { itemRules } from './item.js';
import { fraudProtectionRules } from './fraud_protection.js';
import { paymentMethodSetFraudProtectionRules } from './payment_method_set_fraud_protection.js';
import { webhookRules } from './webhook.js';
import { cartRules } from './cart.js';
import { downloadRules } from './download.js';

export const resourceRules: Record<string, ResourceRules> = {
  subscription: subscriptionRules,
  tax: taxRules,
  downloadable: downloadableRules,
  item: itemRules,
  fraud_protection: fraudProtectionRules,
  payment_method_set_fraud_protection: paymentMethodSetFraudProtectionRules,
  webhook: webhookRules,
  cart: cartRules,
  download: downloadRules,
};
