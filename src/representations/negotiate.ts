// Content negotiation (RFC 9110 §12.5.1) over the four representations, and dispatch to their renderers.
//
// A small parser rather than `negotiator`: that package is only a transitive dependency here, and the
// rules we need (aliases, wildcards that only reach canonical names) are a few lines on top of parsing.
//
// Rules:
// - no header, or an empty one, means "anything" → HAL+JSON;
// - each supported type takes its quality from the MOST SPECIFIC range that matches it
//   (canonical `type/subtype` > alias such as `application/json` > `type/*` > `*/*`), so
//   `*/*, text/html;q=0` excludes HTML while still accepting the rest;
// - aliases: `application/json` → HAL+JSON; `application/xml`, `text/xml` → HAL+XML. Wildcards only
//   reach canonical names, so `text/*` means HTML, not XML;
// - q=0 means "not acceptable"; a malformed range (bad q, missing subtype) is ignored;
// - media-type parameters other than q are not matched (our types have none) but count as specificity;
// - highest q wins; ties go to the more specific range, then the range listed first, then server order
//   (SUPPORTED_MEDIA_TYPES); nothing acceptable → null, and the caller answers 406.
import { renderHalJson, renderHalJsonPaced } from './hal-json.js';
import { renderHalXml, renderHalXmlPaced } from './hal-xml.js';
import { renderHtml, renderHtmlPaced } from './html.js';
import { renderSiren, renderSirenPaced } from './siren.js';
import type { MediaType, Representation, RenderContext } from './types.js';
import type { Pacer } from '../services/pace.js';

/** In server preference order: the first is the default. */
export const SUPPORTED_MEDIA_TYPES: readonly MediaType[] = [
  'application/hal+json',
  'application/hal+xml',
  'application/vnd.siren+json',
  'text/html',
];

const ALIASES: Record<MediaType, readonly string[]> = {
  'application/hal+json': ['application/json'],
  'application/hal+xml': ['application/xml', 'text/xml'],
  'application/vnd.siren+json': [],
  'text/html': [],
};

export interface MediaRange {
  type: string;
  subtype: string;
  params: number;
  q: number;
  index: number;
}

