// GENERATED scope matrix over GraphQL: every root query and mutation field that belongs to a
// resource (CRUD fields and `<action><Type>(id)` actions, found by introspecting the served schema,
// so new fields join automatically) and every
// connection of the store × one token per scope. Refused ⇔ an error with extensions.code FORBIDDEN,
// exactly where the @resource declarations refuse.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeApp, type TestApp } from '../helpers/app.js';
import type { Registry, ResourceDef } from '../../src/model/types.js';
import { expectedAllowed, expectedResend, expectedWebhookWrite, governing, isResendAction, matrixWorld, type MatrixToken, type MatrixWorld, type Mode } from './matrix-rules.js';

interface Cell {
  label: string;
  document: string;
  /** Who decides: a resource and mode, or a token-chain step needing one scope. */
  rule: { access: ResourceDef; mode: Mode } | { scope: string } | { resend: true };
  storeTokensOnly?: boolean;
  deletes?: boolean;
}

interface Field { name: string; args: Array<{ name: string }> }

const lowerFirst = (s: string) => s.charAt(0).toLowerCase() + s.slice(1);

function cells(registry: Registry, ids: Map<string, number>, query: Field[], mutation: Field[]): { cells: Cell[]; unmapped: string[] } {
  const out: Cell[] = [];
  const unmapped: string[] = [];
  const id = (r: ResourceDef) => `"${ids.get(r.name) ?? 999999}"`;
  const byField = new Map(registry.resources.map((r) => [lowerFirst(r.typeName), r]));
  for (const f of query) {
    const r = byField.get(f.name);
    if (!r || !f.args.some((a) => a.name === 'id')) { unmapped.push(`Query.${f.name}`); continue; }
    out.push({ label: `Query.${f.name}`, document: `{ ${f.name}(id: ${id(r)}) { id } }`, rule: { access: r, mode: 'read' } });
  }
  const chain: Record<string, string> = { createUser: 'client_full_access', createStore: 'user_full_access' };
  for (const f of mutation) {
    if (chain[f.name]) {
      out.push({ label: `Mutation.${f.name}`, document: `mutation { ${f.name}(input: {}) { __typename } }`, rule: { scope: chain[f.name] } });
      continue;
    }
    const m = /^(create|update|replace|delete)([A-Z]\w*)$/.exec(f.name);
    const r = m ? registry.byType.get(m[2]) : undefined;
    const action = /^[a-z]+([A-Z]\w*)$/.exec(f.name);
    const acted = action ? registry.byType.get(action[1]) : undefined;
    if ((!m || !r) && acted && f.args.some((a) => a.name === 'id')) {
      // An action on a resource (checkoutCart, captureTransaction): a write. A missing id keeps it
      // free of side effects: allowed tokens get NOT_FOUND, others FORBIDDEN.
      out.push({
        label: `Mutation.${f.name}`, document: `mutation { ${f.name}(id: "999999") { __typename } }`,
        rule: isResendAction(f.name) ? { resend: true } : { access: acted, mode: 'write' },
      });
      continue;
    }
    if (!m || !r) { unmapped.push(`Mutation.${f.name}`); continue; }
    const label = `Mutation.${f.name}`;
    if (m[1] === 'delete') {
      out.push({ label, document: `mutation { ${f.name}(id: ${id(r)}) { __typename } }`, rule: { access: r, mode: 'write' }, deletes: true });
    } else if (m[1] !== 'create') {
      out.push({ label, document: `mutation { ${f.name}(id: ${id(r)}, input: {}) { __typename } }`, rule: { access: r, mode: 'write' } });
    } else {
      // One cell per parent the create can add to: each `<parent>Id` argument, and the token's store.
      for (const a of f.args.filter((x) => x.name.endsWith('Id'))) {
        const parent = byField.get(a.name.slice(0, -2));
        if (!parent) { unmapped.push(`${label}(${a.name})`); continue; }
        out.push({ label: `${label}(${a.name})`, document: `mutation { ${f.name}(${a.name}: ${id(parent)}, input: {}) { __typename } }`, rule: { access: governing(parent, r), mode: 'write' } });
      }
      if (registry.resource('store').rels.some((rel) => rel.target === r.name && rel.methods.includes('POST'))) {
        out.push({ label, document: `mutation { ${f.name}(input: {}) { __typename } }`, rule: { access: governing(registry.resource('store'), r), mode: 'write' }, storeTokensOnly: true });
      }
    }
  }
  const store = registry.resource('store');
  for (const rel of store.rels.filter((x) => x.kind === 'many')) {
    out.push({ label: `Store.${rel.gqlName}`, document: `{ store { ${rel.gqlName} { totalCount } } }`, rule: { access: governing(store, registry.resource(rel.target)), mode: 'read' }, storeTokensOnly: true });
  }
  return { cells: out, unmapped };
}

