// The GraphQL context: the same ServiceContext the REST facade uses, plus per-request loaders.
import type { ServiceContext } from '../services/context.js';
import { Loaders } from './loaders.js';

export interface GraphQLContext {
  svc: ServiceContext;
  loaders: Loaders;
}

export function graphqlContext(svc: ServiceContext): GraphQLContext {
  return { svc, loaders: new Loaders(svc) };
}
