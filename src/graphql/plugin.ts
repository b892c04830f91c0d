// Mounts Apollo Server on /graphql: POST for every operation, GET for queries (GraphiQL for
// browsers), with the operation limits of limits.ts and the shared context factory.
import { ApolloServer, HeaderMap, type ApolloServerPlugin } from '@apollo/server';
import { ApolloServerPluginCacheControlDisabled } from '@apollo/server/plugin/disabled';
import { jitGateway } from './jit-executor.js';
import { fastifyApolloDrainPlugin, fastifyApolloHandler } from '@as-integrations/fastify';
import { GraphQLError, validate, type GraphQLFormattedError } from 'graphql';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Config } from '../config.js';
import { buildSchema } from './schema.js';
import { graphqlContext, type GraphQLContext } from './context.js';
import { costError, documentRules, maxCostRule, oversizedQuery, rateHeaders, rateLimitedError } from './limits.js';
import websocket from '@fastify/websocket';
import { graphqlWsHandler } from './ws.js';
import { actualCost, fragmentsOf, requestedCost } from './cost.js';
import { capResponseSize, refusedForSize } from './response-size.js';
import { registerGraphiqlAssets, sendGraphiql, wantsGraphiql } from './graphiql.js';
import { formatError, graphqlRefusal, graphqlRouteErrors, INTERNAL_MESSAGE, INVALID_TOKEN_CHALLENGE, INVALID_TOKEN_MESSAGE, unavailableStatus } from './errors.js';
import { ApiError } from '../services/errors.js';
import { isUnavailable, unavailableError } from '../ops/unavailable.js';
import { budgetKey, type Budget } from '../ops/rate-limit.js';
import { pacedResults } from './paced-result.js';

/**
 * The cost limit needs the request's variables, so it runs per request once the operation is known
 * (the document-only limits run in Apollo's cached validation). The requested and the actual cost
 * are reported in `extensions.cost`; the cost is spent from the caller's budget (the request
 * itself spent 1 unit in the rate-limit hook).
 */
function costPlugin(config: Config, budget: Budget | undefined): ApolloServerPlugin<GraphQLContext> {
  const maximum = config.graphqlMaxCost;
  return {
    async requestDidStart() {
      let requested: number | undefined;
      return {
        async didResolveOperation(rc) {
          // The operation Apollo resolved is the one maxCostRule would pick out of the document: its
          // cost directly, without a validation pass (TypeInfo over the whole document) per request.
          // No operation resolved (an unknown name): the rule checks every operation, as it always did.
          let err: GraphQLError | undefined;
          if (rc.operation) {
            requested = requestedCost(rc.schema, fragmentsOf(rc.document.definitions), rc.operation, rc.request.variables);
            err = costError(requested, maximum, rc.operation);
          } else {
            [err] = validate(rc.schema, rc.document, [maxCostRule(maximum, {
              variables: rc.request.variables, operationName: rc.operationName, onCost: (c) => { requested = c; },
            })]);
          }
          if (err) throw new GraphQLError(err.message, { nodes: err.nodes, extensions: { ...err.extensions, http: { status: 400 } } });
          const key = rc.contextValue.budgetKey;
          const units = budget && key && requested !== undefined ? budget.surcharge(requested) : 0;
          if (!budget || !key || units === 0) return;
          const spent = await budget.spend(key, units);
          for (const [k, v] of rateHeaders(spent)) rc.response.http.headers.set(k, v);
          if (!spent.allowed) throw rateLimitedError(budget, spent);
        },
        async willSendResponse(rc) {
          // Over MAX_RESPONSE_OBJECTS: the refusal alone, not the part read before it (response-size.ts).
          const refused = rc.response.body.kind === 'single' ? refusedForSize(rc.response.body.singleResult) : undefined;
          if (refused && rc.response.body.kind === 'single') {
            rc.response.body.singleResult = refused;
            rc.response.http.status = 400;
          }
          if (requested === undefined || rc.response.body.kind !== 'single' || !rc.operation) return;
          const result = rc.response.body.singleResult;
          const actual = actualCost(rc.schema, fragmentsOf(rc.document!.definitions), rc.operation, rc.request.variables, result.data);
          result.extensions = { ...result.extensions, cost: { requested, actual, maximum } };
        },
      };
    },
  };
}

