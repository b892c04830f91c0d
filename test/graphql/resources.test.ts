// Every resource type of the registry through GraphQL: its properties, its to-one relations,
// node(href), and the same values as the REST facade gives for the same resource.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildRegistry } from '../../src/model/registry.js';
import { engines, makeApp, type TestApp } from '../helpers/app.js';
import { call, json } from '../helpers/rest.js';
import { differences, fullSelection } from './compare.js';
import { Fixtures } from './fixtures.js';
import { gql, lowerFirst, tokenChain } from './helpers.js';

const registry = buildRegistry();
/** The client is read with its own token; store tokens do not carry client_full_access. */
const tokenFor = (fx: Fixtures, name: string) => (name === 'client' ? fx.chain.clientToken : fx.chain.storeToken);

describe.each(engines())('every resource type over GraphQL (%s)', (engine) => {
  let t: TestApp;
  let fx: Fixtures;

  beforeAll(async () => {
    t = await makeApp({ engine });
    fx = new Fixtures(t.app, registry, await tokenChain(t.app));
  });
  afterAll(() => t?.close());

  it.each(registry.resources.map((r) => [r.name]))('%s: properties, to-one relations, node(href) and REST parity', async (name) => {
    const r = registry.resource(name);
    const made = await fx.ensure(name);
    const token = tokenFor(fx, name);
    const key = lowerFirst(r.typeName);
    const res = await gql(t.app, `query($id: ID!, $href: String!) {
      one: ${key}(id: $id) { ${fullSelection(r)} }
      node(href: $href) { __typename id href }
    }`, { token, variables: { id: made.id, href: made.href } });
    expect(res.body.errors, JSON.stringify(res.body.errors)).toBeUndefined();
    const one = res.body.data.one;
    expect(one).toMatchObject({ __typename: r.typeName, id: made.id, href: made.href });
    expect(res.body.data.node).toEqual({ __typename: r.typeName, id: made.id, href: made.href });

    // A to-one relation and its `*Uri` property name the same resource.
    for (const f of r.fields.filter((x) => x.ref)) {
      const rel = r.relsByName.get(f.ref!)!;
      expect(one[rel.gqlName]?.href ?? null, `${f.gqlName} vs ${rel.gqlName}`).toBe(one[f.gqlName] ?? null);
    }
    for (const rel of r.rels.filter((x) => x.kind === 'one' && x.fk)) {
      if (one[rel.gqlName]) expect(one[rel.gqlName].__typename).toBe(registry.resource(rel.target).typeName);
    }

    const rest = await call(t.app, made.href, { token });
    expect(rest.statusCode, rest.body).toBe(200);
    expect(differences(r, json(rest), one)).toEqual([]);
  });
});
