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
import { relName } from './types.js';
import type { Pacer } from '../services/pace.js';
import { WALKED_LEVELS } from './paced-json.js';

/** The token page of the browsable facade (src/web/browse.ts) and the documentation (src/openapi/routes.ts). */
export const BROWSE_PATH = '/browse';
const DOCS_PATH = '/docs';

// Phone-first: tables scroll inside themselves, long URLs wrap, inputs never exceed the screen.
const STYLE =
  'body{font:15px/1.45 system-ui,sans-serif;margin:0 auto;max-width:64rem;padding:.75rem;color:#222;overflow-wrap:break-word}' +
  'table{border-collapse:collapse;margin:.5rem 0;display:block;max-width:100%;overflow-x:auto}th,td{border:1px solid #ccc;padding:.25rem .5rem;' +
  'text-align:left;vertical-align:top}td{overflow-wrap:anywhere}caption{text-align:left;font-weight:600}' +
  'section,form{border-left:3px solid #ddd;margin:1rem 0;padding-left:.75rem}fieldset{border:1px solid #ccc;min-width:0;margin:0;padding:.5rem}' +
  '.sandbox{background:#fff3cd;border:1px solid #e0b100;padding:.5rem;font-weight:600}nav{display:flex;flex-wrap:wrap;gap:.25rem 1rem;' +
  'border-bottom:1px solid #ddd;padding-bottom:.5rem}' +
  '.null{color:#888;font-style:italic}label{display:block;margin:.5rem 0 0;font-weight:600}.help{display:block;color:#555;font-size:.9em}' +
  'input,select,textarea{display:block;width:100%;max-width:32rem;box-sizing:border-box;padding:.3rem;font:inherit}' +
  'button{margin-top:.75rem;padding:.4rem 1rem;font:inherit}h1{font-size:1.5rem}dl{margin:0}dt{font-weight:600}dd{margin:0 0 .4rem .75rem}';

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
  // A nested object (the token of a registration) stacks as a list: a table in a cell is unreadable on a phone.
  if (typeof value === 'object') {
    const rows = Object.entries(value as Record<string, unknown>).map(([k, v]) => `<dt>${esc(k)}</dt><dd>${valueHtml(v)}</dd>`);
    return rows.length ? `<dl>${rows.join('')}</dl>` : '<span class="null">(empty)</span>';
  }
  return esc(value);
}

function propertiesTable(props: Record<string, unknown>, caption: string | undefined): string {
  const rows = Object.entries(props)
    .map(([k, v]) => `<tr><th scope="row">${esc(k)}</th><td>${valueHtml(v)}</td></tr>`)
    .join('\n');
  const cap = caption ? `<caption>${esc(caption)}</caption>` : '';
  return rows ? `<table>${cap}<tbody>\n${rows}\n</tbody></table>` : '';
}

/** A form's id on the page, so a link to a POST-only target can point at its form. */
const formId = (a: Action) => `form-${a.name.replace(/[^a-zA-Z0-9_-]/g, '-')}`;

function linksTable(rep: Representation, ctx: RenderContext): string {
  const all = [{ rel: 'self', link: rep.self }, ...rep.links];
  const rows = all.map(({ rel, link }) => {
    const full = expandRel(rel, ctx.baseUrl);
    // A `svc:` rel name links to its documentation page (the curie target).
    const relCell = full === rel ? esc(rel) : anchor({ href: full }, 'help', relName(rel, ctx.curieName));
    // A target that only takes POST (register a client, checkout) is reached through its form.
    const form = rel === 'self' ? undefined : rep.actions.find((a) => a.href === link.href && a.method === 'POST');
    const formNote = form ? ` — <a href="#${formId(form)}">use the form below</a>` : '';
    return `<tr><th scope="row">${relCell}</th><td>${anchor(link, full, link.title ?? link.href)}${formNote}</td></tr>`;
  });
  return `<table><caption>Links</caption><tbody>\n${rows.join('\n')}\n</tbody></table>`;
}

