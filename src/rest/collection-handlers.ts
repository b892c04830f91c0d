// Collection methods beyond the generic GET and single-object POST: the attributes collections take
// bulk POST, PATCH (merge by name), PUT (replace all) and DELETE. The member resource declares them
// (`@handlers(collection: …)`, looked up through src/rest/resource-handlers.ts), and a method answers
// only where the rel also declares it (@rel methods), so the Allow header, the rels pages and the
// routes agree.
import type { FastifyReply, FastifyRequest } from 'fastify';
import { deleteAttributes, writeAttributes, type AttributeWrite } from '../resources/attribute.js';
import { ApiError } from '../services/errors.js';
import { listChildren, type Parent } from '../services/resource-service.js';
import { bodyValue } from './body.js';
import { sendRepresentation, serviceContext } from './http.js';
import { actionFields } from './links.js';
import { parseListQuery } from './query-string.js';
import { chargeRead } from './query-cost.js';
import { representCollection, representOne } from './represent.js';

export type CollectionMethod = 'POST' | 'PATCH' | 'PUT' | 'DELETE';
export type CollectionHandler = (req: FastifyRequest, reply: FastifyReply, parent: Parent) => Promise<FastifyReply>;

function params(req: FastifyRequest): URLSearchParams {
  const i = req.url.indexOf('?');
  return new URLSearchParams(i >= 0 ? req.url.slice(i + 1) : '');
}

/** The collection as GET shows it, after a write to it. */
async function sendCollection(req: FastifyRequest, reply: FastifyReply, parent: Parent, status: number): Promise<FastifyReply> {
  const ctx = serviceContext(req);
  const member = ctx.registry.resource(parent.rel.target);
  const qs = params(req);
  const { query, errors } = parseListQuery(ctx.registry, member, qs);
  if (errors.length) throw ApiError.invalid(errors);
  await chargeRead(req, reply, member, query, 'collection');
  const page = await listChildren(ctx, parent, query);
  const href = `${ctx.baseUrl}${parent.resource.path}/${parent.id}/${parent.rel.name}`;
  const rep = await representCollection(ctx, member, parent.rel.name, href, qs, page, query, { fields: actionFields(member) });
  return sendRepresentation(req, reply, rep, { status, headers: status === 201 ? { location: href } : {} });
}

function attributeWrite(mode: AttributeWrite): CollectionHandler {
  return async (req, reply, parent) => {
    const ctx = serviceContext(req);
    const body = bodyValue(req);
    const rows = await writeAttributes(ctx, parent, body, mode);
    if (mode === 'append' && !Array.isArray(body)) {
      // One object posted: answered like any create, with the new attribute.
      const rep = await representOne(ctx, ctx.registry.resource(parent.rel.target), rows[0]);
      return sendRepresentation(req, reply, rep, { status: 201, etag: true, headers: { location: rep.self.href } });
    }
    return sendCollection(req, reply, parent, mode === 'append' ? 201 : 200);
  };
}

export const attributeCollection: Partial<Record<CollectionMethod, CollectionHandler>> = {
  POST: attributeWrite('append'),
  PATCH: attributeWrite('merge'),
  PUT: attributeWrite('replace'),
  async DELETE(req, reply, parent) {
    await deleteAttributes(serviceContext(req), parent);
    return reply.code(204).send();
  },
};
