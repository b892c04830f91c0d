// Subscriptions: switching one off (is_active to false) is its cancellation, announced as
// `subscription/cancelled` rather than a plain modification.
import type { ResourceRules } from './rules.js';

export const subscriptionRules: ResourceRules = {
  updateEvent(before, after) {
    return before.is_active && !after.is_active ? 'subscription/cancelled' : undefined;
  },
};
