// HTTP GraphQL runs on graphql-jit (src/graphql/jit-executor.ts); graphql-js stays the reference.
// Two apps over one SQLite file, one compiled and one not (GRAPHQL_JIT=false), must answer every
// resource type's properties, to-one and to-many relations (connections with edges, cursors,
// pageInfo and totalCount), the viewer, node(href) and the error cases byte for byte alike.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildRegistry } from '../../src/model/registry.js';
import type { ResourceDef } from '../../src/model/types.js';
import { makeApp, type TestApp } from '../helpers/app.js';
import { tokenChain } from '../helpers/rest.js';
import { fullSelection } from './compare.js';
import { Fixtures } from './fixtures.js';
import { gql } from './helpers.js';

const registry = buildRegistry();
const lowerFirst = (s: string) => s.charAt(0).toLowerCase() + s.slice(1);
const PAGE = 'totalCount edges { cursor node { __typename id } } nodes { id } pageInfo { hasNextPage hasPreviousPage startCursor endCursor }';

/** Connections per query: two aliases each, under the server's alias limit (30) with `one`. */
const RELS_PER_QUERY = 12;

/** Every property and relation of a resource, connections paged in two sizes, in as many selections as the alias limit needs. */
function everything(r: ResourceDef): string[] {
  const many = r.rels.filter((rel) => rel.kind === 'many')
    .map((rel) => `${rel.gqlName}_a: ${rel.gqlName}(first: 2) { ${PAGE} } ${rel.gqlName}_b: ${rel.gqlName}(last: 1, offset: 0) { ${PAGE} }`);
  const parts: string[] = [];
  for (let i = 0; i === 0 || i < many.length; i += RELS_PER_QUERY) parts.push([fullSelection(r), ...many.slice(i, i + RELS_PER_QUERY)].join(' '));
  return parts;
}

describe('graphql-jit answers exactly as graphql-js', () => {
  let jit: TestApp;
  let plain: TestApp;
  let fx: Fixtures;

  beforeAll(async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'commerce-jit-')), 'shared.sqlite');
    jit = await makeApp({ config: { databaseUrl: file, graphqlJit: true } });
    fx = new Fixtures(jit.app, registry, await tokenChain(jit.app));
    for (const r of registry.resources) await fx.ensure(r.name);
    plain = await makeApp({ config: { databaseUrl: file, graphqlJit: false } });
  });
  afterAll(async () => { await plain?.close(); await jit?.close(); });

  async function both(query: string, opts: Parameters<typeof gql>[2]) {
    const [a, b] = await Promise.all([gql(jit.app, query, opts), gql(plain.app, query, opts)]);
    expect(a.status).toBe(b.status);
    expect(a.body).toEqual(b.body);
    return a;
  }

  it('for every resource type, with all its relations', async () => {
    let withData = 0;
    for (const r of registry.resources) {
      const made = await fx.ensure(r.name);
      const token = r.name === 'client' ? fx.chain.clientToken : fx.chain.storeToken;
      let all = true;
      for (const selection of everything(r)) {
        const res = await both(`query($id: ID!, $href: String!) {
          one: ${lowerFirst(r.typeName)}(id: $id) { ${selection} }
          node(href: $href) { __typename id href }
        }`, { token, variables: { id: made.id, href: made.href } });
        all &&= res.body.data?.one?.id === made.id;
      }
      if (all) withData++;
    }
    // The comparison means something only if the objects were actually there.
    expect(withData).toBe(registry.resources.length);
  });

  it('for the viewer, a deep store query and every kind of error', async () => {
    const { storeToken, userToken } = fx.chain;
    await both('{ viewer { scopes client { id } user { id } store { id } } }', { token: storeToken });
    await both('{ viewer { scopes store { id } } }', { token: userToken });
    await both(`{ store { taxes(first: 3, orderBy: [{ field: NAME, direction: DESC }]) { ${PAGE} nodes { name taxItemCategories { ${PAGE} } } } } }`, { token: storeToken });
    await both('{ store { id nope } }', { token: storeToken });
    await both('{ client(id: "1") { id } }', { token: storeToken });
    await both('query Q { __typename }', { token: storeToken, operationName: 'Other' });
    await both('query A { __typename } query B { viewer { scopes } }', { token: storeToken });
    await both('query($n: Int) { store { taxes(first: $n) { totalCount } } }', { token: storeToken, variables: { n: 'many' } });
    await both('query($n: Int) { store { taxes(first: $n) { totalCount } } }', { token: storeToken, variables: { n: 9999 } });
    await both('mutation($input: TaxInput!) { createTax(input: $input) { tax { id } userErrors { field code message } } }',
      { token: storeToken, variables: { input: { name: '', type: 'GLOBAL', rate: '-1' } } });
    await both('mutation($input: TaxInput!) { createTax(input: $input) { tax { id } } }',
      { token: storeToken, variables: { input: { name: 'x', type: 'PLANETARY', rate: '1' } } });
    // graphql-jit's own variable coercion takes a list where an input object is expected (as {}),
    // so graphql-js checks the variables first (jit-executor.ts): both refuse these with a 400.
    await both('mutation($input: TaxInput!) { createTax(input: $input) { tax { id } } }', { token: storeToken, variables: { input: [] } });
    await both('mutation($id: ID!, $input: TaxInput!) { updateTax(id: $id, input: $input) { tax { id } } }', { token: storeToken, variables: { id: '1', input: [{ name: 'x' }] } });
  });
});
