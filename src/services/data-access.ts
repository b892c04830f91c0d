// The data handles (repository and database) of a ServiceContext, for services only. The context
// itself no longer carries them as properties: a transport holding a context cannot reach rows or
// SQL except through service functions (src/services/reader.ts for reads), and a service that needs
// the handles says so by calling dataOf, which a layering check can find. The handles live in a
// module-private symbol slot filled by the container's context factory; the slot is enumerable so
// that a copy of a context (`{ ...ctx, principal }`) keeps them.
import type { Database } from '../db/database.js';
import type { Repository } from '../data/repository.js';
import type { ServiceContext } from './context.js';

export interface DataHandles {
  readonly repo: Repository;
  readonly database: Database;
}

const DATA = Symbol('service data handles');

type Slotted = { [DATA]?: DataHandles };

/** Gives a context its data handles (the container's context factory, once per context). */
export function withData<T extends object>(ctx: T, handles: DataHandles): T {
  Object.defineProperty(ctx, DATA, { value: handles, enumerable: true, writable: false, configurable: false });
  return ctx;
}

/** The repository and database behind a context made by the container. */
export function dataOf(ctx: ServiceContext): DataHandles {
  const handles = (ctx as Slotted)[DATA];
  if (!handles) throw new Error('this ServiceContext was not made by the container: it has no data handles');
  return handles;
}
