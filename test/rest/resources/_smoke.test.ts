import { it } from 'vitest';
import { makeApp } from '../../helpers/app.js';
import { call, json, link, tokenChain } from '../../helpers/rest.js';

it('smoke', async () => {
  const t = await makeApp();
  const chain = await tokenChain(t.app);
  const store = json(await call(t.app, chain.storeHref, { token: chain.storeToken }));
  console.log(Object.keys(store._links));
  const cart = await call(t.app, link(store, 'svc:carts'), { method: 'POST', token: chain.storeToken, body: {} });
  console.log(cart.statusCode, cart.body.slice(0, 300));
  const item = await call(t.app, link(json(cart), 'svc:items'), { method: 'POST', token: chain.storeToken, body: { name: 'x', price: '10.50', expires: 1 } });
  console.log(item.statusCode, item.body);
  const fp = await call(t.app, link(store, 'svc:fraud_protections'), { method: 'POST', token: chain.storeToken, body: { type: 'vendor_minfraud' } });
  console.log(fp.statusCode, fp.body);
  await t.close();
});