const TOKEN = /^[!#$%&'*+.^_`|~0-9a-z-]+$/;
const QVALUE = /^(?:0(?:\.\d{0,3})?|1(?:\.0{0,3})?)$/;

/** Splits on `sep` outside double-quoted strings (parameter values may be quoted and contain , or ;). */
function splitOutsideQuotes(s: string, sep: string): string[] {
  const parts: string[] = [];
  let current = '';
  let quoted = false;
  for (let i = 0; i < s.length; i++) {
    const c = s[i];
    if (quoted && c === '\\') { current += c + (s[i + 1] ?? ''); i++; continue; }
    if (c === '"') quoted = !quoted;
    if (c === sep && !quoted) { parts.push(current); current = ''; } else current += c;
  }
  parts.push(current);
  return parts;
}

export function parseAccept(header: string): MediaRange[] {
  const ranges: MediaRange[] = [];
  splitOutsideQuotes(header, ',').forEach((element, index) => {
    const [range, ...paramParts] = splitOutsideQuotes(element, ';').map((p) => p.trim());
    const [type, subtype, extra] = range.toLowerCase().split('/');
    if (extra !== undefined || !type || !subtype || !TOKEN.test(type) || !TOKEN.test(subtype)) return;
    if (type === '*' && subtype !== '*') return;
    let q = 1;
    let params = 0;
    for (const p of paramParts) {
      const eq = p.indexOf('=');
      const name = p.slice(0, eq < 0 ? p.length : eq).trim().toLowerCase();
      if (name === 'q') {
        const value = eq < 0 ? '' : p.slice(eq + 1).trim();
        if (!QVALUE.test(value)) return; // a malformed weight makes the whole range unusable
        q = Number(value);
        break; // anything after q is an accept-extension, not a media-type parameter
      }
      if (name) params++;
    }
    ranges.push({ type, subtype, params, q, index });
  });
  return ranges;
}

/** How specifically `r` names `m`: 3 canonical, 2 alias, 1 `type/*`, 0 `*\/*`, -1 no match. */
function specificity(r: MediaRange, m: MediaType): number {
  const full = `${r.type}/${r.subtype}`;
  if (full === m) return 3;
  if (ALIASES[m].includes(full)) return 2;
  if (r.subtype === '*') return r.type === '*' ? 0 : r.type === m.split('/')[0] ? 1 : -1;
  return -1;
}

/**
 * Verdicts by exact header text: a client sends the same Accept with every request, and parsing it
 * is a few percent of a small GET. Bounded: emptied when full.
 */
const negotiated = new Map<string, MediaType | null>();
const NEGOTIATED_MAX = 1000;

export function negotiate(acceptHeader: string | undefined): MediaType | null {
  if (acceptHeader === undefined) return SUPPORTED_MEDIA_TYPES[0];
  let m = negotiated.get(acceptHeader);
  if (m === undefined) {
    m = choose(acceptHeader);
    if (negotiated.size >= NEGOTIATED_MAX) negotiated.clear();
    negotiated.set(acceptHeader, m);
  }
  return m;
}

function choose(acceptHeader: string): MediaType | null {
  if (acceptHeader.trim() === '') return SUPPORTED_MEDIA_TYPES[0];
  const ranges = parseAccept(acceptHeader);
  let best: (Candidate & { m: MediaType }) | null = null;
  for (const [order, m] of SUPPORTED_MEDIA_TYPES.entries()) {
    let match: { r: MediaRange; spec: number } | null = null;
    for (const r of ranges) {
      const spec = specificity(r, m);
      if (spec < 0) continue;
      if (!match || spec > match.spec || (spec === match.spec && r.params > match.r.params)) match = { r, spec };
    }
    if (!match || match.r.q === 0) continue;
    // Across types a canonical name and an alias are equally specific: both name one type exactly.
    const cand = { m, q: match.r.q, spec: Math.min(match.spec, 2), params: match.r.params, index: match.r.index, order };
    if (!best || better(cand, best)) best = cand;
  }
  return best?.m ?? null;
}

type Candidate = { q: number; spec: number; params: number; index: number; order: number };
function better(a: Candidate, b: Candidate): boolean {
  if (a.q !== b.q) return a.q > b.q;
  if (a.spec !== b.spec) return a.spec > b.spec;
  if (a.params !== b.params) return a.params > b.params;
  if (a.index !== b.index) return a.index < b.index;
  return a.order < b.order;
}

export function render(mediaType: MediaType, rep: Representation, ctx: RenderContext): string {
  switch (mediaType) {
    case 'application/hal+json': return renderHalJson(rep, ctx);
    case 'application/hal+xml': return renderHalXml(rep, ctx);
    case 'application/vnd.siren+json': return renderSiren(rep, ctx);
    case 'text/html': return renderHtml(rep, ctx);
  }
}

/**
 * render, for an answer large enough to be written over several turns of the loop: the same text,
 * with the loop given away between members (the JSON forms come as UTF-8 bytes, paced-json.ts).
 */
export function renderPaced(mediaType: MediaType, rep: Representation, ctx: RenderContext, pacer: Pacer): Promise<string | Buffer> {
  switch (mediaType) {
    case 'application/hal+json': return renderHalJsonPaced(rep, ctx, pacer);
    case 'application/vnd.siren+json': return renderSirenPaced(rep, ctx, pacer);
    case 'application/hal+xml': return renderHalXmlPaced(rep, ctx, pacer);
    case 'text/html': return renderHtmlPaced(rep, ctx, pacer);
  }
}

export function contentTypeHeader(mediaType: MediaType): string {
  return `${mediaType}; charset=utf-8`;
}
