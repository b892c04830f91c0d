// Child processes under test: the compiled service, the hand-written baseline and PostGraphile.
// Each runs in its own process so the load generator never shares their event loop; memory is
// read from /proc.
import { spawn, execFileSync, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { ROOT } from './config.js';

/** A port nobody listens on now (the crash and load scripts' own helper). */
export { freePort } from '../scripts/reliability/api.js';

export const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

function newest(dir: string): number {
  let t = 0;
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, e.name);
    t = Math.max(t, e.isDirectory() ? newest(p) : statSync(p).mtimeMs);
  }
  return t;
}

/**
 * Bundles src/ into a private directory (not the shared dist/, which other people rebuild while we
 * measure), as `npm start` does; schema/ and node_modules are linked so paths resolve as from the
 * project. The bundle is kept between runs in the system temp directory and redone when a file
 * under src/ is newer.
 */
export async function buildApp(): Promise<string> {
  const appDir = join(tmpdir(), `commerce-bench-build-${createHash('sha1').update(ROOT + (process.env.BENCH_BUILD_TAG ?? '')).digest('hex').slice(0, 8)}`);
  const entry = join(appDir, 'dist', 'server.mjs');
  const stamp = join(appDir, 'built-at');
  const sources = Math.max(newest(join(ROOT, 'src')), statSync(join(ROOT, 'package.json')).mtimeMs);
  if (existsSync(stamp) && Number(readFileSync(stamp, 'utf8')) >= sources && existsSync(entry)) return entry;
  rmSync(join(appDir, 'dist'), { recursive: true, force: true });
  mkdirSync(appDir, { recursive: true });
  for (const name of ['schema', 'node_modules']) {
    if (!existsSync(join(appDir, name))) symlinkSync(join(ROOT, name), join(appDir, name));
  }
  copyFileSync(join(ROOT, 'package.json'), join(appDir, 'package.json'));
  const started = Date.now();
  const { bundle } = (await import(pathToFileURL(join(ROOT, 'scripts', 'bundle.mjs')).href)) as { bundle: (out: string) => Promise<string> };
  await bundle(entry);
  // Sources saved while bundling make the next run build again.
  writeFileSync(stamp, String(started));
  return entry;
}

export interface Child {
  proc: ChildProcess;
  pid: number;
  url: string;
  port: number;
  output: () => string;
  stop(): Promise<void>;
}

export interface SpawnOpts {
  args: string[];
  env: Record<string, string>;
  port: number;
  /** Path answered once the process is ready. */
  readyPath: string;
  timeoutMs?: number;
  nodeFlags?: string[];
  /** Another Node binary (PostGraphile 5 runs on the Node 22 of bench/peer/pg5); default: this one. */
  execPath?: string;
}

export async function waitForHttp(url: string, timeoutMs: number, proc?: ChildProcess): Promise<number> {
  const start = performance.now();
  for (;;) {
    if (proc && proc.exitCode !== null) throw new Error(`process exited with ${proc.exitCode} before ${url} answered`);
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(1000) });
      await res.arrayBuffer();
      if (res.status < 500) return performance.now() - start;
    } catch {
      // Not listening yet.
    }
    if (performance.now() - start > timeoutMs) throw new Error(`${url} did not answer within ${timeoutMs} ms`);
    await sleep(5);
  }
}

/**
 * The Node flags `npm start` gives the service (package.json's start script: what comes between
 * `node` and `scripts/start.mjs`), so the service is measured as it runs.
 */
export function startFlags(): string[] {
  const start = (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { scripts: { start: string } }).scripts.start;
  const m = /\bnode((?:\s+--\S+)*)\s+scripts\/start\.mjs/.exec(start);
  if (!m) throw new Error(`package.json's start script is not "node [--flags] scripts/start.mjs": ${start}`);
  return m[1].split(/\s+/).filter(Boolean);
}

/**
 * The bundled service (`entry`, given in `o.args`) with npm start's Node flags, and any in
 * BENCH_SERVICE_FLAGS (e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof` to see where a scenario's time goes).
 */
export function spawnService(o: SpawnOpts): Promise<Child & { readyMs: number }> {
  const extra = (process.env.BENCH_SERVICE_FLAGS ?? '').split(/\s+/).filter(Boolean);
  return spawnNode({ ...o, nodeFlags: [...startFlags(), ...extra, ...(o.nodeFlags ?? [])] });
}

