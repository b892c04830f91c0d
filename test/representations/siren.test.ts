import { describe, it, expect } from 'vitest';
import { expandRel, renderSiren } from '../../src/representations/siren.js';
import type { Representation } from '../../src/representations/types.js';
import { BASE, ctx, sampleTax } from './fixture.js';

describe('renderSiren', () => {
  const s = JSON.parse(renderSiren(sampleTax(), ctx));

  it('has class, properties, entities, links and actions at the top level', () => {
    expect(Object.keys(s)).toEqual(['class', 'title', 'properties', 'entities', 'links', 'actions']);
    expect(s.class).toEqual(['tax']);
    expect(s.properties).toEqual(sampleTax().properties);
  });

  it('lists self first, then the other links with expanded svc rels and titles', () => {
    expect(s.links[0]).toEqual({ rel: ['self'], href: `${BASE}/taxes/7`, title: 'This tax' });
    expect(s.links[1]).toEqual({ rel: [`${BASE}/rels/store`], href: `${BASE}/stores/1`, title: 'Store "One"' });
    expect(s.links.map((l: { rel: string[] }) => l.rel[0])).toEqual([
      'self', `${BASE}/rels/store`, `${BASE}/rels/tax_item_categories`, `${BASE}/rels/search`, 'alternate', 'alternate',
    ]);
  });

  it('writes embedded items as sub-entities with rel, class, properties and their own links', () => {
    expect(s.entities).toHaveLength(2);
    const [first] = s.entities;
    expect(first.rel).toEqual([`${BASE}/rels/tax_item_categories`]);
    expect(first.class).toEqual(['tax_item_category']);
    expect(first.properties).toEqual({ id: 1, name: 'Books', date_created: '2024-01-02T03:04:05+0000' });
    expect(first.links[0]).toEqual({ rel: ['self'], href: `${BASE}/tax_item_categories/1`, title: 'Category Books' });
    expect(first).not.toHaveProperty('actions');
    expect(first).not.toHaveProperty('href');
  });

  it('writes actions with method, href, type (default JSON) and fields', () => {
    expect(s.actions[0]).toEqual({
      name: 'update', title: 'Update this tax', method: 'PATCH', href: `${BASE}/taxes/7`, type: 'application/json',
      fields: [
        { name: 'name', type: 'text', value: `<script>alert("x")</script>&'`, title: 'Name "quoted"' },
        { name: 'rate', type: 'number', value: 7.25 },
        { name: 'type', type: 'text', value: 'rate_based' },
        { name: 'is_live', type: 'checkbox', value: true },
      ],
    });
    expect(s.actions[1]).toMatchObject({ name: 'delete', method: 'DELETE', fields: [] });
  });

  it('keeps an explicit action type and always has entities/actions arrays at the top', () => {
    const rep: Representation = {
      self: { href: `${BASE}/downloadables` }, class: ['downloadables', 'collection'], properties: {},
      links: [], embedded: [], actions: [{ name: 'upload', method: 'POST', href: `${BASE}/downloadables`,
        type: 'multipart/form-data', fields: [{ name: 'file', type: 'file' }] }],
    };
    const out = JSON.parse(renderSiren(rep, { baseUrl: BASE }));
    expect(out.entities).toEqual([]);
    expect(out.actions[0].type).toBe('multipart/form-data');
    expect(out).not.toHaveProperty('title');
  });

  it('expands only svc: rels', () => {
    expect(expandRel('svc:taxes', BASE)).toBe(`${BASE}/rels/taxes`);
    expect(expandRel('next', BASE)).toBe('next');
    expect(expandRel('other:x', BASE)).toBe('other:x');
  });
});
