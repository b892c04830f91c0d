// GraphQL over WebSocket (graphql-ws) on GET /graphql: the same schema, validation rules and
// context as HTTP. The token comes in connection_init (`{"authorization": "Bearer …"}`) and is
// checked like a header; because a socket outlives a request, its liveness (revocation, deleted
// client, user or store) is checked again before each operation and each batch of events, and the
// socket closes with 4403 once it fails, or with 4401 when the token expires. A consumer that
// cannot keep up is disconnected (4429) rather than buffered without bound.
import { GraphQLError, parse, specifiedRules, validate, type GraphQLSchema, type ValidationRule } from 'graphql';
import type { FastifyInstance } from 'fastify';
import type { Principal } from '../auth/principal.js';
import { verifyAccessToken, type VerifiedAccess } from '../auth/jwt.js';
import { graphqlContext } from './context.js';
import type { LiveContext } from './event-resolvers.js';
import { LivenessChecks } from './ws-liveness.js';
import { makeWsHandler, type WsExtra } from './ws-transport.js';
import { sharedSubscribe, type Shareable } from './shared-subscribe.js';

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
}

/**
 * Operations with equal keys compute equal results for an event, so they may share one execution
 * (shared-subscribe.ts): what resolvers read is the document, the variables and the principal's
 * kind, tenancy and scopes — never the token itself or the connection.
 */
function shareable(p: Principal, op: { query: string; operationName?: string | null; variables?: Record<string, unknown> | null }): Shareable {
  const who = [p.kind, p.clientId ?? '', p.userId ?? '', p.storeId ?? '', [...p.scopes].sort().join(' ')].join('|');
  return { shareKey: JSON.stringify([who, op.operationName ?? null, op.variables ?? {}, op.query]) };
}

function authorizationOf(params: Record<string, unknown> | undefined): string | undefined {
  const v = params?.authorization ?? params?.Authorization ?? (params?.token ? `Bearer ${String(params.token)}` : undefined);
  return typeof v === 'string' ? v : undefined;
}

export function graphqlWsHandler(app: FastifyInstance, schema: GraphQLSchema, rules: (variables: Record<string, unknown>) => ValidationRule[]) {
  const { container } = app;
  const { config, tokens } = container;
  const liveness = new LivenessChecks(tokens);
  const states = new WeakMap<object, ConnectionState>();
  const stateOf = (extra: object) => {
    let s = states.get(extra);
    if (!s) { s = { aborts: new Map() }; states.set(extra, s); }
    return s;
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
  return makeWsHandler({
    schema,
    subscribe: sharedSubscribe,
    onConnect: async (ctx) => {
      const header = authorizationOf(ctx.connectionParams);
      const principal = await tokens.principalFromHeader(header);
      if (!principal || principal.kind === 'anonymous') return false;
      // The claims behind the principal, for later liveness checks (the header is a valid bearer here).
      const claims = verifyAccessToken(tokens.opts.keys, tokens.opts.issuer, header!.trim().split(/\s+/)[1], tokens.nowSec());
      if (!claims) return false;
      const state = stateOf(ctx.extra);
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
    },
    onSubscribe: async (ctx, id, payload) => {
      // The HTTP path's limits, including the cost rule that needs the operation's variables.
      let document;
      try {
        document = parse(payload.query);
      } catch (err) {
        return [err instanceof GraphQLError ? err : new GraphQLError('The query is not valid GraphQL.')];
      }
      const variables = payload.variables ?? {};
      const errors = validate(schema, document, [...specifiedRules, ...rules(variables)]);
      if (errors.length) return errors;
      // Each operation is a request: REST would check the token's liveness for it too.
      const state = stateOf(ctx.extra);
      if (!(await stillLive(ctx.extra, state, performance.now()))) return [new GraphQLError(CLOSE_REVOKED.reason)];
      const abort = new AbortController();
      state.aborts.set(id, abort);
      const live: LiveContext = {
        signal: abort.signal,
        pollMs: config.subscriptionPollMs,
        admit: (readAt) => stillLive(ctx.extra, state, readAt),
      };
      const contextValue = { ...graphqlContext(container.context(state.principal!, `ws:${id}`), container.checkout), ...live, ...shareable(state.principal!, payload) };
      return { schema, document, variableValues: variables, operationName: payload.operationName ?? undefined, contextValue };
    },
    onComplete: (ctx, id) => {
      // A finished operation must not keep its controller (and its stream) for the socket's lifetime.
      const state = stateOf(ctx.extra);
      state.aborts.get(id)?.abort();
      state.aborts.delete(id);
    },
  }, { log: app.log, maxBufferedBytes: config.wsMaxBufferedBytes, tooSlow: (extra) => shut(extra, CLOSE_TOO_SLOW) });
}
