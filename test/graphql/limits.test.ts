// Operation limits (cost, depth, aliases), the cost report in extensions, schema details hidden
// from error messages, and introspection as configured.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse, validate } from 'graphql';
import { buildRegistry } from '../../src/model/registry.js';
import { buildSchema } from '../../src/graphql/schema.js';
import { validationRules } from '../../src/graphql/limits.js';
import { makeApp, type TestApp } from '../helpers/app.js';
import { errorCodes, gql, gqlData, tokenChain, type Chain } from './helpers.js';

const LIMITS = { graphqlMaxCost: 1000, graphqlMaxDepth: 10, graphqlMaxAliases: 30 };

describe('operation limits', () => {
  let t: TestApp;
  let chain: Chain;

  beforeAll(async () => {
    t = await makeApp();
    chain = await tokenChain(t.app);
  });
  afterAll(() => t?.close());

  it('reports the requested and the actual cost in extensions.cost', async () => {
    await gqlData(t.app, 'mutation { createTax(input: { name: "VAT", type: GLOBAL, rate: "20" }) { tax { id } userErrors { field } } }',
      { token: chain.storeToken });
    const res = await gql(t.app, '{ store { taxes(first: 50) { totalCount nodes { id store { id } } } } }', { token: chain.storeToken });
    // store 1 + taxes (1 + 50 × (node 1 + store 1)); one tax came back.
    expect(res.body.extensions.cost).toEqual({ requested: 102, actual: 4, maximum: 300_000 });
    const m = await gql(t.app, 'mutation { createTax(input: { name: "", type: GLOBAL }) { tax { id } userErrors { field code } } }',
      { token: chain.storeToken });
    expect(m.body.extensions.cost.requested).toBe(12);
  });

  it('refuses an operation whose calculated cost is too high, counting page sizes given as variables', async () => {
    const query = 'query($n: Int) { store { taxes(first: $n) { nodes { taxItemCategories(first: $n) { nodes { id itemCategory { id } tax { id store { id } } } } } } } }';
    const res = await gql(t.app, query, { token: chain.storeToken, variables: { n: 300 } });
    expect(res.status).toBe(400);
    expect(errorCodes(res.body)).toEqual(['GRAPHQL_VALIDATION_FAILED']);
    expect(res.body.errors[0].message).toMatch(/calculated cost is 360602; at most 300000 is allowed/);
    expect(res.body.errors[0].extensions).toMatchObject({ limit: 'cost', cost: { requested: 360602, maximum: 300_000 } });
    expect(res.body.data).toBeUndefined();
    const small = await gql(t.app, query, { token: chain.storeToken, variables: { n: 100 } });
    expect(small.status).toBe(200);
    expect(small.body.errors).toBeUndefined();
  });

  it('refuses operations nested deeper than the maximum, fragments included', async () => {
    const deep = `{ store { taxes { nodes { taxItemCategories { nodes { itemCategory { taxItemCategories { nodes { tax {
      ...T } } } } } } } } } } fragment T on Tax { store { user { id } } }`;
    const res = await gql(t.app, deep, { token: chain.storeToken });
    expect(res.status).toBe(400);
    expect(errorCodes(res.body)).toEqual(['GRAPHQL_VALIDATION_FAILED']);
    expect(res.body.errors[0].extensions).toMatchObject({ limit: 'depth', depth: 11, maximum: 10 });
    expect(res.body.errors[0].message).toBe('The operation is nested 11 levels deep; at most 10 are allowed. Split it into several operations.');
  });

  it('refuses more aliases than allowed', async () => {
    const aliases = Array.from({ length: 31 }, (_, i) => `a${i}: __typename`).join(' ');
    const res = await gql(t.app, `{ ${aliases} }`, { token: chain.storeToken });
    expect(res.status).toBe(400);
    expect(res.body.errors[0].message).toBe('The document uses 31 aliases; at most 30 are allowed.');
    expect(res.body.errors[0].extensions).toMatchObject({ code: 'GRAPHQL_VALIDATION_FAILED', limit: 'aliases', aliases: 31 });
    const ok = await gql(t.app, `{ ${aliases.split(' a30')[0]} }`, { token: chain.storeToken });
    expect(ok.status).toBe(200);
  });

  it('refuses a document of more tokens or fragments than allowed before validating it, over POST and GET', async () => {
    // A new document each time costs its validation, which grows with the square of its fragments.
    const fragments = (n: number, extra = '') => `{ store { ${Array.from({ length: n }, (_, i) => `...F${i}`).join(' ')} ${extra} } } ${
      Array.from({ length: n }, (_, i) => `fragment F${i} on Store { id }`).join(' ')}`;
    const within = await gql(t.app, fragments(100), { token: chain.storeToken });
    expect(within.status).toBe(200);
    expect(within.body.data.store.id).toBeDefined();
    // 101 fragments and a field that does not exist: only the size is told, nothing was validated.
    const over = fragments(101, 'nope');
    const post = await gql(t.app, over, { token: chain.storeToken });
    const get = await t.app.inject({ method: 'GET', url: `/graphql?query=${encodeURIComponent(over)}`, headers: { authorization: `Bearer ${chain.storeToken}`, accept: 'application/json' } });
    for (const [status, body] of [[post.status, post.body], [get.statusCode, JSON.parse(get.body)]] as const) {
      expect(status).toBe(400);
      expect(body.errors).toEqual([{
        message: 'The document defines 101 fragments; at most 100 are allowed.',
        extensions: { code: 'GRAPHQL_VALIDATION_FAILED', limit: 'fragments', fragments: 101, maximum: 100 },
      }]);
    }
    // Commas are ignored tokens too: the fragment words are still found without a space after them.
    const commas = `{store{${Array.from({ length: 101 }, (_, i) => `...F${i}`).join(',')}}}${Array.from({ length: 101 }, (_, i) => `fragment,F${i},on,Store{id}`).join(',')}`;
    const commaRes = await gql(t.app, commas, { token: chain.storeToken });
    expect(commaRes.status).toBe(400);
    expect(commaRes.body.errors[0].extensions).toMatchObject({ limit: 'fragments', fragments: 101 });
    // Tokens: parsing stops past 2,000 (the default), before any validation.
    const tokens = await gql(t.app, `{ ${'__typename '.repeat(2000)} }`, { token: chain.storeToken });
    expect(tokens.status).toBe(400);
    expect(errorCodes(tokens.body)).toEqual(['GRAPHQL_PARSE_FAILED']);
    expect(tokens.body.errors[0].message).toMatch(/more that 2000 tokens/);
  });

  it('does not suggest field names outside development', async () => {
    const res = await gql(t.app, '{ stor { id } }', { token: chain.storeToken });
    expect(res.status).toBe(400);
    expect(res.body.errors[0].message).not.toMatch(/Did you mean/);
  });

  it('answers introspection, GraphiQL\'s schema query included', async () => {
    const { getIntrospectionQuery } = await import('graphql');
    const res = await gql(t.app, getIntrospectionQuery());
    expect(res.status).toBe(200);
    expect(res.body.data.__schema.queryType.name).toBe('Query');
  });

  it('exports the same rules for other transports, with the variables of the request', () => {
    const schema = buildSchema(buildRegistry(), 'http://localhost');
    const doc = parse('query($n: Int) { store { taxes(first: $n) { nodes { taxItemCategories(first: $n) { nodes { id } } } } } }');
    expect(validate(schema, doc, validationRules(LIMITS, { variables: { n: 10 } }))).toEqual([]);
    const errors = validate(schema, doc, validationRules(LIMITS, { variables: { n: 300 } }));
    expect(errors.map((e) => e.extensions.limit)).toEqual(['cost']);
  });
});

describe('limits from configuration', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await makeApp({ config: { graphqlIntrospection: false, graphqlMaxDepth: 3, graphqlMaxCost: 5, graphqlMaxAliases: 1 } });
  });
  afterAll(() => t?.close());

  it('turns introspection off and applies the configured maxima', async () => {
    const intro = await gql(t.app, '{ __schema { queryType { name } } }');
    expect(intro.status).toBe(400);
    expect(intro.body.errors[0].message).toMatch(/introspection/i);
    expect((await gql(t.app, '{ viewer { store { user { stores { nodes { id } } } } } }')).body.errors[0].message)
      .toMatch(/nested 5 levels deep; at most 3/);
    expect((await gql(t.app, '{ store { taxes(first: 4) { nodes { id } } } }')).body.errors[0].message)
      .toMatch(/calculated cost is 6; at most 5/);
    expect((await gql(t.app, '{ a: __typename b: __typename }')).body.errors[0].message).toMatch(/2 aliases; at most 1/);
  });
});
