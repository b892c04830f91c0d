// JSON text of a large answer built over several turns of the event loop (issue 20, noisy
// neighbour). JSON.stringify of a megabyte answer (a collection zoomed four levels deep) is one
// synchronous run of several milliseconds, and every other caller's request that arrives meanwhile
// waits behind it. stringifyPaced writes the same bytes, but walks the lists (and the HAL/Siren
// containers that hold them) itself and, once it has run for `sliceMs`, lets the loop take its
// other work (setImmediate) before going on. What lies below a list element is still written by
// JSON.stringify in one piece, so the walk costs little: the elements are the members.
//
// Byte-for-byte JSON.stringify: own enumerable keys in their order, toJSON(key) called first,
// undefined/function/symbol values left out of objects and written as null in arrays.
import type { Pacer } from '../services/pace.js';
import { marksSoFar, unmarkExact } from './exact-number.js';
import type { Representation } from './types.js';

/**
 * Text is turned into UTF-8 bytes every this many characters: what is written stays off the
 * JavaScript heap, so the young-generation collections that run while a large answer is being
 * written (every few milliseconds under load) do not copy it again and again.
 */
const CHUNK_CHARS = 16 * 1024;

/** Objects walked rather than handed to JSON.stringify whole: the ones that hold members. */
const CONTAINER_KEYS = ['_embedded', 'entities'];
/**
 * Lists are walked this many levels deep (a collection's members, and their members); what lies
 * deeper is one JSON.stringify each. Deeper walking only adds calls: at two levels a slice already
 * ends within a few tens of kilobytes of text. The XML and HTML writers walk as deep.
 */
export const WALKED_LEVELS = 2;

function toJsonValue(v: unknown, key: string): unknown {
  return v !== null && typeof v === 'object' && typeof (v as { toJSON?: unknown }).toJSON === 'function'
    ? (v as { toJSON(k: string): unknown }).toJSON(key)
    : v;
}

const omitted = (v: unknown) => v === undefined || typeof v === 'function' || typeof v === 'symbol';

/** Which objects above the walked lists are walked into: HAL and Siren ones by their keys, or every one. */
export type Walk = 'hypermedia' | 'every-object';

function isContainer(v: object, key: string, walk: Walk): boolean {
  return walk === 'every-object' || key === '_embedded' || CONTAINER_KEYS.some((k) => Object.hasOwn(v, k));
}

class PacedWriter {
  private readonly bytes: Buffer[] = [];
  private pending: string[] = [];
  private pendingChars = 0;
  /** marksSoFar() at the last flush: the pending text can hold a mark only if it moved since. */
  private marks = marksSoFar();
  constructor(private readonly pacer: Pacer, private readonly walk: Walk) {}

  /** Appends JSON text. A piece is never split, so an exact decimal's mark is whole in one chunk. */
  private push(text: string): void {
    this.pending.push(text);
    this.pendingChars += text.length;
    if (this.pendingChars >= CHUNK_CHARS) this.flush();
  }

  private flush(): void {
    if (!this.pending.length) return;
    // Other answers written between this one's slices move the count too: then the text is searched
    // for nothing, never left marked.
    const text = this.pending.join('');
    const marks = marksSoFar();
    this.bytes.push(Buffer.from(marks === this.marks ? text : unmarkExact(text), 'utf8'));
    this.marks = marks;
    this.pending = [];
    this.pendingChars = 0;
  }

  /** The text written so far as UTF-8, exact decimals unmarked. */
  result(): Buffer {
    this.flush();
    return this.bytes.length === 1 ? this.bytes[0] : Buffer.concat(this.bytes);
  }

  /** Writes a value whose toJSON has already been applied; `level` counts the lists above it. */
  async value(v: unknown, key: string, level: number): Promise<void> {
    if (level < WALKED_LEVELS && v !== null && typeof v === 'object') {
      if (Array.isArray(v)) return this.array(v, level + 1);
      if (isContainer(v, key, this.walk)) return this.object(v as Record<string, unknown>, level);
    }
    this.push(JSON.stringify(v) ?? 'null');
  }

  private async array(list: unknown[], level: number): Promise<void> {
    this.push('[');
    for (let i = 0; i < list.length; i++) {
      if (i > 0) this.push(',');
      const el = toJsonValue(list[i], String(i));
      if (omitted(el)) this.push('null');
      else await this.value(el, String(i), level);
      const wait = this.pacer.pace();
      if (wait) await wait;
    }
    this.push(']');
  }

  private async object(obj: Record<string, unknown>, level: number): Promise<void> {
    this.push('{');
    let first = true;
    for (const k of Object.keys(obj)) {
      const v = toJsonValue(obj[k], k);
      if (omitted(v)) continue;
      this.push(first ? `${JSON.stringify(k)}:` : `,${JSON.stringify(k)}:`);
      first = false;
      await this.value(v, k, level);
    }
    this.push('}');
  }
}

/**
 * stringifyExact(value) as UTF-8 bytes (JSON.stringify, exact decimals written as their digits),
 * written in the pacer's slices of the loop's time. `walk`: a HAL or Siren document holds its lists
 * in `_embedded` / `entities`; a GraphQL result holds them under plain objects (data, connections).
 */
export async function stringifyPaced(value: unknown, pacer: Pacer, walk: Walk = 'hypermedia'): Promise<Buffer> {
  const w = new PacedWriter(pacer, walk);
  await w.value(toJsonValue(value, ''), '', 0);
  return w.result();
}

/**
 * Whether a JSON value holds more than `max` objects and list elements, counting no further than
 * that: a GraphQL result is paced by the same measure as a representation's members.
 */
export function jsonHoldsMoreThan(value: unknown, max: number): boolean {
  let n = 0;
  const stack: unknown[] = [value];
  while (stack.length) {
    const v = stack.pop();
    if (v === null || typeof v !== 'object') continue;
    if (!Array.isArray(v) && ++n > max) return true;
    if (Array.isArray(v)) {
      // The elements count as they are pushed, so a long list is never pushed whole.
      if ((n += v.length) > max) return true;
      for (const el of v) stack.push(el);
    } else {
      for (const k in v) stack.push((v as Record<string, unknown>)[k]);
    }
  }
  return false;
}

/**
 * Whether a representation holds more than `max` members at any depth: below that, one
 * JSON.stringify is shorter than a slice and pacing would only cost. Stops counting at max.
 */
export function holdsMoreThan(rep: Representation, max: number): boolean {
  let n = 0;
  const stack = [rep];
  while (stack.length) {
    const r = stack.pop()!;
    for (const e of r.embedded) {
      n += e.items.length;
      if (n > max) return true;
      for (const item of e.items) stack.push(item);
    }
  }
  return false;
}
