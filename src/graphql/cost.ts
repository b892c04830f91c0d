// The calculated cost of an operation in the one cost model of src/data/cost.ts: every object costs
// 1, a connection costs its page size times the cost of one node (plus 1 for itself), a mutation
// field costs 10, exactly as a REST zoom of the same data. The same walk gives the
// requested cost (from the document and its variables, before execution) and the actual cost
// (from the data returned).
import {
  Kind, getNamedType, isCompositeType, isInterfaceType, isObjectType, valueFromASTUntyped,
  type FieldNode, type FragmentDefinitionNode, type GraphQLCompositeType, type GraphQLNamedType,
  type GraphQLObjectType, type GraphQLSchema, type OperationDefinitionNode, type SelectionSetNode,
  type ValueNode,
} from 'graphql';
import { MAX_LIMIT } from '../data/query.js';
import { MUTATION_COST, OBJECT_COST, collectionCost } from '../data/cost.js';
import { requestedPageSize } from './connections.js';
import { connectionNode } from '../model/names.js';

export { MUTATION_COST };

/** Before execution: walk the document with requested page sizes. */
const PLANNED = Symbol('planned');
type Data = unknown;

interface Walk {
  schema: GraphQLSchema;
  fragments: Record<string, FragmentDefinitionNode>;
  operation: OperationDefinitionNode;
  variables: Record<string, unknown>;
}

interface Selected {
  node: FieldNode;
  parent: GraphQLCompositeType;
  /** The field's named type, looked up once per selection rather than once per object of the answer. */
  type: GraphQLNamedType | undefined;
  /**
   * Whether the field can cost anything outside a mutation's root: an object or a connection with a
   * selection of its own. Leaves cost nothing, and skipping them keeps the walk of an answer from
   * visiting its ~60,000 scalars (2,100 objects × ~30 fields) one call at a time.
   */
  costly: boolean;
  /** Whether the type is a connection (its page size prices its nodes). */
  connection: boolean;
}

/**
 * Expanded selection sets by node and type. The actual cost walks every object of the answer (2,100
 * objects for 100 transactions with items and options) through the same few selection sets: expanding
 * them once per document instead of once per object took the walk from about a tenth of the CPU of
 * such a request to almost nothing. Keyed weakly by the document's nodes, which the document (and
 * its fragments) own.
 */
const expanded = new WeakMap<SelectionSetNode, Map<GraphQLCompositeType, Selected[]>>();

function fieldsOf(w: Walk, set: SelectionSetNode, type: GraphQLCompositeType): Selected[] {
  let byType = expanded.get(set);
  if (!byType) expanded.set(set, byType = new Map());
  let list = byType.get(type);
  if (!list) byType.set(type, list = expand(w, set, type, new Set()));
  return list;
}

/** The fields of a selection set with fragments expanded (every type condition: an upper bound). */
function expand(w: Walk, set: SelectionSetNode, type: GraphQLCompositeType, seen: Set<string>): Selected[] {
  const out: Selected[] = [];
  for (const s of set.selections) {
    if (s.kind === Kind.FIELD) out.push(selected(s, type));
    else if (s.kind === Kind.INLINE_FRAGMENT) {
      const t = s.typeCondition ? w.schema.getType(s.typeCondition.name.value) : type;
      if (t && isCompositeType(t)) out.push(...expand(w, s.selectionSet, t, seen));
    } else {
      const f = w.fragments[s.name.value];
      // A fragment cycle is reported by graphql-js's own rule; it must not loop here.
      if (!f || seen.has(f.name.value)) continue;
      const t = w.schema.getType(f.typeCondition.name.value);
      if (t && isCompositeType(t)) out.push(...expand(w, f.selectionSet, t, new Set([...seen, f.name.value])));
    }
  }
  return out;
}

function selected(node: FieldNode, parent: GraphQLCompositeType): Selected {
  const type = fieldType(parent, node.name.value);
  const costly = !node.name.value.startsWith('__') && !!type && isCompositeType(type) && !!node.selectionSet;
  return { node, parent, type, costly, connection: !!type && isConnection(type) };
}

function fieldType(parent: GraphQLCompositeType, name: string): GraphQLNamedType | undefined {
  if (!isObjectType(parent) && !isInterfaceType(parent)) return undefined;
  const def = parent.getFields()[name];
  return def ? getNamedType(def.type) : undefined;
}

function isConnection(t: GraphQLNamedType): t is GraphQLObjectType {
  if (!isObjectType(t) || !connectionNode(t.name)) return false;
  const fields = t.getFields();
  return 'edges' in fields && 'pageInfo' in fields;
}

