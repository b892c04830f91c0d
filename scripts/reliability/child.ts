// Runs the real service (src/main.ts through tsx) as a child process on a free port, the way it
// runs in production, for the shutdown test and the crash and load scripts.
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

export const ROOT = join(import.meta.dirname, '..', '..');
export const JWT_SECRET = 'k1:' + 'r'.repeat(48);

export interface ServerChild {
  proc: ChildProcess;
  pid: number;
  port: number;
  url: string;
  /** Everything the process wrote so far. */
  output(): string;
  /** Resident set size in KiB, from /proc (0 once the process is gone). */
  rssKb(): number;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/**
 * Starts src/main.ts (on PORT=0 unless `env` names one) and resolves once it logged its address.
 * `entry` runs a bundle (scripts/bundle.mjs) instead, as `npm start` does.
 */
export async function startServer(env: Record<string, string>, timeoutMs = 60_000, entry?: string): Promise<ServerChild> {
  const proc = spawn(process.execPath, entry ? [entry] : ['--import', 'tsx', join(ROOT, 'src', 'main.ts')], {
    cwd: ROOT,
    // BASE_URL and MODE are set explicitly: under vitest the environment holds Vite's own ('/', 'test').
    env: { ...process.env, HOST: '127.0.0.1', PORT: '0', LOG_LEVEL: 'info', JWT_SECRET, BASE_URL: 'http://reliability.test', MODE: 'production', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  proc.stdout!.on('data', (d) => { out += d; });
  proc.stderr!.on('data', (d) => { out += d; });
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => proc.on('exit', (code, signal) => resolve({ code, signal })));
  const port = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${out.slice(-2000)}`)), timeoutMs);
    const done = (port: number) => {
      clearTimeout(timer);
      clearInterval(poll);
      resolve(port);
    };
    // The log names the port (PORT=0); with a fixed port and a quieter LOG_LEVEL, /healthz tells.
    const look = () => {
      const m = out.match(/Server listening at http:\/\/127\.0\.0\.1:(\d+)/);
      if (m) done(Number(m[1]));
    };
    proc.stdout!.on('data', look);
    const fixed = Number(env.PORT ?? 0);
    const poll = setInterval(() => {
      if (!fixed) return;
      fetch(`http://127.0.0.1:${fixed}/healthz`).then((r) => { if (r.ok) done(fixed); }, () => undefined);
    }, 100);
    exited.then(() => reject(new Error(`server exited before listening:\n${out.slice(-2000)}`)));
  });
  return {
    proc, pid: proc.pid!, port, url: `http://127.0.0.1:${port}`, exited,
    output: () => out,
    rssKb: () => {
      try {
        return Number(readFileSync(`/proc/${proc.pid}/status`, 'utf8').match(/VmRSS:\s+(\d+)/)?.[1] ?? 0);
      } catch {
        return 0;
      }
    },
  };
}
