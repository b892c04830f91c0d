// A field that must be unique among its owner's rows (a customer's email within its store): a
// duplicate is answered 409 naming the field, whichever way the row is written (created under its
// store, changed); another store may hold the same value; a parent that is not the caller's is
// still 404 first; and parallel creates of one value leave exactly one row. Since session 34 a
// create under its parent asks whether the value is taken in the parent's read (services/frozen.ts),
// one round trip less than a statement of its own: the count below is the proof.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { containerOf } from '../../../src/app.js';
import { statementLog } from '../../../bench/statements.js';
import { engines, makeApp, type TestApp } from '../../helpers/app.js';
import { call, json, link, tokenChain, type Chain } from '../../helpers/rest.js';

describe.each(engines())('unique values on %s', (engine) => {
  let t: TestApp;
  let a: Chain;
  let b: Chain;
  let storeA: any;
  let storeB: any;
  const create = (chain: Chain, store: any, body: Record<string, unknown>, headers: Record<string, string> = {}) =>
    call(t.app, link(store, 'svc:customers'), { method: 'POST', token: chain.storeToken, body, headers });

  beforeAll(async () => {
    t = await makeApp({ engine });
    a = await tokenChain(t.app);
    b = await tokenChain(t.app);
    storeA = json(await call(t.app, a.storeHref, { token: a.storeToken }));
    storeB = json(await call(t.app, b.storeHref, { token: b.storeToken }));
  });
  afterAll(async () => t?.close());

  it('answers a duplicate 409 naming the field, within the store only', async () => {
    expect((await create(a, storeA, { email: 'ada@x.io' })).statusCode).toBe(201);
    const again = await create(a, storeA, { email: 'ada@x.io', first_name: 'Ada' });
    expect(again.statusCode, again.body).toBe(409);
    expect(json(again)._embedded['svc:errors']).toEqual(expect.arrayContaining([
      expect.objectContaining({ field: 'email', code: 'duplicate' }),
    ]));
    // Another store's customers are another set.
    expect((await create(b, storeB, { email: 'ada@x.io' })).statusCode).toBe(201);
  });

  it("answers 404 for a store that is not the caller's, duplicate or not", async () => {
    expect((await create(b, storeA, { email: 'ada@x.io' })).statusCode).toBe(404);
    expect((await create(b, storeA, { email: 'new@x.io' })).statusCode).toBe(404);
  });

  it('answers a change to a taken value 409, and to its own value 200', async () => {
    const other = json(await create(a, storeA, { email: 'grace@x.io' }));
    const taken = await call(t.app, link(other, 'self'), { method: 'PATCH', token: a.storeToken, body: { email: 'ada@x.io' } });
    expect(taken.statusCode, taken.body).toBe(409);
    const same = await call(t.app, link(other, 'self'), { method: 'PATCH', token: a.storeToken, body: { email: 'grace@x.io', first_name: 'Grace' } });
    expect(same.statusCode, same.body).toBe(200);
  });

  it('keeps one row of 12 parallel creates of one value', async () => {
    const answers = await Promise.all(Array.from({ length: 12 }, () => create(a, storeA, { email: 'race@x.io' })));
    expect(answers.map((r) => r.statusCode).sort()).toEqual([201, ...Array(11).fill(409)]);
    const rows = await containerOf(t.app).database.db.selectFrom('customers').select('id').where('email', '=', 'race@x.io').execute();
    expect(rows).toHaveLength(1);
  });

  it('creates under the store without a statement of its own for the email', async () => {
    const log = statementLog(containerOf(t.app).database);
    let n = 0;
    const { result, sql } = await log.around(() => create(a, storeA, { email: `count${n++}@x.io` }), 2);
    expect(result.statusCode, result.body).toBe(201);
    // Transaction control, and (SQLite) the writer's busy_timeout around BEGIN (group-commit.ts), aside.
    const statements = sql.filter((s) => !/^(BEGIN|COMMIT|ROLLBACK|PRAGMA busy_timeout)\b/i.test(s));
    // The store's read (probing the email too), the insert and the event append; PostgreSQL's token
    // check besides, where SQLite keeps its answer across writes that change nothing it reads
    // (migration 021) and writes the store's sequence and the event row as two statements.
    expect(statements, statements.join('\n')).toHaveLength(4);
    if (engine === 'sqlite') expect(statements.some((s) => /from clients/.test(s)), statements.join('\n')).toBe(false);
    expect(statements.filter((s) => /^select .*"email"/.test(s)), statements.join('\n')).toEqual([expect.stringMatching(/^select "t"\.\*, exists/)]);
  });
});
