// GraphQL over WebSocket (graphql-ws) on GET /graphql: the same schema, validation rules and
// context as HTTP. The token comes in connection_init (`{"authorization": "Bearer …"}`) and is
// checked like a header; because a socket outlives a request, its liveness (revocation, deleted
// client, user or store) is checked again before each operation and each batch of events, and the
// socket closes with 4403 once it fails, or with 4401 when the token expires. A consumer that
// cannot keep up is disconnected (4429) rather than buffered without bound. Every rule of the HTTP
// path applies here too (limits.ts: introspection, depth, aliases, cost, suggestions, persisted
// queries), each operation spends the caller's rate-limit budget (1 unit plus its cost, as an HTTP
// request does), ws-sockets.ts bounds sockets per token across instances and ws-caps.ts distinct live
// subscriptions per store.
import { randomUUID } from 'node:crypto';
import { GraphQLError, parse, specifiedRules, validate, type DocumentNode, type ExecutionArgs, type ExecutionResult, type GraphQLSchema } from 'graphql';
import { endsAlone, maskLiveResult, toGraphQLError } from './errors.js';
import { isUnavailable } from '../ops/unavailable.js';
import type { SubscribePayload } from 'graphql-ws';
import type { FastifyInstance } from 'fastify';
import type { Principal } from '../auth/principal.js';
import { verifyAccessToken, type VerifiedAccess } from '../auth/jwt.js';
import { graphqlContext } from './context.js';
import type { LiveContext } from './event-resolvers.js';
import { LivenessChecks } from './ws-liveness.js';
import { makeWsHandler, queueFrame, type SendLimits, type WsExtra } from './ws-transport.js';
import { FanoutGroups } from './ws-fanout.js';
import { sharedSubscribe, type Shareable } from './shared-subscribe.js';
import { documentRules, hideSuggestions, maxCostRule, oversizedDocument, PERSISTED_QUERIES_OFF, plainValidationMessage, rateLimitedError, VALIDATION_FAILED } from './limits.js';
import { CLOSE_TOO_MANY_SOCKETS, WsCaps } from './ws-caps.js';
import { SocketSlots } from './ws-sockets.js';
import { refusedForSize } from './response-size.js';
import { budgetKey, type Spent } from '../ops/rate-limit.js';
import { dropHeldSocketsOnClose, holdSocket } from './ws-transport.js';
import { liveSubscribers } from '../ops/metrics.js';

const MAX_TIMER_MS = 2 ** 31 - 1;

export const CLOSE_EXPIRED = { code: 4401, reason: 'Token expired' } as const;
export const CLOSE_REVOKED = { code: 4403, reason: 'Forbidden: the token was revoked, or its client, user or store no longer exists' } as const;
export const CLOSE_TOO_SLOW = { code: 4429, reason: 'Consumer too slow; reconnect with after: <last cursor>' } as const;

interface ConnectionState {
  principal?: Principal;
  claims?: VerifiedAccess;
  /** Lets go of the token's shared liveness check. */
  release?: () => void;
  expiry?: NodeJS.Timeout;
  /** One per running operation, by its id: aborted when it completes or the socket closes. */
  aborts: Map<string, AbortController>;
  /** Whose budget and socket slot this socket uses. */
  key?: string;
  /** This socket's member among the token's open sockets (ws-sockets.ts). */
  slot?: string;
  /** Live subscriptions by operation id, counted in the store's distinct cap until they end. */
  live: Map<string, { store: number; shareKey: string }>;
  /** Operations refused in a row for a spent budget (ws-hold.ts pauses the socket after a few). */
  refusals: number;
}

const fail = (message: string, code: string, extensions: Record<string, unknown> = {}) =>
  [new GraphQLError(message, { extensions: { code, ...extensions } })];

/**
 * Operations with equal keys compute equal results for an event, so they may share one execution
 * (shared-subscribe.ts): what resolvers read is the document, the variables and the principal's
 * kind, tenancy and scopes — never the token itself or the connection.
 */
