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
  /** Prefix of every Redis key and channel (tests give each file its own). */
  redisPrefix: string;
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
  /** Largest calculated cost of one request, REST or GraphQL (src/data/cost.ts; docs/decisions.md on the numbers). */
  graphqlMaxCost: number;
  /** Longest REST zoom path in steps (`a:b:c` is 3), and most objects one REST answer or webhook payload embeds. */
  restMaxZoomDepth: number;
  maxResponseObjects: number;
  /** Calculated cost that spends one more unit of the rate-limit budget (beyond 1 per request or operation). */
  rateLimitCostPerPoint: number;
  /** graphql-ws caps: operations at once per socket, sockets per token, distinct live subscriptions per store. */
  wsMaxOperations: number;
  wsMaxSocketsPerToken: number;
  wsMaxDistinctPerStore: number;
  /** Deepest field nesting of one GraphQL operation (root fields are depth 0). */
  graphqlMaxDepth: number;
  /** Most aliases in one GraphQL document. */
  graphqlMaxAliases: number;
  /** Whether GraphQL introspection (and so GraphiQL's schema docs) is answered. */
  graphqlIntrospection: boolean;
  /** Seconds to wait before each retry of a failed webhook delivery (DESIGN §8). */
  webhookRetrySchedule: number[];
  /** Consecutive failed delivery attempts after which a webhook is switched off (is_active = 0). */
  webhookDisableAfter: number;
  /** How long a webhook endpoint may take to answer before the attempt counts as failed. */
  webhookTimeoutMs: number;
  /** Safety-net poll of the event log and due retries, besides the after-commit wake-ups (0: none). */
  webhookPollMs: number;
  /** Delivery attempts in flight at once per process, each to a different webhook; bounds its memory. */
  webhookConcurrency: number;
  /** Safety-net poll of the event log for live subscriptions, besides the bus signals (0: none). */
  subscriptionPollMs: number;
  /** Bytes a WebSocket may hold unsent before its consumer counts as too slow and is closed (4429). */
  wsMaxBufferedBytes: number;
  /**
   * Which proxies' X-Forwarded-For to believe (Fastify's trustProxy): false (none, the default),
   * true (any), or a comma list of proxy addresses and CIDRs. Rate limits per address and logs use
   * the client address it yields.
   */
  trustProxy: boolean | string;
  /** Execute GraphQL over HTTP with graphql-jit (compiled per document) rather than graphql-js. */
  graphqlJit: boolean;
  /** Requests per token (or per address when anonymous) in each rate-limit window; 0 turns limiting off. */
  rateLimitMax: number;
  /** Credential and registration POSTs (/clients, /token, log-in and consent forms) per address per window. */
  rateLimitCredentialsMax: number;
  rateLimitWindowMs: number;
  /** Longest time to receive a whole request (uploads included). */
  httpRequestTimeoutMs: number;
  /** Longest time to receive the request line and headers (slow-header clients are cut off). */
  httpHeadersTimeoutMs: number;
  /** How long an idle keep-alive connection stays open. */
  httpKeepAliveTimeoutMs: number;
  /** A socket with no traffic for this long is closed. */
  httpIdleTimeoutMs: number;
  /** How long a shutdown waits for requests in flight. */
  shutdownGraceMs: number;
}

