// The GraphQL context: the same ServiceContext the REST facade uses, plus per-request loaders and
// what checkout needs beyond the request.
import type { ServiceContext } from '../services/context.js';
import type { CheckoutDeps } from '../commerce/checkout.js';
import { Loaders } from './loaders.js';

export interface GraphQLContext {
  svc: ServiceContext;
  loaders: Loaders;
  checkout: CheckoutDeps;
  /** Whose rate-limit budget the operation spends (src/ops/rate-limit.ts). */
  budgetKey?: string;
  /** Whether the HTTP client has closed its connection (a paced result stops then: paced-result.ts). */
  clientGone?: () => boolean;
}

export function graphqlContext(svc: ServiceContext, checkout: CheckoutDeps): GraphQLContext {
  return { svc, loaders: new Loaders(svc), checkout };
}
