// The CRUD mutations of every writable resource of the registry: success, userErrors naming every
// invalid field, FORBIDDEN without the scope, and another store's objects out of reach.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FieldDef, ResourceDef } from '../../src/model/types.js';
import { buildRegistry } from '../../src/model/registry.js';
import { areaScopes } from '../../src/auth/scopes.js';
import { buildSchema } from '../../src/graphql/schema.js';
import { BASE, engines, makeApp, type TestApp } from '../helpers/app.js';
import { Fixtures, validValue } from './fixtures.js';
import { errorCodes, gql, lowerFirst, narrowToken, ownerToken, tokenChain } from './helpers.js';

const registry = buildRegistry();

/** A value `f` refuses, when one can be written in GraphQL (enums and booleans cannot be wrong). */
function invalidValue(f: FieldDef): unknown {
  const c = f.constraints;
  if (f.ref) return 'https://elsewhere.example/not/ours/1';
  if (f.enumValues || f.kind === 'boolean' || f.list) return c.required ? null : undefined;
  switch (c.format) {
    case 'URL': return 'not a url';
    case 'EMAIL': return 'not-an-email';
    case 'COUNTRY': return 'XX';
    case 'JSON': return '{not json';
    case 'FREQUENCY': return 'often';
    case 'DATE': return '2020-13-45';
    case 'UNIX_TIMESTAMP': return c.future ? 1000 : undefined;
    default: break;
  }
  if (c.maxLength !== undefined) return 'x'.repeat(c.maxLength + 1);
  if (c.minLength !== undefined && c.minLength > 1) return 'x';
  if (c.min !== undefined) return f.kind === 'int' ? Number(c.min) - 1 : String(Number(c.min) - 1);
  if (c.gt !== undefined) return f.kind === 'int' ? Number(c.gt) : c.gt;
  if (c.max !== undefined) return f.kind === 'int' ? Number(c.max) + 1 : String(Number(c.max) + 1);
  return c.required ? null : undefined;
}

/** A field an update can change to a fresh valid value (a plain property, not a reference). */
const changeable = (fx: Fixtures, r: ResourceDef) => fx.writable(r).find((f) => !f.ref && !f.writeOnce && !f.enumValues && !f.writeOnly
  && f.kind === 'string' && !f.constraints.format && !f.list);

const schema = buildSchema(registry, BASE);
const mutationOf = (_fx: Fixtures, name: string) => schema.getMutationType()!.getFields()[name];

