// Starting the service without stack traces or crash loops: a database that is not there yet (a
// PostgreSQL still starting, a network not up) is waited for with one log line per attempt; a
// mistake that waiting cannot fix (wrong password, unknown database, port taken, bad JWT key file)
// stops the start with one line that says what to change.
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.js';
import { isUnavailable } from './unavailable.js';

/** A start-up failure already phrased for the operator (one line). */
export class StartupError extends Error {}

/** The URL with its password hidden, for messages. */
export function redactDatabaseUrl(url: string): string {
  return url.replace(/^([a-z]+:\/\/[^:/@]*):[^@]*@/i, '$1:***@');
}

function oneLine(s: string): string {
  return s.replace(/\s*\n\s*/g, ' ').trim();
}

/** What an error that stops the start means, in one line. */
export function describeStartError(err: unknown, config: Config): string {
  const e = err as { code?: unknown; message?: unknown };
  const code = typeof e?.code === 'string' ? e.code : '';
  const message = oneLine(typeof e?.message === 'string' ? e.message : String(err));
  const db = redactDatabaseUrl(config.databaseUrl);
  if (err instanceof StartupError) return message;
  if (code === 'EADDRINUSE') return `PORT ${config.port} on HOST ${config.host} is already in use; stop the other process or choose another PORT`;
  if (code === 'EADDRNOTAVAIL') return `HOST ${config.host} is not an address of this machine; use 127.0.0.1, 0.0.0.0 or one of its addresses`;
  if (code === 'EACCES' && /listen/i.test(message)) return `not allowed to listen on PORT ${config.port}; use a port above 1023`;
  if (/^(28|3D|42501)/.test(code)) return `the database at ${db} refused us: ${message} (SQLSTATE ${code}); check DATABASE_URL`;
  if (code.startsWith('SQLITE_')) return `cannot open the SQLite database ${db}: ${message} (${code}); check DATABASE_URL and DATA_DIR`;
  if (/^E[A-Z]+$/.test(code)) return `cannot start: ${message}; check DATA_DIR (${config.dataDir}) and DATABASE_URL`;
  return `cannot start: ${message}`;
}

export interface WaitOptions {
  /** Where the waiting lines go. */
  log: (line: string) => void;
  /** First pause between attempts; it doubles up to maxDelayMs. */
  delayMs?: number;
  maxDelayMs?: number;
}

/**
 * Builds the app, trying again while the database cannot be reached (it may be starting with us).
 * Any other failure is thrown as a StartupError with its one-line description.
 */
export async function buildWhenDatabaseReachable(config: Config, build: () => Promise<FastifyInstance>, opts: WaitOptions): Promise<FastifyInstance> {
  let delay = opts.delayMs ?? 500;
  const max = opts.maxDelayMs ?? 10_000;
  for (let attempt = 1; ; attempt++) {
    try {
      return await build();
    } catch (err) {
      if (!isUnavailable(err)) throw new StartupError(describeStartError(err, config));
      const why = oneLine(String((err as Error)?.message ?? err)) || String((err as { code?: unknown }).code);
      opts.log(`waiting for the database at ${redactDatabaseUrl(config.databaseUrl)} (attempt ${attempt}: ${why}); next try in ${Math.round(delay / 100) / 10} s`);
      await new Promise((r) => setTimeout(r, delay));
      delay = Math.min(delay * 2, max);
    }
  }
}
