// Writes docs/errors.md from the error catalog: `npx tsx scripts/errors-doc.ts` after changing
// src/services/error-catalog.ts or field-codes.ts. test/errors/catalog.test.ts fails while the
// file differs from what this renders, so the documentation cannot drift from the catalog.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { CATALOG, type CatalogEntry, type ErrorName } from '../src/services/error-catalog.js';
import { FIELD_CODES } from '../src/services/field-codes.js';
import { HTTP_STATUS } from '../src/rest/errors.js';
import { GRAPHQL_CODES } from '../src/graphql/errors.js';

export const ROOT = fileURLToPath(new URL('..', import.meta.url));
export const DOC_PATH = join(ROOT, 'docs/errors.md');
/** The files that declare errors: they mention every code, so they say nothing about where one is raised. */
const DECLARING = new Set(['src/services/error-catalog.ts', 'src/services/field-codes.ts']);

export function sourceFiles(dir = join(ROOT, 'src')): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((d) => {
    const path = join(dir, d.name);
    if (d.isDirectory()) return sourceFiles(path);
    return d.name.endsWith('.ts') ? [path] : [];
  });
}

function sources(): Map<string, string> {
  return new Map(sourceFiles().map((p) => [relative(ROOT, p), readFileSync(p, 'utf8')] as const)
    .filter(([p]) => !DECLARING.has(p)));
}

/** Files naming a catalog entry (`apiError('NO_SUCH', …)`, `CATALOG.NO_SUCH`) or, for field codes, the code itself. */
function raisedIn(src: Map<string, string>, needle: RegExp): string {
  const files = [...src].filter(([, text]) => needle.test(text)).map(([p]) => `\`${p.replace(/^src\//, '')}\``);
  return files.length ? files.sort().join(', ') : '—';
}

const cell = (s: string) => s.replace(/\|/g, '\\|').replace(/\n/g, ' ');

export function renderErrorsDoc(): string {
  const src = sources();
  const byCode = new Map<string, Array<[ErrorName, CatalogEntry]>>();
  for (const [name, e] of Object.entries(CATALOG) as Array<[ErrorName, CatalogEntry]>) {
    byCode.set(e.code, [...(byCode.get(e.code) ?? []), [name, e]]);
  }
  const lines = [
    '# Errors',
    '',
    'Generated from `src/services/error-catalog.ts` and `src/services/field-codes.ts` by',
    '`npx tsx scripts/errors-doc.ts`; `test/errors/catalog.test.ts` keeps the two in step. Do not edit by hand.',
    '',
    'Every error body (DESIGN §3) carries a stable `code`; REST answers the status below, GraphQL the',
    '`extensions.code` (input and conflict errors of mutations come as `userErrors` with the same `code`).',
    'A 403 `insufficient_scope` names the scopes that would grant the action: REST in',
    '`WWW-Authenticate: Bearer error="insufficient_scope", scope="…"`, GraphQL in `extensions.scopes` (a list).',
    '',
    '## Codes',
    '',
    '| code | status | GraphQL | meaning | messages | raised in |',
    '|---|---|---|---|---|---|',
  ];
  for (const [code, entries] of [...byCode].sort(([a], [b]) => a.localeCompare(b))) {
    const uniq = (xs: string[]) => [...new Set(xs)];
    const status = uniq(entries.map(([, e]) => String(HTTP_STATUS[e.kind]))).join(', ');
    const gql = entries.every(([, e]) => e.transport) ? '(HTTP only)' : uniq(entries.map(([, e]) => GRAPHQL_CODES[e.kind])).join(', ');
    const meaning = uniq(entries.map(([, e]) => e.meaning)).join(' ');
    const messages = entries.map(([, e]) => `“${e.message}”`).join('<br>');
    const where = raisedIn(src, new RegExp(`['.](?:${entries.map(([name]) => name).join('|')})\\b`));
    lines.push(`| <a id="${code}"></a>\`${code}\` | ${status} | ${gql} | ${cell(meaning)} | ${cell(messages)} | ${where} |`);
  }
  lines.push('', '## Field codes', '',
    'Answered with status 400 (GraphQL `userErrors`, or `BAD_USER_INPUT`) and the `field` at fault; the message names the field and the limit.',
    '', '| code | meaning | raised in |', '|---|---|---|');
  for (const [code, meaning] of Object.entries(FIELD_CODES).sort(([a], [b]) => a.localeCompare(b))) {
    lines.push(`| <a id="field-${code}"></a>\`${code}\` | ${cell(meaning)} | ${raisedIn(src, new RegExp(`'${code}'`))} |`);
  }
  return `${lines.join('\n')}\n`;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  writeFileSync(DOC_PATH, renderErrorsDoc());
  console.log(`wrote ${relative(ROOT, DOC_PATH)}`);
}
