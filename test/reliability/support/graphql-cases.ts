// Generated GraphQL traffic: every mutation with variables that are type-correct but hostile in
// content (so they reach the resolvers and services) or hostile in type (so coercion refuses them),
// and broken documents of every kind.
import fc from 'fast-check';
import {
  getNamedType, getNullableType, isEnumType, isInputObjectType, isListType, isNonNullType, isObjectType, isScalarType,
  type GraphQLField, type GraphQLInputType, type GraphQLSchema,
} from 'graphql';
import type { Registry } from '../../../src/model/types.js';
import { headerText, hostileNumber, hostileString, hostileValue } from './hostile.js';

export interface GqlCase {
  label: string;
  method: 'GET' | 'POST';
  url: string;
  headers: Record<string, string>;
  payload?: string;
}

const lowerFirst = (s: string) => s.charAt(0).toLowerCase() + s.slice(1);

function scalarValue(name: string, idPool: string[]): fc.Arbitrary<unknown> {
  switch (name) {
    case 'Int': return fc.oneof(fc.integer(), fc.constantFrom(0, -1, 2 ** 31 - 1, -(2 ** 31)));
    case 'Float': return fc.oneof(fc.double({ noNaN: true, noDefaultInfinity: true }), fc.constantFrom(0, -0, 1e308));
    case 'Boolean': return fc.boolean();
    case 'ID': return fc.oneof({ arbitrary: fc.constantFrom(...idPool), weight: 4 }, { arbitrary: fc.oneof(hostileString, fc.integer().map(String)), weight: 1 });
    case 'Decimal': return fc.oneof(hostileNumber, fc.constantFrom('1', '0.1', '-0', '1e400', 'NaN', '١', ''), hostileString);
    case 'DateTime': case 'Date': return fc.oneof(fc.constantFrom('2030-01-01', '2030-01-01T00:00:00+0000', '0000-00-00', ''), hostileString);
    case 'JSON': return hostileValue;
    default: return hostileString;
  }
}

/** A value of `type`: right-typed with hostile content mostly, any hostile value sometimes. */
export function valueOf(type: GraphQLInputType, idPool: string[], depth = 0): fc.Arbitrary<unknown> {
  const wrong = { arbitrary: hostileValue, weight: 1 };
  const nullable = getNullableType(type) as GraphQLInputType;
  let right: fc.Arbitrary<unknown>;
  if (isListType(nullable)) {
    right = fc.array(valueOf(nullable.ofType, idPool, depth + 1), { maxLength: depth > 2 ? 1 : 4 });
  } else if (isInputObjectType(nullable)) {
    const fields = Object.values(nullable.getFields());
    const record = Object.fromEntries(fields.map((f) => [f.name, depth > 3 ? fc.constant(null) : valueOf(f.type, idPool, depth + 1)]));
    right = fc.record(record, { requiredKeys: fields.filter((f) => isNonNullType(f.type)).map((f) => f.name) });
  } else if (isEnumType(nullable)) {
    right = fc.constantFrom(...nullable.getValues().map((v) => v.name));
  } else if (isScalarType(nullable)) {
    right = scalarValue(nullable.name, idPool);
  } else {
    right = fc.constant(null);
  }
  const maybeNull = isNonNullType(type) ? [] : [{ arbitrary: fc.constant(null), weight: 1 }];
  return fc.oneof({ arbitrary: right, weight: 12 }, wrong, ...maybeNull);
}

function typeString(t: GraphQLInputType): string {
  return String(t);
}

/** A selection that runs the mutation's payload resolvers: __typename, ids and userErrors. */
function selectionOf(field: GraphQLField<unknown, unknown>): string {
  const payload = getNamedType(field.type);
  if (!isObjectType(payload)) return '';
  const parts = ['__typename'];
  for (const f of Object.values(payload.getFields())) {
    const t = getNamedType(f.type);
    if (f.name === 'userErrors') parts.push('userErrors { field code message }');
    else if (isObjectType(t) && t.getFields().id) parts.push(`${f.name} { id ${t.getFields().href ? 'href' : ''} }`);
    else if (isScalarType(t) || isEnumType(t)) parts.push(f.name);
    else if (isObjectType(t)) parts.push(`${f.name} { __typename }`);
  }
  return `{ ${parts.join(' ')} }`;
}

