// A neutral hypermedia representation: what a resource, collection or error says, before it is
// written as HAL+JSON, HAL+XML, Siren or HTML. Builders in src/rest produce it; renderers here
// only format it.
import type { HttpMethod } from '../model/types.js';

export interface Link {
  href: string;
  title?: string;
  templated?: boolean;
}

export interface ActionField {
  name: string;
  /** HTML input type: text, number, checkbox, email, url, date, file, hidden. */
  type: string;
  required?: boolean;
  value?: unknown;
  /** Allowed values of an enumerated property. */
  options?: string[];
  title?: string;
  /** Number inputs: `any` for decimals, `1` for integers. */
  step?: string;
  /** Long or structured text (JSON): a text area in HTML. */
  multiline?: boolean;
}

/** Something a client can do next (Siren action, HTML form). */
export interface Action {
  name: string;
  method: HttpMethod;
  href: string;
  title?: string;
  /** Request media type; defaults to application/json (multipart/form-data for uploads). */
  type?: string;
  fields: ActionField[];
}

export interface Embedded {
  /** Link relation, e.g. `svc:taxes` or `svc:attributes`. */
  rel: string;
  items: Representation[];
  /** A to-one embed is written as an object rather than an array in HAL+JSON. */
  single?: boolean;
}

/**
 * A member built from a row may give its own HAL+JSON object straight from that row, skipping the
 * neutral properties and links (and answering undefined once they were read, since a reader may
 * have changed them). Given the curies (at the top only) and its `_embedded` object, it returns the
 * whole object, keys in the order the generic renderer writes them.
 */
export const HAL_JSON = Symbol('hal+json');
export type HalJsonWriter = (curies: Link[] | undefined, embedded: Record<string, unknown> | undefined) => Record<string, unknown> | undefined;
/**
 * The same member, without embedded members, as JSON text: the bytes JSON.stringify (with exact
 * decimals) writes of HAL_JSON's object, without building the object (src/rest/hal-member.ts).
 */
export const HAL_TEXT = Symbol('hal+json text');
export type HalTextWriter = (curies: Link[] | undefined) => string | undefined;

export interface Representation {
  /** The resource's self link. */
  self: Link;
  /** Siren classes: the resource name, plus `collection` for collections. */
  class: string[];
  /** Properties in REST spelling (snake_case), already in their output form (numbers, booleans, strings). */
  properties: Record<string, unknown>;
  /** Links other than self, in order; rel names carry the `svc:` prefix where they have one. */
  links: Array<{ rel: string; link: Link }>;
  embedded: Embedded[];
  actions: Action[];
  [HAL_JSON]?: HalJsonWriter;
  [HAL_TEXT]?: HalTextWriter;
}

export interface RenderContext {
  baseUrl: string;
  /** Title of an HTML page. */
  title?: string;
  /** `sandbox` marks HTML pages. */
  mode?: string;
  /**
   * The curie name written for our rels (setting CURIE_NAME, default `svc`). Representations are built
   * with `svc:` rels; renderers write them under this name, so an integration written for another
   * name (the hosted API's) works by configuration alone.
   */
  curieName?: string;
  /** HTML: whether the browser sent a token of its own (the page says so and offers to forget it). */
  browserToken?: boolean;
}

export type MediaType = 'application/hal+json' | 'application/hal+xml' | 'application/vnd.siren+json' | 'text/html';

export const CURIE_NAME = 'svc';
const PREFIX = `${CURIE_NAME}:`;

/** A rel as written: `svc:x` under the configured curie name, other rels unchanged. */
export function relName(rel: string, curieName: string | undefined): string {
  return curieName && curieName !== CURIE_NAME && rel.startsWith(PREFIX) ? `${curieName}:${rel.slice(PREFIX.length)}` : rel;
}

export function curie(baseUrl: string, curieName = CURIE_NAME): Link & { name: string } {
  return { name: curieName, href: `${baseUrl}/rels/{rel}`, templated: true };
}
