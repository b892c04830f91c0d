// The same data must be recoverable from HAL+JSON, HAL+XML and Siren: each is decoded independently to
// a common {properties, links, embedded} shape and the three are compared.
import { describe, it, expect } from 'vitest';
import { renderHalJson } from '../../src/representations/hal-json.js';
import { renderHalXml } from '../../src/representations/hal-xml.js';
import { renderSiren } from '../../src/representations/siren.js';
import type { Representation } from '../../src/representations/types.js';
import { BASE, ctx, sampleTax } from './fixture.js';
import { fromHalJson, fromHalXml, fromSiren } from './common-shape.js';

function collection(): Representation {
  const member = (id: number): Representation => ({
    self: { href: `${BASE}/webhooks/${id}`, title: `Webhook ${id}` }, class: ['webhook'],
    properties: { name: `hook ${id}`, events: ['transaction/created'], is_active: 1, query: null },
    links: [{ rel: 'svc:store', link: { href: `${BASE}/stores/1`, title: 'Store' } }], embedded: [], actions: [],
  });
  return {
    self: { href: `${BASE}/stores/1/webhooks?limit=20&offset=0`, title: 'Webhooks' },
    class: ['webhooks', 'collection'],
    properties: { total_items: '2', returned_items: 2, limit: 20, offset: 0 },
    links: ['first', 'prev', 'next', 'last'].map((rel) => ({ rel, link: { href: `${BASE}/stores/1/webhooks?offset=0`, title: rel } })),
    embedded: [{ rel: 'svc:webhooks', items: [member(1), member(2)] }],
    actions: [],
  };
}

describe('HAL+JSON, HAL+XML and Siren carry the same data', () => {
  it.each([
    ['a tax with hostile strings and an embedded collection', sampleTax()],
    ['a collection page', collection()],
  ])('%s', (_label, rep) => {
    const hal = fromHalJson(renderHalJson(rep, ctx));
    const xml = fromHalXml(renderHalXml(rep, ctx));
    const siren = fromSiren(renderSiren(rep, ctx));
    expect(xml).toEqual(hal);
    expect(siren).toEqual(hal);
    // And nothing was lost on the way: the sample's own counts.
    expect(hal.links).toHaveLength(rep.links.length + 1);
    expect(hal.embedded).toHaveLength(rep.embedded.reduce((n, e) => n + e.items.length, 0));
  });
});
