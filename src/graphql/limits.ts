// Every GraphQL rule as one set, so Apollo (HTTP) and graphql-ws (WebSocket) enforce the same ones:
// the introspection policy, maximum depth, maximum aliases and maximum calculated cost (cost.ts) as
// graphql-js validation rules, plus the suggestion and persisted-query policies both transports
// apply to what they answer. Depth, aliases and introspection depend on the document only; cost
// also depends on the variables (page sizes), so it is a separate rule built per request.
import {
  GraphQLError, Kind, NoSchemaIntrospectionCustomRule, parse, type ASTVisitor, type DocumentNode, type FragmentDefinitionNode,
  type OperationDefinitionNode, type SelectionSetNode, type ValidationContext, type ValidationRule,
} from 'graphql';
import { HeaderMap } from '@apollo/server';
import { fragmentsOf, requestedCost } from './cost.js';
import type { Budget, Spent } from '../ops/rate-limit.js';

export interface LimitConfig {
  graphqlMaxCost: number;
  graphqlMaxDepth: number;
  graphqlMaxAliases: number;
  /** Absent means on. */
  graphqlIntrospection?: boolean;
}

/**
 * graphql-js's words when it gives up validating a document, having spent its budget comparing
 * fields that must merge (a selection set with the same field many times over) or met 100 errors,
 * told so a client knows what to change. Both transports say it (formatError, ws.ts).
 */
export function plainValidationMessage(message: string): string {
  return /^(Too many validation errors, error limit reached\. )?Validation aborted\.$/.test(message)
    ? 'The document is too complex to validate: its selections are compared with one another too often. Select each field once per selection set, or split the document.'
    : message;
}

/** "Did you mean …" would describe the schema to whoever probes it: shown in development only. */
export function hideSuggestions(message: string): string {
  return process.env.NODE_ENV === 'development' ? message : message.replace(/ ?Did you mean(.+?)\?$/, '');
}

export const rateHeaders = (s: Spent): Array<[string, string]> =>
  [['ratelimit-limit', String(s.limit)], ['ratelimit-remaining', String(s.remaining)], ['ratelimit-reset', String(s.reset)]];

/** The error of an operation whose cost the caller's budget cannot pay (HTTP and WebSocket alike). */
export function rateLimitedError(budget: Budget, s: Spent, http = true): GraphQLError {
  return new GraphQLError(budget.message(s), {
    extensions: {
      code: 'RATE_LIMITED', retryAfter: s.reset, limit: s.limit, remaining: s.remaining,
      ...(http ? { http: { status: 429, headers: new HeaderMap([['retry-after', String(s.reset)], ...rateHeaders(s)]) } } : {}),
    },
  });
}

/**
 * Automatic persisted queries are off on every transport: they are a cache, not a safelist, and
 * graphql-ws has no way to carry them. A request with only a hash gets this error on both.
 */
export const PERSISTED_QUERIES_OFF = { message: 'PersistedQueryNotSupported', code: 'PERSISTED_QUERY_NOT_SUPPORTED' } as const;

/** Apollo reports every failed rule with this code; the limits say the same on every transport. */
export const VALIDATION_FAILED = 'GRAPHQL_VALIDATION_FAILED';

/** Introspection (`__schema`, `__type`, `__typename`) is exempt: its own shape is fixed and small. */
const isMeta = (name: string) => name.startsWith('__');

function depthOf(set: SelectionSetNode, fragments: Record<string, FragmentDefinitionNode>, level: number, seen: Set<string>): number {
  let max = level;
  for (const s of set.selections) {
    if (s.kind === Kind.FIELD) {
      if (isMeta(s.name.value)) continue;
      max = Math.max(max, s.selectionSet ? depthOf(s.selectionSet, fragments, level + 1, seen) : level);
    } else if (s.kind === Kind.INLINE_FRAGMENT) {
      max = Math.max(max, depthOf(s.selectionSet, fragments, level, seen));
    } else {
      const f = fragments[s.name.value];
      if (f && !seen.has(f.name.value)) max = Math.max(max, depthOf(f.selectionSet, fragments, level, new Set([...seen, f.name.value])));
    }
  }
  return max;
}

/** Root fields are depth 0; each nested selection adds 1. */
export function maxDepthRule(max: number): ValidationRule {
  return (context: ValidationContext): ASTVisitor => ({
    OperationDefinition(op: OperationDefinitionNode) {
      const depth = depthOf(op.selectionSet, fragmentsOf(context.getDocument().definitions), 0, new Set());
      if (depth > max) {
        context.reportError(new GraphQLError(
          `The operation is nested ${depth} levels deep; at most ${max} are allowed. Split it into several operations.`,
          { nodes: [op], extensions: { code: VALIDATION_FAILED, limit: 'depth', depth, maximum: max } },
        ));
      }
    },
  });
}