/** Subscriptions stream over graphql-ws; run as a plain HTTP request one would fail inside. */
const subscriptionsNeedWebSocket: ApolloServerPlugin<GraphQLContext> = {
  async requestDidStart() {
    return {
      async didResolveOperation(rc) {
        if (rc.operation?.operation !== 'subscription') return;
        throw new GraphQLError('Subscriptions are served over WebSocket (graphql-ws) at /graphql, not over HTTP.', {
          extensions: { code: 'BAD_REQUEST', http: { status: 400 } },
        });
      },
    };
  },
};

/** Unexpected errors are logged with the request id and answered without internals (SQL, paths). */
function maskingPlugin(app: FastifyInstance): ApolloServerPlugin<GraphQLContext> {
  return {
    async requestDidStart() {
      return {
        async didEncounterErrors(rc) {
          for (const err of rc.errors) {
            if (err.extensions?.code === undefined || err.extensions.code === 'INTERNAL_SERVER_ERROR') {
              app.log.error({ err: err.originalError ?? err, logref: rc.contextValue?.svc?.requestId }, 'GraphQL internal error');
            }
          }
        },
        async willSendResponse(rc) {
          if (rc.response.body.kind !== 'single') return;
          const result = rc.response.body.singleResult;
          const logref = rc.contextValue?.svc?.requestId;
          result.errors = result.errors?.map((e): GraphQLFormattedError => (e.extensions?.code === 'INTERNAL_SERVER_ERROR'
            ? { ...e, message: INTERNAL_MESSAGE, extensions: { code: 'INTERNAL_SERVER_ERROR', ...(logref ? { logref } : {}) } }
            : e));
        },
      };
    },
  };
}

/**
 * Whether a POST's documents may hold a mutation: a mutation operation is written with the word,
 * so one without it cannot (a field or string that holds it only costs the check's round trip).
 */
function mayWrite(body: unknown): boolean {
  return (Array.isArray(body) ? body : [body]).some((op) => {
    const query = (op as { query?: unknown } | null)?.query;
    return typeof query !== 'string' || /\bmutation\b/.test(query);
  });
}

