// graphql-js's subscribe(), except that subscribers who would compute the same result for an event
// share one execution of their selection. graphql-js executes the selection once per subscriber
// and event; with 1,000 subscribers to one store (bench scenario 6) that was about a sixth of the
// service's CPU per event, once the log was read once per store rather than per subscriber. Results are
// shared only between operations with the same `shareKey` (ws.ts: same document, operation name
// and variables, same principal kind, tenancy and scopes — everything a resolver's answer depends
// on) and the same event payload object, which the store's shared feed hands to all of them.
//
// Each event also gets fresh loaders: an operation's context lives as long as the subscription, and
// DataLoader caches would otherwise show every later event the rows as loaded for an earlier one
// (Event.resource is the subject as it is now). The executions of one event share those loaders
// when their principals are the same (`loaderKey`: kind, tenancy and scopes, all a load depends
// on): 500 distinct subscriptions of one store to a tax's changelog read the changelog row once,
// not 500 times (on PostgreSQL that was 500 statements per event, queued for the pool's ten
// connections ahead of every other tenant's requests: the noisy neighbour's 100 ms stalls).
import { createSourceEventStream, execute, type ExecutionArgs, type ExecutionResult } from 'graphql';
import type { GraphQLContext } from './context.js';
import { Loaders } from './loaders.js';

/** Context of an operation whose results may be shared with others of the same key. */
export interface Shareable {
  shareKey?: string;
  /** Operations of equal keys may read an event's rows through the same loaders. */
  loaderKey?: string;
}

type Result = ExecutionResult | Promise<ExecutionResult>;

/** Per event payload: the result of each key that executed it. Gone with the payload. */
const results = new WeakMap<object, Map<string, Result>>();

/** Per event payload: the loaders of each principal that executed it. Gone with the payload. */
const loadersOfEvent = new WeakMap<object, Map<string, Loaders>>();

function eventLoaders(ctx: GraphQLContext & Shareable, payload: unknown): Loaders {
  const key = ctx.loaderKey;
  if (!key || typeof payload !== 'object' || payload === null) return new Loaders(ctx.svc);
  let byKey = loadersOfEvent.get(payload);
  if (!byKey) loadersOfEvent.set(payload, byKey = new Map());
  let loaders = byKey.get(key);
  if (!loaders) byKey.set(key, loaders = new Loaders(ctx.svc));
  return loaders;
}

/** One event's execution, with the event's loaders (also ws-fanout.ts's, one per group of subscribers). */
export function executeEvent(args: ExecutionArgs, payload: unknown): Result {
  const ctx = args.contextValue as GraphQLContext & Shareable;
  return execute({ ...args, rootValue: payload, contextValue: { ...ctx, loaders: eventLoaders(ctx, payload) } });
}

function executeShared(args: ExecutionArgs, key: string | undefined, payload: unknown): Result {
  if (!key || typeof payload !== 'object' || payload === null) return executeEvent(args, payload);
  let byKey = results.get(payload);
  if (!byKey) {
    byKey = new Map();
    results.set(payload, byKey);
  }
  let result = byKey.get(key);
  if (!result) {
    result = executeEvent(args, payload);
    byKey.set(key, result);
  }
  return result;
}

const DONE: IteratorResult<ExecutionResult> = Object.freeze({ done: true, value: undefined });

/**
 * Maps each source event to its (possibly shared) result; return() and throw() reach the source.
 * Written with then() and without awaiting results that are already there: every subscriber of
 * a fanned-out event runs this chain, and each await it saves is one microtask per subscriber.
 */
function mapped(source: AsyncIterator<unknown>, fn: (payload: unknown) => Result): AsyncGenerator<ExecutionResult> {
  const step = (r: IteratorResult<unknown>): IteratorResult<ExecutionResult> | Promise<IteratorResult<ExecutionResult>> => {
    if (r.done) return DONE;
    const result = fn(r.value);
    return typeof (result as Partial<PromiseLike<unknown>>).then === 'function'
      ? Promise.resolve(result).then((value) => ({ done: false, value }))
      : { done: false, value: result as ExecutionResult };
  };
  const it: AsyncGenerator<ExecutionResult> = {
    next: () => {
      try {
        return source.next().then(step);
      } catch (err) {
        return Promise.reject(err);
      }
    },
    return: async () => (source.return ? step(await source.return()) : { done: true, value: undefined }),
    throw: async (err: unknown) => {
      if (source.throw) return step(await source.throw(err));
      throw err;
    },
    [Symbol.asyncIterator]: () => it,
  };
  return it;
}

export async function sharedSubscribe(args: ExecutionArgs): Promise<AsyncGenerator<ExecutionResult> | ExecutionResult> {
  const source = await createSourceEventStream(args);
  if (!(Symbol.asyncIterator in source)) return source as ExecutionResult;
  const key = (args.contextValue as Shareable | undefined)?.shareKey;
  return mapped((source as AsyncIterable<unknown>)[Symbol.asyncIterator](), (payload) => executeShared(args, key, payload));
}