function argValue(w: Walk, node: FieldNode, name: string): unknown {
  const arg = node.arguments?.find((a) => a.name.value === name);
  if (!arg) return undefined;
  if (arg.value.kind === Kind.VARIABLE) {
    const v = arg.value.name.value;
    if (v in w.variables) return w.variables[v];
    const def = w.operation.variableDefinitions?.find((d) => d.variable.name.value === v)?.defaultValue;
    return def ? valueFromASTUntyped(def as ValueNode) : undefined;
  }
  return valueFromASTUntyped(arg.value);
}

const at = (data: Data, key: string): Data => (data === PLANNED ? PLANNED : (data as Record<string, Data> | null)?.[key]);
const items = (data: Data): Data[] => (data === PLANNED ? [PLANNED] : Array.isArray(data) ? data : data == null ? [] : [data]);

/** One node of a connection: the node itself and what is selected on it, per node returned. */
function nodesCost(w: Walk, sel: Selected, data: Data, viaEdge: boolean): number {
  const type = sel.type;
  if (!type || !isCompositeType(type) || !sel.node.selectionSet) return 0;
  let total = 0;
  for (const item of items(at(data, sel.node.alias?.value ?? sel.node.name.value))) {
    if (!viaEdge) {
      total += item == null ? 0 : OBJECT_COST + objectCost(w, sel.node.selectionSet, type, item);
      continue;
    }
    for (const f of fieldsOf(w, sel.node.selectionSet, type)) if (f.node.name.value === 'node') total += nodesCost(w, f, item, false);
  }
  return total;
}

function connectionCost(w: Walk, node: FieldNode, type: GraphQLObjectType, data: Data): number {
  let pages = 0;
  let once = 0;
  for (const f of fieldsOf(w, node.selectionSet!, type)) {
    const name = f.node.name.value;
    if (name === 'nodes' || name === 'edges') pages = Math.max(pages, nodesCost(w, f, data, name === 'edges'));
    else once += fieldCost(w, f, data, false);
  }
  if (data !== PLANNED) return OBJECT_COST + once + pages;
  const size = Math.min(MAX_LIMIT, requestedPageSize(argValue(w, node, 'first'), argValue(w, node, 'last')));
  return once + collectionCost(size, pages);
}

function fieldCost(w: Walk, sel: Selected, data: Data, mutationRoot: boolean): number {
  const name = sel.node.name.value;
  if (name.startsWith('__')) return 0;
  const type = sel.type;
  const own = mutationRoot ? MUTATION_COST : OBJECT_COST;
  if (!sel.costly) return mutationRoot ? own : 0;
  const value = at(data, sel.node.alias?.value ?? name);
  if (sel.connection) return value == null ? 0 : connectionCost(w, sel.node, type as GraphQLObjectType, value);
  let total = mutationRoot && value == null ? own : 0;
  for (const item of items(value)) if (item != null) total += own + objectCost(w, sel.node.selectionSet!, type as GraphQLCompositeType, item);
  return total;
}

function objectCost(w: Walk, set: SelectionSetNode, type: GraphQLCompositeType, data: Data, mutationRoot = false): number {
  let total = 0;
  for (const f of fieldsOf(w, set, type)) if (f.costly || mutationRoot) total += fieldCost(w, f, data, mutationRoot);
  return total;
}

function walk(schema: GraphQLSchema, fragments: Walk['fragments'], operation: OperationDefinitionNode,
  variables: Record<string, unknown> | null | undefined, data: Data): number {
  const root = schema.getRootType(operation.operation);
  if (!root) return 0;
  const w: Walk = { schema, fragments, operation, variables: variables ?? {} };
  return objectCost(w, operation.selectionSet, root, data, operation.operation === 'mutation');
}

export function fragmentsOf(defs: ReadonlyArray<{ kind: string }>): Record<string, FragmentDefinitionNode> {
  const out: Record<string, FragmentDefinitionNode> = {};
  for (const d of defs) if (d.kind === Kind.FRAGMENT_DEFINITION) out[(d as FragmentDefinitionNode).name.value] = d as FragmentDefinitionNode;
  return out;
}

/** The cost the operation asks for: requested page sizes (default 20), before anything runs. */
export function requestedCost(schema: GraphQLSchema, fragments: Walk['fragments'], operation: OperationDefinitionNode,
  variables?: Record<string, unknown> | null): number {
  return walk(schema, fragments, operation, variables, PLANNED);
}

/** The cost of what was returned: objects actually present, connections by their actual length. */
export function actualCost(schema: GraphQLSchema, fragments: Walk['fragments'], operation: OperationDefinitionNode,
  variables: Record<string, unknown> | null | undefined, data: Record<string, unknown> | null | undefined): number {
  return data ? walk(schema, fragments, operation, variables, data) : 0;
}
