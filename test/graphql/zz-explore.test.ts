import { it } from 'vitest';
import { makeApp } from '/work/main/test/helpers/app.js';
import { tokenChain } from '/work/main/test/helpers/rest.js';
it('explore', async () => {
  const t = await makeApp();
  const chain = await tokenChain(t.app);
  const q = async (query: string, variables?: any, token = chain.storeToken) => {
    const r = await t.app.inject({ method: 'POST', url: '/graphql', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, payload: { query, variables } });
    console.log(r.statusCode, r.body.slice(0, 2000));
  };
  await q(`{ viewer { scopes store { id href storeName } } }`);
  await q(`mutation { createTax(input:{name:"VAT", type: GLOBAL, rate:"10"}) { tax { id href name type rate store { id } } userErrors { field code message } } }`);
  await q(`mutation { createTax(input:{name:"VATVATVATVATVATVATVATVATVATVATVATVAT", type: LOCAL, rate:"-1"}) { tax { id } userErrors { field code message } } }`);
  await q(`{ store { taxes(first: 2) { totalCount edges { cursor node { id name } } pageInfo { hasNextPage } } itemCategories { nodes { id code taxItemCategories { totalCount } } } } }`);
  await t.close();
});
