// What the numbers were measured on: CPU, cores, memory, load, and the versions that matter.
import { cpus, loadavg, totalmem, freemem, release } from 'node:os';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { ROOT } from './config.js';

export interface Machine {
  cpu: string;
  cores: number;
  memoryGb: number;
  freeGb: number;
  kernel: string;
  loadAtStart: number[];
  versions: Record<string, string>;
}

function pkgVersion(name: string, from = ROOT): string {
  try {
    return JSON.parse(readFileSync(join(from, 'node_modules', name, 'package.json'), 'utf8')).version;
  } catch {
    return 'not installed';
  }
}

export async function describeMachine(pgUrl?: string): Promise<Machine> {
  const versions: Record<string, string> = { node: process.versions.node };
  for (const p of ['fastify', '@apollo/server', 'graphql', 'graphql-ws', 'kysely', 'better-sqlite3', 'pg', 'autocannon']) {
    versions[p] = pkgVersion(p);
  }
  if (pgUrl) versions['postgraphile (bench/peer)'] = pkgVersion('postgraphile', join(ROOT, 'bench/peer'));
  const mem = new SQLite(':memory:');
  versions.sqlite = String((mem.prepare('select sqlite_version() as v').get() as { v: string }).v);
  mem.close();
  if (pgUrl) {
    const c = new pg.Client({ connectionString: pgUrl });
    await c.connect();
    versions.postgresql = String((await c.query('SHOW server_version')).rows[0].server_version);
    await c.end();
  }
  return {
    cpu: cpus()[0]?.model ?? 'unknown', cores: cpus().length, memoryGb: totalmem() / 2 ** 30, freeGb: freemem() / 2 ** 30,
    kernel: release(), loadAtStart: loadavg(), versions,
  };
}
