// HAL+XML (the draft-kelly form): a `<resource href rel="self">` root, `<link rel href title/>` children,
// one element per property and a nested `<resource rel href>` per embedded item.
//
// Property encoding, shared by renderHalXml and parseXmlBody:
// - scalar → `<name>text</name>`; null and "" → `<name/>` (XML cannot tell them apart);
// - array → ONE wrapper element holding one `<item>` per entry (`<events><item>a</item></events>`):
//   keeps "one element per property" (DESIGN §3), keeps order, and a one-entry list stays a list;
// - object → nested elements, same rules;
// - a name that is not an XML NCName (`2fa`, `a b`, `x:y`, `xml…`), that collides with the
//   structural names (`link`, `resource`, `property`, `item`) or that JavaScript XML parsers refuse or
//   rename as prototype-polluting (`__proto__`, `toString`, …) → `<property name="…">…</property>`,
//   so any JSON key still yields well-formed, lossless XML that parseXmlBody reads back.
// Characters XML 1.0 forbids even when escaped (most C0 controls, lone surrogates) become U+FFFD;
// CR/LF/TAB are written as character references so attribute-value normalisation and CRLF folding
// cannot alter them.
import { XMLBuilder, XMLParser, XMLValidator } from 'fast-xml-parser';
import { unmarkReviver } from './exact-number.js';
import { ApiError } from '../services/errors.js';
import { curie, relName, type Link, type Representation, type RenderContext } from './types.js';
import type { Pacer } from '../services/pace.js';
import { WALKED_LEVELS } from './paced-json.js';
import type { FieldCode } from '../services/field-codes.js';

/** A node in fast-xml-parser's `preserveOrder` shape: `{ tag: children, ':@': { '@_attr': value } }`. */
type XNode = Record<string, unknown>;

const STRUCTURAL = new Set(['link', 'resource', 'property', 'item']);
// fast-xml-parser throws on the first three and renames the rest (`__toString`).
const JS_HOSTILE = new Set([
  '__proto__', 'constructor', 'prototype', 'hasOwnProperty', 'toString', 'valueOf',
  '__defineGetter__', '__defineSetter__', '__lookupGetter__', '__lookupSetter__',
]);
const NAME_START =
  'A-Z_a-z\\u00C0-\\u00D6\\u00D8-\\u00F6\\u00F8-\\u02FF\\u0370-\\u037D\\u037F-\\u1FFF\\u200C-\\u200D' +
  '\\u2070-\\u218F\\u2C00-\\u2FEF\\u3001-\\uD7FF\\uF900-\\uFDCF\\uFDF0-\\uFFFD\\u{10000}-\\u{EFFFF}';
const NCNAME = new RegExp(`^[${NAME_START}][${NAME_START}\\-.0-9\\u00B7\\u0300-\\u036F\\u203F-\\u2040]*$`, 'u');
// Characters outside XML 1.0's Char production (TAB, LF, CR are allowed and kept).
const NOT_XML_CHAR = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** True when `name` can be used as-is for a property element. */
export function isPlainElementName(name: string): boolean {
  return NCNAME.test(name) && !/^xml/i.test(name) && !STRUCTURAL.has(name) && !JS_HOSTILE.has(name);
}

const INDENT = '  ';

// The builder owns structure and layout; escaping is done here (processEntities: false) because its
// entity table is not a typed option and must also cover CR/LF/TAB as character references.
const builder = new XMLBuilder({
  preserveOrder: true,
  ignoreAttributes: false,
  processEntities: false,
  // The default would write `templated` without a value, which is not XML.
  suppressBooleanAttributes: false,
  suppressEmptyNode: true,
  format: true,
  indentBy: INDENT,
});

