// Migration 019 makes e-mail addresses and store domains unique without regard to case. A database
// that already holds two users whose addresses differ only in case cannot get that index, and the two
// are accounts of their own (stores, tokens): the migration stops, names the addresses and changes
// nothing; once one of them is renamed it runs, and the index then refuses a new pair.
import { afterAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { engines } from '../helpers/app.js';
import { scratchDatabases } from '../helpers/scratch-db.js';
import { migrations } from '../../src/db/migrate.js';
import { isUniqueViolation } from '../../src/services/unique.js';

const stamp = '2026-01-01T00:00:00+0000';

describe.each(engines())('migration 019 (values unique without regard to case) on %s', (engine) => {
  const scratch = scratchDatabases(engine, 'ci_uniques');
  afterAll(() => scratch.closeAll());

  it('stops over addresses that differ only in case, and runs once they do not', async () => {
    const d = await scratch.open();
    const at = migrations.findIndex((m) => m.name === '019_case_insensitive_uniques');
    for (const m of migrations.slice(0, at)) await m.up(d.db, d.dialect);
    const user = (email: string) => d.db.insertInto('users')
      .values({ first_name: 'A', last_name: 'B', email, date_created: stamp, date_modified: stamp }).returning('id').executeTakeFirstOrThrow();
    await user('Ada@Example.com');
    const second = await user('ada@example.COM');
    await user('bob@example.com');
    const m019 = migrations[at];
    const refusal = await m019.up(d.db, d.dialect).then(() => undefined, (err: unknown) => String(err));
    // Both spellings are named (which comes first is the collation's choice).
    expect(refusal).toMatch(/users holds values of email that differ only in case \((Ada@Example\.com and ada@example\.COM|ada@example\.COM and Ada@Example\.com)\)/);
    // Nothing was changed: the rows are there, and the old index on the column as written still is.
    expect(Number((await sql<{ n: number }>`select count(*) as n from users`.execute(d.db)).rows[0].n)).toBe(3);
    expect(isUniqueViolation(await user('bob@example.com').then(() => undefined, (err: unknown) => err))).toBe(true);
    await d.db.updateTable('users').set({ email: 'ada.two@example.com' }).where('id', '=', second.id).execute();
    await m019.up(d.db, d.dialect);
    const refused = await user('BOB@example.com').then(() => undefined, (err: unknown) => err);
    expect(isUniqueViolation(refused), String(refused)).toBe(true);
  });
});
