// fast-check arbitraries for hostile input: odd but valid values, wrong types, huge strings, NUL and
// other control characters, lone surrogates, deep nesting. Shared by the REST and GraphQL fuzzers.
import fc from 'fast-check';

const ODD_STRINGS = [
  '', ' ', '\u0000', 'a\u0000b', '\uD800', '\uDFFF', '\uFFFE', '\u202Eevil', '\u200B', '𝕏𝔂', '👩‍👩‍👧‍👦', 'ǅ', 'ß', 'İ',
  'null', 'undefined', 'true', 'false', '0', '-0', '-1', '01', '1e309', '-1e309', '1e-400', 'NaN', 'Infinity', '0x1F', '1_000',
  '٣', '１２', '9007199254740993', '99999999999999999999999999', '0.1', '.5', '5.', '1,5', '+1', '  7  ',
  '2026-02-30', '0000-00-00', '2026-13-01', '9999-12-31T23:59:60+9999', '1970-01-01', '-271821-04-20',
  'http://', 'https://', 'javascript:alert(1)', 'data:text/html,<b>x</b>', 'https://[::1]/', 'https://user:pw@host/',
  '../../etc/passwd', '..\\..\\boot.ini', '%00', '%', '%zz', '<x/>', ']]>', '<!DOCTYPE x [<!ENTITY e SYSTEM "file:///etc/passwd">]><x>&e;</x>',
  '&lt;', "' OR '1'='1", '"; DROP TABLE taxes; --', '$where', '{"$gt":""}', '{}', '[]', '__proto__', 'constructor',
  '${7*7}', '{{7*7}}', '\r\nX-Injected: 1', 'a'.repeat(256), '\t\n\r', '\\', '"', "'",
];

/** Printable header text (Node refuses control characters in header values before we see them). */
export const headerText = fc.string({ unit: fc.constantFrom(...' !"#$%&\'()*+,-./0123456789:;<=>?@ABCXYZ[\\]^_`abcxyz{|}~é'.split('')), maxLength: 60 });

export const hostileString: fc.Arbitrary<string> = fc.oneof(
  { arbitrary: fc.constantFrom(...ODD_STRINGS), weight: 5 },
  { arbitrary: fc.string({ unit: 'grapheme', maxLength: 30 }), weight: 3 },
  { arbitrary: fc.string({ unit: 'binary', maxLength: 30 }), weight: 2 },
  { arbitrary: fc.string({ unit: fc.constantFrom('\u0000', '\u0001', '\u001f', '\u007f', '\uD800', '\uDBFF', '\uDC00', 'a', '\u0085', '\u2028'), maxLength: 12 }), weight: 1 },
  { arbitrary: fc.integer({ min: 1000, max: 200_000 }).map((n) => 'x'.repeat(n)), weight: 1 },
  { arbitrary: fc.integer({ min: 100, max: 20_000 }).map((n) => '€😀'.repeat(n)), weight: 1 },
);

export const hostileNumber: fc.Arbitrary<number> = fc.oneof(
  fc.integer(),
  fc.double(),
  fc.constantFrom(0, -0, 1, -1, 0.5, 1e21, 1e308, -1e308, 5e-324, 2 ** 31, 2 ** 53 + 2, -(2 ** 63), Number.MAX_VALUE),
);

export const hostileScalar: fc.Arbitrary<unknown> = fc.oneof(
  { arbitrary: hostileString, weight: 5 },
  { arbitrary: hostileNumber, weight: 3 },
  { arbitrary: fc.boolean(), weight: 1 },
  { arbitrary: fc.constant(null), weight: 1 },
);

export const hostileKey = fc.oneof(
  fc.constantFrom('__proto__', 'constructor', 'prototype', 'toString', 'hasOwnProperty', '_links', '_embedded', 'id', 'href', '', ' ', 'a.b', 'a[b]', '$gt', 'x'.repeat(300), '\u0000', 'ключ'),
  fc.string({ unit: 'grapheme', maxLength: 12 }),
);

/** Any JSON value made of hostile scalars, a few levels deep. */
export const hostileValue: fc.Arbitrary<unknown> = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    { arbitrary: hostileScalar, weight: 6 },
    { arbitrary: fc.array(tie('value'), { maxLength: 4 }), weight: 1 },
    { arbitrary: fc.dictionary(hostileKey, tie('value'), { maxKeys: 4 }), weight: 1 },
  ),
})).value;

