// Zoomed children are loaded one statement per level: the number of SQL statements of a collection
// request with nested zoom is the same for 10 rows as for 100 (taxes → tax_item_categories →
// item_category, and the DESIGN's transactions → items → item_options / item_category).
import { containerOf } from '../../../src/app.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engines } from '../../helpers/app.js';
import { json, link } from '../../helpers/rest.js';
import { members, openWorld, type World } from './world.js';

const ZOOM = 'zoom=tax_item_categories,tax_item_categories:item_category';
const QUERY = `${ZOOM}&limit=300`;

describe.each(engines())('SQL statements per request (%s)', (engine) => {
  let w: World;
  let categories: any[];
  beforeAll(async () => {
    w = await openWorld(engine);
    categories = [await w.createCategory('A'), await w.createCategory('B'), await w.createCategory('C')];
  });
  afterAll(async () => w?.close());

  async function addTaxes(n: number, from: number): Promise<void> {
    for (let i = from; i < from + n; i++) {
      const tax = await w.createTax({ name: `Tax ${i}`, type: 'global', rate: (i % 30) + 1 });
      await w.linkCategory(tax, categories[i % 3]);
      await w.linkCategory(tax, categories[(i + 1) % 3]);
    }
  }

  /** Statements run by one GET, and its body. */
  async function measure(url: string): Promise<{ statements: number; body: any }> {
    const stats = containerOf(w.app).database.stats;
    const before = stats.statements;
    const body = await w.get(url);
    return { statements: stats.statements - before, body };
  }

  it('does not grow with the number of rows of a zoomed collection', async () => {
    const url = `${w.taxesHref}?${QUERY}`;
    await addTaxes(10, 0);
    await measure(url); // warm-up: nothing cached may hide statements, but first-use work must not count
    const ten = await measure(url);
    expect(members(ten.body, 'taxes')).toHaveLength(10);
    await addTaxes(90, 10);
    // Again after the writes: on SQLite the token check's answer is kept only while nothing commits
    // (auth/liveness-cache.ts), so both measured requests find it kept (PostgreSQL: both run it).
    await measure(url);
    const hundred = await measure(url);
    const taxes = members(hundred.body, 'taxes');
    expect(taxes).toHaveLength(100);
    // The embeds are really there at both levels.
    for (const t of taxes) {
      const children = t._embedded['svc:tax_item_categories'];
      expect(children).toHaveLength(2);
      for (const c of children) expect(c._embedded['svc:item_category'].code).toMatch(/^[ABC]$/);
    }
    console.log(`[${engine}] statements for ${QUERY}: 10 taxes → ${ten.statements}, 100 taxes → ${hundred.statements}`);
    expect(hundred.statements).toBe(ten.statements);
    expect(ten.statements).toBeLessThanOrEqual(8);
  });

  it('does not grow with the number of transactions when zooming items, their options and categories (DESIGN case)', async () => {
    const transactions = link(w.store, 'svc:transactions');
    const url = `${transactions}?zoom=items,items:item_options,items:item_category&limit=300`;
    const post = async (href: string, body: Record<string, unknown>) => {
      const res = await w.req(href, { method: 'POST', body });
      expect(res.statusCode, res.body).toBe(201);
      return json(res);
    };
    const buy = async (n: number) => {
      for (let i = 0; i < n; i++) {
        const cart = await post(link(w.store, 'svc:carts'), { shipping_country: 'US', shipping_region: 'OR', customer_email: 'buyer@example.com' });
        const item = await post(link(cart, 'svc:items'), { name: `Item ${i}`, price: 3, item_category_uri: link(categories[i % 3], 'self') });
        await post(link(item, 'svc:item_options'), { name: 'Size', value: String(i) });
        await post(link(cart, 'svc:checkout'), {});
      }
    };
    await buy(10);
    await measure(url);
    const ten = await measure(url);
    expect(members(ten.body, 'transactions')).toHaveLength(10);
    await buy(90);
    await measure(url); // as above: the token check kept for both measured requests on SQLite
    const hundred = await measure(url);
    const all = members(hundred.body, 'transactions');
    expect(all).toHaveLength(100);
    for (const t of all) {
      const [item] = t._embedded['svc:items'];
      expect(item._embedded['svc:item_options']).toHaveLength(1);
      expect(item._embedded['svc:item_category'].code).toMatch(/^[ABC]$/);
    }
    console.log(`[${engine}] statements for transactions?zoom=items,items:item_options,items:item_category: 10 → ${ten.statements}, 100 → ${hundred.statements}`);
    expect(hundred.statements).toBe(ten.statements);
    // Three levels (transactions → items → options | category) plus two: the token check, and the
    // sibling at the third level. The page and its total are one statement.
    expect(hundred.statements).toBeLessThanOrEqual(5);
    const second = await measure(`${transactions}?zoom=items,items:item_options,items:item_category&limit=40&offset=80`);
    expect(members(second.body, 'transactions')).toHaveLength(20);
    expect(second.body.total_items).toBe('100');
    expect(second.statements).toBe(hundred.statements);
  });

  it('does not grow for a single resource with nested zoom either', async () => {
    const first = members((await measure(`${w.taxesHref}?limit=1`)).body, 'taxes')[0];
    const one = await measure(`${first._links.self.href}?${ZOOM}`);
    const few = await measure(`${w.taxesHref}?${ZOOM}&limit=3`);
    expect(one.body._embedded['svc:tax_item_categories']).toHaveLength(2);
    expect(one.statements).toBeLessThanOrEqual(few.statements);
  });
});