describe.each(engines())('CRUD mutations of every writable resource (%s)', (engine) => {
  let t: TestApp;
  let fx: Fixtures;
  let other: Fixtures;

  beforeAll(async () => {
    t = await makeApp({ engine });
    fx = new Fixtures(t.app, registry, await tokenChain(t.app));
    other = new Fixtures(t.app, registry, await tokenChain(t.app));
  });
  afterAll(() => t?.close());

  const writable = registry.resources.filter((r) => ['create', 'update', 'replace', 'delete']
    .some((op) => schema.getMutationType()!.getFields()[`${op}${r.typeName}`]));

  it.each(writable.map((r) => [r.name]))('%s', async (name) => {
    const r = registry.resource(name);
    const T = r.typeName;
    const key = lowerFirst(T);
    const token = ownerToken(fx.chain, name);
    const select = `${key} { id ${fx.writable(r).filter((f) => !f.writeOnly).map((f) => f.gqlName).join(' ')} } userErrors { field code message }`;
    const run = (op: string, args: string, variables: Record<string, unknown>, tok = token) =>
      gql(t.app, `mutation(${args}) { ${op}(${args.replace(/\$(\w+): [\w!]+/g, '$1: $$$1')}) { ${op.startsWith('delete') ? 'deletedId userErrors { field code message }' : select} } }`,
        { token: tok, variables });
    const made = fx.creatable(r) ? await fx.create(name) : await fx.ensure(name);

    if (fx.creatable(r)) {
      // Every field that can be wrong is wrong at once: each one must be reported.
      const input = await fx.input(r);
      const expected: string[] = [];
      for (const f of fx.writable(r)) {
        const bad = invalidValue(f);
        if (bad === undefined) continue;
        input[f.gqlName] = bad;
        expected.push(f.gqlName);
      }
      expect(expected.length).toBeGreaterThan(0);
      const parents = await fx.parentArgs(r);
      const decl = ['$input: ' + `${T}Input!`, ...Object.keys(parents).map((p) => `$${p}: ID`)].join(', ');
      const res = await run(`create${T}`, decl, { input, ...parents });
      const payload = res.body.data[`create${T}`];
      expect(payload[key]).toBeNull();
      expect(new Set(payload.userErrors.map((e: any) => e.field))).toEqual(new Set(expected));

      // Without the scope to write it, the same (valid) create is FORBIDDEN.
      const scope = r.owner === 'STORE' && r.scopes.read.length ? r.scopes.read[0]
        : areaScopes(registry).find((s) => !r.scopes.write.includes(s) && !r.scopes.read.includes(s))!;
      const narrow = await narrowToken(t.app, fx.chain, scope);
      const denied = await run(`create${T}`, decl, { input: await fx.input(r), ...parents }, narrow);
      expect(errorCodes(denied.body)).toEqual(['FORBIDDEN']);
      expect(denied.body.data).toBeNull();
    }

    const field = changeable(fx, r);
    if (mutationOf(fx, `update${T}`) && field) {
      const value = validValue(field);
      const res = await run(`update${T}`, `$id: ID!, $input: ${T}Input!`, { id: made.id, input: { [field.gqlName]: value } });
      expect(res.body.data[`update${T}`].userErrors).toEqual([]);
      expect(res.body.data[`update${T}`][key][field.gqlName]).toBe(value);
      const bad = invalidValue(field);
      const invalid = await run(`update${T}`, `$id: ID!, $input: ${T}Input!`, { id: made.id, input: { [field.gqlName]: bad } });
      expect(invalid.body.data[`update${T}`].userErrors.map((e: any) => e.field)).toEqual([field.gqlName]);
    }

    if (mutationOf(fx, `replace${T}`) && field && fx.creatable(r)) {
      const input = await fx.input(r);
      const res = await run(`replace${T}`, `$id: ID!, $input: ${T}Input!`, { id: made.id, input });
      expect(res.body.data[`replace${T}`].userErrors).toEqual([]);
      expect(res.body.data[`replace${T}`][key][field.gqlName]).toBe(input[field.gqlName]);
    }

    // Another store's token: the object is not there, by id, by href, or for a write.
    const otherToken = ownerToken(other.chain, name);
    const look = await gql(t.app, `query($id: ID!, $href: String!) { one: ${key}(id: $id) { id } node(href: $href) { id } }`,
      { token: otherToken, variables: { id: made.id, href: made.href } });
    expect(look.body).toMatchObject({ data: { one: null, node: null } });
    if (mutationOf(fx, `update${T}`) && field) {
      const res = await run(`update${T}`, `$id: ID!, $input: ${T}Input!`, { id: made.id, input: { [field.gqlName]: validValue(field) } }, otherToken);
      expect(errorCodes(res.body)).toEqual(['NOT_FOUND']);
    }

    if (mutationOf(fx, `delete${T}`)) {
      expect(errorCodes((await run(`delete${T}`, '$id: ID!', { id: made.id }, otherToken)).body)).toEqual(['NOT_FOUND']);
      const res = await run(`delete${T}`, '$id: ID!', { id: made.id });
      expect(res.body.data[`delete${T}`]).toEqual({ deletedId: made.id, userErrors: [] });
      expect((await gql(t.app, `query($id: ID!) { ${key}(id: $id) { id } }`, { token, variables: { id: made.id } })).body.data[key]).toBeNull();
      expect(errorCodes((await run(`delete${T}`, '$id: ID!', { id: made.id })).body)).toEqual(['NOT_FOUND']);
    }
  });
});
