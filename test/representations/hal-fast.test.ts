// HAL+JSON is written straight from rows (src/rest/hal-member.ts) while the other formats go through
// the neutral representation. For every resource of the registry, with rows that exercise every
// property kind, unset references, link conditions and strings that need escaping, both ways must
// give the same text, so an ETag or a replayed answer never depends on which path wrote it. The
// text writers of members alone (HAL_TEXT) are held to the bytes JSON.stringify writes of their HAL
// objects, which the paced renderer walks (renderHalJsonPaced), and to the generic rendering.
import { describe, expect, it } from 'vitest';
import { buildRegistry } from '../../src/model/registry.js';
import type { FieldDef, ResourceDef } from '../../src/model/types.js';
import type { Values } from '../../src/data/codec.js';
import { memberRepresentation } from '../../src/rest/represent.js';
import { collectionEnvelope } from '../../src/rest/represent.js';
import { renderHalJson, renderHalJsonPaced } from '../../src/representations/hal-json.js';
import { HAL_JSON, HAL_TEXT, type Representation, type RenderContext } from '../../src/representations/types.js';
import { Pacer } from '../../src/services/pace.js';

const registry = buildRegistry();

function sample(f: FieldDef, variant: number): unknown {
  if (variant === 2) return null;
  switch (f.kind) {
    case 'int': return variant ? 0 : 42;
    // The second needs more digits than a double holds: an exact decimal (exact-number.ts).
    case 'decimal': return variant ? '0.10' : '12345678901234567.8901';
    case 'boolean': return variant === 1;
    case 'json': return variant ? [1, 'two', { three: null }] : { a: 'b"c', n: 1.5 };
    case 'enum': return f.enumValues?.[variant % (f.enumValues.length || 1)]?.rest ?? 'x';
    default: return variant ? 'naïve "quoted" \\ back\nslash \u2028 </script>' : 'plain';
  }
}

/** A row of `r` with every column set (variant 0 and 1) or every optional column null (variant 2). */
function rowOf(r: ResourceDef, variant: number): Values {
  const row: Record<string, unknown> = { id: 7 + variant, store_id: variant === 2 ? null : 3 };
  for (const f of r.fields) if (f.column) row[f.column] = sample(f, variant);
  for (const rel of r.rels) if (rel.kind === 'one' && rel.fk) row[rel.fk] = variant === 2 ? null : 11;
  return row as Values;
}

/** The same representation with properties and links read first, which sends it down the generic path. */
function generic(rep: Representation): Representation {
  void rep.properties;
  void rep.links;
  for (const e of rep.embedded) e.items.forEach(generic);
  return rep;
}

/** The bytes of the HAL objects as JSON.stringify writes them (the paced renderer walks the objects). */
async function objectText(rep: Representation, ctx: RenderContext): Promise<string> {
  return (await renderHalJsonPaced(rep, ctx, new Pacer(0, () => true))).toString('utf8');
}

describe('HAL+JSON written from rows equals the generic rendering', () => {
  for (const baseUrl of ['http://api.test', 'http://api.test/we"ird\\base']) {
    it(`for every resource at ${baseUrl}`, async () => {
      const ctx = { baseUrl, registry };
      let fastUsed = 0;
      let textUsed = 0;
      for (const r of registry.resources) {
        for (const variant of [0, 1, 2]) {
          for (const fields of [undefined, r.fields.slice(0, 2).map((f) => f.name)]) {
            const make = () => {
              const child = memberRepresentation(ctx, r, rowOf(r, variant), fields, []);
              return memberRepresentation(ctx, r, rowOf(r, (variant + 1) % 3), fields,
                [{ rel: 'svc:children', items: [child] }, { rel: 'svc:one', items: [child], single: true }, { rel: 'svc:none', items: [], single: true }]);
            };
            const fast = make();
            if (fast[HAL_JSON]?.(undefined, undefined) !== undefined) fastUsed++;
            const text = renderHalJson(fast, { baseUrl });
            expect(text, `${r.name} variant ${variant}`).toBe(renderHalJson(generic(make()), { baseUrl }));
            JSON.parse(text);
            const page = (rep: Representation) => collectionEnvelope(r, 'things', `${baseUrl}/things`, new URLSearchParams('limit=1'), 5, [rep], { limit: 1, offset: 0 });
            expect(renderHalJson(page(make()), { baseUrl })).toBe(renderHalJson(page(generic(make())), { baseUrl }));
            // A member alone is written as text (HAL_TEXT): the bytes of its object, and of the generic rendering.
            const alone = () => memberRepresentation(ctx, r, rowOf(r, variant), fields, []);
            if (alone()[HAL_TEXT]?.(undefined) !== undefined) textUsed++;
            const aloneText = renderHalJson(alone(), { baseUrl });
            expect(aloneText, `${r.name} variant ${variant} alone`).toBe(await objectText(alone(), { baseUrl }));
            expect(aloneText, `${r.name} variant ${variant} alone, generic`).toBe(renderHalJson(generic(alone()), { baseUrl }));
            JSON.parse(aloneText);
          }
        }
      }
      // The fast path must actually be taken for most resources, or this test compares the generic path with itself.
      expect(fastUsed).toBeGreaterThan(registry.resources.length * 3);
      expect(textUsed).toBeGreaterThan(registry.resources.length * 2);
    });
  }

  it('falls back to the generic path once properties were changed, and writes a replaced self link', () => {
    const r = registry.resource('tax');
    const rep = memberRepresentation({ baseUrl: 'http://api.test', registry }, r, rowOf(r, 0), undefined, []);
    rep.properties.token = 'added';
    expect(JSON.parse(renderHalJson(rep, { baseUrl: 'http://api.test' })).token).toBe('added');
    const moved = memberRepresentation({ baseUrl: 'http://api.test', registry }, r, rowOf(r, 0), undefined, []);
    moved.self = { href: 'http://api.test/elsewhere', title: 'moved' };
    expect(JSON.parse(renderHalJson(moved, { baseUrl: 'http://api.test' }))._links.self).toEqual(moved.self);
  });
});
