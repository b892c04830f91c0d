// What a browser sees after a page form deleted something. The API answers DELETE with 204 and no
// body, which a browser that submitted a form shows as nothing happening (it stays on the page of
// what is now gone). A form's POST standing for DELETE that asked for HTML gets a page instead,
// saying what was deleted and linking home; every other client keeps the spec's 204.
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ResourceDef } from '../model/types.js';
import type { Representation } from '../representations/types.js';
import { requestUrl, sendRepresentation } from './http.js';

/** A browser form (POST with `_method=DELETE`) asking for a page, as opposed to an API client. */
function fromPageForm(req: FastifyRequest): boolean {
  return req.method === 'POST' && req.negotiated === 'text/html';
}

export function sendDeleted(req: FastifyRequest, reply: FastifyReply, r: ResourceDef, id: number): FastifyReply {
  if (!fromPageForm(req)) return reply.code(204).send();
  const baseUrl = req.server.container.config.baseUrl;
  const rep: Representation = {
    self: { href: requestUrl(req), title: `${r.title} deleted` },
    class: ['deleted', r.name],
    properties: { message: `${r.title} ${id} was deleted.` },
    links: [{ rel: 'home', link: { href: `${baseUrl}/`, title: 'Home' } }],
    embedded: [],
    actions: [],
  };
  return sendRepresentation(req, reply, rep);
}
