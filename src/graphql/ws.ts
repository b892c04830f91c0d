// GraphQL over WebSocket (graphql-ws) on GET /graphql: the same schema, validation rules and
// context as HTTP. The token comes in connection_init (`{"authorization": "Bearer …"}`), is
// checked like a header, and the socket closes (4401) when it expires. A consumer that cannot keep
// up is disconnected (4429) rather than buffered without bound.
import { makeHandler } from 'graphql-ws/use/@fastify/websocket';
import { GraphQLError, parse, specifiedRules, validate, type GraphQLSchema, type ValidationRule } from 'graphql';
import type { FastifyInstance } from 'fastify';
import type { Principal } from '../auth/principal.js';
import { graphqlContext } from './context.js';

const MAX_TIMER_MS = 2 ** 31 - 1;

/** Bytes a socket may hold unsent before its consumer counts as too slow. */
export const MAX_BUFFERED_BYTES = 4 * 1024 * 1024;

interface ConnectionState {
  principal?: Principal;
  expiry?: NodeJS.Timeout;
  /** One per running operation, by its id: aborted when it completes or the socket closes. */
  aborts: Map<string, AbortController>;
}

function authorizationOf(params: Record<string, unknown> | undefined): string | undefined {
  const v = params?.authorization ?? params?.Authorization ?? (params?.token ? `Bearer ${String(params.token)}` : undefined);
  return typeof v === 'string' ? v : undefined;
}

export function graphqlWsHandler(app: FastifyInstance, schema: GraphQLSchema, rules: (variables: Record<string, unknown>) => ValidationRule[]) {
  const { container } = app;
  const states = new WeakMap<object, ConnectionState>();
  const stateOf = (extra: object) => {
    let s = states.get(extra);
    if (!s) { s = { aborts: new Map() }; states.set(extra, s); }
    return s;
  };
  return makeHandler({
    schema,
    onConnect: async (ctx) => {
      const principal = await container.tokens.principalFromHeader(authorizationOf(ctx.connectionParams));
      if (!principal || principal.kind === 'anonymous') return false;
      const state = stateOf(ctx.extra);
      state.principal = principal;
      if (principal.expiresAt) {
        // Timers longer than 2^31-1 ms fire at once, so long lifetimes are waited out in steps.
        const arm = () => {
          const ms = principal.expiresAt! * 1000 - container.clock.now().getTime();
          if (ms <= 0) return ctx.extra.socket.close(4401, 'Token expired');
          state.expiry = setTimeout(arm, Math.min(ms, MAX_TIMER_MS));
        };
        arm();
      }
      return true;
    },
    onClose: (ctx) => {
      const state = stateOf(ctx.extra);
      if (state.expiry) clearTimeout(state.expiry);
      for (const a of state.aborts.values()) a.abort();
      state.aborts.clear();
    },
    onSubscribe: (ctx, id, payload) => {
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
      const state = stateOf(ctx.extra);
      const abort = new AbortController();
      state.aborts.set(id, abort);
      const contextValue = { ...graphqlContext(container.context(state.principal!, `ws:${id}`), container.checkout), signal: abort.signal };
      return { schema, document, variableValues: variables, operationName: payload.operationName ?? undefined, contextValue };
    },
    onComplete: (ctx, id) => {
      // A finished operation must not keep its controller (and its stream) for the socket's lifetime.
      const state = stateOf(ctx.extra);
      state.aborts.get(id)?.abort();
      state.aborts.delete(id);
    },
    onNext: (ctx) => {
      if (ctx.extra.socket.bufferedAmount > MAX_BUFFERED_BYTES) ctx.extra.socket.close(4429, 'Consumer too slow; reconnect with after: <last cursor>');
    },
  });
}