const ESC: Record<string, string> = {
  '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;', '\r': '&#13;', '\n': '&#10;', '\t': '&#9;',
};
/** Escaped, XML-1.0-safe text usable both as element content and as a quoted attribute value. */
const clean = (s: string): string => s.replace(NOT_XML_CHAR, '\uFFFD').replace(/[&<>"'\r\n\t]/g, (c) => ESC[c]);

function el(tag: string, children: XNode[], attrs: Record<string, string | undefined> = {}): XNode {
  const a: Record<string, string> = {};
  for (const [k, v] of Object.entries(attrs)) if (v !== undefined) a[`@_${k}`] = clean(v);
  return Object.keys(a).length ? { [tag]: children, ':@': a } : { [tag]: children };
}

function valueChildren(value: unknown): XNode[] {
  if (value === null || value === undefined) return [];
  if (Array.isArray(value)) return value.map((v) => el('item', valueChildren(v)));
  if (typeof value === 'object') {
    return Object.entries(value as Record<string, unknown>).map(([k, v]) => propertyNode(k, v));
  }
  const text = clean(String(value));
  return text === '' ? [] : [{ '#text': text }];
}

function propertyNode(name: string, value: unknown): XNode {
  return isPlainElementName(name)
    ? el(name, valueChildren(value))
    : el('property', valueChildren(value), { name });
}

function linkNode(rel: string, link: Link & { name?: string }): XNode {
  return el('link', [], {
    rel,
    href: link.href,
    title: link.title,
    name: link.name,
    templated: link.templated ? 'true' : undefined,
  });
}

/** `members`: the embedded members are left out and listed there, to be built one by one. */
function resourceNode(rep: Representation, ctx: RenderContext, rel: string, top: boolean, members?: Member[]): XNode {
  const children: XNode[] = [];
  if (top) children.push(linkNode('curies', curie(ctx.baseUrl, ctx.curieName)));
  for (const { rel: r, link } of rep.links) children.push(linkNode(relName(r, ctx.curieName), link));
  // A JSON round trip gives the same values HAL+JSON shows: toJSON() applied (Decimal, Date), undefined
  // dropped, an exact decimal (exact-number.ts) back to its digits.
  const props = JSON.parse(JSON.stringify(rep.properties), unmarkReviver) as Record<string, unknown>;
  for (const [name, value] of Object.entries(props)) children.push(propertyNode(name, value));
  // An empty embedded collection has no XML form (HAL+JSON writes `[]`); the counts in the properties remain.
  for (const e of rep.embedded) {
    for (const item of e.items) {
      if (members) members.push([item, relName(e.rel, ctx.curieName)]);
      else children.push(resourceNode(item, ctx, relName(e.rel, ctx.curieName), false));
    }
  }
  return el('resource', children, { rel, href: rep.self.href, title: rep.self.title });
}

const DECLARATION = '<?xml version="1.0" encoding="UTF-8"?>\n';

export function renderHalXml(rep: Representation, ctx: RenderContext): string {
  const body = builder.build([resourceNode(rep, ctx, 'self', true)]) as string;
  return `${DECLARATION}${body.trim()}\n`;
}

type Member = [item: Representation, rel: string];

/** The last child of an element while its embedded members are written one by one. */
const MEMBERS_GO_HERE = 'paced-members';

const indented = (text: string, depth: number) => (depth ? text.replace(/\n/g, `\n${INDENT.repeat(depth)}`) : text);

/**
 * renderHalXml for a large answer (issue 20, noisy neighbour): the same text, written over several
 * turns of the loop. An element is built with a stand-in for its embedded members, then each
 * member on its own, one level deeper, with the pacer's break point after each. The builder
 * indents an element by its depth and puts every element on a line of its own (text never holds a
 * raw newline: clean() writes it as `&#10;`), so a member built alone is its text in the whole
 * document once each of its lines is indented by its depth.
 */
export async function renderHalXmlPaced(rep: Representation, ctx: RenderContext, pacer: Pacer): Promise<string> {
  const parts: string[] = [];
  await writeResource(parts, rep, ctx, 'self', true, 0, pacer);
  return `${DECLARATION}${parts.join('').trim()}\n`;
}

async function writeResource(parts: string[], rep: Representation, ctx: RenderContext, rel: string, top: boolean, depth: number, pacer: Pacer): Promise<void> {
  const members: Member[] = [];
  const node = resourceNode(rep, ctx, rel, top, depth < WALKED_LEVELS ? members : undefined);
  if (!members.length) {
    parts.push(indented(builder.build([node]) as string, depth));
    return;
  }
  (node.resource as XNode[]).push({ [MEMBERS_GO_HERE]: [] });
  const whole = builder.build([node]) as string;
  const tail = `\n${INDENT}<${MEMBERS_GO_HERE}/>\n</resource>`;
  if (!whole.endsWith(tail)) throw new Error('HAL+XML: the stand-in for the members is not where the paced writer expects it');
  parts.push(indented(whole.slice(0, whole.length - tail.length), depth));
  for (const [item, itemRel] of members) {
    await writeResource(parts, item, ctx, itemRel, false, depth + 1, pacer);
    const wait = pacer.pace();
    if (wait) await wait;
  }
  parts.push(indented('\n</resource>', depth));
}

// ---- request bodies --------------------------------------------------------------------------

const parser = new XMLParser({
  preserveOrder: true,
  ignoreAttributes: false,
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: false,
  // Decodes numeric character references (`&#10;`) that the renderer emits; DOCTYPEs are refused first,
  // so no declared entity ever reaches the parser.
  htmlEntities: true,
  // Renaming `<toString>` to `__toString` would silently change the input: refuse it instead (→ 400).
  onDangerousProperty: (name) => {
    throw new Error(`<${name}> cannot be an element name here; send <property name="${name}"> instead.`);
  },
});

/** The XML field codes (field-codes.ts) with the parser's own sentence. */
function bad(code: FieldCode, message: string): ApiError {
  return ApiError.invalid([{ code, message }]);
}

const tagOf = (node: XNode): string => Object.keys(node).find((k) => k !== ':@') ?? '';
const attrsOf = (node: XNode): Record<string, string> => (node[':@'] as Record<string, string>) ?? {};
const isElement = (node: XNode): boolean => !['#text', '', '#comment'].includes(tagOf(node)) && !tagOf(node).startsWith('?');

function decodeValue(children: XNode[], path: string): unknown {
  const elements = children.filter(isElement);
  if (!elements.length) return children.map((c) => (typeof c['#text'] === 'string' ? c['#text'] : '')).join('');
  if (elements.every((c) => tagOf(c) === 'item')) {
    return elements.map((c, i) => decodeValue(c.item as XNode[], `${path}[${i}]`));
  }
  return decodeObject(elements, path, false);
}

function decodeObject(elements: XNode[], path: string, top: boolean): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const node of elements) {
    const tag = tagOf(node);
    if (top && (tag === 'link' || tag === 'resource')) continue; // hypermedia controls are not input
    const name: string | undefined = tag === 'property' ? attrsOf(node)['@_name'] : tag;
    // An empty name is legal (a JSON key can be ""); only a missing one is an error.
    if (name === undefined) throw bad('malformed_xml', 'A <property> element needs a name attribute.');
    const where = path ? `${path}.${name}` : name;
    if (Object.hasOwn(out, name)) throw bad('malformed_xml', `Property "${where}" appears more than once.`);
    // defineProperty: a `__proto__` property must become data, not replace the object's prototype.
    Object.defineProperty(out, name, {
      value: decodeValue(node[tag] as XNode[], where), enumerable: true, writable: true, configurable: true,
    });
  }
  return out;
}

