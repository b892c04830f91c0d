// Taxes through GraphQL: the same constraint table as REST, answered as userErrors naming the
// camelCase field; queries through the store, by id and by href; scopes and tenancy.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engines, makeApp, type TestApp } from '../helpers/app.js';
import { tokenChain, type Chain } from '../helpers/rest.js';
import { narrowToken } from '../helpers/tokens.js';
import { VALID, VIOLATIONS } from './tax-table.js';

const camel = (s: string) => s.replace(/_([a-z])/g, (_m, c: string) => c.toUpperCase());
/** REST input → GraphQL input: camelCase keys, enum values in UPPER_SNAKE. */
function gqlInput(rest: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(rest)) {
    out[camel(k)] = (k === 'type' || k === 'service_provider') && typeof v === 'string' ? (v === '' ? 'NONE' : v.toUpperCase()) : v;
  }
  return out;
}

describe.each(engines())('taxes through GraphQL on %s', (engine) => {
  let t: TestApp;
  let chain: Chain;
  const gql = async (query: string, variables: Record<string, unknown> = {}, token = chain.storeToken) => {
    const res = await t.app.inject({
      method: 'POST', url: '/graphql', payload: { query, variables },
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    });
    return JSON.parse(res.body);
  };
  const CREATE = `mutation($input: TaxInput!) { createTax(input: $input) { tax { id href name rate type } userErrors { field code message } } }`;
  beforeAll(async () => {
    t = await makeApp({ engine });
    chain = await tokenChain(t.app);
  });
  afterAll(async () => t?.close());

  // GraphQL's own type system rejects some violations (a string for a Boolean) before the service
  // sees them; those come back as a request error naming the variable path instead of userErrors.
  // `GLOBAL` is wrong only in REST spelling; in GraphQL it is the enum value itself.
  const cases = VIOLATIONS.filter(([field, value]) => !(field === 'type' && value === 'GLOBAL'));
  it.each(cases)('reports %s = %j', async (field, value, extra) => {
    const input: Record<string, unknown> = { ...VALID, ...extra };
    if (value === undefined) delete input[field];
    else input[field] = value;
    const body = await gql(CREATE, { input: gqlInput(input) });
    if (body.errors) {
      expect(body.errors[0].extensions.code).toBe('BAD_USER_INPUT');
      expect(body.errors[0].message).toContain(camel(field));
      return;
    }
    expect(body.data.createTax.tax).toBeNull();
    expect(body.data.createTax.userErrors.map((e: { field: string }) => e.field)).toContain(camel(field));
  });

  it('creates, reads, updates, replaces and deletes a tax', async () => {
    const created = (await gql(CREATE, { input: { name: 'GST', type: 'GLOBAL', rate: '10' } })).data.createTax;
    expect(created.userErrors).toEqual([]);
    expect(created.tax).toMatchObject({ name: 'GST', rate: '10', type: 'GLOBAL' });
    const id = created.tax.id;
    const read = await gql(`query($id: ID!) { tax(id: $id) { name store { storeName } } store { taxes(first: 5) { totalCount nodes { id } } } }`, { id });
    expect(read.data.tax).toEqual({ name: 'GST', store: { storeName: 'Test Store' } });
    expect(read.data.store.taxes.nodes.map((n: { id: string }) => n.id)).toContain(id);
    const updated = await gql(`mutation($id: ID!) { updateTax(id: $id, input: { rate: "12.5" }) { tax { rate name } userErrors { field } } }`, { id });
    expect(updated.data.updateTax).toEqual({ tax: { rate: '12.5', name: 'GST' }, userErrors: [] });
    const badUpdate = await gql(`mutation($id: ID!) { updateTax(id: $id, input: { rate: "0", name: "" }) { tax { id } userErrors { field code } } }`, { id });
    expect(badUpdate.data.updateTax.userErrors.map((e: { field: string }) => e.field).sort()).toEqual(['name', 'rate']);
    const replaced = await gql(`mutation($id: ID!) { replaceTax(id: $id, input: { name: "VAT", type: COUNTRY, country: "DE", rate: "19" }) { tax { name type country rate applyToShipping } userErrors { field } } }`, { id });
    expect(replaced.data.replaceTax.tax).toEqual({ name: 'VAT', type: 'COUNTRY', country: 'DE', rate: '19', applyToShipping: false });
    const deleted = await gql(`mutation($id: ID!) { deleteTax(id: $id) { deletedId userErrors { field } } }`, { id });
    expect(deleted.data.deleteTax).toEqual({ deletedId: id, userErrors: [] });
    expect((await gql(`query($id: ID!) { tax(id: $id) { id } }`, { id })).data.tax).toBeNull();
  });

  it('reports several invalid fields at once', async () => {
    const body = await gql(CREATE, { input: { name: 'n'.repeat(31), rate: '-1', country: 'Narnia', type: 'LOCAL' } });
    expect(body.data.createTax.userErrors.map((e: { field: string }) => e.field).sort()).toEqual(['city', 'country', 'name', 'rate']);
  });

  it('enforces scopes with FORBIDDEN and hides other stores', async () => {
    const id = (await gql(CREATE, { input: { name: 'Mine', type: 'GLOBAL', rate: '1' } })).data.createTax.tax.id;
    const reader = await narrowToken(t.app, chain, 'tax_settings_read');
    expect((await gql(`query($id: ID!) { tax(id: $id) { name } }`, { id }, reader)).data.tax).toEqual({ name: 'Mine' });
    const denied = await gql(CREATE, { input: { name: 'No', type: 'GLOBAL', rate: '1' } }, reader);
    expect(denied.errors[0].extensions.code).toBe('FORBIDDEN');
    // The scopes that would grant the write, as a list (not REST's WWW-Authenticate header).
    expect(denied.errors[0].extensions.scopes).toContain('tax_settings_write');
    const hooks = await narrowToken(t.app, chain, 'webhooks_read');
    expect((await gql(`query($id: ID!) { tax(id: $id) { name } }`, { id }, hooks)).errors[0].extensions.code).toBe('FORBIDDEN');
    const other = await tokenChain(t.app);
    expect((await gql(`query($id: ID!) { tax(id: $id) { name } }`, { id }, other.storeToken)).data.tax).toBeNull();
    const stolen = await gql(`mutation($id: ID!) { updateTax(id: $id, input: { rate: "2" }) { tax { id } userErrors { code } } }`, { id }, other.storeToken);
    expect(stolen.errors?.[0]?.extensions?.code ?? stolen.data.updateTax.userErrors[0]?.code).toMatch(/NOT_FOUND|not_found/);
  });
});
