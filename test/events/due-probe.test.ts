// The dispatcher asks after every committed event whether any webhook delivery is due (queue.ts
// anyDue). It must answer rightly, and on PostgreSQL it is a named statement planned once per
// connection: as a one-row page of the due deliveries, ordered over all webhooks, it was sent
// unnamed and planned again on every call, once per checkout under load.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import type { Database } from '../../src/db/database.js';
import { migrate } from '../../src/db/migrate.js';
import { anyDue } from '../../src/events/queue.js';
import { engines } from '../helpers/app.js';
import { scratchDatabases, twoStores } from '../helpers/scratch-db.js';

const stamp = '2026-01-01T00:00:00+0000';
const later = '2026-01-02T00:00:00+0000';

describe.each(engines())('whether a webhook delivery is due, on %s', (engine) => {
  const scratch = scratchDatabases(engine, 'dueprobe');
  let database: Database;
  let hooks: number[];
  let storeId: number;
  beforeAll(async () => {
    database = await scratch.open();
    await migrate(database);
    [storeId] = await twoStores(database);
    hooks = [];
    for (const active of [1, 1]) {
      const h = await database.db.insertInto('webhooks').values({
        store_id: storeId, name: 'h', url: 'https://example.com/hook', format: 'json', version: 2, event_resource: 'transaction',
        is_active: active, date_created: stamp, date_modified: stamp,
      } as never).returning('id').executeTakeFirstOrThrow();
      hooks.push(Number(h.id));
    }
  });
  afterAll(async () => scratch.closeAll());

  const pending = (webhookId: number, due: string) => database.db.insertInto('webhook_statuses').values({
    store_id: storeId, webhook_id: webhookId, event_id: null, resource_type: 'transaction', resource_id: 1, event: 'transaction/created',
    status: 'pending', attempts: 0, next_attempt_at: due, date_created: stamp, date_modified: stamp,
  } as never).execute();

  it('is no while nothing is pending, yes once a delivery is due, and no when its webhook is busy here', async () => {
    expect(await anyDue(database, stamp)).toBe(false);
    await pending(hooks[0], later);
    expect(await anyDue(database, stamp)).toBe(false);
    expect(await anyDue(database, later)).toBe(true);
    expect(await anyDue(database, later, [hooks[0]])).toBe(false);
    await pending(hooks[1], stamp);
    expect(await anyDue(database, stamp, [hooks[0]])).toBe(true);
  });

  if (engine === 'postgres') it('is planned once per connection (a named statement with a generic plan)', async () => {
    // Sequential statements take the pool's most recently released connection: all on one.
    for (let i = 0; i < 12; i++) await anyDue(database, later);
    const rows = (await sql<{ generic_plans: number; custom_plans: number }>`select generic_plans, custom_plans from pg_prepared_statements
      where statement like 'select exists (select 1 from webhooks w%' and statement not like '%not in (%'`.execute(database.db)).rows;
    expect(rows).toHaveLength(1);
    expect(Number(rows[0].custom_plans)).toBe(5);
    expect(Number(rows[0].generic_plans)).toBeGreaterThanOrEqual(7);
  });
});
