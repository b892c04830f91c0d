// HAL+JSON of one row, built straight from the row by the resource's property and link
// plans: the output the generic renderer gives for memberRepresentation(), without building the
// neutral representation first (test/representations/hal-fast.test.ts holds the two equal).
import type { Values } from '../data/codec.js';
import type { Link } from '../representations/types.js';
import { decimalOutput } from '../representations/exact-number.js';
import { linkPlan, perResource, propertyPlan, selfAndStore, type LinkStep, type PropertyStep } from './plans.js';

type Json = Record<string, unknown>;

/**
 * `self` is the member's self link, written as it is; `ownHref` is its href when it is the row's own
 * (the base of the row's other links), undefined when someone replaced it.
 */
export type HalMemberWriter = (row: Values, fields: string[] | undefined, self: Link, ownHref: string | undefined,
  curies: Link[] | undefined, embedded: Json | undefined) => Json;

type Build = (row: Values, self: Link, selfHref: string, store: string, curies: Link[] | undefined, embedded: Json | undefined) => Json;

/** A property's output value as an expression over `row` (plans.ts PropertyRead); `P[i]` where it has none. */
function propertyCode(p: PropertyStep, i: number): string {
  const read = p.read;
  switch (read.kind) {
    case 'column': return `(v = row[${JSON.stringify(read.key)}]) == null ? null : ${read.decimal ? 'D(v)' : 'v'}`;
    case 'bit': return `(v = row[${JSON.stringify(read.key)}]) == null ? null : v ? 1 : 0`;
    case 'ref': return `(v = row[${JSON.stringify(read.key)}]) ? ${JSON.stringify(read.prefix)} + Number(v) : null`;
    case 'none': return 'null';
    default: return `P[${i}].value(row)`;
  }
}

/** A link's object, or undefined where the row does not carry it, as an expression. */
function linkCode(l: LinkStep, i: number): string {
  const title = JSON.stringify(l.title);
  const read = l.read;
  if (read?.kind === 'one') return `(v = row[${JSON.stringify(read.key)}]) == null ? undefined : { href: ${JSON.stringify(read.prefix)} + Number(v), title: ${title} }`;
  if (read?.kind === 'many') return `{ href: selfHref + ${JSON.stringify(read.suffix)}, title: ${title} }`;
  return `(h = L[${i}].href(row, selfHref, store)) === undefined ? undefined : { href: h, title: ${title} }`;
}

/**
 * The member as one object literal, compiled once per resource. V8 keeps an object written as a
 * literal in its fast layout, shared by every member; the same object filled by a loop of keyed
 * stores (`out[name] = …`) turns into a dictionary past a dozen properties, which was three times
 * slower to build and half again slower for JSON.stringify. Each column is read by its name, written
 * into the code: read through the plans' closures, which every resource shares, each read went
 * through V8's megamorphic keyed load. A key whose value is undefined (a link the row does not
 * carry, no `_embedded`, no curies) is left out by JSON.stringify, as the generic renderer leaves it
 * out. The names, hrefs and titles come from the model and the base URL, each written as a JSON
 * string literal.
 */
function compile(links: LinkStep[], props: PropertyStep[]): Build {
  const linkEntries = links.map((l, i) => `${JSON.stringify(l.rel)}: ${linkCode(l, i)}`);
  const propEntries = props.map((p, i) => `${JSON.stringify(p.name)}: ${propertyCode(p, i)}`);
  const body = `let h, v;\nreturn { _links: { self, curies, ${linkEntries.join(', ')} }, _embedded: embedded, ${propEntries.join(', ')} };`;
  return new Function('L', 'P', 'D', `return (row, self, selfHref, store, curies, embedded) => {\n${body}\n};`)(links, props, decimalOutput) as Build;
}

/**
 * The writer of a resource, or null where the generic renderer must decide: a rel that occurs twice
 * becomes an array of links, and `self`/`curies` are written by the renderer.
 */
export const halMemberWriter = perResource((registry, baseUrl, r): HalMemberWriter | null => {
  const links = linkPlan(registry, baseUrl, r);
  const rels = links.map((l) => l.rel);
  if (new Set(rels).size !== rels.length || rels.includes('self') || rels.includes('curies')) return null;
  const props = propertyPlan(registry, baseUrl, r);
  // A literal key `__proto__` would set the prototype instead of a property.
  const build = props.some((p) => p.name === '__proto__') ? undefined : compile(links, props);
  return (row, fields, self, ownHref, curies, embedded) => {
    const own = selfAndStore(baseUrl, r, row, ownHref);
    if (build && !fields) return build(row, self, own.self, own.store, curies, embedded);
    // `fields=` picks some properties: rare enough for the general loop.
    const linkObject: Json = { self };
    if (curies) linkObject.curies = curies;
    for (const l of links) {
      const href = l.href(row, own.self, own.store);
      if (href !== undefined) linkObject[l.rel] = { href, title: l.title };
    }
    const out: Json = { _links: linkObject };
    if (embedded) out._embedded = embedded;
    for (const p of props) if (!fields || fields.includes(p.name)) out[p.name] = p.value(row);
    return out;
  };
});

