// The token chain as mutations (the same token objects as REST), the viewer, scopes enforced on
// queries and mutations, and tenancy through every path (by id, by href, nested).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { camelCase } from '../../src/model/names.js';
import { engines, makeApp, type TestApp } from '../helpers/app.js';
import { CLIENT_FORM, call, json, uniq } from '../helpers/rest.js';
import { errorCodes, gql, gqlData, narrowToken, tokenChain, type Chain } from './helpers.js';

const TOKEN = 'token { accessToken expiresIn tokenType scope refreshToken }';
const CLIENT_INPUT = {
  redirectUri: CLIENT_FORM.redirect_uri, projectName: CLIENT_FORM.project_name, companyName: CLIENT_FORM.company_name,
  contactName: CLIENT_FORM.contact_name, contactEmail: CLIENT_FORM.contact_email, contactPhone: CLIENT_FORM.contact_phone,
};
const STORE_INPUT = () => ({
  storeName: 'GraphQL Store', storeDomain: uniq('gql'), storeUrl: 'https://gql.example', storeEmail: 'gql@example.com',
  postalCode: '97201', region: 'OR', country: 'US',
});

describe.each(engines())('authentication, scopes and tenancy over GraphQL (%s)', (engine) => {
  let t: TestApp;
  let a: Chain;
  let b: Chain;
  let taxA: { id: string; href: string };

  beforeAll(async () => {
    t = await makeApp({ engine });
    a = await tokenChain(t.app);
    b = await tokenChain(t.app);
    const d = await gqlData(t.app, 'mutation { createTax(input: { name: "VAT", type: GLOBAL, rate: "20" }) { tax { id href } } }', { token: a.storeToken });
    taxA = d.createTax.tax;
  });
  afterAll(() => t?.close());

  it('walks registerClient → createUser → createStore, with the token objects REST gives', async () => {
    const reg = await gql(t.app, `mutation($input: ClientInput!) { registerClient(input: $input) {
      message clientId clientSecret client { id projectName } ${TOKEN} userErrors { field } } }`, { variables: { input: CLIENT_INPUT } });
    const client = reg.body.data.registerClient;
    expect(client.userErrors).toEqual([]);
    expect(client.message).toBe(`client ${client.clientId} created successfully.`);
    expect(client.token).toMatchObject({ tokenType: 'Bearer', scope: 'client_full_access', expiresIn: 7200 });
    expect(client.clientSecret).toEqual(expect.any(String));

    // REST's registration token object has the same members, in snake_case.
    const rest = json(await call(t.app, '/clients', { method: 'POST', form: CLIENT_FORM })).token;
    expect(Object.keys(rest).map(camelCase).sort()).toEqual(Object.keys(client.token).sort());
    for (const k of Object.keys(rest)) expect(typeof client.token[camelCase(k)]).toBe(typeof rest[k]);

    const user = (await gql(t.app, `mutation($input: UserInput!) { createUser(input: $input) { node { id ... on User { email } } ${TOKEN} userErrors { field } } }`, {
      token: client.token.accessToken, variables: { input: { firstName: 'Ada', lastName: 'Lovelace', email: `${uniq('ada')}@example.com` } },
    })).body.data.createUser;
    expect(user.token).toMatchObject({ scope: 'user_full_access', tokenType: 'Bearer' });
    const store = (await gql(t.app, `mutation($input: StoreInput!) { createStore(input: $input) { node { id ... on Store { storeName } } ${TOKEN} userErrors { field } } }`, {
      token: user.token.accessToken, variables: { input: STORE_INPUT() },
    })).body.data.createStore;
    expect(store).toMatchObject({ node: { storeName: 'GraphQL Store' }, token: { scope: 'store_full_access' }, userErrors: [] });

    const viewer = await gqlData(t.app, '{ viewer { scopes store { id } user { id } } }', { token: store.token.accessToken });
    expect(viewer.viewer).toEqual({ scopes: ['store_full_access'], store: { id: store.node.id }, user: { id: user.node.id } });
  });

  it('reports every invalid registration field, and refuses the chain to the wrong token', async () => {
    const reg = await gql(t.app, `mutation($input: ClientInput!) { registerClient(input: $input) { clientId token { accessToken } userErrors { field code } } }`,
      { variables: { input: { ...CLIENT_INPUT, redirectUri: 'nope', contactEmail: 'nope', projectName: null, clientId: 'short' } } });
    const payload = reg.body.data.registerClient;
    expect(payload.token).toBeNull();
    expect(payload.userErrors.map((e: any) => e.field).sort()).toEqual(['clientId', 'contactEmail', 'projectName', 'redirectUri']);
    const store = await gql(t.app, 'mutation($input: StoreInput!) { createStore(input: $input) { node { id } } }',
      { token: a.clientToken, variables: { input: STORE_INPUT() } });
    expect(errorCodes(store.body)).toEqual(['FORBIDDEN']);
    const anonymous = await gql(t.app, 'mutation($input: UserInput!) { createUser(input: $input) { node { id } } }',
      { variables: { input: { firstName: 'A', lastName: 'B', email: 'a@example.com' } } });
    expect(errorCodes(anonymous.body)).toEqual(['UNAUTHENTICATED']);
  });

  it('lets tax_settings_read query taxes but not create them, and webhooks_read not see them', async () => {
    const read = await narrowToken(t.app, a, 'tax_settings_read');
    const list = await gqlData(t.app, '{ store { taxes { totalCount nodes { id name } } } viewer { scopes store { id } } }', { token: read });
    expect(list.store.taxes.nodes).toEqual([{ id: taxA.id, name: 'VAT' }]);
    expect(list.viewer.scopes).toEqual(['tax_settings_read']);
    const create = await gql(t.app, 'mutation { createTax(input: { name: "X", type: GLOBAL, rate: "1" }) { tax { id } } }', { token: read });
    expect(errorCodes(create.body)).toEqual(['FORBIDDEN']);
    expect(create.body.errors[0].message).toMatch(/tax_settings_write/);

    const hooks = await narrowToken(t.app, a, 'webhooks_read');
    expect((await gqlData(t.app, '{ store { id webhooks { totalCount } } }', { token: hooks })).store.webhooks.totalCount).toBe(0);
    const nested = await gql(t.app, '{ store { id taxes { nodes { id } } } }', { token: hooks });
    expect(errorCodes(nested.body)).toEqual(['FORBIDDEN']);
    expect(nested.body.errors[0].path).toEqual(['store', 'taxes']);
    for (const q of [`{ tax(id: "${taxA.id}") { id } }`, `{ node(href: "${taxA.href}") { id } }`]) {
      expect(errorCodes((await gql(t.app, q, { token: hooks })).body), q).toEqual(['FORBIDDEN']);
    }
  });

  it('checks the scope of every to-one relation and of the viewer\'s objects', async () => {
    const category = (await gqlData(t.app, '{ store { itemCategories(filter: { code: { eq: "DEFAULT" } }) { nodes { href } } } }',
      { token: a.storeToken })).store.itemCategories.nodes[0];
    await gqlData(t.app, `mutation($input: TaxItemCategoryInput!) { createTaxItemCategory(taxId: "${taxA.id}", input: $input) { taxItemCategory { id } } }`,
      { token: a.storeToken, variables: { input: { taxUri: taxA.href, itemCategoryUri: category.href } } });
    const read = await narrowToken(t.app, a, 'tax_settings_read');
    // Item categories are store_full_access only: the link from a tax is refused, the rest answers.
    const res = await gql(t.app, `{ tax(id: "${taxA.id}") { name taxItemCategories { nodes { id tax { id } itemCategory { id } } } } }`, { token: read });
    expect(errorCodes(res.body)).toEqual(['FORBIDDEN']);
    expect(res.body.errors[0].path).toEqual(['tax', 'taxItemCategories', 'nodes', 0, 'itemCategory']);
    const ok = await gqlData(t.app, `{ tax(id: "${taxA.id}") { taxItemCategories { nodes { tax { id } } } } }`, { token: read });
    expect(ok.tax.taxItemCategories.nodes).toEqual([{ tax: { id: taxA.id } }]);
    // A narrowed store token reads its store, not its client's registration or its user.
    const viewer = await gql(t.app, '{ viewer { scopes store { id } client { id } user { id } } }', { token: read });
    expect(viewer.body.data.viewer).toEqual({ scopes: ['tax_settings_read'], store: { id: a.storeHref.split('/').pop() }, client: null, user: null });
    expect(errorCodes(viewer.body)).toEqual(['FORBIDDEN', 'FORBIDDEN']);
  });

  it('never reaches another store\'s objects: by id, by href, nested, or through a shared user', async () => {
    const q = `query($id: ID!, $href: String!) { tax(id: $id) { id } node(href: $href) { id } store { taxes { totalCount nodes { id } } } }`;
    const res = await gqlData(t.app, q, { token: b.storeToken, variables: { id: taxA.id, href: taxA.href } });
    expect(res).toEqual({ tax: null, node: null, store: { taxes: { totalCount: 0, nodes: [] } } });
    const storeA = a.storeHref.split('/').pop();
    expect((await gqlData(t.app, `{ store(id: "${storeA}") { id } }`, { token: b.storeToken })).store).toBeNull();

    // A second store of the same user: its token sees only its own store through the user.
    const second = (await gql(t.app, `mutation($input: StoreInput!) { createStore(input: $input) { node { id } ${TOKEN} } }`,
      { token: a.userToken, variables: { input: STORE_INPUT() } })).body.data.createStore;
    const viaUser = await gqlData(t.app, '{ viewer { user { stores { totalCount nodes { id } } } } }', { token: second.token.accessToken });
    expect(viaUser.viewer.user.stores).toEqual({ totalCount: 1, nodes: [{ id: second.node.id }] });
    const asUser = await gqlData(t.app, '{ viewer { user { stores { totalCount } } } }', { token: a.userToken });
    expect(asUser.viewer.user.stores.totalCount).toBe(2);
  });

  it('answers anonymous queries of protected data with UNAUTHENTICATED', async () => {
    const res = await gql(t.app, `{ store { id } tax(id: "${taxA.id}") { id } }`);
    expect(errorCodes(res.body)).toEqual(['UNAUTHENTICATED', 'UNAUTHENTICATED']);
  });
});
