import { it } from 'vitest';
import { makeApp } from '../helpers/app.js';
import { tokenChain } from '../helpers/rest.js';
it('probe', async () => {
  const t = await makeApp();
  const c = await tokenChain(t.app);
  const r = await t.app.inject({ method: 'POST', url: '/graphql', headers: { authorization: `Bearer ${c.storeToken}`, 'content-type': 'application/json' }, payload: JSON.stringify({ query: '{ viewer { scopes } tax(id: "99") { id } }' }) });
  console.log(r.statusCode, r.body.slice(0, 300));
  await t.close();
});
