// `/rels/{rel}`: the documentation page of each link relation, where the `svc` curie of every
// representation points. HTML for people by default, JSON for tools that ask for it. These pages
// need no SERVICE-API-VERSION and no token: they describe the API, never a store's data.
import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { esc } from '../representations/html.js';
import { parseAccept, type MediaRange } from '../representations/negotiate.js';
import { expandRel } from '../representations/siren.js';
import { sendApiError } from './http.js';
import { relDoc, renderExamples, type PropertyDoc, type RelDoc } from './rels-page.js';
import { apiError } from '../services/error-catalog.js';

type DocFormat = 'text/html' | 'application/json' | 'application/hal+json';

/** The most specific range naming one of `names` (2 exact, 1 `type/*`, 0 `*\/*`), the highest weight among equals. */
function best(ranges: MediaRange[], names: string[], wildcards: string[]): { q: number; spec: number; name: string } | undefined {
  let out: { q: number; spec: number; name: string } | undefined;
  for (const r of ranges) {
    const full = `${r.type}/${r.subtype}`;
    const spec = names.includes(full) ? 2 : wildcards.includes(full) ? (full === '*/*' ? 0 : 1) : -1;
    if (spec >= 0 && (!out || spec > out.spec || (spec === out.spec && r.q > out.q))) out = { q: r.q, spec, name: full };
  }
  return out;
}

/**
 * HTML unless the client prefers JSON: `application/json` or `application/hal+json` (or
 * `application/*`) with a higher weight, or the same weight named more specifically than HTML.
 * `*\/*` alone means "anything", which is the page. Neither acceptable → null (406).
 */
export function docFormat(accept: string | undefined): DocFormat | null {
  if (accept === undefined || accept.trim() === '') return 'text/html';
  const ranges = parseAccept(accept);
  const html = best(ranges, ['text/html'], ['text/*', '*/*']);
  const json = best(ranges, ['application/hal+json', 'application/json'], ['application/*']);
  const htmlOk = !!html && html.q > 0;
  const jsonOk = !!json && json.q > 0;
  if (!htmlOk && !jsonOk) return null;
  const jsonWins = jsonOk && (!htmlOk || json!.q > html!.q || (json!.q === html!.q && json!.spec > html!.spec));
  if (!jsonWins) return 'text/html';
  return json!.name === 'application/hal+json' ? 'application/hal+json' : 'application/json';
}

const STYLE =
  'body{font:15px/1.45 system-ui,sans-serif;margin:0 auto;max-width:72rem;padding:1rem;color:#222}' +
  'table{border-collapse:collapse;margin:.5rem 0}th,td{border:1px solid #ccc;padding:.25rem .5rem;text-align:left;vertical-align:top}' +
  'pre{background:#f6f6f6;padding:.5rem;overflow:auto}code{font-size:.95em}';
const CSP = [
  "default-src 'none'", `style-src 'sha256-${createHash('sha256').update(STYLE).digest('base64')}'`,
  "base-uri 'none'", "form-action 'none'", "frame-ancestors 'none'",
].join('; ');

function constraintsText(p: PropertyDoc): string {
  const parts: string[] = [];
  if (p.required) parts.push('required');
  if (p.required_when) parts.push(`required when ${p.required_when}`);
  if (p.read_only) parts.push('read-only');
  if (p.write_once) parts.push('write-once (set on creation only)');
  if (p.write_only) parts.push('write-only (never shown)');
  if (p.unique) parts.push('unique');
  if (p.min_length !== undefined) parts.push(`at least ${p.min_length} characters`);
  if (p.max_length !== undefined) parts.push(`at most ${p.max_length} characters`);
  if (p.minimum !== undefined) parts.push(`≥ ${p.minimum}`);
  if (p.greater_than !== undefined) parts.push(`> ${p.greater_than}`);
  if (p.maximum !== undefined) parts.push(`≤ ${p.maximum}`);
  if (p.format) parts.push(`format ${p.format}`);
  if (p.enum) parts.push(`one of ${p.enum.map((v) => (v === '' ? '"" (empty)' : v)).join(', ')}`);
  if (p.default !== undefined) parts.push(`default ${p.default === '' ? '"" (empty)' : p.default}`);
  if (p.reference) parts.push(`the self link of the svc:${p.reference}`);
  return parts.join('; ');
}

