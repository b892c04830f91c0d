// The commerce actions of the REST facade: a cart's svc:checkout and a transaction's svc:capture,
// svc:void and svc:refund (POST, empty body). They answer with the resulting transaction.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { checkout } from '../commerce/checkout.js';
import { transition, type PaymentAction } from '../commerce/transitions.js';
import { bodyObject, idParam } from './body.js';
import { sendRepresentation, serviceContext } from './http.js';
import { representOne } from './represent.js';

async function sendTransaction(req: FastifyRequest, reply: FastifyReply, row: Awaited<ReturnType<typeof checkout>>, status: number) {
  const ctx = serviceContext(req);
  const rep = await representOne(ctx, ctx.registry.resource('transaction'), row);
  return sendRepresentation(req, reply, rep, { status, etag: true, headers: status === 201 ? { location: rep.self.href } : {} });
}

export function registerCommerceRoutes(app: FastifyInstance): void {
  // A checkout's first statement carries its token check (commerce/checkout.ts), and so does a
  // payment action's read of its transaction: both are answered before anything else happens.
  app.post('/carts/:id/checkout', { config: { rest: true, ridesCheck: () => true } }, async (req, reply) => {
    const ctx = serviceContext(req);
    const body = bodyObject(req);
    const input = {
      payment_token: typeof body.payment_token === 'string' ? body.payment_token : undefined,
      recaptcha_token: typeof body.recaptcha_token === 'string' ? body.recaptcha_token : undefined,
    };
    const row = await checkout(ctx, idParam((req.params as { id: string }).id, 'cart'), input, app.container.checkout);
    return sendTransaction(req, reply, row, 201);
  });
  for (const action of ['capture', 'void', 'refund'] as PaymentAction[]) {
    app.post(`/transactions/:id/${action}`, { config: { rest: true, ridesCheck: () => true } }, async (req, reply) => {
      const row = await transition(serviceContext(req), idParam((req.params as { id: string }).id, 'transaction'), action);
      return sendTransaction(req, reply, row, 200);
    });
  }
}