export async function registerGraphql(app: FastifyInstance): Promise<void> {
  const { container } = app;
  const { config } = container;
  const schema = buildSchema(container.registry, config.baseUrl);
  capResponseSize(schema, config.maxResponseObjects);
  const paced = pacedResults(config, () => app.loopShared?.() ?? false);
  const apollo = new ApolloServer<GraphQLContext>({
    ...(config.graphqlJit ? { gateway: jitGateway(schema) } : { schema }),
    plugins: [
      fastifyApolloDrainPlugin(app), subscriptionsNeedWebSocket, costPlugin(config, app.budget), maskingPlugin(app), unavailableStatus, paced.plugin,
      // No type sets cache hints, and the default plugin's willResolveField wraps every resolver
      // of every request (13% of a 2,000-object query) to compute a policy nobody reads.
      ApolloServerPluginCacheControlDisabled(),
    ],
    // Introspection is decided by documentRules (limits.ts), the rule graphql-ws applies too.
    validationRules: documentRules(config),
    introspection: true,
    persistedQueries: false,
    // A document's cost before it runs grows with its tokens (validation compares fields and
    // fragment spreads pairwise): 100,000 spreads of one fragment in a 1 MB body took ~0.9 s of the
    // loop. Parsing stops past the limit, with graphql-js's syntax error (400 GRAPHQL_PARSE_FAILED).
    parseOptions: { maxTokens: config.graphqlMaxTokens },
    formatError,
    includeStacktraceInErrorResponses: false,
    // "Did you mean …" would describe the schema to whoever probes it (limits.ts hideSuggestions on WS).
    hideSchemaDetailsFromClientErrors: process.env.NODE_ENV !== 'development',
    // Credentials travel only in the Authorization header, never in cookies, so a cross-site
    // request cannot act for anyone; the check would also refuse plain GET queries.
    csrfPrevention: false,
    // A large result is written over several turns of the loop while other callers are active, as
    // large REST answers are (paced-result.ts).
    stringifyResult: paced.stringifyResult,
  });
  await apollo.start();
  /**
   * A document over the size limits is refused before Apollo parses and validates it (validation's
   * cost grows faster than the document: limits.ts). Here, because Apollo runs graphql-js's rules
   * before ours and answers an error thrown from its validation hooks with a 500.
   */
  const refuseOversized = async (params: unknown, reply: FastifyReply) => {
    for (const op of Array.isArray(params) ? params : [params]) {
      const refused = oversizedQuery((op as { query?: unknown } | null)?.query, config);
      if (refused) return reply.code(400).type('application/json; charset=utf-8').send({ errors: [refused.toJSON()] });
    }
  };
  // The database failing the check: 503 as when the hook met it (graphqlRouteErrors), not Apollo's 500.
  const checkFailed = (err: unknown) => (isUnavailable(err) ? new GraphQLError(unavailableError().message, {
    extensions: { code: 'SERVICE_UNAVAILABLE', http: { status: 503, headers: new HeaderMap([['retry-after', String(unavailableError().details.retryAfter)]]) } },
  }) : err);
  const invalidToken = () => new GraphQLError(INVALID_TOKEN_MESSAGE, {
    extensions: { code: 'UNAUTHENTICATED', http: { status: 401, headers: new HeaderMap([['www-authenticate', INVALID_TOKEN_CHALLENGE]]) } },
  });
  const apolloHandler = fastifyApolloHandler(apollo, {
    context: async (req) => {
      // app.ts's onRequest hook has verified a bearer token already; a header that left the
      // request anonymous is a bad token (or not a bearer token at all).
      const principal = req.principal;
      if (req.headers.authorization && principal.kind === 'anonymous') throw invalidToken();
      // A query's token check rides with its first statement (auth/token-check.ts); a document
      // with a mutation has it answered first, as REST's writes that are not ridden do.
      if (principal.check && mayWrite(req.body)) {
        try {
          await principal.check.settle();
        } catch (err) {
          throw err instanceof ApiError && err.kind === 'unauthenticated' ? invalidToken() : checkFailed(err);
        }
      }
      return {
        ...graphqlContext(container.context(principal, req.id), container.checkout), budgetKey: budgetKey(principal, req.ip),
        clientGone: () => req.raw.socket?.destroyed === true,
      };
    },
  });
  // Subscriptions (and queries, mutations) over graphql-ws share GET /graphql: upgrades go to the
  // WebSocket handler with the same schema, limits and context as HTTP.
  await app.register(websocket, { options: { maxPayload: 1024 * 1024 } });
  app.route({
    method: 'GET',
    url: '/graphql',
    errorHandler: graphqlRouteErrors,
    wsHandler: graphqlWsHandler(app, schema),
    // Browsers asking for a page get GraphiQL; every other GET is a query for Apollo.
    preHandler: async (req, reply) => {
      if (wantsGraphiql(req.headers.accept)) return sendGraphiql(reply);
      return refuseOversized(req.query, reply);
    },
    handler: apolloHandler,
  });
  app.route({
    method: ['POST', 'OPTIONS'], url: '/graphql', handler: apolloHandler, errorHandler: graphqlRouteErrors,
    preHandler: async (req, reply) => refuseOversized(req.body, reply),
    // On PostgreSQL the token check of a POST rides with its first statement (app.ts; above for
    // mutations), and a dead token's answer is GraphQL's 401 (rest/held-answers.ts).
    config: { ridesCheck: (req) => req.method === 'POST', refusal: graphqlRefusal },
  });
  registerGraphiqlAssets(app);
}
