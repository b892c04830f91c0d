// The rules of each resource that has any, by resource name.
import type { ResourceRules } from './rules.js';
import { taxRules } from './tax.js';

export const resourceRules: Record<string, ResourceRules> = {
  tax: taxRules,
};
