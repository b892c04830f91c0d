// Collection POSTs whose answer is more than the created resource: creating a store through a
// user's `svc:stores` also returns the store token of the chain (DESIGN §4). Declared by the store's
// `@handlers(create: true)` and looked up through src/rest/resource-handlers.ts.
import type { FastifyReply, FastifyRequest } from 'fastify';
import { createStoreWithToken, requireScope } from '../auth/oauth.js';
import { USER_FULL } from '../auth/scopes.js';
import type { Parent } from '../services/resource-service.js';
import { apiError } from '../services/error-catalog.js';
import { bodyObject } from './body.js';
import { sendRepresentation, serviceContext } from './http.js';
import { representOne } from './represent.js';

export async function createStore(req: FastifyRequest, reply: FastifyReply, parent: Parent): Promise<FastifyReply> {
  const ctx = serviceContext(req);
  requireScope(ctx, USER_FULL);
  if (parent.resource.name !== 'user' || parent.id !== ctx.principal.userId) throw apiError('NO_SUCH', { what: 'user' });
  const { store, token } = await createStoreWithToken(ctx, req.server.container.tokens, bodyObject(req));
  const rep = await representOne(ctx, ctx.registry.resource('store'), store);
  rep.properties.token = token;
  return sendRepresentation(req, reply, rep, { status: 201, headers: { location: rep.self.href, 'cache-control': 'no-store' } });
}
