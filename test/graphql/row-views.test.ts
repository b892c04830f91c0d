// Resource objects reach GraphQL as views (src/graphql/row-views.ts): `id`, `href` and the plain
// columns are properties graphql-jit reads inline, with no resolver call per object and field, and
// every field that hands out resource objects makes the views. The answers stay the same whichever
// way an object is reached: a root field, node(href) (an interface), a to-one relation, a
// connection's nodes and its edges.
import { getNamedType, isAbstractType, isObjectType, type GraphQLObjectType } from 'graphql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildRegistry } from '../../src/model/registry.js';
import { buildSchema } from '../../src/graphql/schema.js';
import { viewFields } from '../../src/graphql/row-views.js';
import { engines, makeApp, type TestApp } from '../helpers/app.js';
import { fullSelection } from './compare.js';
import { Fixtures } from './fixtures.js';
import { gqlData, tokenChain } from './helpers.js';

const registry = buildRegistry();

describe('resource objects as views (schema)', () => {
  const schema = buildSchema(registry, 'http://localhost');
  const resourceTypes = new Set(registry.resources.map((r) => r.typeName));

  it('resolves id, href and every plain column of every resource type without a resolver', () => {
    let plain = 0;
    for (const r of registry.resources) {
      const fields = (schema.getType(r.typeName) as GraphQLObjectType).getFields();
      for (const name of ['id', 'href', ...viewFields(r).map((f) => f.gqlName)]) {
        expect(fields[name], `${r.typeName}.${name}`).toBeDefined();
        expect(fields[name].resolve, `${r.typeName}.${name}`).toBeUndefined();
        plain++;
      }
    }
    expect(plain).toBeGreaterThan(300);
  });

  it('makes views on every field whose type is a resource type, a list of one, or a union or interface', () => {
    let handing = 0;
    for (const type of Object.values(schema.getTypeMap())) {
      if (!isObjectType(type) || type.name.startsWith('__')) continue;
      for (const field of Object.values(type.getFields())) {
        const named = getNamedType(field.type);
        if (!resourceTypes.has(named.name) && !isAbstractType(named)) continue;
        expect(field.resolve, `${type.name}.${field.name}`).toBeDefined();
        handing++;
      }
    }
    expect(handing).toBeGreaterThan(100);
  });
});

describe.each(engines())('resource objects as views (%s)', (engine) => {
  let t: TestApp;
  let fx: Fixtures;

  beforeAll(async () => {
    t = await makeApp({ engine });
    fx = new Fixtures(t.app, registry, await tokenChain(t.app));
  });
  afterAll(() => t?.close());

  it('answers an item alike through its root field, node(href), its cart\'s connection and a to-one relation', async () => {
    const item = registry.resource('item');
    const category = registry.resource('item_category');
    const made = await fx.create('item');
    const cartId = (await fx.ensure('cart')).id;
    const sel = fullSelection(item);
    const token = fx.chain.storeToken;
    const data = await gqlData(t.app, `query($id: ID!, $href: String!, $cart: ID!) {
      item(id: $id) { ${sel} itemCategory { ${fullSelection(category)} } }
      node(href: $href) { ... on Item { ${sel} } }
      cart(id: $cart) { items(first: 50) { nodes { ${sel} } edges { node { ${sel} } } } } }`,
    { token, variables: { id: made.id, href: made.href, cart: cartId } });
    const { itemCategory, ...direct } = data.item;
    expect(direct.id).toBe(made.id);
    expect(direct.href).toBe(made.href);
    // The plain columns came through: the input's texts are there under their GraphQL names (numbers
    // may be bounded by the item's rules, decimals are written back in their own form).
    let compared = 0;
    for (const [k, v] of Object.entries(made.input)) {
      if (typeof v !== 'string' || /^-?\d/.test(v) || !(k in direct) || k.endsWith('Uri')) continue;
      expect(direct[k], k).toEqual(v);
      compared++;
    }
    expect(compared).toBeGreaterThan(3);
    const { itemCategory: _c, ...viaNode } = data.node;
    expect(viaNode).toEqual(direct);
    const inCart = data.cart.items.nodes.find((n: { id: string }) => n.id === made.id);
    expect(inCart).toBeDefined();
    delete inCart.itemCategory;
    expect(inCart).toEqual(direct);
    const edge = data.cart.items.edges.find((e: { node: { id: string } }) => e.node.id === made.id).node;
    delete edge.itemCategory;
    expect(edge).toEqual(direct);
    expect(itemCategory).not.toBeNull();
    const alone = await gqlData(t.app, `query($id: ID!) { itemCategory(id: $id) { ${fullSelection(category)} } }`, { token, variables: { id: itemCategory.id } });
    expect(itemCategory).toEqual(alone.itemCategory);
  });
});
