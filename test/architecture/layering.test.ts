// The dependency rules of ARCHITECTURE.md, checked with dependency-cruiser's API the way
// `npm run layering` checks them in CI: src breaks no rule beyond the known violations, the list of
// known violations holds nothing that no longer occurs (so it only ever shrinks), and each rule
// bites on a module that breaks it.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { cruise, type ICruiseOptions, type ICruiseResult, type IViolation } from 'dependency-cruiser';
import extractDepcruiseOptions from 'dependency-cruiser/config-utl/extract-depcruise-options';
import extractTSConfig from 'dependency-cruiser/config-utl/extract-ts-config';

const ROOT = resolve(import.meta.dirname, '../..');
const KNOWN = join(ROOT, '.dependency-cruiser-known-violations.json');

async function cruiseWithRules(baseDir: string, extra: Partial<ICruiseOptions> = {}): Promise<ICruiseResult> {
  const options = await extractDepcruiseOptions(join(ROOT, '.dependency-cruiser.cjs'));
  const tsConfig = extractTSConfig(join(ROOT, 'tsconfig.json'));
  const { output } = await cruise(['src'], { ...options, baseDir, ...extra }, undefined, { tsConfig });
  return output as ICruiseResult;
}

const describeViolation = (v: IViolation) => `${v.rule.name}: ${v.from} → ${v.to}${v.cycle ? ` (cycle ${v.cycle.map((c) => c.name).join(' → ')})` : ''}`;
const errors = (r: ICruiseResult) => r.summary.violations.filter((v) => v.rule.severity === 'error');

describe('layering (ARCHITECTURE.md, .dependency-cruiser.cjs)', () => {
  it('src breaks no rule beyond the known violations, and every known violation still occurs', async () => {
    const known = JSON.parse(readFileSync(KNOWN, 'utf8')) as IViolation[];
    const result = await cruiseWithRules(ROOT, { knownViolations: known });
    expect(result.summary.totalCruised).toBeGreaterThan(200);
    expect(errors(result).map(describeViolation), 'new layering violations: fix the import (see ARCHITECTURE.md)').toEqual([]);
    // A known violation that no longer occurs must leave the list, so the list only shrinks.
    const still = new Set(result.summary.violations.map((v) => `${v.rule.name} ${v.from} ${v.to}`));
    const stale = known.filter((v) => !still.has(`${v.rule.name} ${v.from} ${v.to}`)).map(describeViolation);
    expect(stale, 'fixed: delete these from .dependency-cruiser-known-violations.json (npm run layering:baseline)').toEqual([]);
  }, 60_000);

  describe('each rule bites', () => {
    // A miniature src with one module per forbidden import, resolved against this repository's
    // node_modules, checked with the same rules.
    const dir = mkdtempSync(join(tmpdir(), 'layering-'));
    afterAll(() => rmSync(dir, { recursive: true, force: true }));
    const files: Record<string, string> = {
      'src/db/database.ts': 'export const database = 1;\n',
      'src/data/query.ts': 'export interface ListQuery { limit: number }\n',
      'src/data/repository.ts': 'export const rows = 1;\n',
      'src/services/data-access.ts': 'export const dataOf = 1;\n',
      'src/services/errors.ts': 'export class ApiError extends Error {}\n',
      'src/rest/http.ts': 'export const sendErrors = 1;\n',
      'src/rest/reads-sql.ts': "import { sql } from 'kysely';\nimport { database } from '../db/database.js';\nexport const x = [sql, database];\n",
      'src/rest/reads-repository.ts': "import { rows } from '../data/repository.js';\nexport const x = rows;\n",
      'src/rest/speaks-ast.ts': "import type { ListQuery } from '../data/query.js';\nimport { ApiError } from '../services/errors.js';\nexport const x: ListQuery[] = [];\nexport const y = ApiError;\n",
      'src/graphql/reaches-data-of.ts': "import { dataOf } from '../services/data-access.js';\nexport const x = dataOf;\n",
      'src/services/knows-http.ts': "import Fastify from 'fastify';\nimport { sendErrors } from '../rest/http.js';\nexport const x = [Fastify, sendErrors];\n",
      'src/data/knows-services.ts': "import { ApiError } from '../services/errors.js';\nexport const x = ApiError;\n",
      'src/ops/imports-rest.ts': "import { sendErrors } from '../rest/http.js';\nexport const x = sendErrors;\n",
      'src/ops/reads-database.ts': "import { database } from '../db/database.js';\nexport const x = database;\n",
      'src/model/reaches-up.ts': "import { database } from '../db/database.js';\nexport const x = database;\n",
      'src/services/ping.ts': "import { pong } from './pong.js';\nexport const ping = () => pong;\n",
      'src/services/pong.ts': "import { ping } from './ping.js';\nexport const pong = () => ping;\n",
      'src/services/type-a.ts': "import type { B } from './type-b.js';\nexport interface A { b?: B }\n",
      'src/services/type-b.ts': "import type { A } from './type-a.js';\nexport interface B { a?: A }\n",
    };
    for (const [path, text] of Object.entries(files)) {
      mkdirSync(dirname(join(dir, path)), { recursive: true });
      writeFileSync(join(dir, path), text);
    }
    symlinkSync(join(ROOT, 'node_modules'), join(dir, 'node_modules'), 'dir');

    it('reports every forbidden import and nothing else', async () => {
      const found = errors(await cruiseWithRules(dir)).map((v) => `${v.rule.name}: ${v.from} → ${v.to.replace(/^.*node_modules\/([^/]+)\/.*$/, '$1')}`);
      expect(found.sort()).toEqual([
        'data-no-service: src/data/knows-services.ts → src/services/errors.ts',
        'model-imports-nothing-above: src/model/reaches-up.ts → src/db/database.ts',
        'no-circular: src/services/ping.ts → src/services/pong.ts',
        'ops-data-through-health: src/ops/reads-database.ts → src/db/database.ts',
        'ops-no-transport: src/ops/imports-rest.ts → src/rest/http.ts',
        'service-no-transport: src/services/knows-http.ts → fastify',
        'service-no-transport: src/services/knows-http.ts → src/rest/http.ts',
        'transport-no-data-access: src/rest/reads-repository.ts → src/data/repository.ts',
        'transport-no-data-access: src/rest/reads-sql.ts → kysely',
        'transport-no-data-access: src/rest/reads-sql.ts → src/db/database.ts',
        'transport-no-data-accessor: src/graphql/reaches-data-of.ts → src/services/data-access.ts',
      ].sort());
    }, 60_000);
  });
});
