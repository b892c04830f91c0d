// Row objects in V8's fast layout, for both drivers. better-sqlite3 and node-postgres build each row
// object key by key, which leaves rows of more than a dozen columns as dictionaries, and every later
// read of a column (decoding, rendering) pays for it. Both are asked for arrays instead (raw mode,
// `rowMode: 'array'`), and the arrays become objects through an object literal compiled once per
// list of column names: literal-built rows share one fast layout.

export type Row = Record<string, unknown>;
export type ToRow = (values: unknown[]) => Row;

/** Column lists seen by the service: a few hundred; the bound only guards against surprises. */
const MAX_SHAPES = 1000;
const builders = new Map<string, ToRow>();

function compile(names: readonly string[]): ToRow {
  // A literal key `__proto__` would set the prototype instead of a column.
  if (names.includes('__proto__')) return (values) => Object.fromEntries(names.map((n, i) => [n, values[i]]));
  // The names come from SQL the service wrote (column names and aliases), each a JSON string literal.
  return new Function('r', `return { ${names.map((n, i) => `${JSON.stringify(n)}: r[${i}]`).join(', ')} };`) as ToRow;
}

/** The builder for rows with these columns, in this order (least recently used goes first). */
export function rowBuilder(names: readonly string[]): ToRow {
  const key = names.join('\u0000');
  let f = builders.get(key);
  if (f) {
    builders.delete(key);
  } else {
    f = compile(names);
    if (builders.size >= MAX_SHAPES) builders.delete(builders.keys().next().value!);
  }
  builders.set(key, f);
  return f;
}
