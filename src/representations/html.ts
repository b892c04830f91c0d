// text/html: a browsable page per resource — properties table, every link clickable, embedded resources
// as nested sections, a form per action. All data is treated as hostile: every string goes through esc(),
// hrefs with a non-http(s) scheme (javascript:, data:) are shown as text instead of links, property values
// are never turned into links, and the page carries no script at all.
//
// Forms: browsers only send GET and POST, and only form-encoded or multipart bodies. Actions with
// PUT/PATCH/DELETE (and other methods) are written as POST with a hidden `_method` field holding the
// real method; THE REST LAYER MUST honour `_method` on POSTs whose body is form-encoded or multipart
// (and only those, so a JSON client cannot be confused by it). An unchecked checkbox sends nothing, so a
// PATCH form leaves that property unchanged.
import { createHash } from 'node:crypto';
import { expandRel } from './siren.js';
import { ExactNumber, stringifyExact } from './exact-number.js';
import type { Action, ActionField, Link, Representation, RenderContext } from './types.js';

const STYLE =
  'body{font:15px/1.45 system-ui,sans-serif;margin:0 auto;max-width:64rem;padding:1rem;color:#222}' +
  'table{border-collapse:collapse;margin:.5rem 0}th,td{border:1px solid #ccc;padding:.25rem .5rem;' +
  'text-align:left;vertical-align:top}caption{text-align:left;font-weight:600}' +
  'section,form{border-left:3px solid #ddd;margin:1rem 0;padding-left:1rem}' +
  '.sandbox{background:#fff3cd;border:1px solid #e0b100;padding:.5rem;font-weight:600}' +
  '.null{color:#888;font-style:italic}label{display:block;margin:.25rem 0}';

/** Content-Security-Policy for these pages: no script, only the inline stylesheet above (by hash). */
export const HTML_CSP = [
  "default-src 'none'",
  `style-src 'sha256-${createHash('sha256').update(STYLE).digest('base64')}'`,
  "img-src 'self'",
  "form-action 'self'",
  "base-uri 'none'",
  "frame-ancestors 'none'",
].join('; ');