/**
 * Reads an XML request body of the rendered shape (`<resource>` with one element per property) into
 * a plain object. Leaf values are strings (coercion is the service's job), lists come back as arrays,
 * `link` and nested `resource` children are ignored. Throws ApiError('invalid') on malformed XML and
 * on any DOCTYPE or entity declaration (XXE and entity-expansion attacks are refused, not defused).
 */
export function parseXmlBody(text: string): Record<string, unknown> {
  if (/<!DOCTYPE|<!ENTITY/i.test(text)) {
    throw bad('xml_doctype_forbidden', 'XML request bodies must not contain a DOCTYPE or entity declarations.');
  }
  const valid = XMLValidator.validate(text);
  if (valid !== true) {
    throw bad('malformed_xml', `Malformed XML at line ${valid.err.line}, column ${valid.err.col}: ${valid.err.msg}`);
  }
  let doc: XNode[];
  try {
    doc = parser.parse(text) as XNode[];
  } catch (e) {
    // The parser also refuses things the validator lets through (e.g. a `__proto__` tag): still bad input.
    throw bad('malformed_xml', `Unreadable XML: ${(e as Error).message}`);
  }
  const roots = doc.filter(isElement);
  if (roots.length !== 1 || tagOf(roots[0]) !== 'resource') {
    throw bad('malformed_xml', 'An XML request body must have a single <resource> root element.');
  }
  return decodeObject((roots[0].resource as XNode[]).filter(isElement), '', true);
}
