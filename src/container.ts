// Wires the long-lived parts of the service once: database, registry, repository, tokens, clock.
// buildApp and the CLI both start from here; nothing in it listens or touches HTTP. The front doors
// (REST, GraphQL, pages, ops routes) see `AppServices` only: services, never the database handle or
// the repository (ARCHITECTURE.md, "Dependencies point one way"); the full `Container` stays with
// the composition root (app.ts, main.ts, the CLI) and the tests.
import { join } from 'node:path';
import { openDatabase, type Database } from './db/database.js';
import { migrate } from './db/migrate.js';
import { Repository } from './data/repository.js';
import { buildRegistry } from './model/registry.js';
import type { Registry } from './model/types.js';
import { loadKeys } from './auth/keys.js';
import { TokenService } from './auth/tokens.js';
import { systemClock, type Clock } from './services/clock.js';
import type { Config } from './config.js';
import type { Principal } from './auth/principal.js';
import type { ServiceContext } from './services/context.js';
import { withData } from './services/data-access.js';
import { EventBus } from './events/bus.js';
import { resourceRules } from './resources/index.js';
import { installResourceRules } from './services/rule-book.js';
import { IdempotencyStore } from './services/idempotency-store.js';
import { WebSessionStore } from './auth/web-sessions.js';
import { OpsHealth } from './ops/health.js';
import { OptionalRedis } from './ops/redis.js';
import { BlobStore } from './files/blob-store.js';
import { DatabaseBlobStore } from './files/db-blob-store.js';
import type { FileStore } from './files/file-store.js';
import { heuristicScorer, permissiveVerifier, type ChallengeVerifier, type RiskScorer } from './commerce/fraud.js';
import type { CheckoutDeps } from './commerce/checkout.js';
import { testGateway, type PaymentGateway } from './commerce/gateway.js';
import { Outbound } from './net/outbound.js';

/** What the transports are handed: services only. */
export interface AppServices {
  config: Config;
  registry: Registry;
  tokens: TokenService;
  clock: Clock;
  bus: EventBus;
  /** Uploaded files (downloadables). */
  files: FileStore;
  /** The Redis connections (event fan-out, rate limits), which may be away; see ops/redis.ts. */
  redis: OptionalRedis;
  /** What checkout needs beyond the request: fraud vendors, outbound policy, sandbox mode. */
  checkout: CheckoutDeps;
  /** `Idempotency-Key` rows: claims, leases, sealed answers. */
  idempotency: IdempotencyStore;
  /** The rows behind logged-in browser sessions. */
  webSessions: WebSessionStore;
  /** What /readyz and /metrics ask of the database. */
  health: OpsHealth;
  /** The HTTP client for URLs that callers configure (webhooks, pre-checkout hooks, tax endpoints). */
  outbound: Outbound;
  context(principal: Principal, requestId: string): ServiceContext;
}

/** Everything wired: the composition root's view, with the database and the repository. */
export interface Container extends AppServices {
  database: Database;
  repo: Repository;
  close(): Promise<void>;
}

let cachedRegistry: Registry | undefined;

export interface ContainerOptions {
  clock?: Clock;
  /** Replaces the built-in risk scorer and challenge verifier (tests, vendor integrations). */
  fraud?: { scorer?: RiskScorer; verifier?: ChallengeVerifier };
  /** Replaces the built-in test payment gateway. */
  gateway?: PaymentGateway;
  /** How long a checkout's claim on its cart lasts without renewal (tests of a crashed checkout). */
  checkoutLeaseMs?: number;
}

export async function createContainer(config: Config, opts: ContainerOptions = {}): Promise<Container> {
  const registry = (cachedRegistry ??= buildRegistry());
  installResourceRules(resourceRules);
  const database = await openDatabase({ url: config.databaseUrl, schema: config.databaseSchema, sqliteSynchronous: config.sqliteSynchronous, sqliteTempStore: config.sqliteTempStore, preparedStatements: config.databasePreparedStatements,
    timeouts: { lockMs: config.databaseLockTimeoutMs, statementMs: config.databaseStatementTimeoutMs, idleInTransactionMs: config.databaseIdleInTransactionTimeoutMs } });
  // A failed start (database not reachable yet, bad key file) must not leave the pool behind:
  // the caller may try again.
  try {
    await migrate(database);
  } catch (err) {
    await database.close().catch(() => undefined);
    throw err;
  }
  const clock = opts.clock ?? systemClock;
  const repo = new Repository(database);
  // In the database on PostgreSQL (every instance sees them) unless FILE_STORAGE=disk; on disk with SQLite.
  const files: FileStore = config.fileStorage === 'database' && database.dialect === 'postgres'
    ? new DatabaseBlobStore(database.db, config.maxUploadBytes)
    : new BlobStore(join(config.dataDir, 'files'), config.maxUploadBytes);
  const tokens = new TokenService(database, clock, {
    keys: loadKeys({ jwtSecret: config.jwtSecret, dataDir: config.dataDir }),
    issuer: config.baseUrl,
    accessTokenTtl: config.accessTokenTtl,
    rotateRefreshTokens: config.rotateRefreshTokens,
  });
  // Redis is optional even when configured: the instance starts without it and joins it later.
  const redis = await OptionalRedis.open(config.redisUrl, config.redisCommandTimeoutMs);
  const bus = new EventBus(`${config.redisPrefix}events`);
  bus.connectRedis(redis);
  const outbound = new Outbound({ allowPrivate: config.outboundAllowPrivate, dns: { servers: config.outboundDnsServers, timeoutMs: config.outboundDnsTimeoutMs } });
  const checkout: CheckoutDeps = {
    sandbox: config.mode === 'sandbox',
    gateway: opts.gateway ?? testGateway,
    claimLeaseMs: opts.checkoutLeaseMs,
    maxLines: config.checkoutMaxLines,
    fraud: {
      scorer: opts.fraud?.scorer ?? heuristicScorer, verifier: opts.fraud?.verifier ?? permissiveVerifier,
      outbound, hookTimeoutMs: config.preCheckoutTimeoutMs,
    },
  };
  const idempotency = new IdempotencyStore(database, clock, tokens.opts.keys);
  const webSessions = new WebSessionStore(database, clock);
  const health = new OpsHealth(database);
  // A request whose token check rides with its first statement reads through a handle that
  // carries it (db/ride-along.ts); every other context shares the one repository.
  const handlesFor = (principal: Principal) => {
    if (!principal.check || !database.riding) return { repo, database };
    const riding = database.riding(principal.check);
    return { repo: new Repository(riding), database: riding };
  };
  return {
    config, database, registry, repo, tokens, clock, bus, redis, files, checkout, idempotency, webSessions, health, outbound,
    context: (principal, requestId) => withData<ServiceContext>({ principal, registry, clock, tokens, bus, baseUrl: config.baseUrl, requestId, files,
      maxResponseObjects: config.maxResponseObjects, readLimits: { maxCost: config.graphqlMaxCost, maxZoomDepth: config.restMaxZoomDepth } },
    handlesFor(principal)),
    close: async () => {
      await outbound.close();
      await redis.close();
      await database.close();
    },
  };
}
