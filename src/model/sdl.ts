// Loads the SDL files of schema/ into one document. Files are read in name order so the printed
// schema is stable.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse, type DocumentNode } from 'graphql';

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
 *
 * Parsed once per folder: the registry and the GraphQL schema both start from it, and neither
 * changes a node (derive.ts builds new ones). Without locations (nothing reads them), and the names
 * replaced in the tree the parser just made, not by graphql's `visit`, which copies every node on
 * the path to each one it replaces: a cold start spent ~45 ms here, twice (BENCHMARKS.md round 20).
 */
export function loadSourceDocument(dir = schemaDir): DocumentNode {
  let doc = parsed.get(dir);
  if (!doc) {
    doc = parse(loadSourceSdl(dir), { noLocation: true });
    oneByteValues(doc);
    parsed.set(dir, doc);
  }
  return doc;
}

const parsed = new Map<string, DocumentNode>();

/** Every node whose text is its `value` (names, strings, enum values, numbers) gets it one-byte. */
function oneByteValues(node: unknown): void {
  if (Array.isArray(node)) {
    for (const child of node) oneByteValues(child);
    return;
  }
  if (typeof node !== 'object' || node === null) return;
  const n = node as Record<string, unknown>;
  for (const key in n) {
    const v = n[key];
    if (typeof v === 'string') {
      if (key === 'value') n.value = oneByte(v);
    } else {
      oneByteValues(v);
    }
  }
}

const ASCII = /^[\x00-\x7f]*$/;

/** The same characters, as a string V8 stores one byte per character when they are all ASCII. */
export function oneByte(s: string): string {
  return ASCII.test(s) ? Buffer.from(s, 'latin1').toString('latin1') : s;
}
