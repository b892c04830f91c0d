// GraphQL results written in slices of the event loop (issue 20, noisy neighbour), as large REST
// answers are (src/services/pace.ts, src/representations/paced-json.ts). Apollo writes a result
// with the `stringifyResult` it is given; a result of more than RESPONSE_PACE_ABOVE objects is
// written over several turns of the loop while other callers are active, so a caller's large query
// does not hold everyone else's requests for the whole JSON.stringify of a megabyte. The bytes are
// JSON.stringify's either way; a caller alone, or a small result, takes JSON.stringify as before.
//
// A paced result whose client has hung up stops at its next break point, as a REST answer does
// (ClientGone), and is answered 499 to nobody. Apollo hands `stringifyResult` the result alone, not
// its request: the plugin below ties the result's `data` (which Apollo passes on as the same
// object) to its client's connection just before the result is written.
import { GraphQLError, type FormattedExecutionResult } from 'graphql';
import type { ApolloServerPlugin } from '@apollo/server';
import type { Config } from '../config.js';
import { ClientGone, Pacer } from '../services/pace.js';
import { jsonHoldsMoreThan, stringifyPaced } from '../representations/paced-json.js';
import type { GraphQLContext } from './context.js';

/** Whether the client of a result (by its `data`) has closed its connection. */
const goneOf = new WeakMap<object, () => boolean>();

/** The 499 of a result whose client went while it was written (REST answers it so too: app.ts). */
function clientClosed(): GraphQLError {
  return new GraphQLError('The client closed the connection before its result was written.', {
    extensions: { code: 'CLIENT_CLOSED_REQUEST', http: { status: 499 } },
  });
}

export interface PacedResults {
  /** Apollo's own `stringifyResult` (`prettyJSONStringify`: JSON.stringify and a newline), paced when large. */
  stringifyResult(value: FormattedExecutionResult): string | Promise<string>;
  /** Ties each result to its client's connection, for the writer to stop when it is gone. */
  plugin: ApolloServerPlugin<GraphQLContext>;
}

export function pacedResults(config: Pick<Config, 'responsePaceAbove' | 'responseSliceMs'>, shared: () => boolean): PacedResults {
  return {
    stringifyResult(value) {
      const above = config.responsePaceAbove;
      if (above <= 0 || !shared() || !jsonHoldsMoreThan(value, above)) return `${JSON.stringify(value)}\n`;
      const gone = value.data ? goneOf.get(value.data) : undefined;
      // Results hold their lists under plain objects (data, connections), not HAL containers.
      return stringifyPaced(value, new Pacer(config.responseSliceMs, shared, gone), 'every-object').then(
        (bytes) => `${bytes.toString('utf8')}\n`,
        (err: unknown) => { throw err instanceof ClientGone ? clientClosed() : err; },
      );
    },
    plugin: {
      async requestDidStart() {
        return {
          async willSendResponse(rc) {
            const gone = rc.contextValue.clientGone;
            if (gone && rc.response.body.kind === 'single' && rc.response.body.singleResult.data) goneOf.set(rc.response.body.singleResult.data, gone);
          },
        };
      },
    },
  };
}
