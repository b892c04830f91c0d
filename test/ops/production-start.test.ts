// `npm start` as production runs it: after `npm ci --omit=dev` esbuild (a dev dependency) is not
// installed, so the start must run the built dist/ without importing it, and SIGTERM sent to npm
// must reach the server (no shell or wrapper left between them holding an orphaned server).
//
// The project is laid out in a temporary directory (scripts/start.mjs, a freshly built
// dist/server.mjs, links to node_modules and schema/); a module hook refuses to resolve `esbuild`,
// as a production install would, and records any attempt.
import { spawn } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT, JWT_SECRET } from '../../scripts/reliability/child.js';

const dir = mkdtempSync(join(tmpdir(), 'prod-start-'));
const attempts = join(dir, 'esbuild-attempts.txt');
const hook = join(dir, 'hide-esbuild.mjs');
const started: number[] = [];

beforeAll(async () => {
  mkdirSync(join(dir, 'scripts'));
  cpSync(join(ROOT, 'scripts', 'start.mjs'), join(dir, 'scripts', 'start.mjs'));
  cpSync(join(ROOT, 'scripts', 'bundle.mjs'), join(dir, 'scripts', 'bundle.mjs'));
  cpSync(join(ROOT, 'package.json'), join(dir, 'package.json'));
  symlinkSync(join(ROOT, 'node_modules'), join(dir, 'node_modules'));
  symlinkSync(join(ROOT, 'schema'), join(dir, 'schema'));
  const { bundle } = (await import(pathToFileURL(join(ROOT, 'scripts', 'bundle.mjs')).href)) as { bundle: (out: string) => Promise<string> };
  await bundle(join(dir, 'dist', 'server.mjs'));
  writeFileSync(join(dir, 'hooks.mjs'), `
import { appendFileSync } from 'node:fs';
export async function resolve(specifier, context, next) {
  if (specifier === 'esbuild') {
    appendFileSync(${JSON.stringify(attempts)}, 'esbuild\\n');
    throw Object.assign(new Error("Cannot find package 'esbuild' imported from " + context.parentURL), { code: 'ERR_MODULE_NOT_FOUND' });
  }
  return next(specifier, context);
}`);
  writeFileSync(hook, `import { register } from 'node:module';\nregister(${JSON.stringify(pathToFileURL(join(dir, 'hooks.mjs')).href)});\n`);
}, 120_000);

afterAll(() => {
  for (const pid of started) {
    try { process.kill(pid, 'SIGKILL'); } catch { /* already gone */ }
  }
  rmSync(dir, { recursive: true, force: true });
});

interface NpmStart {
  npmPid: number;
  output(): string;
  exited: Promise<number | null>;
}

function npmStart(): NpmStart {
  const dataDir = mkdtempSync(join(tmpdir(), 'prod-data-'));
  const proc = spawn('npm', ['start'], {
    cwd: dir,
    env: {
      PATH: process.env.PATH, HOME: process.env.HOME, NODE_OPTIONS: `--import=${pathToFileURL(hook).href}`,
      DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1', BASE_URL: 'http://prod.test', JWT_SECRET, LOG_LEVEL: 'info',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  proc.stdout.on('data', (d) => { out += d; });
  proc.stderr.on('data', (d) => { out += d; });
  started.push(proc.pid!);
  return { npmPid: proc.pid!, output: () => out, exited: new Promise((r) => proc.on('exit', (code) => r(code))) };
}

async function listening(s: NpmStart): Promise<{ port: number; pid: number }> {
  for (let i = 0; i < 600; i++) {
    const m = /"pid":(\d+).*"msg":"Server listening at http:\/\/127\.0\.0\.1:(\d+)"/.exec(s.output());
    if (m) {
      started.push(Number(m[1]));
      return { pid: Number(m[1]), port: Number(m[2]) };
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`did not start:\n${s.output()}`);
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

describe('npm start in production', () => {
  it('runs a fresh dist/ without esbuild, and SIGTERM to npm shuts the server down cleanly', async () => {
    const s = npmStart();
    const { port, pid } = await listening(s);
    expect((await fetch(`http://127.0.0.1:${port}/readyz`)).status).toBe(200);
    expect(existsSync(attempts)).toBe(false);
    // The server is the process npm started, with the start script's Node flags: its young
    // generation's bound (decisions.md, issue 20 round 8) is set where no code of ours could set it.
    expect(readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0')).toContain('--max-semi-space-size=32');
    process.kill(s.npmPid, 'SIGTERM');
    expect(await s.exited).toBe(0);
    for (let i = 0; i < 100 && alive(pid); i++) await new Promise((r) => setTimeout(r, 50));
    expect(alive(pid)).toBe(false);
    expect(s.output()).toMatch(/"signal":"SIGTERM".*shutting down/);
    expect(s.output()).toMatch(/shut down cleanly/);
    await expect(fetch(`http://127.0.0.1:${port}/healthz`)).rejects.toThrow();
  }, 60_000);

  it('runs a stale dist/ with a warning when esbuild is not installed', async () => {
    mkdirSync(join(dir, 'src'), { recursive: true });
    writeFileSync(join(dir, 'src', 'changed.ts'), '// newer than the bundle\n');
    const later = new Date(Date.now() + 60_000);
    utimesSync(join(dir, 'src', 'changed.ts'), later, later);
    const s = npmStart();
    const { port } = await listening(s);
    expect((await fetch(`http://127.0.0.1:${port}/healthz`)).status).toBe(200);
    expect(s.output()).toMatch(/dist\/server\.mjs is older than the sources and esbuild is not installed/);
    expect(readFileSync(attempts, 'utf8')).toMatch(/esbuild/);
    process.kill(s.npmPid, 'SIGTERM');
    expect(await s.exited).toBe(0);
  }, 60_000);

  it('without dist/ and without esbuild, stops with one line saying how to build', async () => {
    rmSync(join(dir, 'dist'), { recursive: true, force: true });
    const s = npmStart();
    expect(await s.exited).toBe(1);
    expect(s.output()).toMatch(/dist\/server\.mjs is missing and esbuild is not installed: run `npm ci && npm run build`/);
    expect(s.output()).not.toMatch(/\n\s+at /);
  }, 60_000);
});