export interface Tokens { store: string; user: string; client: string }

function authHeader(tokens: Tokens): fc.Arbitrary<string | undefined> {
  return fc.oneof(
    { arbitrary: fc.constant(`Bearer ${tokens.store}`), weight: 12 },
    { arbitrary: fc.constantFrom(`Bearer ${tokens.user}`, `Bearer ${tokens.client}`, undefined), weight: 3 },
    { arbitrary: fc.oneof(headerText.map((s) => `Bearer ${s}`), fc.constantFrom('Bearer', 'Basic x', `Bearer ${tokens.store}x`)), weight: 1 },
  );
}

export function mutationCase(schema: GraphQLSchema, registry: Registry, ids: Map<string, number>, tokens: Tokens): fc.Arbitrary<GqlCase> {
  const mutations = Object.values(schema.getMutationType()!.getFields());
  const allIds = [...new Set([...ids.values()].map(String)), '999999'];
  return fc.constantFrom(...mutations).chain((m) => {
    // `updateTax(id:)` aims at the stored tax; `createAttribute(itemId:)` at the stored item.
    const own = registry.byType.get(m.name.replace(/^(create|update|replace|delete)/, ''));
    const argIds = (name: string): string[] => {
      const target = name === 'id' ? own?.name : registry.byType.get(name.replace(/Id$/, '').replace(/^./, (c) => c.toUpperCase()))?.name;
      const id = target ? ids.get(target) : undefined;
      return id === undefined ? allIds : [String(id)];
    };
    const variables = fc.record(Object.fromEntries(m.args.map((a) => [a.name, valueOf(a.type, argIds(a.name))])), { requiredKeys: [] });
    const defs = m.args.map((a) => `$${a.name}: ${typeString(a.type)}`).join(', ');
    const call = m.args.map((a) => `${a.name}: $${a.name}`).join(', ');
    const query = `mutation Fuzz${defs ? `(${defs})` : ''} { ${m.name}${call ? `(${call})` : ''} ${selectionOf(m)} }`;
    return fc.record({ variables, auth: authHeader(tokens) }).map(({ variables: v, auth }) => ({
      label: m.name, method: 'POST' as const, url: '/graphql',
      headers: { 'content-type': 'application/json', ...(auth ? { authorization: auth } : {}) },
      payload: JSON.stringify({ query, variables: v }),
    }));
  });
}

/** Mutates a valid document: cut it, splice characters in, repeat a piece, or swap braces. */
function corrupt(doc: string): fc.Arbitrary<string> {
  return fc.tuple(fc.nat({ max: doc.length }), fc.nat({ max: doc.length }), fc.constantFrom('cut', 'insert', 'repeat', 'swap', 'delete'),
    fc.string({ unit: fc.constantFrom('{', '}', '(', ')', '$', '!', ':', '@', '#', '"', '\\', '.', '...', '\u0000', 'é', ' ', 'a', '1', '[', ']', '=', '|', '&'), maxLength: 8 }))
    .map(([i, j, how, junk]) => {
      const [a, b] = [Math.min(i, j), Math.max(i, j)];
      if (how === 'cut') return doc.slice(0, a);
      if (how === 'insert') return doc.slice(0, a) + junk + doc.slice(a);
      if (how === 'repeat') return doc.slice(0, b) + doc.slice(a, b).repeat(3) + doc.slice(b);
      if (how === 'swap') return doc.replace(/[{}]/g, (c) => (c === '{' ? '}' : '{'));
      return doc.slice(0, a) + doc.slice(b);
    });
}

