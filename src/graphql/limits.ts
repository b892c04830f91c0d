// Operation limits as graphql-js validation rules, so Apollo (HTTP) and graphql-ws (WebSocket) can
// enforce the same ones: maximum depth, maximum aliases and maximum calculated cost (cost.ts).
// Depth and aliases depend on the document only; cost also depends on the variables (page sizes),
// so it is a separate rule built per request.
import {
  GraphQLError, Kind, type ASTVisitor, type FragmentDefinitionNode, type OperationDefinitionNode,
  type SelectionSetNode, type ValidationContext, type ValidationRule,
} from 'graphql';
import { fragmentsOf, requestedCost } from './cost.js';

export interface LimitConfig {
  graphqlMaxCost: number;
  graphqlMaxDepth: number;
  graphqlMaxAliases: number;
}

/** Apollo reports every failed rule with this code; the limits say the same on every transport. */
const VALIDATION_FAILED = 'GRAPHQL_VALIDATION_FAILED';

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

/** The calculated cost of the operation that runs, against the maximum (page sizes may be variables). */
export function maxCostRule(max: number, opts: CostOptions = {}): ValidationRule {
  return (context: ValidationContext): ASTVisitor => ({
    OperationDefinition(op) {
      if (opts.operationName && op.name?.value !== opts.operationName) return;
      const cost = requestedCost(context.getSchema(), fragmentsOf(context.getDocument().definitions), op, opts.variables);
      opts.onCost?.(cost, op);
      if (cost > max) {
        context.reportError(new GraphQLError(
          `The operation's calculated cost is ${cost}; at most ${max} is allowed. Each object costs 1, a connection ` +
          'costs its page size (first/last, default 20) times the cost of one node, and a mutation costs 10: ask for smaller pages.',
          { nodes: [op], extensions: { code: VALIDATION_FAILED, limit: 'cost', cost: { requested: cost, maximum: max } } },
        ));
      }
    },
  });
}

/** The limits that depend on the document alone (Apollo caches their verdict per document). */
export function documentRules(config: LimitConfig): ValidationRule[] {
  return [maxDepthRule(config.graphqlMaxDepth), maxAliasesRule(config.graphqlMaxAliases)];
}

/** Every limit, for a transport that validates each request itself (graphql-ws's onSubscribe). */
export function validationRules(config: LimitConfig, request: Omit<CostOptions, 'onCost'> = {}): ValidationRule[] {
  return [...documentRules(config), maxCostRule(config.graphqlMaxCost, request)];
}
