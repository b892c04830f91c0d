// The cost of a REST read, known before any SQL runs (src/data/cost.ts, the model GraphQL uses):
// over the limit, or zoomed deeper than the hard cap, the request is refused with 400 naming the
// number and the limit; otherwise the answer reports its cost in `Request-Cost` and the cost is
// spent from the caller's rate-limit budget (src/ops/rate-limit.ts), 429 once it is used up.
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ResourceDef } from '../model/types.js';
import type { ListQuery } from '../data/query.js';
import { checkRead } from '../data/cost.js';
import { ApiError } from '../services/errors.js';
import { budgetKey, setRateLimitHeaders } from '../ops/rate-limit.js';

export async function chargeRead(req: FastifyRequest, reply: FastifyReply, r: ResourceDef, query: ListQuery,
  shape: 'member' | 'collection'): Promise<void> {
  const { config, registry } = req.server.container;
  const maximum = config.graphqlMaxCost;
  const { cost, problem } = checkRead(registry, r, query, shape, { maxCost: maximum, maxZoomDepth: config.restMaxZoomDepth });
  if (problem?.code === 'zoom_too_deep') throw ApiError.invalid([{ field: 'zoom', ...problem }]);
  reply.header('request-cost', `requested=${cost}, maximum=${maximum}`);
  if (problem) throw ApiError.invalid([{ field: query.zoom.length ? 'zoom' : 'limit', ...problem }]);
  const budget = req.server.budget;
  const units = budget?.surcharge(cost) ?? 0;
  if (!budget || units === 0) return;
  const spent = await budget.spend(budgetKey(req.principal, req.ip), units);
  setRateLimitHeaders(reply, spent);
  if (!spent.allowed) {
    throw budget.refusal(spent);
  }
}
