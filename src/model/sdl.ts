// Loads the SDL files of schema/ into one document. Files are read in name order so the printed
// schema is stable.
import { readdirSync, readFileSync } from 'node:fs';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse, type DocumentNode } from 'graphql';

export const schemaDir = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'schema');

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