function pretty(mediaType: string, body: string): string {
  return mediaType.endsWith('json') ? JSON.stringify(JSON.parse(body), null, 2) : body;
}

function relLink(base: string, rel: string): string {
  const href = expandRel(rel, base);
  return href === rel ? esc(rel) : `<a href="${esc(href)}" rel="help">${esc(rel)}</a>`;
}

export function relHtml(doc: RelDoc, base: string): string {
  const rows = doc.properties.map((p) =>
    `<tr><th scope="row"><code>${esc(p.name)}</code></th><td>${esc(p.type)}</td><td>${esc(constraintsText(p))}</td><td>${esc(p.description ?? '')}</td></tr>`);
  const caption = `Properties${doc.resource ? ` of ${esc(doc.resource)}` : ''}`;
  const props = rows.length
    ? `<table><caption>${caption}</caption><thead><tr><th>Name</th><th>Type</th><th>Constraints</th><th>Description</th></tr></thead>`
      + `<tbody>\n${rows.join('\n')}\n</tbody></table>`
    : '';
  const links = doc.links.length
    ? `<table><caption>Links</caption><thead><tr><th>Relation</th><th>Title</th><th>Methods</th></tr></thead><tbody>\n${doc.links.map((l) =>
      `<tr><td>${relLink(base, l.rel)}</td><td>${esc(l.title)}</td><td>${esc(l.methods.join(', '))}</td></tr>`).join('\n')}\n</tbody></table>`
    : '';
  const examples = renderExamples(doc, base).map((e) =>
    `<section><h3>${esc(e.mediaType)}</h3>\n<pre><code>${esc(pretty(e.mediaType, e.body))}</code></pre></section>`);
  const title = `svc:${doc.rel} — ${doc.title}`;
  return '<!DOCTYPE html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n' +
    `<title>${esc(title)}</title>\n<style>${STYLE}</style>\n</head>\n<body>\n<main>\n<h1>${esc(title)}</h1>\n` +
    (doc.description ? `<p>${esc(doc.description)}</p>\n` : '') +
    `<dl><dt>Relation</dt><dd><code>${esc(`${base}/rels/${doc.rel}`)}</code></dd>` +
    `<dt>Leads to</dt><dd>${esc(doc.kind)}${doc.resource ? ` of ${esc(doc.resource)}` : ''}</dd>` +
    `<dt>Methods</dt><dd>${esc(doc.methods.join(', ') || '(none: found inside other representations)')}</dd></dl>\n` +
    `${props}\n${links}\n` +
    (examples.length ? `<h2>Example</h2>\n${examples.join('\n')}\n` : '') +
    '</main>\n</body>\n</html>\n';
}

export function relJson(doc: RelDoc, base: string): Record<string, unknown> {
  const { example: _example, ...rest } = doc;
  void _example;
  const examples: Record<string, unknown> = {};
  for (const e of renderExamples(doc, base)) examples[e.mediaType] = e.mediaType.endsWith('json') ? JSON.parse(e.body) : e.body;
  return { _links: { self: { href: `${base}/rels/${doc.rel}` } }, ...rest, examples };
}

async function relPage(req: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> {
  const { container } = req.server;
  const base = container.config.baseUrl;
  const format = docFormat(req.headers.accept);
  if (format === null) {
    req.negotiated = 'application/hal+json';
    return sendApiError(req, reply, apiError('DOCS_NOT_ACCEPTABLE'));
  }
  req.negotiated = format === 'text/html' ? 'text/html' : 'application/hal+json';
  const rel = (req.params as { rel: string }).rel;
  const doc = /^[a-z][a-z0-9_]{0,99}$/.test(rel) ? relDoc(container.registry, base, rel) : undefined;
  if (!doc) return sendApiError(req, reply, apiError('NO_RELATION', { rel }, { field: 'rel' }));
  reply.header('vary', 'Accept').header('x-content-type-options', 'nosniff').header('cache-control', 'public, max-age=300');
  if (format === 'text/html') {
    return reply.header('content-type', 'text/html; charset=utf-8').header('content-security-policy', CSP)
      .header('x-frame-options', 'DENY').send(relHtml(doc, base));
  }
  return reply.header('content-type', `${format}; charset=utf-8`).send(JSON.stringify(relJson(doc, base)));
}

export function registerRelsRoutes(app: FastifyInstance): void {
  app.get('/rels/:rel', relPage);
}
