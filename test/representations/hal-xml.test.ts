import { describe, it, expect } from 'vitest';
import { XMLValidator } from 'fast-xml-parser';
import { parseXmlBody, renderHalXml } from '../../src/representations/hal-xml.js';
import type { Representation } from '../../src/representations/types.js';
import { BASE, HOSTILE, ctx, sampleTax } from './fixture.js';
import { fromHalXml, norm, parseXmlDocument } from './common-shape.js';

type X = Record<string, any>;
const tag = (n: X) => Object.keys(n).find((k) => k !== ':@')!;

describe('renderHalXml', () => {
  const xml = renderHalXml(sampleTax(), ctx);

  it('writes a well-formed document with the declaration and a <resource rel="self"> root', () => {
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<resource ')).toBe(true);
    expect(XMLValidator.validate(xml)).toBe(true);
    const root = parseXmlDocument(xml).find((n) => tag(n) === 'resource')!;
    expect(root[':@']).toEqual({ '@_rel': 'self', '@_href': `${BASE}/taxes/7`, '@_title': 'This tax' });
  });

  it('carries the svc curie as a templated link', () => {
    expect(xml).toContain(`<link rel="curies" href="${BASE}/rels/{rel}" name="svc" templated="true"/>`);
  });

  it('keeps every property (hostile strings, odd names, lists, objects), link and embedded item', () => {
    const rep = sampleTax();
    const back = fromHalXml(xml);
    expect(back.properties).toEqual(norm(rep.properties));
    expect(back.links).toHaveLength(rep.links.length + 1);
    for (const { rel, link } of rep.links) {
      expect(back.links).toContainEqual({ rel, href: link.href, title: link.title });
    }
    expect(back.embedded.map((e) => e.rel)).toEqual(['svc:tax_item_categories', 'svc:tax_item_categories']);
    expect(back.embedded[1].properties).toEqual(norm(rep.embedded[0].items[1].properties));
    expect(back.embedded[1].links).toContainEqual({ rel: 'svc:tax', href: `${BASE}/taxes/7`, title: 'This tax' });
  });

  it('escapes markup instead of emitting it', () => {
    expect(xml).not.toContain('<script>');
    expect(xml).toContain('<name>&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;&amp;&apos;</name>');
  });

  it('writes lists as one wrapper element with <item> children, null as an empty element', () => {
    expect(xml).toMatch(/<countries>\s*<item>US<\/item>\s*<item>CA<\/item>\s*<\/countries>/);
    expect(xml).toContain('<description/>');
    expect(xml).toContain('<property name="2fa">leading digit</property>');
    expect(xml).toContain('<property name="link">collides with &lt;link&gt;</property>');
  });

  it('stays well-formed with control characters, lone surrogates and names no XML allows', () => {
    const rep: Representation = {
      self: { href: `${BASE}/x?a=1&b=2` }, class: ['x'], links: [], embedded: [], actions: [],
      properties: { ['__proto__']: 'p', toString: 't', 'a<b': 'nul\u0000 bell\u0007 \uD800 ok', '': 'empty name', 'x:y': 1, [HOSTILE]: HOSTILE, when: new Date(0) },
    };
    const out = renderHalXml(rep, ctx);
    expect(XMLValidator.validate(out)).toBe(true);
    const props = fromHalXml(out).properties as Record<string, string>;
    expect(props['a<b']).toBe('nul\uFFFD bell\uFFFD \uFFFD ok');
    expect(props[HOSTILE]).toBe(HOSTILE);
    expect(props['']).toBe('empty name');
    expect(props.when).toBe('1970-01-01T00:00:00.000Z'); // toJSON applied, as in HAL+JSON
    expect(out).toContain('<property name="__proto__">p</property>');
    expect(parseXmlBody(out)).toMatchObject({ toString: 't', 'x:y': '1' });
  });
});

describe('parseXmlBody', () => {
  it('reads a rendered resource back into its properties, as strings, ignoring links and embeds', () => {
    const body = parseXmlBody(renderHalXml(sampleTax(), ctx));
    expect(body).toEqual(norm(sampleTax().properties));
    expect(body.notes).toBe('line one\r\nline\ttwo');
  });

  it('reads a hand-written body with whitespace, CDATA and comments', () => {
    const text = `<?xml version="1.0"?>
      <resource>
        <!-- a comment -->
        <name><![CDATA[A & <B>]]></name>
        <rate> 7.5 </rate>
        <link rel="self" href="/ignored"/>
        <tags><item>a</item></tags>
        <property name="odd key">v</property>
      </resource>`;
    expect(parseXmlBody(text)).toEqual({ name: 'A & <B>', rate: ' 7.5 ', tags: ['a'], 'odd key': 'v' });
  });

  it('keeps a property named __proto__ as data, never as the prototype', () => {
    const body = parseXmlBody('<resource><property name="__proto__"><polluted>yes</polluted></property></resource>');
    expect(Object.keys(body)).toEqual(['__proto__']);
    expect(Object.getPrototypeOf(body)).toBe(Object.prototype);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it.each([
    ['a DOCTYPE (XXE)', '<?xml version="1.0"?><!DOCTYPE r [<!ENTITY x SYSTEM "file:///etc/passwd">]><resource><name>&x;</name></resource>', 'xml_doctype_forbidden'],
    ['an entity bomb', '<!doctype resource [<!ENTITY a "aaaa"><!ENTITY b "&a;&a;&a;">]><resource>&b;</resource>', 'xml_doctype_forbidden'],
    ['malformed XML', '<resource><name>x</resource>', 'malformed_xml'],
    ['another root', '<tax><name>x</name></tax>', 'malformed_xml'],
    ['a repeated property', '<resource><name>a</name><name>b</name></resource>', 'malformed_xml'],
    ['a nameless <property>', '<resource><property>v</property></resource>', 'malformed_xml'],
    ['an empty body', '', 'malformed_xml'],
    ['a <__proto__> element (the parser refuses it)', '<resource><__proto__>x</__proto__></resource>', 'malformed_xml'],
    ['a <toString> element (the parser would rename it)', '<resource><toString>x</toString></resource>', 'malformed_xml'],
  ])('rejects %s with a 400 ApiError', (_label, text, code) => {
    try {
      parseXmlBody(text);
      expect.unreachable('should have thrown');
    } catch (e) {
      expect(e).toMatchObject({ kind: 'invalid', errors: [{ code }] });
    }
  });
});
