// vitest globalSetup: builds the service as `npm start` runs it (scripts/bundle.mjs), once per test
// run, for the tests that start it as a process of its own (test/helpers/server-entry.ts). Inside
// the project, so schema/ and node_modules are found from dist/ as in production.
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Path of the bundled service (dist/test-run-<pid>/server.mjs). */
    serverEntry: string;
  }
}

const ROOT = join(import.meta.dirname, '..', '..');

export default async function setup(project: TestProject): Promise<() => void> {
  const outDir = join(ROOT, 'dist', `test-run-${process.pid}`);
  const { bundle } = (await import(pathToFileURL(join(ROOT, 'scripts', 'bundle.mjs')).href)) as { bundle: (out: string) => Promise<string> };
  project.provide('serverEntry', await bundle(join(outDir, 'server.mjs')));
  return () => rmSync(outDir, { recursive: true, force: true });
}