/** Comma-separated non-negative numbers, or the default when any entry is not one. */
function numbers(v: string | undefined, d: number[]): number[] {
  const list = (v ?? '').split(',').map((s) => s.trim()).filter(Boolean).map(Number);
  return list.length && list.every((n) => Number.isFinite(n) && n >= 0) ? list : d;
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
    redisPrefix: env.REDIS_PREFIX ?? 'commerce:',
    jwtSecret: env.JWT_SECRET || undefined,
    accessTokenTtl: int(env.ACCESS_TOKEN_TTL, 7200),
    rotateRefreshTokens: env.ROTATE_REFRESH_TOKENS === 'true',
    logLevel: env.LOG_LEVEL ?? 'info',
    mode: env.MODE === 'sandbox' ? 'sandbox' : 'production',
    sqliteSynchronous: env.SQLITE_SYNCHRONOUS === 'NORMAL' ? 'NORMAL' : 'FULL',
    maxUploadBytes: int(env.MAX_UPLOAD_BYTES, 100 * 1024 * 1024),
    outboundAllowPrivate: env.OUTBOUND_ALLOW_PRIVATE === 'true',
    preCheckoutTimeoutMs: int(env.PRE_CHECKOUT_TIMEOUT_MS, 5000),
    graphqlMaxCost: int(env.MAX_COST ?? env.GRAPHQL_MAX_COST, 300_000),
    restMaxZoomDepth: int(env.REST_MAX_ZOOM_DEPTH, 4),
    maxResponseObjects: int(env.MAX_RESPONSE_OBJECTS, 50_000),
    rateLimitCostPerPoint: Math.max(1, int(env.RATE_LIMIT_COST_PER_POINT, 1000)),
    wsMaxOperations: int(env.WS_MAX_OPERATIONS, 100),
    wsMaxSocketsPerToken: int(env.WS_MAX_SOCKETS_PER_TOKEN, 100),
    wsMaxDistinctPerStore: int(env.WS_MAX_DISTINCT_PER_STORE, 500),
    graphqlMaxDepth: int(env.GRAPHQL_MAX_DEPTH, 10),
    graphqlMaxAliases: int(env.GRAPHQL_MAX_ALIASES, 30),
    graphqlIntrospection: env.GRAPHQL_INTROSPECTION !== 'false',
    webhookRetrySchedule: numbers(env.WEBHOOK_RETRY_SCHEDULE, [60, 300, 1800, 7200, 18000, 36000, 36000]),
    webhookDisableAfter: Math.max(1, int(env.WEBHOOK_DISABLE_AFTER, 12)),
    webhookTimeoutMs: int(env.WEBHOOK_TIMEOUT_MS, 10_000),
    webhookPollMs: int(env.WEBHOOK_POLL_MS, 1000),
    webhookConcurrency: Math.max(1, int(env.WEBHOOK_CONCURRENCY, 32)),
    subscriptionPollMs: Math.max(0, int(env.SUBSCRIPTION_POLL_MS, 5000)),
    wsMaxBufferedBytes: Math.max(1024, int(env.WS_MAX_BUFFERED_BYTES, 4 * 1024 * 1024)),
    graphqlJit: env.GRAPHQL_JIT !== 'false',
    trustProxy: trustProxy(env.TRUST_PROXY),
    rateLimitMax: int(env.RATE_LIMIT_MAX, 6000),
    rateLimitCredentialsMax: int(env.RATE_LIMIT_CREDENTIALS_MAX, 600),
    rateLimitWindowMs: Math.max(1000, int(env.RATE_LIMIT_WINDOW_MS, 60_000)),
    httpRequestTimeoutMs: Math.max(1000, int(env.HTTP_REQUEST_TIMEOUT_MS, 60_000)),
    httpHeadersTimeoutMs: Math.max(100, int(env.HTTP_HEADERS_TIMEOUT_MS, 10_000)),
    httpKeepAliveTimeoutMs: Math.max(100, int(env.HTTP_KEEP_ALIVE_TIMEOUT_MS, 5000)),
    httpIdleTimeoutMs: Math.max(100, int(env.HTTP_IDLE_TIMEOUT_MS, 30_000)),
    shutdownGraceMs: Math.max(100, int(env.SHUTDOWN_GRACE_MS, 25_000)),
  };
  return { ...cfg, ...overrides };
}

function trustProxy(v: string | undefined): boolean | string {
  if (!v || v === 'false') return false;
  return v === 'true' ? true : v;
}
