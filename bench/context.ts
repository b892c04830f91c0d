// What every scenario of one engine gets: settings, the database and its probe app, the seeded
// store, and the running processes.
import type { BenchConfig } from './config.js';
import type { Child } from './proc.js';
import type { Seeded } from './seed.js';
import type { StatementLog } from './statements.js';
import type { Target } from './target.js';

export interface Ctx {
  cfg: BenchConfig;
  target: Target;
  seeded: Seeded;
  service: Child;
  baseline: Child;
  /** PostGraphile 4 over the same tables (PostgreSQL only). */
  peer?: Child;
  /** PostGraphile 5 (Grafast, Amber preset) on Node 22, over the same tables (PostgreSQL only). */
  peer5?: Child;
  log: StatementLog;
}

export const restHeaders = (token: string): Record<string, string> => ({
  authorization: `Bearer ${token}`, 'service-api-version': '1', accept: 'application/hal+json',
});

export const jsonHeaders = (token?: string): Record<string, string> => ({
  'content-type': 'application/json', accept: 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}),
});

/** The first difference between two JSON values (key order ignored), or undefined when equal. */
export function jsonDiff(a: unknown, b: unknown, path = '$'): string | undefined {
  if (a === b) return undefined;
  if (typeof a !== typeof b || a === null || b === null || typeof a !== 'object') {
    return `${path}: ${JSON.stringify(a)?.slice(0, 80)} ≠ ${JSON.stringify(b)?.slice(0, 80)}`;
  }
  if (Array.isArray(a) !== Array.isArray(b)) return `${path}: array vs object`;
  const ka = Object.keys(a as object);
  const kb = Object.keys(b as object);
  for (const k of new Set([...ka, ...kb])) {
    const d = jsonDiff((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k], `${path}.${k}`);
    if (d) return d;
  }
  return undefined;
}
