// Environment → typed configuration. Everything the service reads from the environment is here.
import { join } from 'node:path';
import { readEnv } from './config-env.js';
import { isPostgresUrl } from './db/database.js';

export { ConfigError } from './config-env.js';

export interface Config {
  host: string;
  port: number;
  baseUrl: string;
  dataDir: string;
  /** `postgres://…`, a SQLite path or `:memory:` (a `sqlite:` prefix is already taken off). */
  databaseUrl: string;
  /** PostgreSQL schema (tests isolate themselves with one each). */
  databaseSchema?: string;
  redisUrl?: string;
  /** Prefix of every Redis key and channel (tests give each file its own). */
  redisPrefix: string;
  /**
   * The longest a Redis command may take, in ms: a Redis that stops answering keeps its connection
   * open, and callers then fall back as when it is away (memory rate limits), instead of waiting.
   */
  redisCommandTimeoutMs: number;
  jwtSecret?: string;
  accessTokenTtl: number;
  rotateRefreshTokens: boolean;
  logLevel: string;
  mode: 'production' | 'sandbox';
  sqliteSynchronous: 'FULL' | 'NORMAL';
  /** Where the SQLite writer keeps statement and savepoint journals (src/db/database.ts). */
  sqliteTempStore: 'MEMORY' | 'FILE';
  /** PostgreSQL: named (prepared) statements, parsed once per connection (src/db/pg-statements.ts). */
  databasePreparedStatements: boolean;
  /**
   * PostgreSQL: the longest a statement of the service waits for a lock, runs, or a transaction of
   * its sits idle, in ms (0: no bound). A session that holds a row and does not let go would
   * otherwise hold every write that needs it, and with them the pool (db/database.ts).
   */
  databaseLockTimeoutMs: number;
  databaseStatementTimeoutMs: number;
  databaseIdleInTransactionTimeoutMs: number;
  maxUploadBytes: number;
  /**
   * Where uploaded files live: `database` (PostgreSQL only, every instance sees them) or `disk`
   * (DATA_DIR/files). Default: database on PostgreSQL, disk on SQLite.
   */
  fileStorage: 'database' | 'disk';
  /** Below this many free bytes in DATA_DIR, /readyz reports the storage as full. */
  storageMinFreeBytes: number;
  outboundAllowPrivate: boolean;
  /** Name servers for the host names of outbound URLs (`ip` or `ip:port`); empty: the system's. */
  outboundDnsServers: string[];
  /** How long one DNS try for an outbound URL's host waits (two tries per server). */
  outboundDnsTimeoutMs: number;
  /** How long a pre-checkout hook or tax endpoint may take (DESIGN §6: 5 s). */
  preCheckoutTimeoutMs: number;
  /** Most items a cart may have at checkout (a larger cart is refused: cart_too_large). */
  checkoutMaxLines: number;
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
  /** With Redis: how long a socket counts for its token without its instance refreshing it (a crash). */
  wsSocketTtlMs: number;
  wsMaxDistinctPerStore: number;
  /** Deepest field nesting of one GraphQL operation (root fields are depth 0). */
  graphqlMaxDepth: number;
  /** Most lexical tokens in one GraphQL document: parsing stops past it, before any validation. */
  graphqlMaxTokens: number;
  /** Most fragment definitions in one GraphQL document (validation compares them pairwise). */
  graphqlMaxFragments: number;
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
  /**
   * Refusals in a row, for one caller on one connection, after which the connection is not read
   * from until the Retry-After it was given (src/ops/connection-hold.ts); 0 never pauses. Default
   * 2, and 0 behind a trusted proxy (TRUST_PROXY), whose connections carry many callers' requests.
   */
  rateLimitPauseAfter: number;
  /** Connections paused at once per instance; beyond it refusals are answered at once. */
  rateLimitPausedMax: number;
  /** Connections paused at once per peer address. */
  rateLimitPausedPerAddress: number;
  /** Requests one caller runs at once per instance while other callers are active too (src/ops/fair-share.ts); 0: no cap. */
  rateLimitFairShare: number;
  /**
   * While more than one caller is active, a REST answer holding more members than this (at any
   * depth, in any media type) or a GraphQL result holding more objects and list elements than this
   * is written over several turns of the event loop, giving way once it has run `responseSliceMs`
   * (0: at every break point), so other callers' requests are answered between its slices
   * (src/services/pace.ts, src/representations/paced-json.ts); 0 writes every answer in one piece.
   */
  responsePaceAbove: number;
  responseSliceMs: number;
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
  /** Name of the curie of our link relations (`svc:taxes`); another API's name makes its integrations work unchanged. */
  curieName: string;
  /** Name of the request header carrying the API version (`SERVICE-API-VERSION: 1`). */
  versionHeader: string;
}