export function maxAliasesRule(max: number): ValidationRule {
  return (context: ValidationContext): ASTVisitor => {
    let count = 0;
    return {
      Field(node) {
        if (node.alias) count += 1;
      },
      Document: {
        leave(doc) {
          if (count > max) {
            context.reportError(new GraphQLError(
              `The document uses ${count} aliases; at most ${max} are allowed.`,
              { nodes: [doc], extensions: { code: VALIDATION_FAILED, limit: 'aliases', aliases: count, maximum: max } },
            ));
          }
        },
      },
    };
  };
}

export interface CostOptions {
  variables?: Record<string, unknown> | null;
  /** Only this operation of the document runs; undefined checks every operation. */
  operationName?: string | null;
  /** Learns the requested cost of every operation checked. */
  onCost?: (cost: number, op: OperationDefinitionNode) => void;
}

/** The refusal of an operation whose calculated cost is over the maximum, or undefined. */
export function costError(cost: number, max: number, op: OperationDefinitionNode): GraphQLError | undefined {
  if (cost <= max) return undefined;
  return new GraphQLError(
    `The operation's calculated cost is ${cost}; at most ${max} is allowed. Each object costs 1, a connection ` +
    'costs its page size (first/last, default 20) times the cost of one node, and a mutation costs 10: ask for smaller pages.',
    { nodes: [op], extensions: { code: VALIDATION_FAILED, limit: 'cost', cost: { requested: cost, maximum: max } } },
  );
}

/** The calculated cost of the operation that runs, against the maximum (page sizes may be variables). */
export function maxCostRule(max: number, opts: CostOptions = {}): ValidationRule {
  return (context: ValidationContext): ASTVisitor => ({
    OperationDefinition(op) {
      if (opts.operationName && op.name?.value !== opts.operationName) return;
      const cost = requestedCost(context.getSchema(), fragmentsOf(context.getDocument().definitions), op, opts.variables);
      opts.onCost?.(cost, op);
      const err = costError(cost, max, op);
      if (err) context.reportError(err);
    },
  });
}

/** The limits that depend on the document alone (Apollo caches their verdict per document). */
export function documentRules(config: LimitConfig): ValidationRule[] {
  const rules = [maxDepthRule(config.graphqlMaxDepth), maxAliasesRule(config.graphqlMaxAliases)];
  return config.graphqlIntrospection === false ? [NoSchemaIntrospectionCustomRule, ...rules] : rules;
}

/** Every limit, for a transport that validates each request itself (graphql-ws's onSubscribe). */
export function validationRules(config: LimitConfig, request: Omit<CostOptions, 'onCost'> = {}): ValidationRule[] {
  return [...documentRules(config), maxCostRule(config.graphqlMaxCost, request)];
}

/**
 * A parsed document's size, checked before it is validated (on both transports; its tokens are
 * bounded by the parser, GRAPHQL_MAX_TOKENS). graphql-js's rule that fields can merge compares the
 * fragments pairwise, so validating grows with the square of their number: 221 fragments within
 * 2,000 tokens took ~50 ms of the loop, a new document each time; 100 take ~10 ms.
 */
export function oversizedDocument(document: DocumentNode, maxFragments: number): GraphQLError | undefined {
  let fragments = 0;
  for (const d of document.definitions) if (d.kind === Kind.FRAGMENT_DEFINITION) fragments++;
  if (fragments <= maxFragments) return undefined;
  return new GraphQLError(`The document defines ${fragments} fragments; at most ${maxFragments} are allowed.`, {
    extensions: { code: VALIDATION_FAILED, limit: 'fragments', fragments, maximum: maxFragments },
  });
}

/** The shortest fragment definition, `fragment a on B{c}`: a shorter query cannot hold too many. */
const FRAGMENT_CHARS = 18;

/**
 * Whether `query` has more than `max` standalone words `fragment`. Every fragment definition has
 * one (a GraphQL name is [_0-9A-Za-z], the characters `\b` separates), so at most `max` words means
 * at most `max` definitions, without parsing.
 */
function moreFragmentWords(query: string, max: number): boolean {
  const word = /\bfragment\b/g;
  let n = 0;
  while (word.exec(query)) if (++n > max) return true;
  return false;
}

/**
 * oversizedDocument for a query not parsed yet (HTTP, before Apollo, which parses it again or takes
 * it from its cache): parsed here only when it is long enough to hold too many fragments and names
 * more than that many, so an ordinary large query costs a scan, not a second parse. One that does
 * not parse is left for Apollo to report.
 */
export function oversizedQuery(query: unknown, config: { graphqlMaxTokens: number; graphqlMaxFragments: number }): GraphQLError | undefined {
  if (typeof query !== 'string' || query.length <= (config.graphqlMaxFragments + 1) * FRAGMENT_CHARS) return undefined;
  if (!moreFragmentWords(query, config.graphqlMaxFragments)) return undefined;
  let document: DocumentNode;
  try {
    document = parse(query, { maxTokens: config.graphqlMaxTokens });
  } catch {
    return undefined;
  }
  return oversizedDocument(document, config.graphqlMaxFragments);
}
