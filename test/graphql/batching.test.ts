// Per-request DataLoaders: the number of SQL statements of a nested query depends on its depth, never
// on the number of parents (store → taxes → taxItemCategories → itemCategory).
import { containerOf } from '../../src/app.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engines, makeApp, type TestApp } from '../helpers/app.js';
import { gql, gqlData, tokenChain, type Chain } from './helpers.js';

const NESTED = `query($n: Int!) { store { id taxes(first: $n) { nodes { id name
  taxItemCategories(first: 2) { nodes { id itemCategory { id code } } } } } } }`;
/** store, taxes, taxItemCategories, itemCategory. */
const LEVELS = 4;

describe.each(engines())('statements per nested query (%s)', (engine) => {
  let t: TestApp;
  let chain: Chain;

  beforeAll(async () => {
    // No webhook dispatcher: its polling would count as statements of the measured request.
    t = await makeApp({ engine, dispatcher: false });
    chain = await tokenChain(t.app);
    const { repo, registry } = containerOf(t.app);
    const storeId = Number(chain.storeHref.split('/').pop());
    const now = '2030-01-02T03:04:05+0000';
    const base = { store_id: storeId, date_created: now, date_modified: now };
    const categories = [];
    for (const code of ['BOOKS', 'MUSIC']) {
      categories.push(await repo.insert(registry.resource('item_category'), { ...base, code, name: code, item_delivery_type: 'shipped' }));
    }
    for (let i = 0; i < 100; i++) {
      const tax = await repo.insert(registry.resource('tax'), { ...base, name: `tax ${i}`, type: 'global', rate: '5' });
      for (const c of categories) {
        await repo.insert(registry.resource('tax_item_category'), { ...base, tax_id: tax.id, item_category_id: c.id });
      }
    }
  });
  afterAll(() => t?.close());

  async function measure(n: number) {
    const stats = containerOf(t.app).database.stats;
    const before = stats.statements;
    const res = await gql(t.app, NESTED, { token: chain.storeToken, variables: { n } });
    const statements = stats.statements - before;
    expect(res.body.errors).toBeUndefined();
    return { statements, taxes: res.body.data.store.taxes.nodes };
  }

  it('runs as many statements for 100 parents as for 10, at most depth + 2', async () => {
    // First unmeasured: on SQLite the token check's answer is then kept for both measured queries,
    // nothing committing in between (auth/liveness-cache.ts); on PostgreSQL both run it.
    await measure(10);
    const ten = await measure(10);
    const hundred = await measure(100);
    expect(ten.taxes).toHaveLength(10);
    expect(hundred.taxes).toHaveLength(100);
    for (const tax of hundred.taxes) {
      expect(tax.taxItemCategories.nodes.map((n: any) => n.itemCategory.code)).toEqual(['BOOKS', 'MUSIC']);
    }
    console.log(`[measure] ${engine}: ${ten.statements} statements for 10 parents, ${hundred.statements} for 100`);
    expect(hundred.statements).toBe(ten.statements);
    expect(hundred.statements).toBeLessThanOrEqual(LEVELS + 2);
  });

  it('reads what an earlier mutation of the same request wrote, not a cached row', async () => {
    const d = await gqlData(t.app, `{ store { taxes(first: 1) { nodes { id href } } itemCategories(first: 3) { nodes { href } } } }`,
      { token: chain.storeToken });
    const tax = d.store.taxes.nodes[0];
    const [, books, music] = d.store.itemCategories.nodes.map((n: any) => n.href);
    const link = (alias: string, category: string) => `${alias}: createTaxItemCategory(taxId: "${tax.id}",
      input: { taxUri: "${tax.href}", itemCategoryUri: "${category}" }) { taxItemCategory { tax { name } } userErrors { code } }`;
    // The pairs exist already (a duplicate is a conflict), so drop them first.
    const existing = await gqlData(t.app, `{ tax(id: "${tax.id}") { taxItemCategories { nodes { id } } } }`, { token: chain.storeToken });
    for (const n of existing.tax.taxItemCategories.nodes) {
      await gqlData(t.app, `mutation { deleteTaxItemCategory(id: "${n.id}") { deletedId } }`, { token: chain.storeToken });
    }
    const res = await gqlData(t.app, `mutation {
      ${link('one', books)}
      rename: updateTax(id: "${tax.id}", input: { name: "renamed" }) { tax { name } }
      ${link('two', music)}
    }`, { token: chain.storeToken });
    expect(res.one.taxItemCategory.tax.name).toBe('tax 0');
    expect(res.two.taxItemCategory.tax.name).toBe('renamed');
  });
});
