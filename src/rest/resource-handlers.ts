// Writes a resource answers with a handler of its own instead of the generic service. Which ones, its
// SDL declares (`@handlers`, ResourceDef.handlers); the functions are transport code, so they stay
// here, in the one table of them, and are found through the declaration. checkResourceHandlers
// holds the table and the declarations equal at start-up: a declared handler without a function, or
// a function no resource declares, refuses to start instead of silently falling back to the generic
// write.
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ListQuery } from '../data/query.js';
import type { HttpMethod, Registry, ResourceDef } from '../model/types.js';
import type { Parent } from '../services/resource-service.js';
import { attributeCollection, type CollectionHandler, type CollectionMethod } from './collection-handlers.js';
import { createStore } from './custom-creates.js';
import { createDownloadable, updateDownloadable } from './uploads.js';

/** A POST to a collection of the resource. */
export type CustomCreate = (req: FastifyRequest, reply: FastifyReply, parent: Parent) => Promise<FastifyReply>;
/** A multipart/form-data PATCH or PUT of a member. */
export type CustomUpdate = (req: FastifyRequest, reply: FastifyReply, id: number, mode: 'patch' | 'put', query: ListQuery) => Promise<FastifyReply>;

interface ResourceHandlers {
  create?: CustomCreate;
  update?: CustomUpdate;
  collection?: Partial<Record<CollectionMethod, CollectionHandler>>;
}

/** The handler functions, by the resource whose `@handlers` declares them. */
export const RESOURCE_HANDLERS: Readonly<Record<string, ResourceHandlers>> = {
  store: { create: createStore },
  downloadable: { create: createDownloadable, update: updateDownloadable },
  attribute: { collection: attributeCollection },
};

export function createHandler(r: ResourceDef): CustomCreate | undefined {
  return r.handlers.create ? RESOURCE_HANDLERS[r.name]?.create : undefined;
}

export function updateHandler(r: ResourceDef): CustomUpdate | undefined {
  return r.handlers.update ? RESOURCE_HANDLERS[r.name]?.update : undefined;
}

export function collectionHandler(r: ResourceDef, method: string): CollectionHandler | undefined {
  return r.handlers.collection.includes(method as HttpMethod) ? RESOURCE_HANDLERS[r.name]?.collection?.[method as CollectionMethod] : undefined;
}

/** Where the table and the `@handlers` declarations disagree, one line each. */
export function handlerMismatches(registry: Registry): string[] {
  const out: string[] = [];
  for (const name of Object.keys(RESOURCE_HANDLERS)) if (!registry.byName.has(name)) out.push(`${name}: handlers of an unknown resource`);
  for (const r of registry.resources) {
    const fns = RESOURCE_HANDLERS[r.name] ?? {};
    const declared = { create: r.handlers.create, update: r.handlers.update };
    for (const kind of ['create', 'update'] as const) {
      if (declared[kind] && !fns[kind]) out.push(`${r.name}: @handlers(${kind}: true) but no ${kind} handler`);
      if (!declared[kind] && fns[kind]) out.push(`${r.name}: a ${kind} handler that @handlers does not declare`);
    }
    const methods = new Set<string>([...r.handlers.collection, ...Object.keys(fns.collection ?? {})]);
    for (const m of methods) {
      const has = !!fns.collection?.[m as CollectionMethod];
      if (r.handlers.collection.includes(m as HttpMethod) !== has) {
        out.push(has ? `${r.name}: a collection ${m} handler that @handlers does not declare` : `${r.name}: @handlers(collection) declares ${m} but no handler answers it`);
      }
    }
  }
  return out;
}

export function checkResourceHandlers(registry: Registry): void {
  const problems = handlerMismatches(registry);
  if (problems.length) throw new Error(`@handlers and src/rest/resource-handlers.ts disagree:\n${problems.join('\n')}`);
}
