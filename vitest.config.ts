import { createRequire } from 'node:module';
import { defineConfig } from 'vitest/config';

const require = createRequire(import.meta.url);

export default defineConfig({
  resolve: {
    // graphql 16 has no "exports" map: Node loads its CommonJS build for Apollo and graphql-ws, while
    // Vite would pick the "module" build for our sources. Two copies of graphql-js refuse each
    // other's schemas ("from another module or realm"), so the tests use the one Node uses.
    alias: [{ find: /^graphql$/, replacement: require.resolve('graphql') }],
  },
  test: {
    include: ['test/**/*.test.ts'],
    // The bundled service, built once for the tests that start it as a process (test/helpers/server-entry.ts).
    globalSetup: ['test/setup/server-bundle.ts'],
    // A guard against hangs, not a speed check: CI shares two cores among three files at a time,
    // and the heavier suites (two instances, fuzzing) ran twice as long there as on a quiet machine.
    testTimeout: 90_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // Files share their worker's modules: loading the service's module graph again for each of 165
    // files was 466-545 s of CPU per run (a third of all test time; 46 s shared). A file therefore
    // restores what it changes in process-wide state (fake timers, spies: afterEach) and holds no
    // process-wide bound of its own (the named-statement bound is per pool, the bench's statement
    // log records only while it measures). docs/decisions.md, "Suite time".
    isolate: false,
    // Most suites wait on PostgreSQL, sockets and timers rather than the CPU: on 2 cores, three
    // files at a time finish well before the default one (cores - 1).
    maxWorkers: 3,
    // CI also writes a JSON report, from which .ci/run prints a plain "N passed, N failed" line.
    reporters: process.env.CI ? ['default', ['json', { outputFile: '.vitest-report.json' }]] : ['default'],
  },
});
