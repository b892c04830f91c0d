// Every GraphQL rule on every transport, as one matrix: introspection policy, depth, aliases, cost,
// tokens, fragments, suggestions, persisted queries and parse errors answer the same error (code, message, limit
// details) over HTTP (Apollo) and over WebSocket (graphql-ws), and what one allows the other allows.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getIntrospectionQuery } from 'graphql';
import { makeApp, type TestApp } from '../helpers/app.js';
import { tokenChain, type Chain } from '../helpers/rest.js';
import { RawWs } from '../helpers/raw-ws.js';
import { listenForWs } from '../subscriptions/ws-world.js';

interface Case {
  rule: string;
  query: string;
  extensions?: Record<string, unknown>;
  /** The error code both transports give; undefined when both must answer data. */
  code?: string;
  message?: RegExp;
}

const PQ = { persistedQuery: { version: 1, sha256Hash: 'ecf4edb46db40b5132295c0291d62fb65d6759a9eedfa4d5d612dd5ec54a6b38' } };

const strict: Case[] = [
  { rule: 'introspection off', query: '{ __schema { types { name } } }', code: 'GRAPHQL_VALIDATION_FAILED', message: /introspection has been disabled/ },
  { rule: 'introspection off (__type)', query: '{ __type(name: "Tax") { name } }', code: 'GRAPHQL_VALIDATION_FAILED', message: /introspection has been disabled/ },
  { rule: 'depth', query: '{ viewer { store { user { stores { nodes { id } } } } } }', code: 'GRAPHQL_VALIDATION_FAILED', message: /nested 5 levels deep; at most 3/ },
  { rule: 'aliases', query: '{ a: __typename b: __typename }', code: 'GRAPHQL_VALIDATION_FAILED', message: /2 aliases; at most 1/ },
  { rule: 'cost', query: '{ store { taxes(first: 60) { nodes { id } } } }', code: 'GRAPHQL_VALIDATION_FAILED', message: /calculated cost is 62; at most 50/ },
  { rule: 'suggestions hidden', query: '{ stor { id } }', code: 'GRAPHQL_VALIDATION_FAILED', message: /^Cannot query field "stor" on type "Query"\.$/ },
  { rule: 'persisted queries off', query: '{ __typename }', extensions: PQ, code: 'PERSISTED_QUERY_NOT_SUPPORTED', message: /^PersistedQueryNotSupported$/ },
  { rule: 'parse errors', query: '{ store {', code: 'GRAPHQL_PARSE_FAILED', message: /^Syntax Error/ },
  { rule: 'tokens', query: `{ ${'__typename '.repeat(100)} }`, code: 'GRAPHQL_PARSE_FAILED', message: /more that 100 tokens/ },
  { rule: 'fragments', query: '{ store { ...A ...B ...C } } fragment A on Store { id } fragment B on Store { id } fragment C on Store { id }', code: 'GRAPHQL_VALIDATION_FAILED', message: /defines 3 fragments; at most 2 are allowed/ },
  { rule: 'fragments within the limit', query: '{ store { ...A ...B } } fragment A on Store { id } fragment B on Store { id }' },
  { rule: 'within every limit', query: '{ store { taxes(first: 10) { nodes { id } } } }' },
  { rule: 'typename', query: '{ __typename }' },
];

const open: Case[] = [
  { rule: 'introspection on', query: getIntrospectionQuery() },
  { rule: 'too complex to validate', query: `{ store { ${'id '.repeat(1000)}} }`, code: 'GRAPHQL_VALIDATION_FAILED', message: /^The document is too complex to validate/ },
  { rule: 'cost (default limit)', query: '{ store { taxes(first: 300) { nodes { id taxItemCategories(first: 300) { nodes { id itemCategory { id } tax { id store { id } } } } } } } }', code: 'GRAPHQL_VALIDATION_FAILED', message: /calculated cost is 360602; at most 300000/ },
];

async function overHttp(t: TestApp, token: string, c: Case) {
  const res = await t.app.inject({
    method: 'POST', url: '/graphql', headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    payload: JSON.stringify({ query: c.query, extensions: c.extensions }),
  });
  const body = JSON.parse(res.body);
  return { data: body.data, errors: body.errors as any[] | undefined };
}

async function overWs(url: string, token: string, c: Case) {
  const ws = await RawWs.open(url, token);
  try {
    const out = await ws.run(c.query, undefined, c.extensions);
    return out.type === 'error' ? { data: undefined, errors: out.payload as any[] } : { data: out.payload.data, errors: out.payload.errors as any[] | undefined };
  } finally {
    ws.close();
  }
}

/** The parts of an error that must agree: code, message and the limit's own details. */
const essence = (e: any) => ({ code: e.extensions?.code, message: e.message, limit: e.extensions?.limit, cost: e.extensions?.cost });

describe.each([
  ['strict', { graphqlIntrospection: false, graphqlMaxDepth: 3, graphqlMaxAliases: 1, graphqlMaxCost: 50, graphqlMaxTokens: 100, graphqlMaxFragments: 2 }, strict],
  ['default', {}, open],
] as const)('GraphQL rules over HTTP and WebSocket (%s configuration)', (_name, config, cases) => {
  let t: TestApp;
  let chain: Chain;
  let url: string;

  beforeAll(async () => {
    t = await makeApp({ config });
    chain = await tokenChain(t.app);
    url = await listenForWs(t);
  });
  afterAll(() => t?.close());

  it.each(cases.map((c) => [c.rule, c] as const))('%s', async (_rule, c) => {
    const http = await overHttp(t, chain.storeToken, c);
    const ws = await overWs(url, chain.storeToken, c);
    if (!c.code) {
      expect(http.errors).toBeUndefined();
      expect(ws.errors).toBeUndefined();
      expect(ws.data).toEqual(http.data);
      return;
    }
    expect(http.data ?? undefined).toBeUndefined();
    expect(ws.data).toBeUndefined();
    expect(http.errors?.map(essence)).toEqual(ws.errors?.map(essence));
    expect(http.errors?.[0].extensions.code).toBe(c.code);
    expect(http.errors?.[0].message).toMatch(c.message!);
  });
});
