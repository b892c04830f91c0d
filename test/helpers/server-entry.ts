// The service as `npm start` runs it, for the tests that start it as a process of its own (kill -9,
// shutdown, a full disk, a wrong configuration, several instances on one file). Bundled once per
// test run (test/setup/server-bundle.ts), a start is Node reading one module (~1.2 s on a quiet
// machine) instead of tsx compiling and loading about a thousand (~2.8 s), and the crash tests
// start the service some twenty times. It is also the form that ships.
import { inject } from 'vitest';
import type {} from '../setup/server-bundle.js';

/** The bundled service's entry file, built for this test run. */
export function serverEntry(): string {
  return inject('serverEntry');
}
