// A statement riding with a request's first statement on PostgreSQL (src/db/ride-along.ts): it goes
// in the same write as a read, or as a statement inside a transaction that does not commit with
// it; before a write outside a transaction, a committing statement or a cursor it is answered
// alone first. A refusal thrown from its answer leaves nothing of the request written: a
// transaction it rode in rolls back. The rider here asks the real database the question the token
// check asks of its own statement: whether a row (standing for the token's grant) is still there.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql, type CompiledQuery } from 'kysely';
import type { Database } from '../../src/db/database.js';
import { lastOfTransaction } from '../../src/db/database.js';
import type { Rider, Send } from '../../src/db/ride-along.js';
import { PG_URL } from '../helpers/app.js';
import { scratchDatabases } from '../helpers/scratch-db.js';
import { countRoundTrips } from '../helpers/round-trips.js';

if (!PG_URL) console.log('[skip] statements riding along: they exist on PostgreSQL only (TEST_DATABASE_URL is not set)');

class Refused extends Error {}

/** Rides `select exists (…grant…)`; refuses when the grant is gone. Records what happened, in order. */
class GrantCheck implements Rider {
  state: 'waiting' | 'sent' | 'live' | 'dead' = 'waiting';
  readonly log: string[] = [];
  constructor(private readonly database: Database, private readonly grant: string) {}
  private statement(): CompiledQuery {
    return sql`select exists (select 1 from grants where name = ${this.grant}) as live`.compile(this.database.db);
  }
  take() {
    if (this.state !== 'waiting') return undefined;
    this.state = 'sent';
    this.log.push('taken');
    return this.statement();
  }
  answered(rows: readonly Record<string, unknown>[]) {
    this.state = rows[0].live ? 'live' : 'dead';
    if (this.state === 'dead') throw new Refused('grant gone');
  }
  lost() {
    this.state = 'waiting';
    this.log.push('lost');
  }
  async settle(send?: Send) {
    if (this.state === 'live') return;
    if (this.state === 'dead') throw new Refused('grant gone');
    const statement = this.take()!;
    this.answered(send ? await send(statement) : (await this.database.db.executeQuery<Record<string, unknown>>(statement)).rows);
  }
}

describe.skipIf(!PG_URL)('a statement riding with a request\'s first on PostgreSQL', () => {
  const scratch = scratchDatabases('postgres', 'riding');
  let database: Database;
  const { trips } = countRoundTrips();
  beforeAll(async () => {
    database = await scratch.open();
    await sql`create table grants (name text primary key)`.execute(database.db);
    await sql`create table notes (id serial primary key, text text not null unique)`.execute(database.db);
    await sql`insert into grants values ('kept')`.execute(database.db);
  });
  afterAll(async () => scratch.closeAll());

  const riding = (grant: string) => {
    const rider = new GrantCheck(database, grant);
    return { rider, db: database.riding!(rider).db };
  };
  /** Round trips of `fn`: the server's ReadyForQuery messages (one per Sync) on this process's connections. */
  const sent = async (fn: () => Promise<unknown>) => {
    const before = trips();
    await fn().catch((err: unknown) => { if (!(err instanceof Refused)) throw err; });
    return trips() - before;
  };
  const notes = async () => (await sql<{ text: string }>`select text from notes order by id`.execute(database.db)).rows.map((r) => r.text);

  it('goes with a read, one write to the server, and the read answers as alone', async () => {
    const { rider, db } = riding('kept');
    let rows: unknown[] = [];
    expect(await sent(async () => { rows = (await sql`select 41 + 1 as n`.execute(db)).rows; })).toBe(1);
    expect(rows).toEqual([{ n: 42 }]);
    expect([rider.state, rider.log]).toEqual(['live', ['taken']]);
    // Taken once: the next statement goes alone.
    expect(await sent(() => sql`select 1`.execute(db))).toBe(1);
    expect(rider.log).toEqual(['taken']);
  });

  it('refuses a read of a gone grant without its rows', async () => {
    const { rider, db } = riding('gone');
    await expect(sql`select 1 as n`.execute(db)).rejects.toThrow(Refused);
    expect(rider.state).toBe('dead');
  });

  it('is answered alone before a write outside a transaction, which a refusal then stops', async () => {
    const { rider, db } = riding('gone');
    // One round trip: the rider's, on the connection the insert would have used; the insert never went.
    expect(await sent(() => sql`insert into notes (text) values ('outside')`.execute(db))).toBe(1);
    expect([rider.state, rider.log]).toEqual(['dead', ['taken']]);
    expect(await notes()).not.toContain('outside');
  });

  it('goes with a transaction\'s first statement, and a refusal rolls the transaction back', async () => {
    const { rider, db } = riding('gone');
    await expect(db.transaction().execute(async (tx) => {
      await sql`insert into notes (text) values ('inside')`.execute(tx);
      await sql`insert into notes (text) values ('after')`.execute(tx);
    })).rejects.toThrow(Refused);
    expect(rider.log).toEqual(['taken']);
    expect(await notes()).not.toContain('inside');
  });

  it('is answered alone before a statement that commits with it', async () => {
    const { rider, db } = riding('gone');
    // The rider goes (with BEGIN), is refused, and the transaction rolls back: the insert and its
    // COMMIT never went. Carried along, they would have committed before the refusal was read.
    await expect(db.transaction().execute(async (tx) => {
      await tx.executeQuery(lastOfTransaction(sql`insert into notes (text) values ('committing')`.compile(tx)));
    })).rejects.toThrow(Refused);
    expect(rider.state).toBe('dead');
    expect(await notes()).not.toContain('committing');
    const live = riding('kept');
    await live.db.transaction().execute(async (tx) => {
      await tx.executeQuery(lastOfTransaction(sql`insert into notes (text) values ('committed')`.compile(tx)));
    });
    expect(live.rider.state).toBe('live');
    expect(await notes()).toContain('committed');
  });

  it('is sent again when the statement it rode with failed and took its answer along', async () => {
    await sql`insert into notes (text) values ('taken')`.execute(database.db);
    const { rider, db } = riding('kept');
    await expect(db.transaction().execute(async (tx) => {
      await sql`insert into notes (text) values ('taken')`.execute(tx);
    })).rejects.toThrow(/unique|duplicate/);
    expect(rider.log).toEqual(['taken', 'lost']);
    expect(rider.state).toBe('waiting');
    await rider.settle();
    expect(rider.state).toBe('live');
  });

  it('answers a rider alone on the connection it holds: writes of more requests than the pool has connections all finish', async () => {
    // Twenty requests, each a write outside a transaction (its rider answered first), on a pool of
    // ten: a rider asking the pool for a second connection while holding one would wait for ever.
    const results = await Promise.all(Array.from({ length: 20 }, (_, i) => {
      const { db } = riding('kept');
      return sql`insert into notes (text) values (${`many-${i}`})`.execute(db).then(() => 'ok', (err: Error) => err.message);
    }));
    expect(results).toEqual(Array(20).fill('ok'));
  });
});
