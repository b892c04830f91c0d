// Resending webhooks through GraphQL, over the same service functions as the REST routes.
import { refeedTransaction, resendSince } from '../events/resend.js';
import type { Registry } from '../model/types.js';
import type { MutationResolvers } from './__generated__/resolvers-types.js';
import { userErrorsOf } from './errors.js';
import { apiError } from '../services/error-catalog.js';

function idOf(raw: string): number {
  if (!/^[1-9]\d{0,15}$/.test(raw)) throw apiError('NO_SUCH', { what: 'resource' });
  return Number(raw);
}

export function resendResolvers(registry: Registry): Pick<MutationResolvers, 'sendTransactionWebhooks' | 'resendWebhookEvents'> {
  const webhook = registry.resource('webhook');
  return {
    sendTransactionWebhooks: async (_, args, ctx) => {
      try {
        const event = await refeedTransaction(ctx.svc, idOf(args.id), { refeed_hooks: args.refeedHooks, event: 'refeed' });
        return { event, userErrors: [] };
      } catch (err) {
        return { event: null, userErrors: userErrorsOf(err, webhook).map((e) => ({ ...e, field: e.field === 'refeed_hooks' ? 'refeedHooks' : e.field })) };
      }
    },
    resendWebhookEvents: async (_, args, ctx) => {
      try {
        return { ...await resendSince(ctx.svc, idOf(args.id), { since: args.since }), userErrors: [] };
      } catch (err) {
        return { since: null, queued: null, userErrors: userErrorsOf(err, webhook) };
      }
    },
  };
}
