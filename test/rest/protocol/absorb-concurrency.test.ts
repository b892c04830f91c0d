// Adding the same item to a cart twenty times at once: an identical item absorbs the new one (its
// quantity grows), so the cart ends with one item of quantity 20 on both engines. On PostgreSQL
// (READ COMMITTED) the creates used to miss each other or add to the same old quantity: 3 rows of
// quantity 4 in all, every request answered 2xx. The parent cart is now locked for update by the
// create's one parent read (services/frozen.ts), which queues them.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engines } from '../../helpers/app.js';
import { json, link } from '../../helpers/rest.js';
import { openWorld, type World } from './world.js';

describe.each(engines())('twenty identical items added to one cart at once (%s)', (engine) => {
  let w: World;
  beforeAll(async () => { w = await openWorld(engine); });
  afterAll(async () => w?.close());

  it('end as one item whose quantity counts every request', async () => {
    for (let round = 0; round < 3; round++) {
      const cart = json(await w.req(link(w.store, 'svc:carts'), { method: 'POST', body: { shipping_country: 'US' } }));
      const answers = await Promise.all(Array.from({ length: 20 }, () =>
        w.req(link(cart, 'svc:items'), { method: 'POST', body: { name: 'Same', price: '1.00', quantity: 1, code: 'S' } })));
      expect(answers.map((r) => r.statusCode).sort()).toEqual([...Array(19).fill(200), 201].sort());
      const items = json(await w.req(`${link(cart, 'svc:items')}?limit=50`))._embedded['svc:items'] as Array<{ quantity: number }>;
      expect(items.map((i) => Number(i.quantity))).toEqual([20]);
    }
  });
});
