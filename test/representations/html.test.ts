import { describe, it, expect } from 'vitest';
import { createHash } from 'node:crypto';
import { HTML_CSP, renderHtml, safeHref } from '../../src/representations/html.js';
import type { Representation } from '../../src/representations/types.js';
import { BASE, ctx, sampleTax } from './fixture.js';

const anchorsWithRel = (html: string, rel: string) =>
  [...html.matchAll(/<a href="([^"]*)" rel="([^"]*)">/g)].filter((m) => m[2] === rel);

describe('renderHtml', () => {
  const html = renderHtml(sampleTax(), ctx);

  it('is a complete HTML5 document with an escaped title', () => {
    expect(html.startsWith('<!DOCTYPE html>\n<html lang="en">')).toBe(true);
    expect(html).toContain('<meta charset="utf-8">');
    expect(html).toContain('<title>Tax &lt;b&gt;&quot;VAT&quot;&lt;/b&gt;</title>');
    expect(html.trimEnd().endsWith('</html>')).toBe(true);
  });

  it('never lets data through as markup', () => {
    expect(html).not.toMatch(/<script/i);
    expect(html).not.toContain('<b>');
    expect(html).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;&amp;&#39;');
    // Attribute values cannot be broken out of: every quote inside them is an entity.
    expect(html).toContain('value="&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;&amp;&#39;"');
  });

  it('has a clickable link per rel (svc rels expanded) and a doc link for each svc rel', () => {
    const rep = sampleTax();
    for (const { rel, link } of [{ rel: 'self', link: rep.self }, ...rep.links]) {
      const full = rel.startsWith('svc:') ? `${BASE}/rels/${rel.slice(4)}` : rel;
      const hrefs = anchorsWithRel(html, full).map((m) => m[1]);
      expect(hrefs).toContain(link.href.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;'));
      if (full !== rel) expect(html).toContain(`<a href="${full}" rel="help">${rel}</a>`);
    }
  });

  it('renders embedded items as nested sections with their own links and properties', () => {
    expect(html).toContain('<section><h2>svc:tax_item_categories (2)</h2>');
    expect(anchorsWithRel(html, `${BASE}/rels/item_category`).map((m) => m[1]))
      .toEqual([`${BASE}/item_categories/1`, `${BASE}/item_categories/2`]);
    expect(html).toContain('<tr><th scope="row">name</th><td>Books</td></tr>');
  });

  it('writes a form per action, tunnelling PATCH/DELETE through POST with _method', () => {
    expect(html).toContain(`<form method="post" action="${BASE}/taxes/7" data-action="update">`);
    expect(html).toContain('<input type="hidden" name="_method" value="PATCH">');
    expect(html).toContain('<input type="hidden" name="_method" value="DELETE">');
    expect(html).toContain('<input type="number" name="rate" value="7.25">');
    expect(html).toContain('<option selected>rate_based</option>');
    expect(html).toContain('<input type="checkbox" name="is_live" value="1" checked>');
  });

  it('uses GET forms natively and multipart for uploads', () => {
    const rep: Representation = {
      self: { href: `${BASE}/downloadables` }, class: ['downloadables'], properties: {}, links: [], embedded: [],
      actions: [
        { name: 'search', method: 'GET', href: `${BASE}/downloadables`, fields: [{ name: 'name', type: 'text' }] },
        { name: 'upload', method: 'POST', href: `${BASE}/downloadables`, type: 'multipart/form-data', fields: [{ name: 'file', type: 'file', required: true }] },
      ],
    };
    const out = renderHtml(rep, { baseUrl: BASE });
    expect(out).toContain(`<form method="get" action="${BASE}/downloadables" data-action="search">`);
    expect(out).toContain('enctype="multipart/form-data"');
    expect(out).not.toContain('_method');
    expect(out).toContain('<title>downloadables</title>');
  });

  it('shows links with a script scheme as text only', () => {
    const rep: Representation = {
      self: { href: `${BASE}/x` }, class: ['x'], properties: {}, embedded: [], actions: [],
      links: [{ rel: 'evil', link: { href: 'java\tscript:alert(1)', title: 'click' } }],
    };
    const out = renderHtml(rep, { baseUrl: BASE });
    expect(out).not.toContain('script:alert(1)"');
    expect(out).toContain('<span>click</span>');
    expect(safeHref(' javascript:x')).toBeNull();
    expect(safeHref('data:text/html,x')).toBeNull();
    expect(safeHref('/taxes?a=b:c')).toBe('/taxes?a=b:c');
    expect(safeHref('HTTPS://x.test/')).toBe('HTTPS://x.test/');
  });

  it('shows the sandbox banner only in sandbox mode', () => {
    expect(html).not.toContain('class="sandbox"');
    expect(renderHtml(sampleTax(), { ...ctx, mode: 'sandbox' })).toContain('<p class="sandbox" role="note">');
  });

  it('has no script and a CSP whose style hash matches the inline stylesheet', () => {
    const style = /<style>([^<]*)<\/style>/.exec(html)![1];
    const hash = createHash('sha256').update(style).digest('base64');
    expect(HTML_CSP).toContain(`style-src 'sha256-${hash}'`);
    expect(HTML_CSP).toContain("default-src 'none'");
    expect(html).not.toMatch(/\son[a-z]+=/i);
  });
});