/**
 * The HAL+JSON text of a member without embedded members, or undefined where the object writer
 * must decide (`fields=`).
 */
export type HalMemberText = (row: Values, fields: string[] | undefined, self: Link, ownHref: string | undefined,
  curies: Link[] | undefined) => string | undefined;

type BuildText = (row: Values, self: Link, selfHref: string, store: string, curies: Link[] | undefined) => string;

const J = JSON.stringify;
/** A JavaScript string literal of JSON text: what the compiled code writes as it is. */
const literal = (jsonText: string) => J(jsonText);
/** `"…` of a JSON string without its closing quote: a constant start that a number completes. */
const opening = (s: string) => J(s).slice(0, -1);
const decimalText = (v: unknown): string => {
  const out = decimalOutput(v);
  return typeof out === 'number' ? J(out) : out.digits;
};

/** A property's `,"name":value` text as an expression over `row`, or undefined for a read not written out. */
function propertyText(p: PropertyStep): string | undefined {
  const head = literal(`,${J(p.name)}:`);
  const read = p.read;
  switch (read.kind) {
    case 'column': return `${head} + ((v = row[${J(read.key)}]) == null ? 'null' : ${read.decimal ? 'D(v)' : 'J(v)'})`;
    case 'bit': return `${head} + ((v = row[${J(read.key)}]) == null ? 'null' : v ? '1' : '0')`;
    // A number's digits (or NaN, Infinity, an exponent) never need escaping inside a JSON string.
    case 'ref': return `${head} + ((v = row[${J(read.key)}]) ? ${literal(opening(read.prefix))} + Number(v) + '"' : 'null')`;
    case 'none': return `${head} + 'null'`;
    default: return undefined;
  }
}

/** A link's `,"rel":{…}` text, or '' where the row does not carry it, as an expression. */
function linkText(l: LinkStep, i: number): string {
  const head = literal(`,${J(l.rel)}:{"href":`);
  const tail = literal(`,"title":${J(l.title)}}`);
  const read = l.read;
  if (read?.kind === 'one') return `((v = row[${J(read.key)}]) == null ? '' : ${head} + ${literal(opening(read.prefix))} + Number(v) + '"' + ${tail})`;
  if (read?.kind === 'many') return `${head} + selfText + ${literal(J(read.suffix).slice(1))} + ${tail}`;
  return `((h = L[${i}].href(row, selfHref, store)) === undefined ? '' : ${head} + J(h) + ${tail})`;
}

/**
 * The text JSON.stringify writes of compile()'s object without `_embedded`, as one expression of
 * string constants and the row's values: the keys, titles and hrefs' constant parts escaped once,
 * here. Its reads mirror propertyCode's and linkCode's, written as text: built on them (the JSON of
 * each value, each href escaped per request), an item took 6.3 µs with its SHA-1 against 5.0.
 * Only names the object literal keeps in its written order (no index-like or repeated names, no
 * `_links` or `_embedded` property): otherwise undefined, and the object is written instead.
 */
function compileText(links: LinkStep[], props: PropertyStep[]): BuildText | undefined {
  const names = props.map((p) => p.name);
  if (new Set(names).size !== names.length || names.some((n) => n === '_links' || n === '_embedded' || n === '__proto__' || /^\d+$/.test(n))) return undefined;
  const propParts = props.map(propertyText);
  if (propParts.some((t) => t === undefined)) return undefined;
  const many = links.some((l) => l.read?.kind === 'many');
  const body = `let h, v;${many ? '\nconst selfText = J(selfHref).slice(0, -1);' : ''}
return '{"_links":{"self":' + J(self) + (curies === undefined ? '' : ',"curies":' + J(curies))${links.map((l, i) => ` + ${linkText(l, i)}`).join('')} + '}'${propParts.map((t) => ` + ${t}`).join('')} + '}';`;
  return new Function('L', 'D', 'J', `return (row, self, selfHref, store, curies) => {\n${body}\n};`)(links, decimalText, J) as BuildText;
}

/** The text writer of a resource, or null where the object writer (or the generic renderer) must write it. */
export const halMemberText = perResource((registry, baseUrl, r): HalMemberText | null => {
  if (!halMemberWriter(registry, baseUrl, r)) return null;
  const build = compileText(linkPlan(registry, baseUrl, r), propertyPlan(registry, baseUrl, r));
  if (!build) return null;
  return (row, fields, self, ownHref, curies) => {
    if (fields) return undefined;
    const own = selfAndStore(baseUrl, r, row, ownHref);
    return build(row, self, own.self, own.store, curies);
  };
});
