// A sort on a column that is never NULL has no NULLS clause (data/compile.ts, orderSql): on
// PostgreSQL `ORDER BY sequence ASC NULLS FIRST` cannot follow the (store_id, sequence) index, so
// the events feed after a position sorted the whole backlog after it (and at a misestimate went
// parallel: 9 ms for a page at 100,000 events instead of 0.2, BENCHMARKS.md round 31). Properties
// the SDL leaves nullable keep NULL first in ascending order on both engines, as before.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import type { Database } from '../../src/db/database.js';
import { migrate } from '../../src/db/migrate.js';
import { orderSql } from '../../src/data/compile.js';
import { buildRegistry } from '../../src/model/registry.js';
import { engines } from '../helpers/app.js';
import { scratchDatabases } from '../helpers/scratch-db.js';
import { planOf } from '../helpers/query-plan.js';

const registry = buildRegistry();

describe.each(engines())('sorts on never-NULL columns on %s', (engine) => {
  const scratch = scratchDatabases(engine, 'nonnull_order');
  let database: Database;
  beforeAll(async () => {
    database = await scratch.open();
    await migrate(database);
  });
  afterAll(async () => scratch.closeAll());

  const orderText = (resource: string, field: string, dir: 'asc' | 'desc') =>
    sql`${orderSql(registry.resource(resource), [{ field, dir }], engine)}`.compile(database.db).sql;

  it('orders a non-null property plainly and a nullable one with NULL first', () => {
    expect(registry.resource('event').fieldsByName.get('sequence')?.nonNull).toBe(true);
    expect(orderText('event', 'sequence', 'asc')).not.toMatch(/NULLS/);
    expect(orderText('event', 'sequence', 'desc')).not.toMatch(/NULLS/);
    const nullable = registry.resource('customer').fields.find((f) => f.column && !f.nonNull && f.kind === 'string')!;
    expect(orderText('customer', nullable.name, 'asc')).toMatch(/ASC NULLS FIRST/);
    expect(orderText('customer', nullable.name, 'desc')).toMatch(/DESC NULLS LAST/);
  });

  it('reads the events feed after a position from the (store_id, sequence) index in its order', async () => {
    const order = orderSql(registry.resource('event'), [{ field: 'sequence', dir: 'asc' }], engine, false, 't');
    const query = sql`select t.* from events as t where t.store_id = ${1} and t.sequence > ${10} order by ${order} limit ${101}`;
    // An empty table's plan sorts its one estimated row whichever way is cheaper; with sorting
    // priced out (PostgreSQL) the plan shows whether the index's order serves the ORDER BY at all.
    const plan = engine === 'sqlite' ? await planOf(database, query) : await database.db.transaction().execute(async (tx) => {
      await sql`set local enable_seqscan = off`.execute(tx);
      await sql`set local enable_sort = off`.execute(tx);
      return (await sql`EXPLAIN ${query}`.execute(tx)).rows.map((r) => String(Object.values(r as object)[0])).join('; ');
    });
    expect(plan).toContain('events_store_id_sequence');
    // The index gives the rows in sequence order: at most the id tie-breaker is sorted within a
    // sequence (PostgreSQL's Incremental Sort); a Sort of everything after the position is gone.
    expect(plan).not.toMatch(/(?<!Incremental )Sort\s+\(cost|TEMP B-TREE FOR ORDER BY/);
  });
});
