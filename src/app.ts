// buildApp(config): the whole service as a Fastify instance that never listens by itself.
import Fastify, { type FastifyError, type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import formbody from '@fastify/formbody';
import { randomUUID } from 'node:crypto';
import type { Config } from './config.js';
import { createContainer, type Container, type ContainerOptions } from './container.js';
import { ApiError } from './services/errors.js';
import { ClientGone } from './services/pace.js';
import { QueryError } from './data/query-fields.js';
import { apiError, CATALOG } from './services/error-catalog.js';
import { ANONYMOUS } from './auth/principal.js';
import { negotiate, SUPPORTED_MEDIA_TYPES } from './representations/negotiate.js';
import { parseXmlBody } from './representations/hal-xml.js';
import { sendApiError, sendErrors } from './rest/http.js';
import { registerResourceRoutes } from './rest/resource-routes.js';
import { registerBodyParsing } from './rest/body.js';
import { collectRestMethods } from './rest/methods.js';
import { registerHomeRoutes } from './rest/home-routes.js';
import { registerOAuthRoutes } from './rest/oauth-routes.js';
import { registerReportingRoutes } from './rest/reporting-routes.js';
import { registerWeb } from './web/index.js';
import { registerUploads } from './rest/uploads.js';
import { registerStagedUploadRoutes } from './rest/staged-upload-routes.js';
import { registerDownloadRoutes } from './rest/download-routes.js';
import { registerRelsRoutes } from './rest/rels-routes.js';
import { registerOpenApiRoutes } from './openapi/routes.js';
import { recordRoutes } from './openapi/route-list.js';
import { browserTokens } from './web/browse-token.js';
import { registerOpsRoutes } from './ops-routes.js';
import { registerGraphql } from './graphql/plugin.js';
import { registerCommerceRoutes } from './rest/commerce-routes.js';
import { registerIdempotency } from './rest/idempotency.js';
import { registerCors } from './rest/cors.js';
import { registerHeldAnswers } from './rest/held-answers.js';
import { commitInDoubt } from './db/connection-lost.js';
import { isStorageFull, isUnavailable, lazyChildLogger, loggerOptions, registerOps, registerRateLimit, serverOptions, storageFullError, unavailableError } from './ops/index.js';
import type { DestinationStream } from 'pino';
import { registerWebhookRoutes } from './rest/webhook-routes.js';
import { Dispatcher } from './events/dispatcher.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A REST facade route: needs SERVICE-API-VERSION and negotiates a representation. */
    rest?: boolean;
    /** A REST route answering bytes (downloads): any Accept is fine, errors fall back to HAL+JSON. */
    binary?: boolean;
    /**
     * A REST route whose write (for this request) does nothing outside its context's database
     * handle before its first statement: on PostgreSQL its token check may ride with that statement
     * (auth/token-check.ts). Reads (GET, HEAD) always may.
     */
    ridesCheck?: (req: FastifyRequest) => boolean;
    /** How the route refuses a request whose riding token check failed (rest/held-answers.ts): its status and headers set, its body. */
    refusal?: (req: FastifyRequest, reply: FastifyReply, err: ApiError) => string;
  }
}

export const API_VERSION = '1';

/** Methods whose handlers write nothing for the caller (a read's housekeeping aside). */
const readsOnly = (method: string) => method === 'GET' || method === 'HEAD';

/**
 * A JSON body or none: the writes an integration sends. Forms may carry `_method` (read only once
 * the body is) and multipart bodies store their files before any statement: their token check
 * goes first, as before.
 */
const jsonOrNone = (req: FastifyRequest) => {
  const type = req.headers['content-type'];
  return type === undefined || /^application\/([\w.-]+\+)?json\b/i.test(type);
};

/** Each app's full container: routes see `app.container` as `AppServices` (no database, no repository). */
const containers = new WeakMap<FastifyInstance, Container>();

/**
 * The full container behind an app built by buildApp, database and repository included: for the
 * composition root's own callers (main, benchmarks, tests that inspect rows or count statements).
 */
export function containerOf(app: FastifyInstance): Container {
  const container = containers.get(app);
  if (!container) throw new Error('containerOf: not an app built by buildApp');
  return container;
}

