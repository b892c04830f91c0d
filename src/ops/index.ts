// Operational concerns of every request, registered by buildApp: the request id header, input
// limits, metrics and (after authentication) rate limits; plus 503 for an unreachable database.
import type { FastifyInstance } from 'fastify';
import { registerInputLimits } from './http-limits.js';
import { registerRequestId } from './logging.js';
import { registerMetrics } from './metrics.js';
import { registerDrain } from './shutdown.js';
import type { SendErrors } from './error-reply.js';

export type { SendErrors } from './error-reply.js';
export { serverOptions } from './http-limits.js';
export { lazyChildLogger, loggerOptions } from './logging.js';
export { registerRateLimit } from './rate-limit.js';
export { isStorageFull, isUnavailable, storageFullError, unavailableError } from './unavailable.js';

/** Hooks that must run before any other: they answer for every route, matched or not. */
export function registerOps(app: FastifyInstance, sendErrors: SendErrors): void {
  registerRequestId(app);
  registerInputLimits(app, sendErrors);
  registerMetrics(app);
  registerDrain(app);
}
