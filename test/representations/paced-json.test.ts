// stringifyPaced (src/representations/paced-json.ts) writes exactly JSON.stringify's bytes while
// giving the loop away between members: checked on generated values with everything JSON.stringify
// treats specially (toJSON with its key, undefined, functions, symbols, nested HAL and Siren
// containers, exact decimals), with a pacer that gives way at every member.
import { describe, expect, it } from 'vitest';
import { jsonHoldsMoreThan, stringifyPaced } from '../../src/representations/paced-json.js';
import { ExactNumber, stringifyExact } from '../../src/representations/exact-number.js';
import { Pacer } from '../../src/services/pace.js';
import { seededRandom as random } from '../helpers/seeded-random.js';

function value(r: () => number, depth: number): unknown {
  const pick = Math.floor(r() * (depth > 3 ? 8 : 12));
  switch (pick) {
    case 0: return null;
    case 1: return r() < 0.5;
    case 2: return Math.floor(r() * 1e6) / 100;
    case 3: return `s${Math.floor(r() * 1000)} "q" \\ é ✓ \u2028`;
    case 4: return undefined;
    case 5: return () => 1;
    case 6: return new ExactNumber('12345678901234567890.5');
    case 7: return { toJSON: (key: string) => `key:${key}` };
    case 8: return Array.from({ length: Math.floor(r() * 6) }, () => value(r, depth + 1));
    case 9: return { _links: { self: { href: '/x' } }, _embedded: { 'svc:items': Array.from({ length: Math.floor(r() * 5) }, () => value(r, depth + 1)) }, n: value(r, depth + 1) };
    case 10: return { class: ['x'], entities: Array.from({ length: Math.floor(r() * 5) }, () => value(r, depth + 1)), properties: { a: value(r, depth + 1) } };
    default: return Object.fromEntries(Array.from({ length: Math.floor(r() * 5) }, (_, i) => [i % 2 ? `k${i}` : String(i), value(r, depth + 1)]));
  }
}

describe('stringifyPaced', () => {
  const everyMember = () => new Pacer(0, () => true);

  it('writes the bytes JSON.stringify writes, for 500 generated values', async () => {
    for (let seed = 1; seed <= 500; seed++) {
      const v = value(random(seed), 0);
      const expected = stringifyExact(v);
      const actual = (await stringifyPaced(v, everyMember())).toString('utf8');
      expect(actual, `seed ${seed}`).toBe(expected ?? 'null');
      // GraphQL results are walked through every object (src/graphql/paced-result.ts).
      const walked = (await stringifyPaced(v, everyMember(), 'every-object')).toString('utf8');
      expect(walked, `seed ${seed}, every object walked`).toBe(expected ?? 'null');
    }
  });

  it('counts objects and list elements to tell a large JSON value, and stops counting past the limit', () => {
    const result = { data: { store: { taxes: { nodes: Array.from({ length: 40 }, (_, i) => ({ id: String(i), rate: 20 })) } } } };
    // 4 objects above the list (the result, data, store, taxes), 40 elements, 40 objects in them: 84.
    expect(jsonHoldsMoreThan(result, 83)).toBe(true);
    expect(jsonHoldsMoreThan(result, 84)).toBe(false);
    expect(jsonHoldsMoreThan(null, 0)).toBe(false);
    expect(jsonHoldsMoreThan([1, 2], 1)).toBe(true);
    // A list far longer than the limit is told large without being walked.
    const long = new Proxy(new Array(1_000_000).fill(0), { get(t, k) { if (k === Symbol.iterator) throw new Error('walked'); return Reflect.get(t, k); } });
    expect(jsonHoldsMoreThan({ list: long }, 500)).toBe(true);
  });

  it('writes a large value, many chunks of bytes long, exactly', async () => {
    const members = Array.from({ length: 3000 }, (_, i) => ({
      _links: { self: { href: `/items/${i}` } }, price: new ExactNumber(`9007199254740993.${i}`), name: `ü✓😀 ${i}`, note: undefined,
      _embedded: { 'svc:options': [{ id: i, value: new ExactNumber('0.1000000000000000055511151231257827') }] },
    }));
    const value = { _links: { self: { href: '/items' } }, _embedded: { 'svc:items': members }, total: members.length };
    const bytes = await stringifyPaced(value, everyMember());
    expect(bytes.length).toBeGreaterThan(10 * 16 * 1024);
    expect(bytes.toString('utf8')).toBe(stringifyExact(value));
  });

  it('gives the loop away between members when others are active, and not for a caller alone', async () => {
    const big = { _links: {}, _embedded: { 'svc:items': Array.from({ length: 50 }, (_, i) => ({ id: i, _embedded: { 'svc:options': [{ id: i }] } })) } };
    const turnsDuring = async (pacer: Pacer) => {
      let turns = 0;
      let on = true;
      const tick = () => { if (on) { turns++; setImmediate(tick); } };
      setImmediate(tick);
      await stringifyPaced(big, pacer);
      on = false;
      return turns;
    };
    expect(await turnsDuring(everyMember())).toBeGreaterThanOrEqual(50);
    expect(await turnsDuring(new Pacer(0, () => false))).toBe(0);
  });
});
