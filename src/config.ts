// Environment → typed configuration. Everything the service reads from the environment is here.
import { join } from 'node:path';

export interface Config {
  host: string;
  port: number;
  baseUrl: string;
  dataDir: string;
  /** `postgres://…`, a SQLite path or `:memory:`. */
  databaseUrl: string;
  /** PostgreSQL schema (tests isolate themselves with one each). */
  databaseSchema?: string;
  redisUrl?: string;
  jwtSecret?: string;
  accessTokenTtl: number;
  rotateRefreshTokens: boolean;
  logLevel: string;
  mode: 'production' | 'sandbox';
  sqliteSynchronous: 'FULL' | 'NORMAL';
  maxUploadBytes: number;
  outboundAllowPrivate: boolean;
  /** How long a pre-checkout hook or tax endpoint may take (DESIGN §6: 5 s). */
  preCheckoutTimeoutMs: number;
  /** Largest calculated cost of one GraphQL operation (objects + connections × page size + mutations × 10). */
  graphqlMaxCost: number;
  /** Deepest field nesting of one GraphQL operation (root fields are depth 0). */
  graphqlMaxDepth: number;
  /** Most aliases in one GraphQL document. */
  graphqlMaxAliases: number;
  /** Whether GraphQL introspection (and so GraphiQL's schema docs) is answered. */
  graphqlIntrospection: boolean;
}

function int(v: string | undefined, d: number): number {
  const n = v === undefined || v === '' ? NaN : Number(v);
  return Number.isFinite(n) ? n : d;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<Config> = {}): Config {
  const port = int(env.PORT, 3000);
  const dataDir = env.DATA_DIR ?? './data';
  const cfg: Config = {
    host: env.HOST ?? '127.0.0.1',
    port,
    baseUrl: (env.BASE_URL ?? `http://localhost:${port}`).replace(/\/+$/, ''),
    dataDir,
    databaseUrl: env.DATABASE_URL ?? join(dataDir, 'commerce.sqlite'),
    redisUrl: env.REDIS_URL || undefined,
    jwtSecret: env.JWT_SECRET || undefined,
    accessTokenTtl: int(env.ACCESS_TOKEN_TTL, 7200),
    rotateRefreshTokens: env.ROTATE_REFRESH_TOKENS === 'true',
    logLevel: env.LOG_LEVEL ?? 'info',
    mode: env.MODE === 'sandbox' ? 'sandbox' : 'production',
    sqliteSynchronous: env.SQLITE_SYNCHRONOUS === 'NORMAL' ? 'NORMAL' : 'FULL',
    maxUploadBytes: int(env.MAX_UPLOAD_BYTES, 100 * 1024 * 1024),
    outboundAllowPrivate: env.OUTBOUND_ALLOW_PRIVATE === 'true',
    preCheckoutTimeoutMs: int(env.PRE_CHECKOUT_TIMEOUT_MS, 5000),
    graphqlMaxCost: int(env.GRAPHQL_MAX_COST, 1000),
    graphqlMaxDepth: int(env.GRAPHQL_MAX_DEPTH, 10),
    graphqlMaxAliases: int(env.GRAPHQL_MAX_ALIASES, 30),
    graphqlIntrospection: env.GRAPHQL_INTROSPECTION !== 'false',
  };
  return { ...cfg, ...overrides };
}