/** Current value of a field as form text (lists and objects as JSON, which the API reads back). */
function formValue(v: unknown): string | undefined {
  if (v === undefined || v === null) return undefined;
  return typeof v === 'object' && !(v instanceof ExactNumber) ? stringifyExact(v) : String(v);
}

function options(values: string[], current: string | undefined, required: boolean): string {
  const opts = values.map((o) => `<option value="${esc(o)}"${o === current ? ' selected' : ''}>${o === '' ? '(none)' : esc(o)}</option>`);
  // One blank choice at most: an enum that has "" already offers it (as "(none)").
  if (!values.includes('')) {
    opts.unshift(required
      ? `<option value=""${current === undefined ? ' selected' : ''} disabled>— choose —</option>`
      : `<option value=""${current === undefined ? ' selected' : ''}>(not set)</option>`);
  }
  return opts.join('');
}

function fieldHtml(f: ActionField, form: string): string {
  const id = `${form}-${f.name}`.replace(/[^a-zA-Z0-9_-]/g, '-');
  const current = formValue(f.value);
  if (f.type === 'hidden') return `<input type="hidden" name="${esc(f.name)}"${current === undefined ? '' : ` value="${esc(current)}"`}>`;
  const help = f.title ? `<span class="help" id="${id}-help">${esc(f.title)}</span>` : '';
  const attrs = `id="${id}" name="${esc(f.name)}"${f.required ? ' required' : ''}${f.title ? ` aria-describedby="${id}-help"` : ''}`;
  const label = `<label for="${id}">${esc(f.name)}${f.required ? ' <small>(required)</small>' : ''}</label>${help}`;
  let control: string;
  if (f.options?.length) {
    control = `<select ${attrs}>${options(f.options, current, !!f.required)}</select>`;
  } else if (f.type === 'checkbox') {
    // A choice rather than a checkbox: an unticked box sends nothing, so a form could never set false.
    const value = current === 'true' || current === '1' ? 'true' : current === 'false' || current === '0' ? 'false' : undefined;
    control = `<select ${attrs}>${options(['true', 'false'], value, !!f.required)}</select>`;
  } else if (f.multiline) {
    control = `<textarea ${attrs} rows="4">${current === undefined ? '' : esc(current)}</textarea>`;
  } else {
    const value = current === undefined ? '' : ` value="${esc(current)}"`;
    const stepValue = f.step ?? 'any';
    const step = f.type === 'number' ? ` step="${esc(stepValue)}"${stepValue === 'any' ? ' inputmode="decimal"' : ''}` : '';
    control = `<input type="${esc(f.type)}" ${attrs}${step}${value}>`;
  }
  return `<div>${label}${control}</div>`;
}

function formHtml(a: Action): string {
  const action = safeHref(a.href);
  if (action === null) return '';
  const native = a.method === 'GET' || a.method === 'POST';
  const multipart = a.type === 'multipart/form-data' || a.fields.some((f) => f.type === 'file');
  const id = formId(a);
  const fields = a.fields.filter((f) => f.name !== '_method').map((f) => fieldHtml(f, id));
  if (!native) fields.unshift(`<input type="hidden" name="_method" value="${esc(a.method)}">`);
  const title = a.title ?? a.name;
  return `<form method="${a.method === 'GET' ? 'get' : 'post'}" action="${esc(action)}"` +
    `${multipart ? ' enctype="multipart/form-data"' : ''} data-action="${esc(a.name)}" id="${id}">\n` +
    `<fieldset><legend>${esc(title)} <small>(${esc(a.method)})</small></legend>\n` +
    `${fields.join('\n')}\n<button type="submit">${esc(title)}</button></fieldset></form>`;
}

/** How an embedded member is headed: by its own name (or code), then what it is. */
function itemHeading(item: Representation): string {
  const p = item.properties;
  const own = [p.name, p.code, p.client_id, p.store_name, p.email].find((v) => typeof v === 'string' && v !== '');
  const what = item.self.title ?? item.class[0] ?? '';
  const id = /\/(\d+)$/.exec(item.self.href)?.[1];
  return own !== undefined ? `${String(own)} (${what}${id ? ` ${id}` : ''})` : `${what}${id ? ` ${id}` : ''}` || item.self.href;
}

