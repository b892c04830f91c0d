// A sample tax with everything the renderers must carry: links (incl. a repeated rel and a templated
// one), an embedded collection of two items with their own links, an action with fields, and hostile
// strings (markup, quotes, ampersands, control characters, non-XML property names).
import type { Representation, RenderContext } from '../../src/representations/types.js';

export const BASE = 'https://api.example.test';
export const HOSTILE = `<script>alert("x")</script>&'`;
export const ctx: RenderContext = { baseUrl: BASE, title: 'Tax <b>"VAT"</b>' };

function category(id: number, name: string): Representation {
  return {
    self: { href: `${BASE}/tax_item_categories/${id}`, title: `Category ${name}` },
    class: ['tax_item_category'],
    properties: { id, name, date_created: '2024-01-02T03:04:05+0000' },
    links: [
      { rel: 'svc:tax', link: { href: `${BASE}/taxes/7`, title: 'This tax' } },
      { rel: 'svc:item_category', link: { href: `${BASE}/item_categories/${id}`, title: name } },
    ],
    embedded: [],
    actions: [],
  };
}

export function sampleTax(): Representation {
  return {
    self: { href: `${BASE}/taxes/7`, title: 'This tax' },
    class: ['tax'],
    properties: {
      name: HOSTILE,
      type: 'rate_based',
      rate: 7.25,
      is_live: true,
      use_origin_rates: false,
      description: null,
      notes: 'line one\r\nline\ttwo',
      countries: ['US', 'CA'],
      address: { city: 'Ünïcode & co', 'zip code': '<9>' },
      'bad name': 'space',
      '2fa': 'leading digit',
      link: 'collides with <link>',
      xmlish: 'fine',
    },
    links: [
      { rel: 'svc:store', link: { href: `${BASE}/stores/1`, title: 'Store "One"' } },
      { rel: 'svc:tax_item_categories', link: { href: `${BASE}/taxes/7/tax_item_categories`, title: 'Categories' } },
      { rel: 'svc:search', link: { href: `${BASE}/taxes{?name}`, title: 'Search', templated: true } },
      { rel: 'alternate', link: { href: `${BASE}/taxes/7?a=1&b=<2>`, title: HOSTILE } },
      { rel: 'alternate', link: { href: `${BASE}/taxes/7.xml`, title: 'XML' } },
    ],
    embedded: [{ rel: 'svc:tax_item_categories', items: [category(1, 'Books'), category(2, HOSTILE)] }],
    actions: [
      {
        name: 'update',
        method: 'PATCH',
        href: `${BASE}/taxes/7`,
        title: 'Update this tax',
        fields: [
          { name: 'name', type: 'text', value: HOSTILE, title: 'Name "quoted"', required: true },
          { name: 'rate', type: 'number', value: 7.25 },
          { name: 'type', type: 'text', options: ['rate_based', 'union'], value: 'rate_based' },
          { name: 'is_live', type: 'checkbox', value: true },
        ],
      },
      { name: 'delete', method: 'DELETE', href: `${BASE}/taxes/7`, title: 'Delete', fields: [] },
    ],
  };
}