const ESC: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
export function esc(value: unknown): string {
  return String(value).replace(/[&<>"']/g, (c) => ESC[c]);
}

/**
 * The href when a browser may follow it, else null. Browsers drop tabs/newlines anywhere and leading
 * controls/spaces before reading the scheme (`java\tscript:`), so the check does the same.
 */
export function safeHref(href: string): string | null {
  const seen = href.replace(/[\t\n\r]/g, '').replace(/^[\u0000-\u0020]+/, '');
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(seen);
  return scheme && !/^https?$/i.test(scheme[1]) ? null : href;
}

function anchor(link: Link, rel: string | undefined, text: string): string {
  const href = safeHref(link.href);
  if (href === null) return `<span>${esc(text)}</span>`;
  const relAttr = rel === undefined ? '' : ` rel="${esc(rel)}"`;
  const note = link.templated ? ' <small>(URI template)</small>' : '';
  return `<a href="${esc(href)}"${relAttr}>${esc(text)}</a>${note}`;
}

function valueHtml(value: unknown): string {
  if (value === null || value === undefined) return '<span class="null">null</span>';
  if (Array.isArray(value)) {
    return value.length ? `<ol>${value.map((v) => `<li>${valueHtml(v)}</li>`).join('')}</ol>` : '<span class="null">(empty list)</span>';
  }
  if (value instanceof ExactNumber) return esc(value);
  if (typeof value === 'object') return propertiesTable(value as Record<string, unknown>, undefined);
  return esc(value);
}

function propertiesTable(props: Record<string, unknown>, caption: string | undefined): string {
  const rows = Object.entries(props)
    .map(([k, v]) => `<tr><th scope="row">${esc(k)}</th><td>${valueHtml(v)}</td></tr>`)
    .join('\n');
  const cap = caption ? `<caption>${esc(caption)}</caption>` : '';
  return rows ? `<table>${cap}<tbody>\n${rows}\n</tbody></table>` : '';
}

function linksTable(rep: Representation, ctx: RenderContext): string {
  const all = [{ rel: 'self', link: rep.self }, ...rep.links];
  const rows = all.map(({ rel, link }) => {
    const full = expandRel(rel, ctx.baseUrl);
    // A `svc:` rel name links to its documentation page (the curie target).
    const relCell = full === rel ? esc(rel) : anchor({ href: full }, 'help', rel);
    return `<tr><th scope="row">${relCell}</th><td>${anchor(link, full, link.title ?? link.href)}</td></tr>`;
  });
  return `<table><caption>Links</caption><tbody>\n${rows.join('\n')}\n</tbody></table>`;
}

function fieldHtml(f: ActionField): string {
  const label = esc(f.title ?? f.name);
  const req = f.required ? ' required' : '';
  const name = `name="${esc(f.name)}"`;
  const current = f.value === undefined || f.value === null ? undefined
    : typeof f.value === 'object' ? stringifyExact(f.value) : String(f.value);
  if (f.options?.length) {
    const opts = f.options.map((o) => `<option${o === current ? ' selected' : ''}>${esc(o)}</option>`).join('');
    const blank = f.required ? '' : '<option value=""></option>';
    return `<label>${label} <select ${name}${req}>${blank}${opts}</select></label>`;
  }
  if (f.type === 'checkbox') {
    const checked = current === 'true' || current === '1' ? ' checked' : '';
    return `<label><input type="checkbox" ${name} value="1"${checked}> ${label}</label>`;
  }
  const value = current === undefined ? '' : ` value="${esc(current)}"`;
  if (f.type === 'hidden') return `<input type="hidden" ${name}${value}>`;
  return `<label>${label} <input type="${esc(f.type)}" ${name}${value}${req}></label>`;
}

function formHtml(a: Action): string {
  const action = safeHref(a.href);
  if (action === null) return '';
  const native = a.method === 'GET' || a.method === 'POST';
  const multipart = a.type === 'multipart/form-data' || a.fields.some((f) => f.type === 'file');
  const fields = a.fields.filter((f) => f.name !== '_method').map(fieldHtml);
  if (!native) fields.unshift(`<input type="hidden" name="_method" value="${esc(a.method)}">`);
  const title = a.title ?? a.name;
  return `<form method="${a.method === 'GET' ? 'get' : 'post'}" action="${esc(action)}"` +
    `${multipart ? ' enctype="multipart/form-data"' : ''} data-action="${esc(a.name)}">\n` +
    `<fieldset><legend>${esc(title)} <small>(${esc(a.method)})</small></legend>\n` +
    `${fields.join('\n')}\n<button type="submit">${esc(title)}</button></fieldset></form>`;
}

function body(rep: Representation, ctx: RenderContext, level: number): string {
  const h = Math.min(level + 1, 5); // leaves room for the item headings one level down
  const parts = [linksTable(rep, ctx), propertiesTable(rep.properties, 'Properties')];
  for (const e of rep.embedded) {
    const items = e.items.map((item) => {
      const heading = `<h${h + 1}>${anchor(item.self, expandRel(e.rel, ctx.baseUrl), item.self.title ?? item.self.href)}</h${h + 1}>`;
      return `<article>${heading}\n${body(item, ctx, level + 2)}</article>`;
    });
    parts.push(`<section><h${h}>${esc(e.rel)} (${e.items.length})</h${h}>\n${items.join('\n')}</section>`);
  }
  if (rep.actions.length) parts.push(`<h${h}>Actions</h${h}>\n${rep.actions.map(formHtml).join('\n')}`);
  return parts.filter(Boolean).join('\n');
}

export function renderHtml(rep: Representation, ctx: RenderContext): string {
  const title = ctx.title ?? rep.self.title ?? rep.class[0] ?? 'Resource';
  const banner = ctx.mode === 'sandbox'
    ? '<p class="sandbox" role="note">Sandbox: test data only — nothing here is live.</p>\n' : '';
  return '<!DOCTYPE html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n' +
    '<meta name="viewport" content="width=device-width, initial-scale=1">\n' +
    `<title>${esc(title)}</title>\n<style>${STYLE}</style>\n</head>\n<body>\n${banner}<main>\n` +
    `<h1>${esc(title)}</h1>\n${body(rep, ctx, 1)}\n</main>\n</body>\n</html>\n`;
}
