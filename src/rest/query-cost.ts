// The cost of a REST read, known before any SQL runs (src/data/cost.ts, the model GraphQL uses):
// over the limit, or zoomed deeper than the hard cap, the request is refused with 400 naming the
// number and the limit; otherwise the answer reports its cost in `Request-Cost` and the cost is
// spent from the caller's rate-limit budget (src/ops/rate-limit.ts), 429 once it is used up.
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ResourceDef } from '../model/types.js';
import type { ListQuery } from '../data/query.js';
import { restReadCost, zoomDepth } from '../data/cost.js';
import { ApiError } from '../services/errors.js';
import { budgetKey, setRateLimitHeaders } from '../ops/rate-limit.js';

export async function chargeRead(req: FastifyRequest, reply: FastifyReply, r: ResourceDef, query: ListQuery,
  shape: 'member' | 'collection'): Promise<void> {
  const { config, registry } = req.server.container;
  const depth = zoomDepth(query);
  if (depth > config.restMaxZoomDepth) {
    throw ApiError.invalid([{
      field: 'zoom', code: 'zoom_too_deep',
      message: `zoom is nested ${depth} steps deep; at most ${config.restMaxZoomDepth} are allowed. Follow links for deeper data.`,
    }]);
  }
  const cost = restReadCost(registry, r, query, shape);
  const maximum = config.graphqlMaxCost;
  reply.header('request-cost', `requested=${cost}, maximum=${maximum}`);
  if (cost > maximum) {
    throw ApiError.invalid([{
      field: query.zoom.length ? 'zoom' : 'limit', code: 'too_costly',
      message: `The request's calculated cost is ${cost}; at most ${maximum} is allowed. Each object costs 1 and a ` +
        `collection its page size (limit; 20 for a zoomed collection) times the cost of one member: ask for a smaller limit or fewer zooms.`,
    }]);
  }
  const budget = req.server.budget;
  const units = budget?.surcharge(cost) ?? 0;
  if (!budget || units === 0) return;
  const spent = await budget.spend(budgetKey(req.principal, req.ip), units);
  setRateLimitHeaders(reply, spent);
  if (!spent.allowed) {
    throw new ApiError('rate_limited', [{ code: 'rate_limited', message: budget.message(spent) }], { 'retry-after': String(spent.reset) });
  }
}
