// Wires the long-lived parts of the service once: database, registry, repository, tokens, clock.
// buildApp and the CLI both start from here; nothing in it listens or touches HTTP.
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

export interface Container {
  config: Config;
  database: Database;
  registry: Registry;
  repo: Repository;
  tokens: TokenService;
  clock: Clock;
  context(principal: Principal, requestId: string): ServiceContext;
  close(): Promise<void>;
}

let cachedRegistry: Registry | undefined;

export async function createContainer(config: Config, opts: { clock?: Clock } = {}): Promise<Container> {
  const registry = (cachedRegistry ??= buildRegistry());
  const database = await openDatabase({ url: config.databaseUrl, schema: config.databaseSchema, sqliteSynchronous: config.sqliteSynchronous });
  await migrate(database);
  const clock = opts.clock ?? systemClock;
  const repo = new Repository(database);
  const tokens = new TokenService(database, clock, {
    keys: loadKeys({ jwtSecret: config.jwtSecret, dataDir: config.dataDir }),
    issuer: config.baseUrl,
    accessTokenTtl: config.accessTokenTtl,
    rotateRefreshTokens: config.rotateRefreshTokens,
  });
  return {
    config, database, registry, repo, tokens, clock,
    context: (principal, requestId) => ({ principal, registry, database, repo, clock, tokens, baseUrl: config.baseUrl, requestId }),
    close: () => database.close(),
  };
}
