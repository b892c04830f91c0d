// GraphQL results written in slices of the event loop (issue 20, noisy neighbour), as large REST
// answers are (src/services/pace.ts, src/representations/paced-json.ts). Apollo writes a result
// with the `stringifyResult` it is given; a result of more than RESPONSE_PACE_ABOVE objects is
// written over several turns of the loop while other callers are active, so a caller's large query
// does not hold everyone else's requests for the whole JSON.stringify of a megabyte. The bytes are
// JSON.stringify's either way; a caller alone, or a small result, takes JSON.stringify as before.
import type { FormattedExecutionResult } from 'graphql';
import type { Config } from '../config.js';
import { Pacer } from '../services/pace.js';
import { jsonHoldsMoreThan, stringifyPaced } from '../representations/paced-json.js';

/** Apollo's own `stringifyResult` (`prettyJSONStringify`: JSON.stringify and a newline), paced when large. */
export function pacedResult(config: Pick<Config, 'responsePaceAbove' | 'responseSliceMs'>, shared: () => boolean) {
  return (value: FormattedExecutionResult): string | Promise<string> => {
    const above = config.responsePaceAbove;
    if (above <= 0 || !shared() || !jsonHoldsMoreThan(value, above)) return `${JSON.stringify(value)}\n`;
    // Results hold their lists under plain objects (data, connections), not HAL containers.
    return stringifyPaced(value, new Pacer(config.responseSliceMs, shared), 'every-object').then((bytes) => `${bytes.toString('utf8')}\n`);
  };
}