/** Where a paced page may give the loop away: before an embedded member. */
const BREAK = Symbol('break');

/**
 * A resource's part of the page, piece by piece: its links and properties, a section per embedded
 * relation with an article per member, its forms. `breaks`: how many levels of members get a BREAK
 * before each (0: none, the part is one piece).
 */
function* bodyParts(rep: Representation, ctx: RenderContext, level: number, breaks: number): Generator<string | typeof BREAK> {
  const h = Math.min(level + 1, 5); // leaves room for the item headings one level down
  const head = [linksTable(rep, ctx), propertiesTable(rep.properties, 'Properties')].filter(Boolean).join('\n');
  yield head;
  let written = head !== '';
  for (const e of rep.embedded) {
    yield `${written ? '\n' : ''}<section><h${h}>${esc(relName(e.rel, ctx.curieName))} (${e.items.length})</h${h}>\n`;
    written = true;
    for (let i = 0; i < e.items.length; i++) {
      const item = e.items[i];
      const heading = `<h${h + 1}>${anchor(item.self, expandRel(e.rel, ctx.baseUrl), itemHeading(item))}</h${h + 1}>`;
      if (breaks > 0) yield BREAK;
      yield `${i > 0 ? '\n' : ''}<article>${heading}\n`;
      if (breaks > 1) yield* bodyParts(item, ctx, level + 2, breaks - 1);
      else yield body(item, ctx, level + 2);
      yield '</article>';
    }
    yield '</section>';
  }
  if (rep.actions.length) yield `${written ? '\n' : ''}<h${h}>Actions</h${h}>\n${rep.actions.map(formHtml).join('\n')}`;
}

function body(rep: Representation, ctx: RenderContext, level: number): string {
  let text = '';
  for (const part of bodyParts(rep, ctx, level, 0)) text += part as string;
  return text;
}

function nav(ctx: RenderContext): string {
  const token = ctx.browserToken ? 'Browsing with your token (change or forget it)' : 'Use a token in this browser';
  return `<nav aria-label="Site"><a href="${esc(ctx.baseUrl)}/">Home</a><a href="${esc(ctx.baseUrl)}${BROWSE_PATH}">${token}</a>` +
    `<a href="${esc(ctx.baseUrl)}${DOCS_PATH}">API documentation</a></nav>\n`;
}

/** The page around a resource's part: [before, after]. */
function frame(rep: Representation, ctx: RenderContext): [string, string] {
  // A page is named by what it shows ("Half rate (tax 7)"), unless the caller names it otherwise.
  const title = ctx.title !== undefined && ctx.title !== rep.self.title ? ctx.title : itemHeading(rep) || 'Resource';
  const banner = ctx.mode === 'sandbox'
    ? '<p class="sandbox" role="note">Sandbox: test data only — nothing here is live.</p>\n' : '';
  return ['<!DOCTYPE html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n' +
    '<meta name="viewport" content="width=device-width, initial-scale=1">\n' +
    `<title>${esc(title)}</title>\n<style>${STYLE}</style>\n</head>\n<body>\n${banner}${nav(ctx)}<main>\n` +
    `<h1>${esc(title)}</h1>\n`, '\n</main>\n</body>\n</html>\n'];
}

export function renderHtml(rep: Representation, ctx: RenderContext): string {
  const [before, after] = frame(rep, ctx);
  return before + body(rep, ctx, 1) + after;
}

/** renderHtml for a large answer: the same page, with the loop given away between members (services/pace.ts). */
export async function renderHtmlPaced(rep: Representation, ctx: RenderContext, pacer: Pacer): Promise<string> {
  const [before, after] = frame(rep, ctx);
  const parts = [before];
  for (const part of bodyParts(rep, ctx, 1, WALKED_LEVELS)) {
    if (part !== BREAK) {
      parts.push(part);
      continue;
    }
    const wait = pacer.pace();
    if (wait) await wait;
  }
  parts.push(after);
  return parts.join('');
}
