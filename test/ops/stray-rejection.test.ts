// A promise rejected with nobody to handle it (a library hook called without being awaited, a
// forgotten catch) is logged and counted, and the service keeps serving: by Node's default it ended
// the process, every tenant's requests in flight with it. The rejection comes from a fixture loaded
// into the real bundled service (test/fixtures/stray-rejection.mjs), on a signal from the test.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { startServer, type ServerChild } from '../../scripts/reliability/child.js';
import { serverEntry } from '../helpers/server-entry.js';

const FIXTURE = fileURLToPath(new URL('../fixtures/stray-rejection.mjs', import.meta.url));

describe('a stray promise rejection in the service', () => {
  let server: ServerChild | undefined;
  const dataDir = mkdtempSync(join(tmpdir(), 'stray-'));
  afterAll(() => {
    if (server && server.proc.exitCode === null) server.proc.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('is logged and counted, and the process keeps serving', async () => {
    server = await startServer({ DATA_DIR: dataDir, NODE_OPTIONS: `--import=${FIXTURE}` }, 60_000, serverEntry());
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
    server.proc.kill('SIGUSR2');
    for (let waited = 0; !server.output().includes('a stray rejection from the test fixture') && server.proc.exitCode === null && waited < 10_000; waited += 20) {
      await new Promise((r) => setTimeout(r, 20));
    }
    expect(server.proc.exitCode).toBeNull();
    expect(server.output()).toMatch(/a promise was rejected with nobody to handle it; the process keeps serving/);
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
    expect(await (await fetch(`${server.url}/metrics`)).text()).toMatch(/^commerce_unhandled_rejections_total 1$/m);
    server.proc.kill('SIGTERM');
    expect((await server.exited).code).toBe(0);
  });
});
