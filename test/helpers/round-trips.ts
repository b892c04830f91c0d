// Round trips to PostgreSQL as the server tells them: its ReadyForQuery messages (one per Sync or
// simple query) on every connection of this process, the service's pools included. For tests that
// count what a request costs in waits on the server, not in statements.
import { afterAll, beforeAll } from 'vitest';
import pg from 'pg';

const Connection = pg.Connection as unknown as { prototype: { emit(event: string, ...args: unknown[]): boolean } };

/** Counts from the suite's beforeAll to its afterAll; `trips()` reads the count so far. */
export function countRoundTrips(): { trips(): number } {
  let trips = 0;
  const emit = Connection.prototype.emit;
  beforeAll(() => {
    Connection.prototype.emit = function (this: unknown, event: string, ...args: unknown[]) {
      if (event === 'readyForQuery') trips++;
      return emit.call(this, event, ...args);
    };
  });
  afterAll(() => { Connection.prototype.emit = emit; });
  return { trips: () => trips };
}
