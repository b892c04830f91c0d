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

export function loadSourceDocument(dir = schemaDir): DocumentNode {
  return parse(loadSourceSdl(dir));
}
