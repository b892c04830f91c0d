// Decoders from HAL+JSON, HAL+XML and Siren to one comparable shape, written independently of the
// renderers (HAL+XML is read with fast-xml-parser directly, not with parseXmlBody), so that the
// equality test says "the same data is recoverable from each format".
import { XMLParser } from 'fast-xml-parser';
import { BASE } from './fixture.js';

export interface CommonLink { rel: string; href: string; title?: string }
export interface Common { properties: unknown; links: CommonLink[]; embedded: Array<{ rel: string } & Common> }

/** XML has only text: compare everything as strings, null as "" (XML cannot tell them apart). */
export function norm(v: unknown): unknown {
  if (v === null || v === undefined) return '';
  if (Array.isArray(v)) return v.map(norm);
  if (typeof v === 'object') return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, norm(x)]));
  return String(v);
}

const sortLinks = (links: CommonLink[]): CommonLink[] =>
  [...links].sort((a, b) => `${a.rel} ${a.href}`.localeCompare(`${b.rel} ${b.href}`));
const link = (rel: string, l: { href: string; title?: string }): CommonLink =>
  (l.title === undefined ? { rel, href: l.href } : { rel, href: l.href, title: l.title });

type J = Record<string, any>;

export function fromHalJson(text: string): Common {
  const walk = (o: J): Common => {
    const { _links, _embedded, ...properties } = o;
    const links: CommonLink[] = [];
    for (const [rel, v] of Object.entries(_links as J)) {
      if (rel === 'curies') continue;
      for (const l of Array.isArray(v) ? v : [v]) links.push(link(rel, l));
    }
    const embedded = Object.entries((_embedded ?? {}) as J).flatMap(([rel, items]) =>
      (items as J[]).map((i) => ({ rel, ...walk(i) })));
    return { properties: norm(properties), links: sortLinks(links), embedded };
  };
  return walk(JSON.parse(text));
}

export function fromSiren(text: string): Common {
  const compact = (rel: string) => (rel.startsWith(`${BASE}/rels/`) ? `svc:${rel.slice(BASE.length + 6)}` : rel);
  const walk = (e: J): Common => ({
    properties: norm(e.properties),
    links: sortLinks((e.links as J[]).map((l) => link(compact(l.rel[0]), l as CommonLink))),
    embedded: ((e.entities ?? []) as J[]).map((s) => ({ rel: compact(s.rel[0]), ...walk(s) })),
  });
  return walk(JSON.parse(text));
}

type X = Record<string, any>;
const tag = (n: X) => Object.keys(n).find((k) => k !== ':@')!;
const attr = (n: X, a: string): string | undefined => n[':@']?.[`@_${a}`];
const elements = (children: X[]) => children.filter((c) => !tag(c).startsWith('#') && !tag(c).startsWith('?'));

function xmlValue(children: X[]): unknown {
  const els = elements(children);
  if (!els.length) return children.map((c) => c['#text'] ?? '').join('');
  if (els.every((c) => tag(c) === 'item')) return els.map((c) => xmlValue(c.item));
  return Object.fromEntries(els.map((c) => [tag(c) === 'property' ? attr(c, 'name') : tag(c), xmlValue(c[tag(c)])]));
}

export function parseXmlDocument(text: string): X[] {
  return new XMLParser({
    preserveOrder: true, ignoreAttributes: false, parseTagValue: false, parseAttributeValue: false,
    trimValues: false, htmlEntities: true,
  }).parse(text) as X[];
}

export function fromHalXml(text: string): Common {
  const walk = (node: X): Common => {
    const kids = elements(node.resource as X[]);
    const links = [link('self', { href: attr(node, 'href')!, title: attr(node, 'title') })];
    for (const k of kids.filter((c) => tag(c) === 'link' && attr(c, 'rel') !== 'curies')) {
      links.push(link(attr(k, 'rel')!, { href: attr(k, 'href')!, title: attr(k, 'title') }));
    }
    const props = kids.filter((c) => tag(c) !== 'link' && tag(c) !== 'resource');
    const embedded: Common['embedded'] = kids.filter((c) => tag(c) === 'resource')
      .map((c) => ({ rel: attr(c, 'rel')!, ...walk(c) }));
    return { properties: props.length ? xmlValue(props) : {}, links: sortLinks(links), embedded };
  };
  return walk(elements(parseXmlDocument(text))[0]);
}
