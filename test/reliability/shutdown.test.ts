// Graceful shutdown: SIGTERM to the real server process (src/main.ts) lets the request in flight
// finish, refuses new connections, and exits 0.
import { afterAll, describe, expect, it } from 'vitest';
import { connect } from 'node:net';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startServer, type ServerChild } from '../../scripts/reliability/child.js';
import { CLIENT_FORM } from '../helpers/rest.js';
import { serverEntry } from '../helpers/server-entry.js';

const refused = (port: number) => new Promise<boolean>((resolve) => {
  const s = connect(port, '127.0.0.1');
  s.on('connect', () => { s.destroy(); resolve(false); });
  s.on('error', (e: NodeJS.ErrnoException) => resolve(e.code === 'ECONNREFUSED'));
});

describe('graceful shutdown', () => {
  let server: ServerChild | undefined;
  afterAll(() => { if (server && server.proc.exitCode === null) server.proc.kill('SIGKILL'); });

  it('finishes the request in flight, refuses new connections and exits 0 on SIGTERM', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'shutdown-'));
    server = await startServer({ DATA_DIR: dataDir, DATABASE_URL: join(dataDir, 'db.sqlite') }, 60_000, serverEntry());
    // A registration whose body arrives in two halves: it is in flight when the signal comes.
    const body = new URLSearchParams(CLIENT_FORM).toString();
    const socket = connect(server.port, '127.0.0.1');
    let answer = '';
    socket.on('data', (d) => { answer += d; });
    const closed = new Promise<void>((resolve) => socket.on('close', () => resolve()));
    await new Promise<void>((resolve) => socket.on('connect', () => resolve()));
    socket.write(`POST /clients HTTP/1.1\r\nHost: x\r\nService-Api-Version: 1\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: ${body.length}\r\n\r\n${body.slice(0, 20)}`);
    await new Promise((r) => setTimeout(r, 200));
    const signalled = Date.now();
    server.proc.kill('SIGTERM');
    // The listener goes away at once: new connections are refused while the old request runs.
    let wasRefused = false;
    for (let i = 0; i < 50 && !wasRefused; i++) {
      wasRefused = await refused(server.port);
      if (!wasRefused) await new Promise((r) => setTimeout(r, 20));
    }
    expect(wasRefused).toBe(true);
    socket.write(body.slice(20));
    await closed;
    expect(answer).toMatch(/^HTTP\/1\.1 201/);
    expect(answer).toMatch(/"client_secret"/);
    const { code, signal } = await server.exited;
    console.log(`[figures] shutdown: in-flight request answered ${answer.slice(9, 12)}, new connections refused, exit code ${code} after ${Date.now() - signalled} ms`);
    expect(signal).toBeNull();
    expect(code).toBe(0);
    expect(server.output()).toMatch(/shut down cleanly/);
  }, 90_000);
});