const SAMPLE_DOCS = [
  'query { viewer { __typename } }',
  'query Q($first: Int) { store { taxes(first: $first) { edges { node { id name rate } } } } }',
  'mutation { createTax(input: { name: "x", type: GLOBAL, rate: "5" }) { tax { id } userErrors { field code message } } }',
  'fragment F on Tax { id name } query { node(id: "1") { ...F } }',
  'subscription { events { id name } }',
  '{ __schema { types { name fields { name } } } }',
];

const NASTY_DOCS = fc.oneof(
  fc.integer({ min: 10, max: 3000 }).map((n) => `{ ${'store { '.repeat(n)}id${' }'.repeat(n)} }`),
  fc.integer({ min: 31, max: 2000 }).map((n) => `{ ${Array.from({ length: n }, (_, i) => `a${i}: __typename`).join(' ')} }`),
  fc.integer({ min: 2, max: 50 }).map((n) => `query { ...F0 } ${Array.from({ length: n }, (_, i) => `fragment F${i} on Query { ...F${(i + 1) % n} }`).join(' ')}`),
  fc.integer({ min: 100, max: 20_000 }).map((n) => `{ ${'__typename '.repeat(n)}}`),
  fc.integer({ min: 1, max: 5000 }).map((n) => `query Q(${Array.from({ length: n }, (_, i) => `$v${i}: Int`).join(', ')}) { __typename }`),
  fc.integer({ min: 1000, max: 400_000 }).map((n) => `{ __typename @${'a'.repeat(n)} }`),
  fc.constantFrom('', ' ', '{', '}', 'query', 'mutation', 'query {}', '{ __typename } { __typename }', 'query A { a } query A { a }',
    '{ store(id: "\\u0000") { id } }', '{ node(id: """\u0000""") { id } }', '{ "unterminated }', '# only a comment', '\uFEFF{ __typename }',
    'query ($a: NoSuchType) { __typename }', '{ __typename(arg: 1) }', '{ taxes(first: 1e999) { totalCount } }', '{ x: __schema { x: __typename } }'),
  hostileString,
);

export function brokenDocumentCase(tokens: Tokens): fc.Arbitrary<GqlCase> {
  const doc = fc.oneof({ arbitrary: fc.constantFrom(...SAMPLE_DOCS).chain(corrupt), weight: 6 }, { arbitrary: NASTY_DOCS, weight: 4 }, { arbitrary: fc.constantFrom(...SAMPLE_DOCS), weight: 1 });
  const envelope = fc.tuple(doc, hostileValue, fc.option(hostileString, { nil: undefined }), fc.constantFrom('object', 'object', 'object', 'array', 'variables-string', 'no-query', 'query-not-string', 'get', 'form', 'text', 'graphql'));
  return fc.tuple(envelope, authHeader(tokens)).map(([[query, variables, operationName, shape], auth]) => {
    const headers: Record<string, string> = auth ? { authorization: auth } : {};
    const label = `broken:${shape}`;
    if (shape === 'get') {
      const qs = new URLSearchParams({ query: query.slice(0, 6000), variables: JSON.stringify(variables) ?? '' });
      return { label, method: 'GET' as const, url: `/graphql?${qs}`, headers: { ...headers, accept: 'application/graphql-response+json' } };
    }
    const body = shape === 'array' ? [{ query }, { query: '{ __typename }' }]
      : shape === 'variables-string' ? { query, variables: JSON.stringify(variables) }
        : shape === 'no-query' ? { variables } : shape === 'query-not-string' ? { query: variables }
          : { query, variables: typeof variables === 'object' ? variables : { v: variables }, operationName };
    if (shape === 'form') return { label, method: 'POST' as const, url: '/graphql', headers: { ...headers, 'content-type': 'application/x-www-form-urlencoded' }, payload: new URLSearchParams({ query }).toString() };
    if (shape === 'text' || shape === 'graphql') return { label, method: 'POST' as const, url: '/graphql', headers: { ...headers, 'content-type': shape === 'text' ? 'text/plain' : 'application/graphql' }, payload: query };
    return { label, method: 'POST' as const, url: '/graphql', headers: { ...headers, 'content-type': 'application/json' }, payload: JSON.stringify(body) };
  });
}

export { lowerFirst };
