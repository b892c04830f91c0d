// What an answer must never show a caller: stack frames, source or dependency paths, SQL or driver
// error text. Generated inputs never contain these patterns, so an echoed value cannot trip them.
export const LEAK_PATTERNS: Array<[string, RegExp]> = [
  ['stack frame', /\bat (?:async )?[\w$.<>[\] ]*\(?(?:file:\/\/)?\/[^\s)]+:\d+:\d+/],
  ['source path', /\/(?:work|home|root|usr|opt|tmp)\/[\w./-]+\.(?:ts|js|mjs|cjs)\b/],
  ['dependency path', /node_modules/],
  ['SQLite error', /SQLITE_[A-Z]+|SqliteError|no such (?:column|table)|constraint failed/],
  ['PostgreSQL error', /syntax error at or near|violates (?:not-null|foreign key|unique|check) constraint|invalid byte sequence|invalid input syntax for type|relation "[^"]+" does not exist/],
  // Kysely quotes every identifier, so a statement shows as `… from "taxes"` or `where "id" =`.
  ['SQL statement', /\b(?:select|insert\s+into|update|delete\s+from)\b[^\n]{0,120}?\b(?:from|into|set|where)\s+"\w+"/i],
  ['JavaScript error', /\b(?:TypeError|RangeError|ReferenceError|SyntaxError): /],
];

/** The name of the first leak found in a response body, or undefined. */
export function findLeak(body: string): string | undefined {
  for (const [name, re] of LEAK_PATTERNS) if (re.test(body)) return `${name}: ${body.match(re)![0].slice(0, 120)}`;
  return undefined;
}
