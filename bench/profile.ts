// CPU profiles of the service under the loads of scenarios 2 and 3 (V8's sampling profiler, the one
// behind node --cpu-prof, started after a warm-up), summarised as the top self-time frames and the
// share of time per module, for the report.
import { readFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { spawnService, freePort, settle, sleep } from './proc.js';
import { ROOT } from './config.js';

interface Node { id: number; callFrame: { functionName: string; url: string; lineNumber: number }; hitCount?: number; children?: number[] }
interface Profile { nodes: Node[]; samples: number[]; timeDeltas: number[]; startTime: number; endTime: number }

export interface ProfileSummary {
  name: string;
  seconds: number;
  requests: number;
  top: Array<{ frame: string; selfPct: number }>;
  modules: Array<{ module: string; selfPct: number }>;
}

/** `src/rest/represent.ts`, `fastify`, `node:internal`, `(garbage collector)`, … */
function moduleOf(url: string, fn: string, appDir: string): string {
  // better-sqlite3's statement methods are native: their self time is SQLite executing the query.
  if (!url && ['all', 'get', 'run', 'iterate', 'exec'].includes(fn)) return 'SQLite (better-sqlite3, native)';
  if (!url) return fn.startsWith('(') ? fn : '(native)';
  const u = url.replace(/^file:\/\//, '');
  const nm = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(u);
  if (nm) return nm[1];
  if (u.startsWith(appDir)) return 'src/' + u.slice(appDir.length + 1).replace(/\.js$/, '.ts');
  if (u.startsWith('node:')) return u.split('/').slice(0, 2).join('/');
  return u.replace(ROOT + '/', '');
}

export function summarise(file: string, appDir: string, name: string, requests: number): ProfileSummary {
  const p = JSON.parse(readFileSync(file, 'utf8')) as Profile;
  const byId = new Map(p.nodes.map((n) => [n.id, n]));
  const self = new Map<number, number>();
  p.samples.forEach((id, i) => self.set(id, (self.get(id) ?? 0) + (p.timeDeltas[i] ?? 0)));
  const total = [...self.values()].reduce((a, b) => a + b, 0) || 1;
  const frames = new Map<string, number>();
  const modules = new Map<string, number>();
  for (const [id, us] of self) {
    const n = byId.get(id)!;
    const mod = moduleOf(n.callFrame.url, n.callFrame.functionName, appDir);
    const frame = `${n.callFrame.functionName || '(anonymous)'} ${mod}${n.callFrame.url ? `:${n.callFrame.lineNumber + 1}` : ''}`;
    frames.set(frame, (frames.get(frame) ?? 0) + us);
    modules.set(mod, (modules.get(mod) ?? 0) + us);
  }
  const pct = (us: number) => (100 * us) / total;
  const sorted = <K>(m: Map<K, number>) => [...m.entries()].sort((a, b) => b[1] - a[1]);
  return {
    name, seconds: (p.endTime - p.startTime) / 1e6, requests,
    top: sorted(frames).slice(0, 15).map(([frame, us]) => ({ frame, selfPct: pct(us) })),
    modules: sorted(modules).slice(0, 15).map(([module, us]) => ({ module, selfPct: pct(us) })),
  };
}

export interface ProfileLoad {
  name: string;
  method: 'GET' | 'POST';
  path: string;
  headers: Record<string, string>;
  body?: string;
  /** A distinct path and body per request (writes that must not repeat themselves). */
  next?: () => { path: string; body: string };
}

/** Waits until the child printed `marker` (the profile hook reports on stdout). */
async function printed(output: () => string, marker: string, timeoutMs = 10_000): Promise<void> {
  const until = performance.now() + timeoutMs;
  while (!output().includes(marker)) {
    if (performance.now() > until) throw new Error(`the profiled service never printed "${marker}"`);
    await sleep(20);
  }
}

/**
 * Starts a service with the profile hook, warms it up, profiles `seconds` of `load`, and
 * summarises the profile (start-up and warm-up excluded).
 */
export async function profileService(entry: string, env: Record<string, string>, dir: string, load: ProfileLoad,
  seconds: number, connections: number): Promise<ProfileSummary> {
  mkdirSync(dir, { recursive: true });
  const port = await freePort();
  const file = join(dir, `${load.name}.cpuprofile`);
  const child = await spawnService({
    args: [entry], nodeFlags: ['--import', join(ROOT, 'bench/profile-hook.mjs')],
    env: { ...env, PORT: String(port), BENCH_PROFILE_FILE: file }, port, readyPath: '/healthz',
  });
  const run = (duration: number) => autocannon({
    url: child.url, connections, duration, timeout: 30,
    requests: [{
      method: load.method, path: load.path, headers: load.headers, body: load.body,
      ...(load.next ? { setupRequest: (req: Record<string, unknown>) => ({ ...req, ...load.next!() }) } : {}),
    }],
  });
  let requests = 0;
  try {
    await run(2);
    await settle(child.pid);
    child.proc.kill('SIGUSR2');
    await printed(child.output, 'bench-profile: started');
    const result = await run(seconds);
    child.proc.kill('SIGUSR2');
    await printed(child.output, 'bench-profile: written');
    requests = (result as unknown as { requests: { total: number } }).requests.total;
  } finally {
    await child.stop();
  }
  return summarise(file, join(entry, '..'), load.name, requests);
}
