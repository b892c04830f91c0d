// Relay connections: keyset paging forward and backward over 45 rows whose order keys tie (and
// are NULL for some rows), offset, totalCount, filters and the page-size cap.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Decimal } from 'decimal.js';
import { engines, makeApp, type TestApp } from '../helpers/app.js';
import { errorCodes, gql, gqlData, tokenChain, type Chain } from './helpers.js';

interface Row { id: string; name: string; rate: string; city: string | null; type: string }

const PAGE = `pageInfo { hasNextPage hasPreviousPage startCursor endCursor } totalCount edges { cursor node { id name rate city type } }`;
const query = (args: string) => {
  const vars = ['after', 'before'].filter((v) => args.includes(`$${v}`)).map((v) => `$${v}: String`);
  return `query${vars.length ? `(${vars.join(', ')})` : ''} { store { taxes(${args}) { ${PAGE} } } }`;
};

/** The expected order: NULL first ascending, ties broken by id in the direction of the last key. */
function sorted(rows: Row[], key: 'name' | 'rate' | 'city', dir: 'asc' | 'desc'): string[] {
  const sign = dir === 'asc' ? 1 : -1;
  const cmp = (a: Row, b: Row) => {
    const x = a[key];
    const y = b[key];
    if (x !== y) {
      if (x === null) return -sign;
      if (y === null) return sign;
      return sign * (key === 'rate' ? new Decimal(x).cmp(y) : x < y ? -1 : 1);
    }
    return sign * (Number(a.id) - Number(b.id));
  };
  return [...rows].sort(cmp).map((r) => r.id);
}

describe.each(engines())('connections (%s)', (engine) => {
  let t: TestApp;
  let chain: Chain;
  const rows: Row[] = [];

  beforeAll(async () => {
    t = await makeApp({ engine });
    chain = await tokenChain(t.app);
    for (let i = 0; i < 45; i++) {
      // 5 names, 4 rates (9 sorts before 10 only numerically), every third city missing.
      const input = {
        name: `tax-${'ABCDE'[i % 5]}`, type: i % 2 ? 'COUNTRY' : 'GLOBAL', rate: ['9', '10', '2.5', '10.00'][i % 4],
        country: 'US', city: i % 3 === 0 ? null : `city-${i % 4}`,
      };
      const d = await gqlData(t.app, `mutation($input: TaxInput!) { createTax(input: $input) { tax { id name rate city type } userErrors { field } } }`,
        { token: chain.storeToken, variables: { input } });
      rows.push(d.createTax.tax);
    }
  });
  afterAll(() => t?.close());

  async function page(args: string, variables: Record<string, unknown> = {}) {
    return (await gqlData(t.app, query(args), { token: chain.storeToken, variables })).store.taxes;
  }

  for (const [field, key] of [['NAME', 'name'], ['RATE', 'rate'], ['CITY', 'city']] as const) {
    for (const dir of ['ASC', 'DESC'] as const) {
      it(`pages forward and backward by ${field} ${dir} with ties`, async () => {
        const expected = sorted(rows, key, dir === 'ASC' ? 'asc' : 'desc');
        const order = `orderBy: [{ field: ${field}, direction: ${dir} }]`;

        const forward: string[] = [];
        let after: string | null = null;
        for (let i = 0; i < 10; i++) {
          const p: any = await page(`first: 10, after: $after, ${order}`, { after });
          forward.push(...p.edges.map((e: any) => e.node.id));
          expect(p.totalCount).toBe(45);
          expect(p.pageInfo.hasPreviousPage).toBe(after !== null);
          after = p.pageInfo.endCursor;
          if (!p.pageInfo.hasNextPage) break;
        }
        expect(forward).toEqual(expected);

        const backward: string[] = [];
        let before: string | null = null;
        for (let i = 0; i < 10; i++) {
          const p: any = await page(`last: 10, before: $before, ${order}`, { before });
          backward.unshift(...p.edges.map((e: any) => e.node.id));
          expect(p.pageInfo.hasNextPage).toBe(before !== null);
          before = p.pageInfo.startCursor;
          if (!p.pageInfo.hasPreviousPage) break;
        }
        expect(backward).toEqual(expected);
      });
    }
  }

  it('first + last take the last rows of the first page; offset skips like REST', async () => {
    const expected = sorted(rows, 'name', 'asc');
    const both = await page('first: 10, last: 3, orderBy: [{ field: NAME }]');
    expect(both.edges.map((e: any) => e.node.id)).toEqual(expected.slice(7, 10));
    expect(both.pageInfo.hasPreviousPage).toBe(true);
    const skipped = await page('first: 5, offset: 40, orderBy: [{ field: NAME }]');
    expect(skipped.edges.map((e: any) => e.node.id)).toEqual(expected.slice(40));
    expect(skipped.pageInfo).toMatchObject({ hasNextPage: false, hasPreviousPage: true });
  });

  it('filters apply to the page and to totalCount', async () => {
    const p = await page('first: 100, filter: { type: { eq: "COUNTRY" }, city: { isDefined: true } }');
    const expected = rows.filter((r) => r.type === 'COUNTRY' && r.city !== null).map((r) => r.id);
    expect(p.edges.map((e: any) => e.node.id)).toEqual(expected);
    expect(p.totalCount).toBe(expected.length);
  });

  it('caps the page size at 300 and refuses negative sizes and offsets', async () => {
    expect((await page('first: 300')).edges).toHaveLength(45);
    for (const args of ['first: 301', 'last: 301', 'first: -1', 'offset: -2']) {
      const res = await gql(t.app, query(args), { token: chain.storeToken });
      expect(errorCodes(res.body), args).toEqual(['BAD_USER_INPUT']);
      expect(res.body.errors[0].message).toMatch(/first|last|offset/);
    }
  });

  it('refuses cursors that are not cursors of this connection and order', async () => {
    const p = await page('first: 2, orderBy: [{ field: NAME }]');
    const forged = Buffer.from(JSON.stringify([[{ $gt: 1 }], 1])).toString('base64url');
    for (const [args, after] of [['first: 2, after: $after', 'garbage'], ['first: 2, after: $after, orderBy: [{ field: RATE }, { field: CITY }]', p.pageInfo.endCursor],
      ['first: 2, after: $after, orderBy: [{ field: NAME }]', forged]] as const) {
      const res = await gql(t.app, query(args), { token: chain.storeToken, variables: { after } });
      expect(errorCodes(res.body), args).toEqual(['BAD_USER_INPUT']);
      expect(res.status).toBe(200);
    }
  });
});