/**
 * The configuration from `env` (checked: a wrong value throws ConfigError naming it) with
 * `overrides` on top (code that builds its own configuration, such as the tests, is trusted).
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<Config> = {}): Config {
  const e = readEnv(env);
  const port = e.PORT ?? 3000;
  const dataDir = e.DATA_DIR ?? './data';
  const cfg: Config = {
    host: e.HOST ?? '127.0.0.1',
    port,
    baseUrl: (e.BASE_URL ?? `http://localhost:${port}`).replace(/\/+$/, ''),
    dataDir,
    databaseUrl: e.DATABASE_URL ?? join(dataDir, 'commerce.sqlite'),
    redisUrl: e.REDIS_URL,
    redisPrefix: e.REDIS_PREFIX ?? 'commerce:',
    redisCommandTimeoutMs: e.REDIS_COMMAND_TIMEOUT_MS ?? 500,
    jwtSecret: e.JWT_SECRET,
    accessTokenTtl: e.ACCESS_TOKEN_TTL ?? 7200,
    rotateRefreshTokens: e.ROTATE_REFRESH_TOKENS ?? false,
    logLevel: e.LOG_LEVEL ?? 'info',
    mode: e.MODE ?? 'production',
    sqliteSynchronous: e.SQLITE_SYNCHRONOUS ?? 'FULL',
    sqliteTempStore: e.SQLITE_TEMP_STORE ?? 'MEMORY',
    databasePreparedStatements: e.DATABASE_PREPARED_STATEMENTS ?? true,
    databaseLockTimeoutMs: e.DATABASE_LOCK_TIMEOUT_MS ?? 2000,
    databaseStatementTimeoutMs: e.DATABASE_STATEMENT_TIMEOUT_MS ?? 30_000,
    databaseIdleInTransactionTimeoutMs: e.DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS ?? 60_000,
    maxUploadBytes: e.MAX_UPLOAD_BYTES ?? 100 * 1024 * 1024,
    storageMinFreeBytes: e.STORAGE_MIN_FREE_BYTES ?? 16 * 1024 * 1024,
    fileStorage: e.FILE_STORAGE ?? (isPostgresUrl(e.DATABASE_URL ?? '') ? 'database' : 'disk'),
    outboundAllowPrivate: e.OUTBOUND_ALLOW_PRIVATE ?? false,
    outboundDnsServers: e.OUTBOUND_DNS_SERVERS ?? [],
    outboundDnsTimeoutMs: e.OUTBOUND_DNS_TIMEOUT_MS ?? 2000,
    preCheckoutTimeoutMs: e.PRE_CHECKOUT_TIMEOUT_MS ?? 5000,
    checkoutMaxLines: e.CHECKOUT_MAX_LINES ?? 1000,
    graphqlMaxCost: e.MAX_COST ?? e.GRAPHQL_MAX_COST ?? 300_000,
    restMaxZoomDepth: e.REST_MAX_ZOOM_DEPTH ?? 4,
    maxResponseObjects: e.MAX_RESPONSE_OBJECTS ?? 50_000,
    rateLimitCostPerPoint: e.RATE_LIMIT_COST_PER_POINT ?? 1000,
    wsMaxOperations: e.WS_MAX_OPERATIONS ?? 100,
    wsMaxSocketsPerToken: e.WS_MAX_SOCKETS_PER_TOKEN ?? 100,
    wsSocketTtlMs: e.WS_SOCKET_TTL_MS ?? 60_000,
    wsMaxDistinctPerStore: e.WS_MAX_DISTINCT_PER_STORE ?? 500,
    graphqlMaxDepth: e.GRAPHQL_MAX_DEPTH ?? 10,
    graphqlMaxTokens: e.GRAPHQL_MAX_TOKENS ?? 2000,
    graphqlMaxFragments: e.GRAPHQL_MAX_FRAGMENTS ?? 100,
    graphqlMaxAliases: e.GRAPHQL_MAX_ALIASES ?? 30,
    graphqlIntrospection: e.GRAPHQL_INTROSPECTION ?? true,
    webhookRetrySchedule: e.WEBHOOK_RETRY_SCHEDULE ?? [60, 300, 1800, 7200, 18000, 36000, 36000],
    webhookDisableAfter: e.WEBHOOK_DISABLE_AFTER ?? 12,
    webhookTimeoutMs: e.WEBHOOK_TIMEOUT_MS ?? 10_000,
    webhookPollMs: e.WEBHOOK_POLL_MS ?? 1000,
    webhookConcurrency: e.WEBHOOK_CONCURRENCY ?? 32,
    subscriptionPollMs: e.SUBSCRIPTION_POLL_MS ?? 5000,
    wsMaxBufferedBytes: e.WS_MAX_BUFFERED_BYTES ?? 4 * 1024 * 1024,
    graphqlJit: e.GRAPHQL_JIT ?? true,
    trustProxy: trustProxy(e.TRUST_PROXY),
    rateLimitMax: e.RATE_LIMIT_MAX ?? 6000,
    rateLimitCredentialsMax: e.RATE_LIMIT_CREDENTIALS_MAX ?? 600,
    rateLimitWindowMs: e.RATE_LIMIT_WINDOW_MS ?? 60_000,
    rateLimitPauseAfter: e.RATE_LIMIT_PAUSE_AFTER ?? (trustProxy(e.TRUST_PROXY) === false ? 2 : 0),
    rateLimitPausedMax: e.RATE_LIMIT_PAUSED_MAX ?? 1024,
    rateLimitPausedPerAddress: e.RATE_LIMIT_PAUSED_PER_ADDRESS ?? 64,
    rateLimitFairShare: e.RATE_LIMIT_FAIR_SHARE ?? 2,
    responsePaceAbove: e.RESPONSE_PACE_ABOVE ?? 500,
    responseSliceMs: e.RESPONSE_SLICE_MS ?? 0,
    httpRequestTimeoutMs: e.HTTP_REQUEST_TIMEOUT_MS ?? 60_000,
    httpHeadersTimeoutMs: e.HTTP_HEADERS_TIMEOUT_MS ?? 10_000,
    httpKeepAliveTimeoutMs: e.HTTP_KEEP_ALIVE_TIMEOUT_MS ?? 5000,
    httpIdleTimeoutMs: e.HTTP_IDLE_TIMEOUT_MS ?? 30_000,
    shutdownGraceMs: e.SHUTDOWN_GRACE_MS ?? 25_000,
    curieName: e.CURIE_NAME ?? 'svc',
    versionHeader: e.API_VERSION_HEADER ?? 'SERVICE-API-VERSION',
  };
  return { ...cfg, ...overrides };
}

function trustProxy(v: string | undefined): boolean | string {
  if (!v || v === 'false') return false;
  return v === 'true' ? true : v;
}
