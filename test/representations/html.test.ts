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
    expect(html).toContain(`<form method="post" action="${BASE}/taxes/7" data-action="update" id="form-update">`);
    expect(html).toContain('<input type="hidden" name="_method" value="PATCH">');
    expect(html).toContain('<input type="hidden" name="_method" value="DELETE">');
    // Decimals accept any precision (19.5 is valid), and say so to phone keyboards.
    expect(html).toContain('<input type="number" id="form-update-rate" name="rate" step="any" inputmode="decimal" value="7.25">');
    expect(html).toContain('<option value="rate_based" selected>rate_based</option>');
    // Booleans are a true/false choice, so a form can set false (an unticked checkbox sends nothing).
    expect(html).toContain('<select id="form-update-is_live" name="is_live"><option value="">(not set)</option><option value="true" selected>true</option><option value="false">false</option></select>');
  });

  it('labels each input with the field name, the description as help text', () => {
    expect(html).toContain('<label for="form-update-name">name <small>(required)</small></label><span class="help" id="form-update-name-help">Name &quot;quoted&quot;</span>');
    expect(html).toContain('aria-describedby="form-update-name-help"');
    expect(html).toContain('<label for="form-update-rate">rate</label>');
  });

  it('offers one blank choice at most, and none that can be sent for a required enum', () => {
    const field = (f: Record<string, unknown>) => renderHtml({
      self: { href: `${BASE}/x` }, class: ['x'], properties: {}, links: [], embedded: [],
      actions: [{ name: 'a', method: 'POST', href: `${BASE}/x`, fields: [f as never] }],
    }, { baseUrl: BASE });
    const withEmpty = field({ name: 'service_provider', type: 'text', options: ['', 'vendor_a'], value: '' });
    expect(withEmpty.match(/<option value=""[ >]/g)).toHaveLength(1);
    expect(withEmpty).toContain('<option value="" selected>(none)</option>');
    const required = field({ name: 'type', type: 'text', options: ['global', 'local'], required: true });
    expect(required).toContain('<option value="" selected disabled>— choose —</option>');
    const whole = field({ name: 'count', type: 'number', step: '1' });
    expect(whole).toContain('step="1"');
    expect(whole).not.toContain('inputmode');
  });

  it('heads embedded members by their own names', () => {
    expect(html).toContain('>Books (Category Books 1)</a></h3>');
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
    expect(out).toContain(`<form method="get" action="${BASE}/downloadables" data-action="search" id="form-search">`);
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
