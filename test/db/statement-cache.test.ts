// The SQLite statement cache (src/db/statement-cache.ts) hands Kysely cached statements whose rows
// are built by a compiled literal from better-sqlite3's raw arrays. Rows must equal what
// better-sqlite3 itself returns (names, values, duplicate names, RETURNING), iterating must work
// while the same statement is already being iterated, and writes must report what they changed.
import { afterAll, describe, expect, it } from 'vitest';
import SQLite from 'better-sqlite3';
import { cachingDatabase } from '../../src/db/statement-cache.js';

describe('SQLite statement cache', () => {
  const sqlite = new SQLite(':memory:');
  const plain = new SQLite(':memory:');
  const db = cachingDatabase(sqlite);
  afterAll(() => { db.close(); plain.close(); });
  for (const s of [sqlite, plain]) {
    s.exec("create table t (id integer primary key, name text, price text, flag integer, note text)");
    s.exec("insert into t (name, price, flag, note) values ('a', '1.50', 1, null), ('b \"q\"', '2', 0, 'x'), ('c', null, 1, 'y')");
  }

  it('returns the rows better-sqlite3 returns', () => {
    for (const text of ['select * from t order by id', 'select id, name as n, name as n from t order by id',
      "select t.*, (select count(*) from t) as _total from t where id > ? order by id"]) {
      const params = text.includes('?') ? [1] : [];
      const mine = db.prepare(text).all(params);
      expect(mine, text).toEqual(plain.prepare(text).all(...params));
      // Taken again from the cache, and still right.
      expect(db.prepare(text).all(params)).toEqual(mine);
    }
  });

  it('reads RETURNING rows and reports changes of writes', () => {
    const inserted = db.prepare("insert into t (name, price, flag) values (?, ?, ?) returning *").all(['d', '9.99', 0]);
    expect(inserted).toEqual([{ id: 4, name: 'd', price: '9.99', flag: 0, note: null }]);
    const res = db.prepare('update t set flag = 1 where flag = 0').run([]) as { changes: number };
    expect(res.changes).toBe(2);
  });

  it('iterates, also while the same statement is being iterated', () => {
    const text = 'select id, name from t order by id';
    const outer = [...db.prepare(text).iterate([])];
    expect(outer.map((r) => (r as { id: number }).id)).toEqual([1, 2, 3, 4]);
    const seen: number[] = [];
    for (const r of db.prepare(text).iterate([])) {
      // The cached statement is busy now: the cache hands out a fresh one.
      seen.push((r as { id: number }).id, db.prepare(text).all([]).length);
    }
    expect(seen).toEqual([1, 4, 2, 4, 3, 4, 4, 4]);
  });
});
