// The peer of scenario 3 on PostgreSQL: PostGraphile 4 serving the service's tables as they are,
// with its defaults (10 pooled connections, like the service) and no logging per query. It is
// installed in bench/peer/node_modules (npm ci --prefix bench/peer), which a fresh checkout does
// not have, so it is loaded by a name the type checker does not resolve.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import pg from 'pg';

type Handler = (req: IncomingMessage, res: ServerResponse) => Promise<void>;
type PostGraphile = (pool: pg.Pool, schema: string, options: Record<string, unknown>) => Handler;

const moduleName = 'postgraphile';
const { postgraphile } = (await import(moduleName)) as { postgraphile: PostGraphile };

const schema = process.env.PG_SCHEMA ?? 'public';
const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10, options: `-c search_path=${schema}` });
const handler = postgraphile(pool, schema, {
  graphqlRoute: '/graphql',
  graphiql: false,
  disableQueryLog: true,
  disableDefaultMutations: true,
  enableQueryBatching: false,
  ignoreRBAC: false,
  retryOnInitFail: false,
  // The nested query of 100 transactions is a large document and answer.
  bodySizeLimit: '1MB',
});

const server = createServer((req, res) => {
  if (req.url === '/healthz') {
    res.writeHead(200, { 'content-type': 'application/json' }).end('{"status":"ok"}');
    return;
  }
  void handler(req, res);
});
server.keepAliveTimeout = 65_000;
server.listen(Number(process.env.PORT), '127.0.0.1');
process.on('SIGTERM', () => {
  server.close();
  server.closeAllConnections();
  void pool.end().then(() => process.exit(0));
});
