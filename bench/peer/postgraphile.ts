// The peer of scenario 3 on PostgreSQL: PostGraphile 4 serving the service's tables as they are,
// with its defaults (10 pooled connections, like the service) and no logging per query.
import { createServer } from 'node:http';
import pg from 'pg';
import { postgraphile } from 'postgraphile';

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
  // A generous page like the service's: the nested query asks for 100 transactions.
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
