// Settings of one benchmark run, from the environment. Every knob has a default that keeps
// `npm run bench` under five minutes on two shared cores; the report prints the values used.
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export const ROOT = new URL('..', import.meta.url).pathname.replace(/\/$/, '');

function num(name: string, fallback: number): number {
  const raw = process.env[name];
  const n = raw === undefined || raw === '' ? NaN : Number(raw);
  return Number.isFinite(n) && n > 0 ? n : fallback;
}

export interface BenchConfig {
  /** 1 = 10,000 transactions × 5 items × 3 options. */
  scale: number;
  transactions: number;
  /** Seconds of measured load per run of one server (after the warm-up). */
  duration: number;
  warmup: number;
  /** Baseline and server take turns this many times, so background noise hits both alike. */
  rounds: number;
  connections: number;
  soakSeconds: number;
  subscribers: number;
  /** Carts created for the checkout scenario. */
  carts: number;
  coldStarts: number;
  pgUrl?: string;
  /** BENCH_ENGINES=sqlite,postgres by default (postgres only with BENCH_DATABASE_URL). */
  engines: Array<'sqlite' | 'postgres'>;
  /** BENCH_FULL=1 runs every scenario on every engine (otherwise 1, 4b and 6 only on the first). */
  full: boolean;
  /** BENCH_SKIP_COLD=1 leaves out scenarios 8 and 9. */
  coldStart: boolean;
  profile: boolean;
  workDir: string;
  jwtSecret: string;
  out: string;
  /** BENCH_ONLY=2,3,soak runs just those scenarios (ids as in the report); empty = all. */
  only: Set<string>;
}

export function loadBenchConfig(): BenchConfig {
  const scale = num('BENCH_SCALE', 1);
  const engines = (process.env.BENCH_ENGINES ?? 'sqlite,postgres').split(',').map((e) => e.trim())
    .filter((e): e is 'sqlite' | 'postgres' => e === 'sqlite' || (e === 'postgres' && !!process.env.BENCH_DATABASE_URL));
  return {
    scale,
    transactions: Math.max(200, Math.round(10_000 * scale)),
    // Two engines in one run get shorter turns, so the whole run stays near five minutes.
    duration: num('BENCH_DURATION', engines.length > 1 ? 2.5 : 4),
    warmup: num('BENCH_WARMUP', 3),
    rounds: Math.round(num('BENCH_ROUNDS', 2)),
    connections: Math.round(num('BENCH_CONNECTIONS', 10)),
    soakSeconds: num('BENCH_SOAK_SECONDS', 15),
    subscribers: Math.round(num('BENCH_SUBSCRIBERS', 1000)),
    carts: Math.round(num('BENCH_CARTS', 20000 * Math.min(1, scale * 2))),
    coldStarts: Math.round(num('BENCH_COLD_STARTS', 3)),
    pgUrl: process.env.BENCH_DATABASE_URL || undefined,
    engines,
    full: process.env.BENCH_FULL === '1',
    coldStart: process.env.BENCH_SKIP_COLD !== '1',
    profile: process.env.BENCH_PROFILE !== '0',
    workDir: mkdtempSync(join(tmpdir(), 'commerce-bench-')),
    jwtSecret: `bench:${randomBytes(32).toString('base64url')}`,
    out: process.env.BENCH_OUT ?? join(ROOT, 'BENCHMARKS.md'),
    only: new Set((process.env.BENCH_ONLY ?? '').split(',').map((s) => s.trim()).filter(Boolean)),
  };
}