function shareable(p: Principal, op: { query: string; operationName?: string | null; variables?: Record<string, unknown> | null }): Shareable {
  const who = [p.kind, p.clientId ?? '', p.userId ?? '', p.storeId ?? '', [...p.scopes].sort().join(' ')].join('|');
  // Rows a loader reads depend on the principal alone: operations of one principal share an event's loaders.
  return { shareKey: JSON.stringify([who, op.operationName ?? null, op.variables ?? {}, op.query]), loaderKey: who };
}

function authorizationOf(params: Record<string, unknown> | undefined): string | undefined {
  const v = params?.authorization ?? params?.Authorization ?? (params?.token ? `Bearer ${String(params.token)}` : undefined);
  return typeof v === 'string' ? v : undefined;
}

export function graphqlWsHandler(app: FastifyInstance, schema: GraphQLSchema) {
  const { container, budget } = app;
  const { config, tokens } = container;
  const liveness = new LivenessChecks(tokens);
  const caps = new WsCaps(config.wsMaxDistinctPerStore);
  // Counted in Redis across instances when it is configured (and there is a cap to count for).
  const redis = config.wsMaxSocketsPerToken > 0 ? container.redis.client('ws-sockets') : undefined;
  const sockets = new SocketSlots(config.wsMaxSocketsPerToken, redis, config.redisPrefix, config.wsSocketTtlMs);
  app.addHook('onClose', async () => sockets.stop());
  dropHeldSocketsOnClose(app);
  const rules = documentRules(config);
  const fanout = new FanoutGroups();
  const limits: SendLimits = { maxBufferedBytes: config.wsMaxBufferedBytes, tooSlow: (extra) => shut(extra, CLOSE_TOO_SLOW) };
  const states = new WeakMap<object, ConnectionState>();
  /** An error of ours in operation `id`'s result: logged under a logref, which is all the client is told. */
  const reporter = (id: string) => (err: GraphQLError): string => {
    const logref = randomUUID();
    app.log.error({ err: err.originalError ?? err, logref, operation: id, path: err.path }, 'graphql-ws internal error');
    return logref;
  };
  const stateOf = (extra: object) => {
    let s = states.get(extra);
    if (!s) { s = { aborts: new Map(), live: new Map(), refusals: 0 }; states.set(extra, s); }
    return s;
  };
  const endLive = (state: ConnectionState, id: string) => {
    const l = state.live.get(id);
    if (!l) return;
    caps.removeLive(l.store, l.shareKey);
    liveSubscribers.dec();
    state.live.delete(id);
  };
  /** Ends the socket's operations at once: after close() the peer may take long to answer. */
  const shut = (extra: WsExtra, close: { code: number; reason: string }) => {
    const state = stateOf(extra);
    for (const a of state.aborts.values()) a.abort();
    state.aborts.clear();
    if (extra.socket.readyState === extra.socket.OPEN) extra.socket.close(close.code, close.reason);
  };
  const stillLive = async (extra: WsExtra, state: ConnectionState, since: number): Promise<boolean> => {
    if (state.claims && await liveness.isLive(state.claims, since)) return true;
    shut(extra, CLOSE_REVOKED);
    return false;
  };
  const refuseSpent = (extra: WsExtra, state: ConnectionState, spent: Spent): readonly GraphQLError[] => {
    if (++state.refusals >= config.rateLimitPauseAfter && config.rateLimitPauseAfter > 0) {
      holdSocket(extra.socket, Math.min(spent.reset * 1000, config.httpIdleTimeoutMs));
    }
    return [rateLimitedError(budget!, spent, false)];
  };
  /** An operation refused for its document or a cap spends a unit, as HTTP's arrival does: refusals are not free. */
  const refuseOperation = async (extra: WsExtra, state: ConnectionState, errors: readonly GraphQLError[]): Promise<readonly GraphQLError[]> => {
    if (!budget || !state.key) return errors;
    const spent = await budget.spend(state.key, 1);
    return spent.allowed ? errors : refuseSpent(extra, state, spent);
  };
  /** The HTTP path's rules and budget for one operation: its execution arguments, or the errors refusing it. */
  const admit = async (extra: WsExtra, state: ConnectionState, id: string, payload: SubscribePayload,
    abort: AbortController): Promise<ExecutionArgs | readonly GraphQLError[]> => {
    // A caller whose budget is spent is refused before its document is parsed or validated, as HTTP
    // refuses it on arrival; one that keeps sending is not read from until its retryAfter.
    const spentAlready = budget && state.key ? budget.spentFor(state.key) : undefined;
    if (spentAlready) return refuseSpent(extra, state, spentAlready);
    const refuse = (errors: readonly GraphQLError[]) => refuseOperation(extra, state, errors);
    if (payload.extensions?.persistedQuery) return refuse(fail(PERSISTED_QUERIES_OFF.message, PERSISTED_QUERIES_OFF.code));
    let document: DocumentNode;
    try {
      document = parse(payload.query, { maxTokens: config.graphqlMaxTokens });
    } catch (err) {
      return refuse(fail(err instanceof GraphQLError ? err.message : 'The query is not valid GraphQL.', 'GRAPHQL_PARSE_FAILED'));
    }
    const oversized = oversizedDocument(document, config.graphqlMaxFragments);
    if (oversized) return refuse([oversized]);
    // A live subscription takes a place among the store's distinct ones until it ends: known from
    // the operation and the share key, so a full store refuses before validating (BENCHMARKS.md 24).
    const share = shareable(state.principal!, payload);
    const isLive = document.definitions.some((d) => d.kind === 'OperationDefinition' && d.operation === 'subscription'
      && (!payload.operationName || d.name?.value === payload.operationName));
    const store = state.principal!.storeId;
    const counted = isLive && store !== undefined && store !== null;
    const tooMany = () => fail(`The store has ${config.wsMaxDistinctPerStore} distinct live subscriptions, the most allowed; ` +
      'subscribe with the same document and variables as an existing one, or end one first.', 'TOO_MANY_SUBSCRIPTIONS',
    { maximum: config.wsMaxDistinctPerStore });
    if (counted && !caps.admits(store, share.shareKey!)) return refuse(tooMany());
    // The HTTP path's rules, including the cost rule that needs the operation's variables.
    const variables = payload.variables ?? {};
    let cost = 0;
    const costRule = maxCostRule(config.graphqlMaxCost, { variables, operationName: payload.operationName, onCost: (c) => { cost = c; } });
    const errors = validate(schema, document, [...specifiedRules, ...rules, costRule]);
    if (errors.length) {
      return refuse(errors.map((e) => new GraphQLError(hideSuggestions(plainValidationMessage(e.message)), {
        nodes: e.nodes, extensions: { code: VALIDATION_FAILED, ...e.extensions },
      })));
    }
    // Nothing was awaited since the check above, so the place is still there.
    if (counted) {
      if (!caps.addLive(store, share.shareKey!)) return refuse(tooMany());
      state.live.set(id, { store, shareKey: share.shareKey! });
      liveSubscribers.inc();
    }
    // The operation spends the budget an HTTP request of the same cost would.
    if (budget && state.key) {
      const spent = await budget.spend(state.key, 1 + budget.surcharge(cost));
      if (!spent.allowed) {
        endLive(state, id);
        return refuseSpent(extra, state, spent);
      }
      state.refusals = 0;
    }
    // Each operation is a request: REST would check the token's liveness for it too.
    if (!(await stillLive(extra, state, performance.now()))) {
      endLive(state, id);
      return [new GraphQLError(CLOSE_REVOKED.reason)];
    }
    const live: LiveContext = {
      signal: abort.signal,
      pollMs: config.subscriptionPollMs,
      admit: (readAt) => stillLive(extra, state, readAt),
      // Once level with the store's feed, the events go out through the key's one delivery loop.
      handOver: (h) => fanout.join(share.shareKey!, h, {
        id, args,
        live: (readAt) => (state.claims ? liveness.isLive(state.claims, readAt) : Promise.resolve(false)),
        refuse: () => shut(extra, CLOSE_REVOKED),
        send: (frame, text) => queueFrame(extra, limits, frame, text),
        report: reporter(id),
      }),
    };
    const contextValue = { ...graphqlContext(container.context(state.principal!, `ws:${id}`), container.checkout), ...live, ...share };
    const args: ExecutionArgs = { schema, document, variableValues: variables, operationName: payload.operationName ?? undefined, contextValue };
    return args;
  };
  return makeWsHandler({
    schema,
    subscribe: async (args) => {
      const result = await sharedSubscribe(args);
      return Symbol.asyncIterator in result ? endsAlone(result) : result;
    },
    onConnect: async (ctx) => {
      const header = authorizationOf(ctx.connectionParams);
      const principal = await tokens.principalFromHeader(header);
      if (!principal || principal.kind === 'anonymous') return false;
      // The claims behind the principal, for later liveness checks (the header is a valid bearer here).
      const claims = verifyAccessToken(tokens.opts.keys, tokens.opts.issuer, header!.trim().split(/\s+/)[1], tokens.nowSec());
      if (!claims) return false;
      const state = stateOf(ctx.extra);
      const key = budgetKey(principal, ctx.extra.request.ip);
      const slot = await sockets.open(key);
      if (!slot) {
        ctx.extra.socket.close(CLOSE_TOO_MANY_SOCKETS.code, CLOSE_TOO_MANY_SOCKETS.reason);
        return false;
      }
      // Closed while the slot was being taken: onClose has run already and could not give it back.
      if (ctx.extra.socket.readyState !== ctx.extra.socket.OPEN) {
        sockets.close(key, slot);
        return false;
      }
      state.key = key;
      state.slot = slot;
      state.principal = principal;
      state.claims = claims;
      state.release = liveness.hold(claims);
      // Timers longer than 2^31-1 ms fire at once, so long lifetimes are waited out in steps.
      const arm = () => {
        const ms = claims.exp * 1000 - container.clock.now().getTime();
        if (ms <= 0) return shut(ctx.extra, CLOSE_EXPIRED);
        state.expiry = setTimeout(arm, Math.min(ms, MAX_TIMER_MS));
      };
      arm();
      return true;
    },
    onClose: (ctx) => {
      const state = stateOf(ctx.extra);
      if (state.expiry) clearTimeout(state.expiry);
      state.release?.();
      for (const a of state.aborts.values()) a.abort();
      state.aborts.clear();
      for (const id of [...state.live.keys()]) endLive(state, id);
      if (state.key && state.slot) sockets.close(state.key, state.slot);
      state.key = undefined;
      state.slot = undefined;
    },
    onSubscribe: async (ctx, id, payload) => {
      const state = stateOf(ctx.extra);
      if (state.aborts.size >= config.wsMaxOperations) {
        return refuseOperation(ctx.extra, state, fail(`This socket runs ${state.aborts.size} operations; at most ${config.wsMaxOperations} are allowed at once. Complete one first.`,
          'TOO_MANY_OPERATIONS', { maximum: config.wsMaxOperations }));
      }
      // The slot is taken before anything is awaited, so concurrent messages cannot overshoot the cap.
      const abort = new AbortController();
      state.aborts.set(id, abort);
      let result: Awaited<ReturnType<typeof admit>>;
      try {
        result = await admit(ctx.extra, state, id, payload, abort);
      } catch (err) {
        // The database could not check the token or the budget just now (SERVICE_UNAVAILABLE), or
        // something of ours failed (INTERNAL_SERVER_ERROR, by logref): this operation is refused
        // as over HTTP, not the socket closed with every other operation on it.
        const original = err instanceof Error ? err : new Error(String(err));
        const error = isUnavailable(err) ? toGraphQLError(err) as GraphQLError : new GraphQLError(original.message, { originalError: original });
        result = maskLiveResult({ errors: [error] }, reporter(id))?.errors ?? [error];
      }
      if (Array.isArray(result)) {
        state.aborts.delete(id);
        endLive(state, id);
      }
      return result;
    },
    // Over MAX_RESPONSE_OBJECTS: the refusal alone, as over HTTP (response-size.ts). Errors told
    // as over HTTP: SERVICE_UNAVAILABLE, not the driver's message; ours by logref only (errors.ts).
    onNext: (_ctx, id, _payload, _args, result) => {
      const masked = maskLiveResult(result as ExecutionResult, reporter(id)) ?? result;
      return refusedForSize(masked) ?? (masked === result ? undefined : masked);
    },
    onComplete: (ctx, id) => {
      // A finished operation must not keep its controller (and its stream) for the socket's lifetime.
      const state = stateOf(ctx.extra);
      state.aborts.get(id)?.abort();
      state.aborts.delete(id);
      endLive(state, id);
    },
  }, { log: app.log, ...limits });
}
