// The environment variables the service reads, each with a zod schema and an example. A wrong value
// is reported as one line naming the variable, what is wrong with the value and a value that works,
// instead of being silently replaced by a default (or, worse, taken for a SQLite file name).
import { isIP } from 'node:net';
import { z } from 'zod';
import { parseKeys } from './auth/keys.js';
import { INT_RANGE } from './model/types.js';

/** One environment variable: how to read it, an example for the error, whether its value is secret. */
export interface EnvVar<T> {
  schema: z.ZodType<T, string>;
  example: string;
  secret?: boolean;
}

function v<T>(schema: z.ZodType<T, string>, example: string, secret = false): EnvVar<T> {
  return { schema, example, secret };
}

const WHOLE = /^[+-]?\d+$/;

/** A whole number from `min` to `max` (inclusive). */
export function int(min: number, max = Number.MAX_SAFE_INTEGER, example = String(Math.max(min, 1))): EnvVar<number> {
  const range = max === Number.MAX_SAFE_INTEGER ? `at least ${min}` : `from ${min} to ${max}`;
  return v(z.string().trim()
    .refine((s) => WHOLE.test(s), `is not a whole number (${range})`)
    .transform(Number)
    .refine((n) => n >= min && n <= max, `is out of range: must be ${range}`), example);
}

export const bool = (example = 'true'): EnvVar<boolean> => v(z.string().trim().toLowerCase()
  .refine((s) => ['true', 'false', '1', '0'].includes(s), 'is not a boolean: use true or false')
  .transform((s) => s === 'true' || s === '1'), example);

export function oneOf<const T extends string>(values: readonly T[], example: T = values[0]): EnvVar<T> {
  return v(z.string().trim()
    .refine((s) => (values as readonly string[]).includes(s), `must be one of ${values.join(', ')}`)
    .transform((s) => s as T), example);
}

const text = (example: string): EnvVar<string> => v(z.string().trim().min(1, 'is empty'), example);

function url(protocols: string[], what: string, example: string): EnvVar<string> {
  return v(z.string().trim().superRefine((s, ctx) => {
    let u: URL;
    try {
      u = new URL(s);
    } catch {
      ctx.addIssue({ code: 'custom', message: `is not a URL (expected ${what})` });
      return;
    }
    if (!protocols.includes(u.protocol)) ctx.addIssue({ code: 'custom', message: `has the unsupported scheme "${u.protocol}" (expected ${what})` });
    else if (!u.hostname) ctx.addIssue({ code: 'custom', message: `has no host (expected ${what})` });
  }), example);
}

/** A comma list of non-negative numbers of seconds. */
const seconds = v(z.string().trim()
  .transform((s) => s.split(',').map((p) => p.trim()).filter(Boolean))
  .refine((l) => l.length > 0 && l.every((p) => /^\d+(\.\d+)?$/.test(p)), 'must be a comma-separated list of non-negative numbers of seconds')
  .transform((l) => l.map(Number)), '60,300,1800');

/** A comma list of DNS servers, each an IP address with an optional port (`[v6]:port` for IPv6 with a port). */
const nameServers = v(z.string().trim()
  .transform((s) => s.split(',').map((p) => p.trim()).filter(Boolean))
  .refine((l) => l.every((p) => isIP(p) !== 0 || /^\d{1,3}(\.\d{1,3}){3}:\d{1,5}$/.test(p) || /^\[[0-9a-f:.]+\]:\d{1,5}$/i.test(p)), 'must be a comma-separated list of IP addresses, each with an optional :port'), '1.1.1.1,8.8.8.8:53');

/** A SQLite file (path ending in .sqlite, .sqlite3 or .db, an absolute path, or sqlite:<path>), `:memory:`, or PostgreSQL. */
export const databaseUrl: EnvVar<string> = v(z.string().trim().superRefine((s, ctx) => {
  const problem = databaseUrlProblem(s);
  if (problem) ctx.addIssue({ code: 'custom', message: problem });
}).transform(sqlitePath), 'postgres://commerce:secret@db.example.com:5432/commerce (or ./data/commerce.sqlite)');

const SCHEME = /^([a-z][a-z0-9+.-]*):/i;