export async function buildApp(config: Config, opts: ContainerOptions & { logger?: boolean; dispatcher?: boolean; logStream?: DestinationStream; idempotencyLeaseMs?: number } = {}): Promise<FastifyInstance> {
  const container = await createContainer(config, opts);
  const app = Fastify({
    logger: opts.logger === false ? false : loggerOptions(config.logLevel, opts.logStream),
    genReqId: () => randomUUID(),
    childLoggerFactory: lazyChildLogger,
    trustProxy: config.trustProxy,
    ...serverOptions(config),
    routerOptions: { maxParamLength: 200 },
  });
  app.decorate('container', container);
  containers.set(app, container);
  recordRoutes(app);
  app.decorateRequest('principal', null as never);
  app.decorateRequest('negotiated', null as never);
  app.addHook('onClose', async () => container.close());

  await app.register(formbody);
  registerBodyParsing(app);
  await registerUploads(app);
  for (const type of ['application/xml', 'text/xml', 'application/hal+xml']) {
    app.addContentTypeParser(type, { parseAs: 'string' }, (_req, body, done) => {
      try {
        done(null, parseXmlBody(body as string));
      } catch (err) {
        done(err instanceof ApiError ? err : apiError('INVALID_XML'));
      }
    });
  }

  // Only PostgreSQL's requests carry their token check along (database.riding).
  if (container.database.riding) registerHeldAnswers(app);
  registerOps(app, sendErrors);
  registerCors(app);
  // Before the bearer hook: a caller over budget is refused without the token's database check.
  await registerRateLimit(app, config, sendErrors);
  app.addHook('onRequest', async (req, reply) => {
    req.principal = ANONYMOUS;
    const config = req.routeOptions.config;
    const rest = config?.rest === true;
    if (rest) {
      const mt = negotiate(req.headers.accept) ?? (config?.binary ? 'application/hal+json' : null);
      if (!mt) {
        req.negotiated = 'application/hal+json';
        return sendApiError(req, reply, apiError('NOT_ACCEPTABLE', { types: SUPPORTED_MEDIA_TYPES }));
      }
      req.negotiated = mt;
      const header = app.container.config.versionHeader;
      const version = req.headers[header.toLowerCase()];
      if (version !== API_VERSION && mt !== 'text/html') {
        return sendApiError(req, reply, version === undefined
          ? apiError('API_VERSION_MISSING', { header }, { field: header })
          : apiError('API_VERSION_UNSUPPORTED', { header, version: String(version) }, { field: header }));
      }
    }
    const auth = req.headers.authorization;
    if (auth && /^Bearer\s/i.test(auth)) {
      // A REST read on PostgreSQL checks the token's liveness with its first statement, one round
      // trip for both (auth/token-check.ts); its answer waits for the check (rest/held-answers.ts).
      const p = container.database.riding && (rest ? readsOnly(req.method) || (jsonOrNone(req) && config?.ridesCheck?.(req)) : config?.ridesCheck?.(req))
        ? container.tokens.deferredPrincipal(auth, req.accessClaims) : await container.tokens.principalFromHeader(auth, req.accessClaims);
      if (!p) {
        if (!rest) return; // GraphQL and OAuth endpoints answer bad tokens in their own protocol.
        return sendApiError(req, reply, apiError('TOKEN_INVALID'));
      }
      req.principal = p;
    } else if (rest && req.negotiated === 'text/html') {
      // A person browsing the HTML facade with the token pasted on /browse.
      req.principal = (await browserTokens(container).principal(req, container)) ?? ANONYMOUS;
    }
  });

  app.setErrorHandler((err: FastifyError, req, reply) => {
    // Nobody is left to read an answer: 499 (client closed request) for the logs and metrics.
    if (err instanceof ClientGone) return reply.code(499).send();
    if (err instanceof ApiError) return sendApiError(req, reply, err);
    if (err instanceof QueryError) return sendErrors(req, reply, 400, [{ field: err.field, code: err.code, message: err.message }]);
    const status = err.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      // Fastify's own refusals (body too large, unknown media type, bad JSON): their status, our body.
      const code = status === 415 ? 'unsupported_media_type' : status === 413 ? 'too_large' : CATALOG.INVALID_REQUEST.code;
      return sendErrors(req, reply, status, [{ code, message: err.message.replace(/^FST_\w+:?\s*/, '') }]);
    }
    if (isStorageFull(err)) {
      req.log.error({ err }, 'storage full');
      return sendApiError(req, reply, storageFullError());
    }
    if (isUnavailable(err)) {
      req.log.warn({ err }, 'database unavailable');
      // A lost connection while a COMMIT was on its way: the write may have happened (rest/idempotency.ts).
      if (commitInDoubt(err)) req.commitInDoubt = true;
      return sendApiError(req, reply, unavailableError());
    }
    req.log.error({ err }, 'unhandled error');
    return sendApiError(req, reply, apiError('UNEXPECTED'));
  });

  app.setNotFoundHandler((req, reply) => {
    req.negotiated = negotiate(req.headers.accept) ?? 'application/hal+json';
    return sendApiError(req, reply, apiError('NO_ROUTE', { method: req.method, path: req.url.split('?')[0] ?? '' }));
  });

  const completeMethods = collectRestMethods(app);
  registerIdempotency(app, { leaseMs: opts.idempotencyLeaseMs });
  registerOpsRoutes(app);
  registerHomeRoutes(app);
  registerOAuthRoutes(app);
  registerReportingRoutes(app);
  await registerWeb(app);
  registerResourceRoutes(app);
  registerCommerceRoutes(app);
  await registerStagedUploadRoutes(app);
  registerDownloadRoutes(app);
  const dispatcher = registerWebhookRoutes(app, {
    dispatch: opts.dispatcher === false ? undefined : (renderer) => new Dispatcher(container, { renderer, log: app.log }),
  });
  app.addHook('onReady', async () => dispatcher?.start());
  app.addHook('preClose', async () => dispatcher?.stop());
  registerRelsRoutes(app);
  registerOpenApiRoutes(app);
  completeMethods();
  await registerGraphql(app);
  return app;
}
