// The response-size cap of REST (MAX_RESPONSE_OBJECTS, rest/represent.ts) for GraphQL too (issue 21):
// the cost limit bounds what a selection may ask for (page sizes times members), this bounds what
// the data actually fills it with. Every field whose type is an object (or a list of objects) is
// wrapped so the objects it resolves are counted per execution, as they are produced: one query or
// mutation, one event of a subscription (each event executes with a context of its own,
// shared-subscribe.ts). Once the count passes the cap every further object field fails at once,
// so no more is read, and the answer is one RESPONSE_TOO_LARGE error without data, over HTTP
// (400, plugin.ts) and over WebSocket (ws.ts) alike. An object counts once per place it appears,
// as on REST; a connection's edges and nodes count as the objects they are.
import { defaultFieldResolver, getNamedType, GraphQLError, isCompositeType, isObjectType, type ExecutionResult,
  type FormattedExecutionResult, type GraphQLSchema } from 'graphql';

export const RESPONSE_TOO_LARGE = 'RESPONSE_TOO_LARGE';

/** Objects resolved so far, per execution's context. */
const tallies = new WeakMap<object, { objects: number }>();

function tooLarge(max: number): GraphQLError {
  return new GraphQLError(`The response would hold more than ${max} objects, the most one answer may hold; ` +
    'ask for smaller pages (first) or fewer nested connections.', { extensions: { code: RESPONSE_TOO_LARGE, maximum: max } });
}

function isThenable(v: unknown): v is PromiseLike<unknown> {
  return typeof (v as PromiseLike<unknown> | null)?.then === 'function';
}

/** Wraps the object-typed fields of `schema` in place (before any execution compiles them). */
export function capResponseSize(schema: GraphQLSchema, max: number): void {
  if (!(max > 0) || !Number.isFinite(max)) return;
  const count = (tally: { objects: number }, value: unknown) => {
    tally.objects += Array.isArray(value) ? value.length : value == null ? 0 : 1;
    if (tally.objects > max) throw tooLarge(max);
    return value;
  };
  for (const type of Object.values(schema.getTypeMap())) {
    if (!isObjectType(type) || type.name.startsWith('__')) continue;
    for (const field of Object.values(type.getFields())) {
      if (!isCompositeType(getNamedType(field.type))) continue;
      const resolve = field.resolve ?? defaultFieldResolver;
      field.resolve = (source, args, context, info) => {
        if (typeof context !== 'object' || context === null) return resolve(source, args, context, info);
        let tally = tallies.get(context);
        if (!tally) tallies.set(context, tally = { objects: 0 });
        if (tally.objects > max) throw tooLarge(max);
        const out = resolve(source, args, context, info);
        const t = tally;
        return isThenable(out) ? Promise.resolve(out).then((v) => count(t, v)) : count(t, out);
      };
    }
  }
}

/** An execution refused for its size: only the refusal (one error, no partial data), else undefined. */
export function refusedForSize<T extends ExecutionResult | FormattedExecutionResult>(result: T): T | undefined {
  const err = result.errors?.find((e) => e.extensions?.code === RESPONSE_TOO_LARGE);
  if (!err) return undefined;
  return { ...result, data: null, errors: [err] };
}
