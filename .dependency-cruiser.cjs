// The dependency rules of ARCHITECTURE.md ("Dependencies point one way"), checked by
// `npm run layering` in .ci/run and by test/architecture/layering.test.ts.
//
//   transports  src/rest, src/graphql, src/web, src/openapi, src/representations, src/ops-routes.ts
//       │       (src/ops beside them: Fastify hooks, metrics, limits; it imports no transport)
//       ▼
//   services    src/services, src/resources, src/commerce, src/auth, src/events, src/files, src/net
//       ▼
//   data        src/data, src/db
//       ▼
//   model       src/model
//
// The composition root (src/app.ts, src/main.ts, src/container.ts, src/cli) wires every layer and
// is the only place that holds the database handle and the repository next to transports.
//
// Shared vocabulary: transports may import the SQL-free modules of src/data that name what a caller
// asks and gets: `query.ts` (the ListQuery AST both query languages compile to), `query-fields.ts`
// (which fields filter and sort, the full order of a page, QueryError), `codec.ts` (`Values`, a
// typed row) and `cost.ts` (the one cost model, REST zoom and GraphQL selections). Every other
// module of src/data (`repository.ts`, `compile.ts`, `tenancy.ts`: rows and SQL), src/db and kysely
// stay below the services; a new data module is closed to transports until listed here.
//
// Violations that exist today are listed in .dependency-cruiser-known-violations.json (generated:
// `npm run layering:baseline`; see docs/decisions.md, issue 14): transports' imports of the
// repository and tenancy that the single read path in services removes, and three run-time cycles
// between resources/index.ts and services/resource-service.ts. The rules are strict for everything
// else, and the layering test fails on a listed violation that no longer occurs, so the list shrinks.

const TRANSPORT = '^src/(rest|graphql|web|openapi|representations)/|^src/ops-routes\\.ts$';
const SERVICE = '^src/(services|resources|commerce|auth|events|files|net)/';
const DATA = '^src/(data|db)/';
const DATA_ACCESS = '^src/db/|^src/data/(?!(query|query-fields|codec|cost)\\.ts$)|(^|/)node_modules/kysely/';
const WEB_FRAMEWORKS = '(^|/)node_modules/(fastify|@fastify/[^/]+|@apollo/[^/]+|@as-integrations/[^/]+|graphql-ws|graphql-jit|dataloader|ws)/';

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'transport-no-data-access',
      comment: 'Transports reach rows only through services: of src/data only the SQL-free vocabulary, no src/db, no kysely.',
      severity: 'error',
      from: { path: TRANSPORT },
      to: { path: DATA_ACCESS },
    },
    {
      name: 'transport-no-data-accessor',
      comment: 'services/data-access.ts (dataOf) is the services-only way to the repository and the database.',
      severity: 'error',
      from: { path: `${TRANSPORT}|^src/ops/` },
      to: { path: '^src/services/data-access\\.ts$' },
    },
    {
      name: 'service-no-transport',
      comment: 'Services know no HTTP and no GraphQL server: no transport module, no Fastify, Apollo or graphql-ws.',
      severity: 'error',
      from: { path: SERVICE },
      // ops/redis.ts is the process's Redis connections (no HTTP): the event bus fans out through it.
      to: { path: `${TRANSPORT}|^src/ops/|^src/(app|main)\\.ts$|${WEB_FRAMEWORKS}`, pathNot: '^src/ops/redis\\.ts$' },
    },
    {
      name: 'data-no-service',
      comment: 'The data layer is below the services: it imports no service, transport or ops module.',
      severity: 'error',
      from: { path: DATA },
      to: { path: `${SERVICE}|${TRANSPORT}|^src/ops/|^src/(app|main|container)\\.ts$|${WEB_FRAMEWORKS}` },
    },
    {
      name: 'db-no-data',
      comment: 'src/db (connections, migrations, dialect helpers) is below src/data (queries).',
      severity: 'error',
      from: { path: '^src/db/' },
      to: { path: '^src/data/' },
    },
    {
      name: 'model-imports-nothing-above',
      comment: 'The model (registry built from the SDL) is the bottom layer.',
      severity: 'error',
      from: { path: '^src/model/' },
      to: { path: '^src/(?!model/)' },
    },
    {
      name: 'ops-no-transport',
      comment: 'ops/ sits beside the transports and imports none of them (the REST error writer is handed in).',
      severity: 'error',
      from: { path: '^src/ops/' },
      to: { path: TRANSPORT },
    },
    {
      name: 'ops-data-through-health',
      comment: 'Of ops/, only health.ts (what /readyz and /metrics ask of the database) reaches data.',
      severity: 'error',
      from: { path: '^src/ops/', pathNot: '^src/ops/health\\.ts$' },
      to: { path: DATA_ACCESS },
    },
    {
      name: 'no-circular',
      comment: 'No module depends on itself at run time through others (type-only imports, erased by the compiler, may go both ways).',
      severity: 'error',
      from: { path: '^src/' },
      to: { circular: true, dependencyTypesNot: ['type-only'], viaOnly: { dependencyTypesNot: ['type-only'] } },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^src/graphql/__generated__/' },
    // Type-only imports count: a transport that names the repository's types depends on it.
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { exportsFields: ['exports'], conditionNames: ['import', 'require', 'node', 'default', 'types'], extensions: ['.ts', '.js', '.mjs', '.cjs', '.json'] },
    moduleSystems: ['es6', 'cjs'],
  },
};