function databaseUrlProblem(s: string): string | undefined {
  if (/^postgres(ql)?:\/\//i.test(s)) {
    try {
      const u = new URL(s);
      if (!u.hostname && !u.searchParams.get('host')) return 'names no host';
      return undefined;
    } catch {
      return 'is not a valid postgres:// URL';
    }
  }
  if (s === ':memory:' || /^sqlite:/i.test(s)) return sqlitePath(s) ? undefined : 'names no SQLite file after "sqlite:"';
  const scheme = SCHEME.exec(s)?.[1];
  // One letter is a Windows drive (C:\data\commerce.sqlite), not a scheme.
  if (scheme && scheme.length > 1) return `uses the unsupported scheme "${scheme}:" (expected postgres://… or a SQLite file path)`;
  if (/\.(sqlite3?|db)$/i.test(s) || /^(\/|[A-Za-z]:[\\/])/.test(s)) return undefined;
  return 'is neither a postgres:// URL nor a SQLite file path (an absolute path, a name ending in .sqlite, .sqlite3 or .db, or sqlite:<path>)';
}

/** `sqlite:x`, `sqlite://x` and `sqlite:///abs` name the file x; everything else stands as it is. */
function sqlitePath(s: string): string {
  const m = /^sqlite:(\/\/)?(.*)$/i.exec(s);
  return m ? m[2] : s;
}

const jwtSecret = v(z.string().trim().superRefine((s, ctx) => {
  try {
    parseKeys(s);
  } catch (err) {
    ctx.addIssue({ code: 'custom', message: `is not usable: ${(err as Error).message}` });
  }
}), 'k1:<at least 32 random characters, e.g. from openssl rand -base64 48>', true);

/** Every variable the service reads (README "Configuration" lists them with their defaults). */
export const ENV = {
  HOST: text('0.0.0.0'),
  PORT: int(0, 65535, '3000'),
  BASE_URL: url(['http:', 'https:'], 'an http:// or https:// URL', 'https://api.example.com'),
  DATA_DIR: text('/var/lib/commerce'),
  DATABASE_URL: databaseUrl,
  REDIS_URL: url(['redis:', 'rediss:'], 'a redis:// or rediss:// URL', 'redis://127.0.0.1:6379'),
  REDIS_PREFIX: text('commerce:'),
  REDIS_COMMAND_TIMEOUT_MS: int(1, 60_000, '500'),
  JWT_SECRET: jwtSecret,
  ACCESS_TOKEN_TTL: int(60, 31 * 24 * 3600, '7200'),
  ROTATE_REFRESH_TOKENS: bool('false'),
  LOG_LEVEL: oneOf(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], 'info'),
  MODE: oneOf(['production', 'sandbox']),
  SQLITE_SYNCHRONOUS: oneOf(['FULL', 'NORMAL']),
  SQLITE_TEMP_STORE: oneOf(['MEMORY', 'FILE']),
  DATABASE_PREPARED_STATEMENTS: bool('true'),
  DATABASE_LOCK_TIMEOUT_MS: int(0, 3_600_000, '2000'),
  DATABASE_STATEMENT_TIMEOUT_MS: int(0, 3_600_000, '30000'),
  DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS: int(0, 3_600_000, '60000'),
  // A file's size is an Int in the GraphQL schema (fileSize): at most 2,147,483,647 bytes.
  MAX_UPLOAD_BYTES: int(1, INT_RANGE.max, '104857600'),
  FILE_STORAGE: oneOf(['database', 'disk']),
  STORAGE_MIN_FREE_BYTES: int(0, Number.MAX_SAFE_INTEGER, '16777216'),
  OUTBOUND_ALLOW_PRIVATE: bool('false'),
  OUTBOUND_DNS_SERVERS: nameServers,
  OUTBOUND_DNS_TIMEOUT_MS: int(1, 60_000, '2000'),
  PRE_CHECKOUT_TIMEOUT_MS: int(1, 600_000, '5000'),
  CHECKOUT_MAX_LINES: int(1, 10_000, '1000'),
  GRAPHQL_MAX_COST: int(1, Number.MAX_SAFE_INTEGER, '300000'),
  MAX_COST: int(1, Number.MAX_SAFE_INTEGER, '300000'),
  REST_MAX_ZOOM_DEPTH: int(1, 100, '4'),
  MAX_RESPONSE_OBJECTS: int(1, Number.MAX_SAFE_INTEGER, '50000'),
  RATE_LIMIT_COST_PER_POINT: int(1, Number.MAX_SAFE_INTEGER, '1000'),
  WS_MAX_OPERATIONS: int(1, Number.MAX_SAFE_INTEGER, '100'),
  WS_MAX_SOCKETS_PER_TOKEN: int(1, Number.MAX_SAFE_INTEGER, '100'),
  WS_SOCKET_TTL_MS: int(1000, 3_600_000, '60000'),
  WS_MAX_DISTINCT_PER_STORE: int(1, Number.MAX_SAFE_INTEGER, '500'),
  GRAPHQL_MAX_DEPTH: int(1, 1000, '10'),
  GRAPHQL_MAX_TOKENS: int(100, 1_000_000, '2000'),
  GRAPHQL_MAX_FRAGMENTS: int(0, 100_000, '100'),
  GRAPHQL_MAX_ALIASES: int(0, 100_000, '30'),
  GRAPHQL_INTROSPECTION: bool(),
  GRAPHQL_JIT: bool(),
  WEBHOOK_RETRY_SCHEDULE: seconds,
  WEBHOOK_DISABLE_AFTER: int(1, 1_000_000, '12'),
  WEBHOOK_TIMEOUT_MS: int(1, 600_000, '10000'),
  WEBHOOK_POLL_MS: int(0, 3_600_000, '1000'),
  WEBHOOK_CONCURRENCY: int(1, 100_000, '32'),
  SUBSCRIPTION_POLL_MS: int(0, 3_600_000, '5000'),
  WS_MAX_BUFFERED_BYTES: int(1024, Number.MAX_SAFE_INTEGER, '4194304'),
  TRUST_PROXY: text('10.0.0.0/8,127.0.0.1'),
  RATE_LIMIT_MAX: int(0, Number.MAX_SAFE_INTEGER, '6000'),
  RATE_LIMIT_CREDENTIALS_MAX: int(0, Number.MAX_SAFE_INTEGER, '600'),
  RATE_LIMIT_WINDOW_MS: int(1000, Number.MAX_SAFE_INTEGER, '60000'),
  RATE_LIMIT_PAUSE_AFTER: int(0, 1_000_000, '2'),
  RATE_LIMIT_PAUSED_MAX: int(0, Number.MAX_SAFE_INTEGER, '1024'),
  RATE_LIMIT_PAUSED_PER_ADDRESS: int(0, Number.MAX_SAFE_INTEGER, '64'),
  RATE_LIMIT_FAIR_SHARE: int(0, 1_000_000, '2'),
  RESPONSE_PACE_ABOVE: int(0, Number.MAX_SAFE_INTEGER, '500'),
  RESPONSE_SLICE_MS: int(0, 1000, '0'),
  HTTP_REQUEST_TIMEOUT_MS: int(1000, Number.MAX_SAFE_INTEGER, '60000'),
  HTTP_HEADERS_TIMEOUT_MS: int(100, Number.MAX_SAFE_INTEGER, '10000'),
  HTTP_KEEP_ALIVE_TIMEOUT_MS: int(100, Number.MAX_SAFE_INTEGER, '5000'),
  HTTP_IDLE_TIMEOUT_MS: int(100, Number.MAX_SAFE_INTEGER, '30000'),
  SHUTDOWN_GRACE_MS: int(100, Number.MAX_SAFE_INTEGER, '25000'),
  CURIE_NAME: v(z.string().trim().regex(/^[A-Za-z][A-Za-z0-9_.-]{0,30}$/, 'is not a curie name (a letter, then up to 30 letters, digits, _ . -)'), 'fx'),
  API_VERSION_HEADER: v(z.string().trim().regex(/^[A-Za-z0-9-]{1,64}$/, 'is not a header name (letters, digits and -)'), 'FOXY-API-VERSION'),
} satisfies Record<string, EnvVar<unknown>>;

