// REST routes generated from the registry: every resource's member path and every to-many rel's
// collection path, each with one dispatcher that answers 405 with Allow for other methods.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { RelDef, ResourceDef } from '../model/types.js';
import { ApiError } from '../services/errors.js';
import { apiError } from '../services/error-catalog.js';
import { createOrAbsorbRow, deleteRow, getRow, listChildren, updateRow } from '../services/resource-service.js';
import { bodyObject, effectiveMethod, idParam } from './body.js';
import { checkIfMatch, sendRepresentation, serviceContext } from './http.js';
import { actionFields } from './links.js';
import { parseListQuery } from './query-string.js';
import { chargeRead } from './query-cost.js';
import { representCollection, representOne } from './represent.js';
import { checkResourceHandlers, collectionHandler, createHandler, updateHandler } from './resource-handlers.js';
import { methodNotAllowed } from './methods.js';
import { sendDeleted } from './html-feedback.js';

const ALL = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'] as const;

function params(req: FastifyRequest): URLSearchParams {
  const i = req.url.indexOf('?');
  return new URLSearchParams(i >= 0 ? req.url.slice(i + 1) : '');
}

/** Methods a member path answers (its Allow header; also shown on the /rels pages). */
export function memberAllow(r: ResourceDef): string[] {
  return ['GET', 'HEAD', ...r.methods.filter((m) => m !== 'GET'), 'OPTIONS'];
}

/** Methods a to-many rel's collection path answers (`member` is the rel's target). */
export function collectionAllow(rel: RelDef, member: ResourceDef): string[] {
  const writes = (['POST', 'PATCH', 'PUT', 'DELETE'] as const)
    .filter((m) => rel.methods.includes(m) && (m === 'POST' || member.handlers.collection.includes(m)));
  return ['GET', 'HEAD', ...writes, 'OPTIONS'];
}

function memberRoute(app: FastifyInstance, r: ResourceDef): void {
  const allow = memberAllow(r);
  app.route({
    // Every write of a member goes through the resource service, in the context's transaction; a
    // multipart update (its file) is not ridden (app.ts jsonOrNone).
    method: [...ALL], url: `${r.path}/:id`, config: { rest: true, ridesCheck: () => true },
    handler: async (req, reply) => {
      const method = effectiveMethod(req);
      if (method === 'OPTIONS') return reply.header('allow', allow.join(', ')).code(204).send();
      if (!allow.includes(method)) throw methodNotAllowed(allow);
      const ctx = serviceContext(req);
      const id = idParam((req.params as { id: string }).id, r.name);
      const { query, errors } = parseListQuery(app.container.registry, r, params(req));
      if (errors.length) throw ApiError.invalid(errors);
      await chargeRead(req, reply, r, query, 'member');
      if (method === 'GET' || method === 'HEAD') {
        const row = await getRow(ctx, r, id);
        return sendRepresentation(req, reply, await representOne(ctx, r, row, query), { etag: true });
      }
      // The row the ETag was checked against: the write goes ahead only if it is still the same.
      let ifUnchanged;
      if (req.headers['if-match']) {
        ifUnchanged = await getRow(ctx, r, id);
        checkIfMatch(req, await representOne(ctx, r, ifUnchanged));
      }
      if (method === 'DELETE') {
        await deleteRow(ctx, r, id, { ifUnchanged });
        return sendDeleted(req, reply, r, id);
      }
      const customUpdate = updateHandler(r);
      if (customUpdate && req.isMultipart()) return customUpdate(req, reply, id, method === 'PUT' ? 'put' : 'patch', query);
      const row = await updateRow(ctx, r, id, bodyObject(req), method === 'PUT' ? 'put' : 'patch', { ifUnchanged });
      return sendRepresentation(req, reply, await representOne(ctx, r, row, query), { etag: true });
    },
  });
}

/**
 * Serves a collection rel. `parentIdOf` finds the parent: the `:id` of the path, or (for the
 * spec's store-level paths such as `{base}/native_integrations`) the token's store.
 */
function collectionRoute(app: FastifyInstance, parent: ResourceDef, rel: RelDef, url = `${parent.path}/:id/${rel.name}`,
  parentIdOf: (req: FastifyRequest) => number = (req) => idParam((req.params as { id: string }).id, parent.name)): void {
  const member = app.container.registry.resource(rel.target);
  const allow = collectionAllow(rel, member);
  const canPost = allow.includes('POST');
  const plainCreate = !createHandler(member) && !collectionHandler(member, 'POST');
  app.route({
    // A plain create goes through the resource service; the special handlers (bulk attributes, a
    // store created with its token) are not ridden.
    method: [...ALL], url, config: { rest: true, ridesCheck: (req) => effectiveMethod(req) === 'POST' && plainCreate },
    handler: async (req, reply) => {
      // An override must not turn an intended DELETE into a create: it is answered like the real method.
      const method = effectiveMethod(req);
      if (method === 'OPTIONS') return reply.header('allow', allow.join(', ')).code(204).send();
      if (!allow.includes(method)) throw methodNotAllowed(allow);
      const ctx = serviceContext(req);
      const parentRef = { resource: parent, id: parentIdOf(req), rel };
      const qs = params(req);
      const handler = collectionHandler(member, method);
      if (handler) return handler(req, reply, parentRef);
      if (method === 'POST') {
        const custom = createHandler(member);
        if (custom) return custom(req, reply, parentRef);
        // A create a rule folded into an existing row (an identical cart item) answers 200, not 201.
        const { row, created } = await createOrAbsorbRow(ctx, member, bodyObject(req), { parent: parentRef });
        const rep = await representOne(ctx, member, row);
        const where: Record<string, string> = { [created ? 'location' : 'content-location']: rep.self.href };
        return sendRepresentation(req, reply, rep, { status: created ? 201 : 200, etag: true, headers: where });
      }
      const { query, errors } = parseListQuery(app.container.registry, member, qs);
      if (errors.length) throw ApiError.invalid(errors);
      await chargeRead(req, reply, member, query, 'collection');
      const page = await listChildren(ctx, parentRef, query);
      const href = `${app.container.config.baseUrl}${parent.path}/${parentRef.id}/${rel.name}`;
      const rep = await representCollection(ctx, member, rel.name, href, qs, page, query,
        canPost ? { fields: actionFields(member) } : undefined);
      return sendRepresentation(req, reply, rep);
    },
  });
}

/** The store of the token, for collections the spec places at the top level. */
function tokenStore(req: FastifyRequest): number {
  if (req.principal.kind === 'anonymous') throw apiError('TOKEN_REQUIRED');
  if (!req.principal.storeId) throw apiError('NO_SUCH', { what: 'store' });
  return req.principal.storeId;
}


export function registerResourceRoutes(app: FastifyInstance): void {
  checkResourceHandlers(app.container.registry);
  for (const r of app.container.registry.resources) {
    memberRoute(app, r);
    for (const rel of r.rels) if (rel.kind === 'many') collectionRoute(app, r, rel);
  }
  const store = app.container.registry.resource('store');
  // Store collections the spec also addresses without a store in the path (`@rel(topLevel: true)`).
  for (const rel of store.rels.filter((x) => x.topLevel)) collectionRoute(app, store, rel, `/${rel.name}`, tokenStore);
}