function expected(registry: Registry, c: Cell, t: MatrixToken): boolean {
  if ('resend' in c.rule) return expectedResend(registry, t);
  if ('scope' in c.rule) return t.scopes.has(c.rule.scope);
  return c.rule.mode === 'write' ? expectedWebhookWrite(registry, c.rule.access, c.deletes ? 'DELETE' : 'POST', t) : expectedAllowed(c.rule.access, c.rule.mode, t);
}

describe('scope matrix: every GraphQL resource field × every scope', () => {
  let t: TestApp;
  let world: MatrixWorld;
  const gql = async (token: string, query: string) => {
    const res = await t.app.inject({ method: 'POST', url: '/graphql', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, payload: JSON.stringify({ query }) });
    return { status: res.statusCode, body: JSON.parse(res.body) as { data?: unknown; errors?: Array<{ message: string; extensions?: { code?: string } }> } };
  };
  beforeAll(async () => {
    t = await makeApp();
    world = await matrixWorld(t.app);
  });
  afterAll(() => t.close());

  it('refuses with FORBIDDEN exactly where the @resource scopes do', async () => {
    const schema = await gql(world.chain.storeToken, '{ __schema { queryType { fields { name args { name } } } mutationType { fields { name args { name } } } } }');
    const s = schema.body.data as { __schema: { queryType: { fields: Field[] }; mutationType: { fields: Field[] } } };
    const { cells: all, unmapped } = cells(t.app.container.registry, world.ids, s.__schema.queryType.fields, s.__schema.mutationType.fields);
    const runs = all.flatMap((cell) => world.tokens.filter((tk) => !cell.storeTokensOnly || tk.level === 'store')
      .map((token) => ({ cell, token, allow: expected(t.app.container.registry, cell, token) })));
    const order = (r: { cell: Cell; allow: boolean }) => (!r.cell.deletes ? 0 : r.allow ? 2 : 1);
    runs.sort((a, b) => order(a) - order(b));
    const wrong: string[] = [];
    for (const { cell, token, allow } of runs) {
      const res = await gql(token.token, cell.document);
      const codes = (res.body.errors ?? []).map((e) => e.extensions?.code);
      const ok = allow
        ? res.status < 500 && !codes.some((c) => ['FORBIDDEN', 'UNAUTHENTICATED', 'INTERNAL_SERVER_ERROR', 'GRAPHQL_VALIDATION_FAILED'].includes(c ?? ''))
        : codes.includes('FORBIDDEN');
      if (!ok) wrong.push(`${cell.label} with ${token.label}: expected ${allow ? 'allowed' : 'FORBIDDEN'}, got ${res.status} ${JSON.stringify(res.body).slice(0, 200)}`);
    }
    console.log(`[matrix] GraphQL: ${all.length} field cells, ${runs.length} operations; not resource fields: ${unmapped.join(', ') || 'none'}`);
    expect(wrong).toEqual([]);
    expect(all.length).toBeGreaterThan(50);
  });
});