export async function spawnNode(o: SpawnOpts): Promise<Child & { readyMs: number }> {
  let log = '';
  const started = performance.now();
  const proc = spawn(o.execPath ?? process.execPath, [...(o.nodeFlags ?? []), ...o.args], {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '/tmp', ...o.env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const keep = (b: Buffer) => { log = (log + b.toString()).slice(-20_000); };
  proc.stdout!.on('data', keep);
  proc.stderr!.on('data', keep);
  const url = `http://127.0.0.1:${o.port}`;
  try {
    await waitForHttp(url + o.readyPath, o.timeoutMs ?? 60_000, proc);
  } catch (err) {
    proc.kill('SIGKILL');
    throw new Error(`${(err as Error).message}\n${log}`);
  }
  const readyMs = performance.now() - started;
  return {
    proc, pid: proc.pid!, url, port: o.port, readyMs, output: () => log,
    stop: () => new Promise<void>((resolve) => {
      if (proc.exitCode !== null || proc.signalCode !== null) return resolve();
      const force = setTimeout(() => proc.kill('SIGKILL'), 5000);
      proc.once('exit', () => { clearTimeout(force); resolve(); });
      proc.kill('SIGTERM');
    }),
  };
}

/** Resident set size now and its peak since start (or since resetPeak), in bytes. */
export function memory(pid: number): { rss: number; peak: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (key: string) => Number(new RegExp(`^${key}:\\s+(\\d+)`, 'm').exec(status)?.[1] ?? 0) * 1024;
  return { rss: kb('VmRSS'), peak: kb('VmHWM') };
}

/** Linux resets VmHWM when 5 is written to clear_refs; elsewhere sampling alone gives the peak. */
export function resetPeak(pid: number): void {
  try {
    execFileSync('sh', ['-c', `echo 5 > /proc/${pid}/clear_refs`], { stdio: 'ignore' });
  } catch {
    // Sampling still bounds the peak from below.
  }
}

/** Samples RSS every `everyMs` until stopped; returns the samples and the peak seen. */
export function sampleRss(pid: number, everyMs = 100): { stop(): { samples: number[]; peak: number } } {
  const samples: number[] = [];
  resetPeak(pid);
  const take = () => {
    try { samples.push(memory(pid).rss); } catch { /* exited */ }
  };
  take();
  const timer = setInterval(take, everyMs);
  return {
    stop() {
      clearInterval(timer);
      take();
      let peak = Math.max(...samples);
      try { peak = Math.max(peak, memory(pid).peak); } catch { /* exited */ }
      return { samples, peak };
    },
  };
}

let clockTicks: number | undefined;

/** Kernel clock ticks per second, the unit of /proc's CPU times. */
function ticksPerSecond(): number {
  return clockTicks ??= Number(execFileSync('getconf', ['CLK_TCK']).toString().trim()) || 100;
}

/** A process's command name and its CPU ticks so far (user + system, all threads), from /proc/<pid>/stat. */
function processTicks(pid: number | string): { name: string; ticks: number } {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  // Fields after the command name (which may contain spaces) start at state, field 3.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return { name: stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')')), ticks: Number(fields[11]) + Number(fields[12]) };
}

/** CPU seconds (user + system, all threads) the process has used so far. */
export function cpuSeconds(pid: number): number {
  return processTicks(pid).ticks / ticksPerSecond();
}

/** CPU ticks used so far by each process of the local PostgreSQL server (every process named `postgres`). */
function databaseTicks(): Map<string, number> {
  const out = new Map<string, number>();
  for (const pid of readdirSync('/proc')) {
    if (!/^\d+$/.test(pid)) continue;
    let p: { name: string; ticks: number };
    try { p = processTicks(pid); } catch { continue; } // it ended while the list was read
    if (p.name === 'postgres') out.set(pid, p.ticks);
  }
  return out;
}

/**
 * Starts counting the CPU the local PostgreSQL server uses (its backends, WAL writer,
 * checkpointer): it shares the machine's cores with the service, so a PostgreSQL write costs both
 * processes' CPU. `stop` answers the seconds used since, or undefined when no such server runs
 * here. A process that ended in between is not counted (its ticks are gone from /proc): a floor.
 */
export function databaseCpu(): { stop(): number | undefined } {
  const before = databaseTicks();
  return {
    stop() {
      const after = databaseTicks();
      if (!after.size) return undefined;
      let ticks = 0;
      for (const [pid, t] of after) ticks += t - (before.get(pid) ?? 0);
      return ticks / ticksPerSecond();
    },
  };
}

/** Waits until the process stops burning CPU (work left from aborted requests), at most `maxMs`. */
export async function settle(pid: number, maxMs = 3000): Promise<void> {
  const until = performance.now() + maxMs;
  let last = cpuSeconds(pid);
  while (performance.now() < until) {
    await sleep(100);
    const now = cpuSeconds(pid);
    if (now - last < 0.02) return;
    last = now;
  }
}
