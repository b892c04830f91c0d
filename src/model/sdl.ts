// Loads the SDL files of schema/ into one document. Files are read in name order so the printed
// schema is stable.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse, visit, type DocumentNode } from 'graphql';

/**
 * The project's schema/ folder, the nearest one above this module: src/model/ when run from source,
 * dist/ when run bundled.
 */
function findSchemaDir(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 4; i++) {
    const candidate = join(dir, 'schema');
    if (existsSync(join(candidate, 'common.graphql'))) return candidate;
    dir = dirname(dir);
  }
  throw new Error(`schema/ not found above ${fileURLToPath(import.meta.url)}`);
}

export const schemaDir = findSchemaDir();

export function loadSourceSdl(dir = schemaDir): string {
  return readdirSync(dir)
    .filter((f) => f.endsWith('.graphql'))
    .sort()
    .map((f) => `# ${f}\n` + readFileSync(join(dir, f), 'utf8'))
    .join('\n');
}

/**
 * The parsed SDL, its names and strings in V8's one-byte form where they are ASCII. The SDL text
 * holds a few non-Latin-1 characters (dashes in descriptions), so V8 keeps it as two-byte, and
 * every name the parser slices out of it is two-byte too; so was every string built from one (rels,
 * hrefs, titles, column lists in SQL), and one such string in an answer makes JSON.stringify
 * write the whole answer two-byte: a 1.8 MB page took 3 ms instead of 1.3 to encode as UTF-8, and
 * twice the memory to build (BENCHMARKS.md, issue 20 round 8).
 */
export function loadSourceDocument(dir = schemaDir): DocumentNode {
  return visit(parse(loadSourceSdl(dir)), {
    // Names, strings, enum values and numbers: every node whose text is its `value`.
    enter: (node) => ('value' in node && typeof node.value === 'string' ? { ...node, value: oneByte(node.value) } : undefined),
  });
}

const ASCII = /^[\x00-\x7f]*$/;

/** The same characters, as a string V8 stores one byte per character when they are all ASCII. */
export function oneByte(s: string): string {
  return ASCII.test(s) ? Buffer.from(s, 'latin1').toString('latin1') : s;
}
