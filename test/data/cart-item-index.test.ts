// Adding an item to a cart first looks for an identical item of the same name in that cart
// (resources/item.ts absorbKey, data/conditional-insert.ts): migration 015's (cart_id, name) index
// answers it, so the look-up reads the cart's items of that name, not every item of the cart, and
// adding an item costs the same in a full cart as in an empty one. Checked on each engine's plan
// of the look-up (PostgreSQL with sequential scans off, so a tiny table's plan still shows the index).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import type { Database } from '../../src/db/database.js';
import { migrate } from '../../src/db/migrate.js';
import { engines } from '../helpers/app.js';
import { scratchDatabases } from '../helpers/scratch-db.js';
import { planOf } from '../helpers/query-plan.js';

describe.each(engines())('the cart item name look-up on %s', (engine) => {
  const scratch = scratchDatabases(engine, 'cartitems');
  let database: Database;
  beforeAll(async () => {
    database = await scratch.open();
    await migrate(database);
  });
  afterAll(async () => scratch.closeAll());

  it('is answered by the (cart_id, name) index', async () => {
    // The look-up as insertUnlessExists writes it for an item.
    const lookup = sql`select 1 from items where cart_id = ${7} and name = ${'Widget'}`;
    const plan = await planOf(database, lookup);
    expect(plan).toContain('items_cart_id_name_ix');
  });
});
