// The REST side of webhook delivery: the resend actions (a transaction's svc:send_webhooks and a
// webhook's resend of everything since a time) and the payload renderer the dispatcher is given,
// so webhook bodies are exactly what this facade answers (HAL+JSON, shaped by the webhook query)
// while src/events never imports the transport.
import type { FastifyInstance } from 'fastify';
import type { Dispatcher } from '../events/dispatcher.js';
import type { PayloadRenderer } from '../events/payload.js';
import { refeedTransaction, resendSince } from '../events/resend.js';
import { renderHalJson } from '../representations/hal-json.js';
import type { Representation } from '../representations/types.js';
import type { Registry } from '../model/types.js';
import { bodyObject, idParam } from './body.js';
import { sendRepresentation, serviceContext } from './http.js';
import { parseListQuery } from './query-string.js';
import { useWebhookQueryParser } from '../resources/webhook.js';
import { representOne } from './represent.js';
import { svc } from './links.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The webhook dispatcher, when the app runs one (tests call runOnce() on it). */
    dispatcher?: Dispatcher;
  }
}

export function halPayloadRenderer(registry: Registry, baseUrl: string, curieName?: string): PayloadRenderer {
  return {
    parse: (r, query) => parseListQuery(registry, r, new URLSearchParams(query)),
    render: async (ctx, r, row, query) => renderHalJson(await representOne(ctx, r, row, query), { baseUrl, curieName }),
  };
}

/**
 * `dispatch` makes the dispatcher from this facade's payload renderer; buildApp, which holds the
 * data layer the dispatcher needs, passes it unless the app runs without one.
 */
export function registerWebhookRoutes(app: FastifyInstance, opts: { dispatch?: (renderer: PayloadRenderer) => Dispatcher } = {}): Dispatcher | undefined {
  // Webhook writes check their `query` with the parser this facade answers with.
  useWebhookQueryParser((registry, r, query) => parseListQuery(registry, r, new URLSearchParams(query)));
  app.post('/transactions/:id/send_webhooks', { config: { rest: true } }, async (req, reply) => {
    const ctx = serviceContext(req);
    const event = await refeedTransaction(ctx, idParam((req.params as { id: string }).id, 'transaction'), bodyObject(req));
    const rep = await representOne(ctx, ctx.registry.resource('event'), event);
    return sendRepresentation(req, reply, rep, { status: 202, headers: { location: rep.self.href } });
  });

  app.post('/webhooks/:id/resend', { config: { rest: true } }, async (req, reply) => {
    const ctx = serviceContext(req);
    const id = idParam((req.params as { id: string }).id, 'webhook');
    const result = await resendSince(ctx, id, bodyObject(req));
    const self = `${ctx.baseUrl}/webhooks/${id}`;
    const rep: Representation = {
      self: { href: `${self}/resend`, title: 'Resend of the webhook\'s events' },
      class: ['webhook_resend'],
      properties: { since: result.since, queued: result.queued },
      links: [
        { rel: svc('webhook'), link: { href: self, title: 'Webhook' } },
        { rel: svc('statuses'), link: { href: `${self}/statuses`, title: 'Delivery state per event' } },
      ],
      embedded: [],
      actions: [],
    };
    return sendRepresentation(req, reply, rep, { status: 202 });
  });

  if (!opts.dispatch) return undefined;
  const { container } = app;
  const dispatcher = opts.dispatch(halPayloadRenderer(container.registry, container.config.baseUrl, container.config.curieName));
  app.decorate('dispatcher', dispatcher);
  return dispatcher;
}
