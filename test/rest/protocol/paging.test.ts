// Collection paging (DESIGN §3): limit 20 by default and at most 300, offset, the spec's counters
// and types, and self/first/prev/next/last links that carry offset parameters.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engines } from '../../helpers/app.js';
import { json, link } from '../../helpers/rest.js';
import { members, openWorld, param, type World } from './world.js';

const COUNT = 45;

describe.each(engines())('collection paging (%s)', (engine) => {
  let w: World;
  let ids: string[];
  beforeAll(async () => {
    w = await openWorld(engine);
    ids = [];
    for (let i = 1; i <= COUNT; i++) {
      const tax = await w.createTax({ name: `Tax ${String(i).padStart(2, '0')}`, type: i % 3 ? 'global' : 'country', country: 'DE', rate: i });
      ids.push(link(tax, 'self'));
    }
  });
  afterAll(async () => w?.close());

  const page = (qs: string) => w.get(`${w.taxesHref}${qs}`);

  it('pages by 20 by default with string total_items and integer counters', async () => {
    const first = await page('');
    expect(first).toMatchObject({ total_items: String(COUNT), returned_items: 20, limit: 20, offset: 0 });
    expect(typeof first.total_items).toBe('string');
    for (const k of ['returned_items', 'limit', 'offset']) expect(Number.isInteger(first[k]), k).toBe(true);
    expect(members(first, 'taxes').map((t: any) => link(t, 'self'))).toEqual(ids.slice(0, 20));
    for (const rel of ['self', 'first', 'next', 'last']) expect(first._links[rel], rel).toBeDefined();
    // No page before the first: a generic client's `while (prev)` stops (DESIGN §3).
    expect(first._links.prev).toBeUndefined();
    for (const rel of ['first', 'next', 'last']) expect(param(link(first, rel), 'offset'), rel).not.toBeNull();
    for (const rel of ['self', 'first', 'next', 'last']) expect(first._links[rel].title, rel).toMatch(/\w/);
    expect(param(link(first, 'first'), 'offset')).toBe('0');
    expect(param(link(first, 'next'), 'offset')).toBe('20');
    expect(param(link(first, 'last'), 'offset')).toBe('40');
    expect(param(link(first, 'next'), 'limit')).toBe('20');
  });

  it('follows next links through every member once, in order, to the last page', async () => {
    const seen: string[] = [];
    let body = await page('?limit=7');
    // The generic client's loop: follow `next` while there is one (it must end by itself).
    for (let guard = 0; guard < 20; guard++) {
      seen.push(...members(body, 'taxes').map((t: any) => link(t, 'self')));
      if (!body._links.next) break;
      body = await w.get(link(body, 'next'));
    }
    expect(seen).toEqual(ids);
    expect(body).toMatchObject({ offset: 42, returned_items: 3, limit: 7 });
    expect(body._links.next).toBeUndefined();
    expect(param(link(body, 'prev'), 'offset')).toBe('35');
    expect(body._links.prev.title).toMatch(/\w/);
    // And back with `prev` to the first page, which has none.
    const back: number[] = [];
    for (let guard = 0; guard < 20 && body._links.prev; guard++) { body = await w.get(link(body, 'prev')); back.push(body.offset); }
    expect(back).toEqual([35, 28, 21, 14, 7, 0]);
  });

  it('takes offset and limit up to 300, and keeps filters in the paging links', async () => {
    expect(await page('?offset=40')).toMatchObject({ returned_items: 5, offset: 40, total_items: String(COUNT) });
    expect(await page('?limit=300')).toMatchObject({ returned_items: COUNT, limit: 300 });
    const past = await page('?offset=100');
    expect(past).toMatchObject({ returned_items: 0, total_items: String(COUNT) });
    // Past the end: no next, and prev leads back to the last page.
    expect(past._links.next).toBeUndefined();
    expect(param(link(past, 'prev'), 'offset')).toBe('40');
    const exact = await page('?offset=20&limit=25');
    expect(exact).toMatchObject({ returned_items: 25 });
    expect(exact._links.next).toBeUndefined();
    const filtered = await page('?type=country&limit=4&order=rate%20desc');
    expect(filtered).toMatchObject({ total_items: String(COUNT / 3), returned_items: 4 });
    const next = link(filtered, 'next');
    expect(param(next, 'type')).toBe('country');
    expect(param(next, 'order')).toBe('rate desc');
    expect(members(await w.get(next), 'taxes').map((t: any) => t.rate)).toEqual([33, 30, 27, 24]);
  });

  it('refuses a limit over 300 and other bad paging values with 400 naming the parameter', async () => {
    for (const [qs, field] of [['limit=301', 'limit'], ['limit=0', 'limit'], ['limit=abc', 'limit'], ['limit=-1', 'limit'],
      ['offset=-1', 'offset'], ['offset=1.5', 'offset'], ['limit=1e3', 'limit'], ['offset=99999999999999999999', 'offset']]) {
      const res = await w.req(`${w.taxesHref}?${qs}`);
      expect(res.statusCode, qs).toBe(400);
      expect(json(res)._embedded['svc:errors'].map((e: any) => e.field), qs).toContain(field);
    }
  });
});