/** An object of the given property names (mostly) with hostile values: what a confused client sends. */
export function oddObject(names: string[]): fc.Arbitrary<Record<string, unknown>> {
  const key = names.length ? fc.oneof({ arbitrary: fc.constantFrom(...names), weight: 6 }, { arbitrary: hostileKey, weight: 1 }) : hostileKey;
  return fc.dictionary(key, hostileValue, { maxKeys: 8 });
}

/** JSON text nested `depth` levels: arrays, objects, or both. */
export const deepJson = fc.tuple(fc.integer({ min: 20, max: 100_000 }), fc.constantFrom('array', 'object', 'mixed')).map(([depth, kind]) => {
  if (kind === 'array') return '['.repeat(depth) + ']'.repeat(depth);
  if (kind === 'object') return '{"a":'.repeat(depth) + '1' + '}'.repeat(depth);
  return '{"a":['.repeat(depth) + ']}'.repeat(depth);
});

/** Texts that are not JSON, or JSON that attacks the parser. */
export const brokenJson = fc.constantFrom(
  '{', '}', '[1,', '{"a":}', '{"a":1,}', "{'a':1}", '{"a":1}{"b":2}', 'nul', 'tru', '"\\u00"', '"\\ud800"', '\u0000', '\uFEFF{}',
  '{"__proto__":{"polluted":1}}', '{"constructor":{"prototype":{"polluted":1}}}', '{"a":1e999999}', '-', '[]', '""', '0', 'null',
  `{"a":"${'\\'.repeat(1001)}"}`, '{"a" : 1 /* comment */}',
);

/** Values a field's declared type accepts, at the odd edges: longest strings, unicode, extremes. */
export function plausibleValue(f: import('../../../src/model/types.js').FieldDef): fc.Arbitrary<unknown> {
  const c = f.constraints;
  if (f.enumValues?.length) return fc.constantFrom(...f.enumValues.map((e) => e.rest));
  if (c.oneOf?.length) return fc.constantFrom(...c.oneOf);
  const max = c.maxLength ?? 300;
  if (c.format === 'UNIX_TIMESTAMP') return fc.constantFrom('32503680000', 4102444800);
  switch (f.kind) {
    case 'boolean': return fc.constantFrom(true, false, 'true', 'false', 1, 0, '1', '0');
    case 'int': return fc.integer({ min: Number(c.min ?? c.gt ?? -1000) + (c.gt ? 1 : 0), max: Number(c.max ?? 2 ** 31 - 1) });
    case 'decimal': return fc.oneof(fc.integer({ min: 1, max: 1_000_000 }), fc.constantFrom('0.000001', '999999999.99', '1e2', 12.345, '00012.5'));
    case 'date': return fc.constantFrom('2999-12-31', '2100-02-28', '2030-01-01');
    case 'datetime': return fc.constantFrom('2999-12-31T23:59:59+0000', '2030-01-01T00:00:00-1200');
    case 'json': return fc.constantFrom('{}', '{"a":[1,2,{"b":null}]}', '[]', '"x"', '{"enabled":true,"url":"https://hooks.example/h","failure_handling":"approve"}');
    default: break;
  }
  switch (c.format) {
    case 'URL': return fc.string({ unit: 'grapheme-ascii', maxLength: Math.max(0, Math.min(max, 200) - 30) }).map((s) => `https://odd.example/${encodeURIComponent(s)}`.slice(0, max));
    case 'EMAIL': return fc.constantFrom('a@b.co', 'ünï@exämple.com', `${'e'.repeat(60)}@example.com`);
    case 'COUNTRY': return fc.constantFrom('US', 'DE', 'XK');
    case 'DATE': return fc.constantFrom('2999-12-31', '2030-01-01');
    case 'FREQUENCY': return fc.constantFrom('1d', '.5m', '52w', '9999y');
    default: break;
  }
  return fc.oneof(
    fc.string({ unit: 'grapheme', minLength: c.minLength ?? 1, maxLength: Math.min(max, 40) }),
    fc.constant('é'.repeat(max)), fc.constant('😀'.repeat(Math.max(1, Math.floor(max / 2)))), fc.constant('ǅ\u202E\u200B'.slice(0, max)),
  );
}

/** An object of every writable property of a resource, each with a plausible value. */
export function plausibleObject(r: import('../../../src/model/types.js').ResourceDef): fc.Arbitrary<Record<string, unknown>> {
  const fields = r.fields.filter((f) => !f.readOnly && !f.ref);
  return fc.record(Object.fromEntries(fields.map((f) => [f.name, plausibleValue(f)])), { requiredKeys: fields.filter((f) => f.constraints.required).map((f) => f.name) });
}