export type EnvName = keyof typeof ENV;
export type EnvValues = { [K in EnvName]?: (typeof ENV)[K] extends EnvVar<infer T> ? T : never };

/** One wrong variable. */
export interface ConfigProblem {
  variable: string;
  message: string;
}

/** The environment holds wrong values; `message` has one line per variable. */
export class ConfigError extends Error {
  constructor(readonly problems: ConfigProblem[]) {
    super(problems.map((p) => p.message).join('\n'));
    this.name = 'ConfigError';
  }
}

function quote(value: string): string {
  const shown = value.length > 60 ? `${value.slice(0, 57)}...` : value;
  return JSON.stringify(shown);
}

/**
 * Reads every known variable of `env`. Unset and empty variables are left out (their defaults
 * apply); every wrong one is reported, all at once.
 */
export function readEnv(env: NodeJS.ProcessEnv): EnvValues {
  const out: Record<string, unknown> = {};
  const problems: ConfigProblem[] = [];
  for (const [name, spec] of Object.entries(ENV) as [EnvName, EnvVar<unknown>][]) {
    const raw = env[name];
    if (raw === undefined || raw.trim() === '') continue;
    const parsed = spec.schema.safeParse(raw);
    if (parsed.success) {
      out[name] = parsed.data;
      continue;
    }
    const shown = spec.secret ? '(value hidden)' : quote(raw);
    problems.push({ variable: name, message: `${name}=${shown} ${parsed.error.issues[0].message}; for example ${name}=${spec.example}` });
  }
  if (problems.length) throw new ConfigError(problems);
  return out as EnvValues;
}
