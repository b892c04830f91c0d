// HAL+XML and HTML written in slices of the loop (renderHalXmlPaced, renderHtmlPaced) are the same
// text as the one-piece renderers: checked on generated representations (nested members, empty and
// several embedded relations, hostile strings, odd property names, actions) with a pacer that
// gives way before every member, and the loop is given away between members.
import { describe, expect, it } from 'vitest';
import { renderHalXml, renderHalXmlPaced } from '../../src/representations/hal-xml.js';
import { renderHtml, renderHtmlPaced } from '../../src/representations/html.js';
import type { Representation } from '../../src/representations/types.js';
import { Pacer } from '../../src/services/pace.js';
import { BASE, ctx, HOSTILE, sampleTax } from './fixture.js';
import { seededRandom as random } from '../helpers/seeded-random.js';

const NAMES = ['name', 'code', 'rate', 'bad name', '2fa', 'link', 'resource', '__proto__', 'notes', 'list', 'nested'];
const VALUES = (r: () => number): unknown[] => [
  HOSTILE, 'line one\r\nline\ttwo', 7.25, null, '', true, ['US', 'CA'], { city: 'Ünïcode & co', 'zip code': '<9>' }, `v${Math.floor(r() * 100)}`,
];

function rep(r: () => number, depth: number, id: number): Representation {
  const properties: Record<string, unknown> = {};
  for (let i = Math.floor(r() * 5); i > 0; i--) properties[NAMES[Math.floor(r() * NAMES.length)]] = VALUES(r)[Math.floor(r() * 9)];
  const relations = depth > 2 ? 0 : Math.floor(r() * 3);
  return {
    self: { href: `${BASE}/things/${id}`, title: r() < 0.5 ? `Thing ${id}` : undefined },
    class: ['thing'],
    properties,
    links: r() < 0.8 ? [{ rel: 'svc:store', link: { href: `${BASE}/stores/1`, title: 'Store "One"' } }] : [],
    embedded: Array.from({ length: relations }, (_, k) => ({
      rel: `svc:rel_${k}`,
      items: Array.from({ length: Math.floor(r() * 4) }, (_, i) => rep(r, depth + 1, id * 10 + i)),
    })),
    actions: r() < 0.3 ? [{ name: 'delete', method: 'DELETE' as const, href: `${BASE}/things/${id}`, title: 'Delete', fields: [] }] : [],
  };
}

const everyMember = () => new Pacer(0, () => true);

describe('HAL+XML and HTML paced', () => {
  it('write the same text as the one-piece renderers, for the fixture and 300 generated representations', async () => {
    const reps = [sampleTax(), ...Array.from({ length: 300 }, (_, seed) => rep(random(seed + 1), 0, 1))];
    for (const [i, r] of reps.entries()) {
      expect(await renderHalXmlPaced(r, ctx, everyMember()), `XML, representation ${i}`).toBe(renderHalXml(r, ctx));
      expect(await renderHtmlPaced(r, ctx, everyMember()), `HTML, representation ${i}`).toBe(renderHtml(r, ctx));
    }
  });

  it('give the loop away between members when others are active, and not for a caller alone', async () => {
    const members = Array.from({ length: 50 }, (_, i) => ({ ...sampleTax(), self: { href: `${BASE}/taxes/${i}` } }));
    const big: Representation = { ...sampleTax(), embedded: [{ rel: 'svc:taxes', items: members }] };
    const turnsDuring = async (write: Promise<string>) => {
      let turns = 0;
      let on = true;
      const tick = () => { if (on) { turns++; setImmediate(tick); } };
      setImmediate(tick);
      await write;
      on = false;
      return turns;
    };
    for (const paced of [renderHalXmlPaced, renderHtmlPaced]) {
      // At least a turn between each two of the 50 members.
      expect(await turnsDuring(paced(big, ctx, everyMember()))).toBeGreaterThanOrEqual(49);
      expect(await turnsDuring(paced(big, ctx, new Pacer(0, () => false)))).toBe(0);
    }
  });
});
