// Exact decimals in JSON output (issue 13). A stored decimal is a string of digits; a JSON number
// written from a JS number keeps only what a double holds (9007199254740993 → …992). Node 20 has no
// JSON.rawJSON, so a decimal a double cannot carry is written as an ExactNumber: JSON.stringify
// writes it (toJSON) as a marked string, and stringifyExact turns each marked string back into the
// bare digits. Values a double carries exactly stay plain numbers, so the common path is unchanged.
import { randomBytes } from 'node:crypto';
import { Decimal } from 'decimal.js';

// A private-use character plus a per-process secret: a client cannot produce a marked string (the
// secret never leaves the process: every marked string is replaced before a body is sent).
const MARK = `\uE000${randomBytes(12).toString('hex')}:`;
const JSON_NUMBER = /^-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?$/;
const MARKED = new RegExp(`"${MARK}([-0-9.eE+]+)"`, 'g');

/** A decimal written as a JSON number with exactly its digits. */
export class ExactNumber {
  constructor(readonly digits: string) {}
  toJSON(): string {
    marksWritten++;
    return MARK + this.digits;
  }
  toString(): string { return this.digits; }
}

/**
 * The output form of a stored decimal: a number when the number's JSON text denotes the same value
 * (always so up to 15 significant digits), an ExactNumber otherwise.
 */
export function decimalOutput(v: unknown): number | ExactNumber {
  if (typeof v === 'number') return v;
  const s = String(v);
  const n = Number(s);
  // At most 15 characters: at most 15 significant digits, which a double always gives back.
  if (s.length <= 15 && Number.isFinite(n)) return n;
  let d: Decimal;
  try {
    d = new Decimal(s);
  } catch {
    return n;
  }
  if (!d.isFinite()) return n;
  if (Number.isFinite(n) && d.eq(String(n))) return n;
  const digits = JSON_NUMBER.test(s) ? s : d.toFixed();
  return new ExactNumber(digits);
}

/**
 * How many marked strings were ever written (every ExactNumber's toJSON counts one). A text made
 * while the count did not move holds no mark, so it needs no search: `includes` of the mark costs a
 * full scan (3–4 ms of a 1.8 MB page, a sixth of its CPU), and almost every answer holds no mark.
 */
let marksWritten = 0;

/** The count of marks written so far: what a writer compares before it unmarks a text it made since. */
export function marksSoFar(): number {
  return marksWritten;
}

/** JSON.stringify, with every ExactNumber written as its digits. */
export function stringifyExact(value: unknown): string {
  const before = marksWritten;
  const text = JSON.stringify(value);
  return marksWritten === before ? text : unmarkExact(text);
}

/** JSON text with every ExactNumber's marked string turned into its bare digits. */
export function unmarkExact(text: string): string {
  return text !== undefined && text.includes(MARK) ? text.replace(MARKED, '$1') : text;
}

/** For JSON.parse of stringify'd output: a marked string back to its digits (text forms: XML). */
export function unmarkReviver(_key: string, value: unknown): unknown {
  return typeof value === 'string' && value.startsWith(MARK) ? value.slice(MARK.length) : value;
}
